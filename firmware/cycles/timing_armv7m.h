/* The three-stage pipeline Arm describes for the Cortex-M3 and Cortex-M4
 * (and nearly word for word in both TRMs): the same load/store pipelining
 * and refill rules, different multipliers. timing_m3.c and timing_m4.c
 * give each core's multiply and divide figures; timing_armv7m.c the rest.
 * timing_m33.c falls back on these rules where Arm is silent. */
#ifndef CP_TIMING_ARMV7M_H
#define CP_TIMING_ARMV7M_H

#include "timing.h"

typedef struct {
  unsigned mul, mla, mull, mlal, umaal, dsp_mul, div;
} cp_v7m_mul;

unsigned cp_v7m_cost(const cp_v7m_mul *m, const cp_insn *prev, const cp_insn *i);
unsigned cp_v7m_refill(const cp_insn *br, bool wide_unaligned);
/* Whether the instruction is a load or store of one register, which the
 * Armv7-M pipeline overlaps with its neighbours. */
bool cp_v7m_single_ls(const cp_insn *i);

#endif
