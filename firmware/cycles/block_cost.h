/* The cost of a translation block: what is known when QEMU translates it
 * (the sum of its instructions' costs, neighbours inside the block
 * included) and what the block hands to the dynamic part (model.c): how it
 * ends, where it branches, its first and last instructions, and the costs
 * left after each instruction for a block QEMU abandons part-way. */
#ifndef CP_BLOCK_COST_H
#define CP_BLOCK_COST_H

#include "timing.h"

/* How control leaves a block. */
enum cp_exit {
  CP_EXIT_FALL,     /* no branch: the next block starts at end */
  CP_EXIT_JUMP,     /* an unconditional branch (static or register target) */
  CP_EXIT_COND,     /* a conditional branch: target, or end when not taken */
  CP_EXIT_CALL,     /* BL, BLX: a call */
  CP_EXIT_RETURN    /* BX, POP/LDM with the PC, LDR PC: a return or indirect jump */
};

typedef struct {
  /* what model.c reads on every block entry first, in one cache line */
  uint32_t start, end; /* [start, end) */
  uint32_t target;     /* the last instruction's static branch target, if has_target */
  uint8_t exit;        /* enum cp_exit */
  bool has_target;
  bool excluded;       /* the first instruction lies in an excluded range */
  bool wide_unaligned; /* the first instruction is 32-bit at an address that is not word aligned */
  bool handler;        /* starts at an exception handler's entry (cp_model_prepare) */
  bool window;         /* starts at the window function (cp_model_prepare) */
  /* What a taken branch at the end of the block adds (core->refill),
   * landing on an instruction that is [1] or is not [0] wide_unaligned:
   * worked out once, here, so that the run-time part only picks one. */
  uint8_t refill[2];
  uint32_t n;          /* instructions */
  uint32_t counted;    /* instructions outside the excluded ranges */
  uint64_t cycles;     /* static cycles of the counted instructions */
  cp_insn *insn;       /* the n instructions */
  /* after[k]: instructions and cycles counted from instruction k to the
   * end, for a block QEMU abandons before instruction k */
  uint32_t *after_n;
  uint64_t *after_cycles;
} cp_block;

/* An address range [lo, hi) whose instructions are not counted. */
typedef struct {
  uint32_t lo, hi;
} cp_range;

/* Builds blk from the block's decoded instructions (v[0..n-1], copied).
 * Instructions in the ranges are not counted. Returns 0, or -1 when out of
 * memory. */
int cp_block_build(cp_block *blk, const cp_core *core, const cp_insn *v, size_t n, const cp_range *ex,
                   size_t nex);
void cp_block_free(cp_block *blk);

bool cp_in_ranges(const cp_range *ex, size_t nex, uint32_t addr);

/* The block's last instruction and the one before it (NULL if none). */
static inline const cp_insn *cp_block_last(const cp_block *b)
{
  return &b->insn[b->n - 1];
}
static inline const cp_insn *cp_block_before_last(const cp_block *b)
{
  return b->n > 1 ? &b->insn[b->n - 2] : NULL;
}

#endif
