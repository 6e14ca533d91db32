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

static bool is_handler(const cp_model *m, uint32_t a)
{
  for (size_t i = 0; i < m->nhandlers; i++)
    if (m->handlers[i] == a)
      return true;
  return false;
}

/* Whether cur is where prev's own control flow leads (its static branch
 * target, or the next instruction when it falls through or may): a
 * handler reached that way is called, not entered by an exception. */
static bool reached_by(const cp_block *prev, const cp_block *cur)
{
  const cp_insn *last = cp_block_last(prev);
  if (last->has_target && last->target == cur->start)
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
  const cp_insn *last = cp_block_last(prev);
  if (last->has_target && last->target == cur->start)
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

static void report(cp_model *m)
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

void cp_model_enter(cp_model *m, const cp_block *cur)
{
  const cp_core *core = m->core;
  const cp_block *prev = m->prev;
  int64_t dyn = 0;

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
          dyn += core->exc_return;
        prev = f->prev;
        m->nframes--;
      }
    }
  }
  /* entering a handler other than by a branch to it */
  if (is_handler(m, cur->start) && !(prev && reached_by(prev, cur)) && m->nframes < CP_MAX_NESTED_EXCEPTIONS) {
    cp_frame *f = &m->frame[m->nframes++];
    f->prev = prev;
    f->calls = 0;
    f->excluded = cur->excluded;
    if (!cur->excluded)
      dyn += core->exc_entry;
    prev = NULL; /* the interrupted block is resolved when it resumes */
  }

  if (prev) {
    const cp_insn *last = cp_block_last(prev);
    size_t k = abandoned_at(prev, cur);
    if (k) {
      m->insns -= prev->after_n[k];
      m->cycles -= prev->after_cycles[k];
      if (!cur->excluded)
        dyn += neighbour(core, &prev->insn[k - 1], cur);
    } else if (!prev->excluded) {
      bool wide = cur->insn[0].size == 4, taken = true;
      switch ((enum cp_exit)prev->exit) {
      case CP_EXIT_FALL:
        taken = false;
        if (cur->start == prev->end && !cur->excluded)
          dyn += neighbour(core, last, cur);
        break;
      case CP_EXIT_COND:
        taken = last->has_target ? cur->start == last->target && last->target != prev->end : cur->start != prev->end;
        break;
      default:
        break;
      }
      if (taken)
        dyn += core->refill(cp_block_before_last(prev), last, cur->start, wide);
    }
  }
  m->cycles += (uint64_t)dyn;

  if (cur->start == m->window) {
    if (!m->open) {
      m->open = true;
      m->open_insns = m->insns;
      m->open_cycles = m->cycles;
    } else {
      m->open = false;
      report(m);
    }
  }
  m->prev = cur;
}
