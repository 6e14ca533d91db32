/* Cortex-M4 (QEMU mps2-an386). Multiply and divide figures from the
 * Cortex-M4 TRM, Arm 100166_0001_00, 3.3.1 Table 3-1 "Processor
 * instruction set summary"; the pipeline rules are timing_armv7m.c's. */
#include "timing_armv7m.h"

static const cp_v7m_mul m4_mul = {
  .mul = 1,     /* MUL 1 */
  .mla = 1,     /* MLA, MLS 1 */
  .mull = 1,    /* SMULL, UMULL 1 */
  .mlal = 1,    /* SMLAL, UMLAL 1 */
  .umaal = 1,   /* UMAAL (DSP multiplies) 1 */
  .dsp_mul = 1, /* SMLAxy, SMLAD, SMUAD, SMMLA ... 1 */
  /* SDIV/UDIV 2 to 12 ("Division operations use early termination ...
   * based on the number of leading ones and zeroes in the input
   * operands"); operands unknown (plugin API v1): the upper bound */
  .div = 12,
};

static unsigned m4_cost(const cp_insn *prev, const cp_insn *i)
{
  return cp_v7m_cost(&m4_mul, prev, i);
}

static unsigned m4_refill(const cp_insn *before, const cp_insn *br, bool wide_unaligned)
{
  (void)before;
  return cp_v7m_refill(br, wide_unaligned);
}

const cp_core cp_core_m4 = {
  .name = "m4",
  .cost = m4_cost,
  .refill = m4_refill,
  /* twelve cycles in, twelve cycles out (TI SLAU356I 1.5.8, Arm's
   * Cortex-M4F exception model, zero wait states) */
  .exc_entry = 12,
  .exc_return = 12,
};
