/* Run-time part of the cycle model (model.h). */
#include "model.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void cp_model_init(cp_model *m, const cp_core *core, uint32_t window, const uint32_t *handlers, size_t nhandlers,
                   int out_fd)
{
  memset(m, 0, sizeof *m);
  m->core = core;
  m->window = window;
  m->handlers = handlers;
  m->nhandlers = nhandlers;
  m->out_fd = out_fd;
}

void cp_model_prepare(const cp_model *m, cp_block *b)
{
  b->window = b->start == m->window;
  for (size_t i = 0; i < m->nhandlers; i++)
    b->handler |= m->handlers[i] == b->start;
}

/* Whether cur is where prev's own control flow leads (its static branch
 * target, or the next instruction when it falls through or may): a
 * handler reached that way is called, not entered by an exception. */
static bool reached_by(const cp_block *prev, const cp_block *cur)
{
  if (prev->has_target && prev->target == cur->start)
    return true;
  return (prev->exit == CP_EXIT_FALL || prev->exit == CP_EXIT_COND) && prev->end == cur->start;
}

/* What the real predecessor p changes in the cost of cur's first
 * instruction, which the block costed after nothing. */
static int64_t neighbour(const cp_core *core, const cp_insn *p, const cp_block *cur)
{
  return (int64_t)core->cost(p, &cur->insn[0]) - (int64_t)core->cost(NULL, &cur->insn[0]);
}

/* QEMU abandons a block at an I/O access that is not its last instruction
 * (icount mode: cpu_io_recompile), runs that one instruction in a block
 * of its own that plugins see no execution of, and goes on with a block
 * starting at the next instruction. prev's static part was added whole:
 * the instructions from cur->start to its end are taken out again.
 * Returns the index of cur->start in prev, or 0 when this is not such a
 * resumption. */
static size_t abandoned_at(const cp_block *prev, const cp_block *cur)
{
  if (cur->start <= prev->start || cur->start >= prev->end)
    return 0;
  if (prev->has_target && prev->target == cur->start)
    return 0; /* a branch back into the block: a loop */
  for (size_t k = 1; k < prev->n; k++) {
    if (prev->insn[k].addr != cur->start)
      continue;
    switch ((enum cp_iclass)prev->insn[k - 1].cls) {
    case CP_I_LOAD:
    case CP_I_STORE:
    case CP_I_LDRD:
    case CP_I_STRD:
    case CP_I_LDM:
    case CP_I_STM:
      return k;
    default:
      return 0;
    }
  }
  return 0;
}

static __attribute__((noinline)) void report(cp_model *m)
{
  char line[96];
  int len = snprintf(line, sizeof line, "window %" PRIu32 ": instructions %" PRIu64 " cycles %" PRIu64 "\n",
                     m->windows, m->insns - m->open_insns, m->cycles - m->open_cycles);
  /* one write(2) a window, nothing kept: a guest that locks up later
   * makes QEMU abort without running any exit callback */
  ssize_t w;
  do
    w = write(m->out_fd, line, (size_t)len);
  while (w < 0 && errno == EINTR);
  m->windows++;
}

/* Exception entry and return, the slow path: only in and around handlers. */
static const cp_block *exceptions(cp_model *m, const cp_block *prev, const cp_block *cur, int64_t *dyn)
{
  const cp_core *core = m->core;
  /* leaving a handler: its outermost return resumes the interrupted code */
  if (m->nframes && prev) {
    cp_frame *f = &m->frame[m->nframes - 1];
    if (prev->exit == CP_EXIT_CALL) {
      f->calls++;
    } else if (prev->exit == CP_EXIT_RETURN) {
      if (f->calls) {
        f->calls--;
      } else {
        if (!f->excluded)
          *dyn += core->exc_return;
        prev = f->prev;
        m->nframes--;
      }
    }
  }
  /* entering a handler other than by a branch to it (the very first
   * block is the reset, which no exception return ends) */
  if (cur->handler && prev && !reached_by(prev, cur) && m->nframes < CP_MAX_NESTED_EXCEPTIONS) {
    cp_frame *f = &m->frame[m->nframes++];
    f->prev = prev;
    f->calls = 0;
    f->excluded = cur->excluded;
    if (!cur->excluded)
      *dyn += core->exc_entry;
    prev = NULL; /* the interrupted block is resolved when it resumes */
  }
  return prev;
}

/* How prev handed over to cur: the refill of a taken branch, a neighbour
 * across a block QEMU ended without a branch, the part of prev that did
 * not run. */
static int64_t successor(cp_model *m, const cp_block *prev, const cp_block *cur)
{
  /* an unsigned compare for start < cur->start < end */
  if (cur->start - prev->start - 1u < prev->end - prev->start - 1u) {
    size_t k = abandoned_at(prev, cur);
    if (k) {
      m->insns -= prev->after_n[k];
      m->cycles -= prev->after_cycles[k];
      return cur->excluded ? 0 : neighbour(m->core, &prev->insn[k - 1], cur);
    }
  }
  if (prev->excluded)
    return 0;
  switch ((enum cp_exit)prev->exit) {
  case CP_EXIT_FALL:
    return cur->start == prev->end && !cur->excluded ? neighbour(m->core, cp_block_last(prev), cur) : 0;
  case CP_EXIT_COND:
    if (prev->has_target ? cur->start != prev->target || prev->target == prev->end : cur->start == prev->end)
      return 0; /* not taken */
    return prev->refill[cur->wide_unaligned];
  default:
    return prev->refill[cur->wide_unaligned];
  }
}

/* The general case: exceptions, windows, split and abandoned blocks. */
static __attribute__((noinline)) void enter_slow(cp_model *m, const cp_block *prev, const cp_block *cur)
{
  int64_t dyn = 0;
  if (m->nframes || cur->handler)
    prev = exceptions(m, prev, cur, &dyn);
  if (prev)
    dyn += successor(m, prev, cur);
  m->cycles += (uint64_t)dyn;
  if (cur->window) {
    if (!m->open) {
      m->open = true;
      m->open_insns = m->insns;
      m->open_cycles = m->cycles;
    } else {
      m->open = false;
      report(m);
    }
  }
}

/* Runs on every block QEMU executes: the common case - a block entered
 * by the branch that ended the previous one, no handler, no window - is
 * kept to a few loads, one of them the refill to add. */
void cp_model_enter(cp_model *m, const cp_block *cur)
{
  const cp_block *prev = m->prev;
  m->prev = cur;
  if (__builtin_expect(!prev || m->nframes || cur->handler || cur->window || prev->excluded ||
                           prev->exit == CP_EXIT_FALL ||
                           cur->start - prev->start - 1u < prev->end - prev->start - 1u,
                       0)) {
    enter_slow(m, prev, cur);
    return;
  }
  if (prev->exit == CP_EXIT_COND &&
      (prev->has_target ? cur->start != prev->target || prev->target == prev->end : cur->start == prev->end))
    return; /* not taken */
  m->cycles += prev->refill[cur->wide_unaligned];
}
