/* The core-independent interface of the timing tables: each modelled core
 * (timing_m0.c, timing_m3.c, timing_m4.c, timing_m33.c) says what an
 * instruction costs after a given previous instruction, what a taken
 * branch adds for the pipeline refill, and what exception entry and return
 * cost. Zero wait states throughout, as the tables assume. */
#ifndef CP_TIMING_H
#define CP_TIMING_H

#include "thumb_decode.h"

typedef struct cp_core cp_core;
struct cp_core {
  const char *name;   /* m0, m3, m4, m33 */
  /* Cycles of insn issued right after prev (NULL: after a branch, or
   * nothing known), a taken branch's refill left out and a conditional
   * branch counted as not taken. May be 0 (folded or dual-issued). */
  unsigned (*cost)(const cp_insn *prev, const cp_insn *insn);
  /* What a taken branch br adds for the pipeline refill when it lands on
   * an instruction that is 32-bit wide at an address that is not word
   * aligned (wide_unaligned) or not; before is the instruction issued
   * before br (NULL if none in the block). */
  unsigned (*refill)(const cp_insn *before, const cp_insn *br, bool wide_unaligned);
  unsigned exc_entry;  /* from the exception to the handler's first instruction */
  unsigned exc_return; /* from the handler's return to the resumed instruction */
};

extern const cp_core cp_core_m0, cp_core_m3, cp_core_m4, cp_core_m33;

/* The model of a core by name, or NULL with *why saying why it has none
 * (a known core Arm publishes no timing table for, or an unknown name). */
const cp_core *cp_core_find(const char *name, const char **why);

#endif
