/* The dynamic part of the cycle model, called as each translation block
 * starts executing, before its static instructions and cycles are added:
 * it resolves how the previous block left (a conditional branch taken or
 * not, the refill of a taken branch on the instruction it lands on, a
 * neighbour across a block that ended without a branch, a block QEMU
 * abandoned part-way for an I/O access), charges exception entry and
 * return, and opens and closes the measurement windows. Independent of
 * QEMU: plugin.c calls it, the unit tests too. */
#ifndef CP_MODEL_H
#define CP_MODEL_H

#include "block_cost.h"

enum { CP_MAX_NESTED_EXCEPTIONS = 16 };

typedef struct {
  const cp_block *prev; /* the interrupted context's last block */
  uint32_t calls;       /* calls made inside the handler and not returned from yet */
  bool excluded;        /* the handler lies in an excluded range */
} cp_frame;

typedef struct {
  const cp_core *core;
  /* Everything counted so far; plugin.c adds each block's static part
   * inline, right after cp_model_enter. */
  uint64_t insns, cycles;
  uint32_t window;           /* the window function's entry address */
  const uint32_t *handlers;  /* exception handler entry addresses */
  size_t nhandlers;
  int out_fd;                /* where "window N: ..." lines go */
  /* state */
  const cp_block *prev;
  bool open;
  uint32_t windows;          /* windows closed so far */
  uint64_t open_insns, open_cycles;
  cp_frame frame[CP_MAX_NESTED_EXCEPTIONS];
  size_t nframes;
} cp_model;

void cp_model_init(cp_model *m, const cp_core *core, uint32_t window, const uint32_t *handlers, size_t nhandlers,
                   int out_fd);
/* Marks what the block starts at (a handler, the window function): once,
 * before the block first runs. */
void cp_model_prepare(const cp_model *m, cp_block *b);
void cp_model_enter(cp_model *m, const cp_block *cur);

#endif
