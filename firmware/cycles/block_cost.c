/* Static cost of a translation block. QEMU ends a block at every branch,
 * so the pairs of neighbours the timing tables care about (a load after a
 * load, an address computed by the previous instruction) lie inside one
 * block; what crosses a block boundary - the refill of a taken branch,
 * whether a conditional branch was taken, a neighbour across a block that
 * ended without a branch - is model.c's, at run time. */
#include "block_cost.h"

#include <stdlib.h>
#include <string.h>

bool cp_in_ranges(const cp_range *ex, size_t nex, uint32_t addr)
{
  for (size_t i = 0; i < nex; i++)
    if (addr >= ex[i].lo && addr < ex[i].hi)
      return true;
  return false;
}

static enum cp_exit exit_of(const cp_insn *last)
{
  switch ((enum cp_iclass)last->cls) {
  case CP_I_BCOND:
    return CP_EXIT_COND;
  case CP_I_B:
  case CP_I_TBB:
  case CP_I_ALU_PC:
    return last->in_it ? CP_EXIT_COND : CP_EXIT_JUMP;
  case CP_I_BL:
  case CP_I_BLX:
    return last->in_it ? CP_EXIT_COND : CP_EXIT_CALL;
  case CP_I_BX:
  case CP_I_LOAD_PC:
    return last->in_it ? CP_EXIT_COND : CP_EXIT_RETURN;
  case CP_I_LDM:
    if (!last->writes_pc)
      return CP_EXIT_FALL;
    return last->in_it ? CP_EXIT_COND : CP_EXIT_RETURN;
  default:
    return CP_EXIT_FALL;
  }
}

int cp_block_build(cp_block *b, const cp_core *core, const cp_insn *v, size_t n, const cp_range *ex, size_t nex)
{
  memset(b, 0, sizeof *b);
  if (n == 0)
    return -1;
  b->insn = malloc(n * sizeof *b->insn);
  b->after_n = malloc((n + 1) * sizeof *b->after_n);
  b->after_cycles = malloc((n + 1) * sizeof *b->after_cycles);
  if (!b->insn || !b->after_n || !b->after_cycles) {
    cp_block_free(b);
    return -1;
  }
  memcpy(b->insn, v, n * sizeof *v);
  cp_mark_it_blocks(b->insn, n);
  b->n = (uint32_t)n;
  b->start = v[0].addr;
  b->end = v[n - 1].addr + v[n - 1].size;
  b->excluded = cp_in_ranges(ex, nex, b->start);
  b->exit = (uint8_t)exit_of(&b->insn[n - 1]);
  b->has_target = b->insn[n - 1].has_target;
  b->target = b->insn[n - 1].target;
  b->wide_unaligned = b->insn[0].size == 4 && (b->start & 2);
  const cp_insn *before = n > 1 ? &b->insn[n - 2] : NULL;
  b->refill[0] = (uint8_t)core->refill(before, &b->insn[n - 1], false);
  b->refill[1] = (uint8_t)core->refill(before, &b->insn[n - 1], true);
  /* each instruction after its predecessor in the block; the first after
   * nothing known (model.c adds what the real predecessor changes) */
  unsigned *c = malloc(n * sizeof *c);
  bool *in = malloc(n * sizeof *in);
  if (!c || !in) {
    free(c);
    free(in);
    cp_block_free(b);
    return -1;
  }
  for (size_t k = 0; k < n; k++) {
    c[k] = core->cost(k ? &b->insn[k - 1] : NULL, &b->insn[k]);
    in[k] = !cp_in_ranges(ex, nex, b->insn[k].addr);
  }
  b->after_n[n] = 0;
  b->after_cycles[n] = 0;
  for (size_t k = n; k-- > 0;) {
    b->after_n[k] = b->after_n[k + 1] + (in[k] ? 1 : 0);
    b->after_cycles[k] = b->after_cycles[k + 1] + (in[k] ? c[k] : 0);
  }
  b->counted = b->after_n[0];
  b->cycles = b->after_cycles[0];
  free(c);
  free(in);
  return 0;
}

void cp_block_free(cp_block *b)
{
  free(b->insn);
  free(b->after_n);
  free(b->after_cycles);
  b->insn = NULL;
  b->after_n = NULL;
  b->after_cycles = NULL;
}
