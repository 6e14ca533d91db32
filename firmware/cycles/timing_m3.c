/* Cortex-M3 (QEMU mps2-an385). Multiply and divide figures from the
 * Cortex-M3 TRM, Arm DDI 0337I, Table 3-1; the pipeline rules are
 * timing_armv7m.c's. */
#include "timing_armv7m.h"

static const cp_v7m_mul m3_mul = {
  .mul = 1, /* MUL 1 */
  .mla = 2, /* MLA, MLS 2 */
  /* SMULL/UMULL 3 to 5 and SMLAL/UMLAL 4 to 7: "early termination
   * depending on the size of the source values" (DDI 0337I 3.3.1 notes).
   * QEMU's plugin API v1 cannot read registers, so the operands are not
   * known: crypto code multiplies full 32-bit limbs, which do not
   * terminate early, and the upper bounds are taken. */
  .mull = 5,
  .mlal = 7,
  .umaal = 7,   /* no UMAAL on Armv7-M without DSP: QEMU faults on it */
  .dsp_mul = 1, /* no DSP multiplies on the M3 either */
  /* SDIV/UDIV 2 to 12, "depending on the number of leading ones and zeroes
   * in the input operands" (Table 3-1 note); operands unknown (API v1):
   * the upper bound. */
  .div = 12,
};

static unsigned m3_cost(const cp_insn *prev, const cp_insn *i)
{
  return cp_v7m_cost(&m3_mul, prev, i);
}

static unsigned m3_refill(const cp_insn *before, const cp_insn *br, bool wide_unaligned)
{
  (void)before;
  return cp_v7m_refill(br, wide_unaligned);
}

const cp_core cp_core_m3 = {
  .name = "m3",
  .cost = m3_cost,
  .refill = m3_refill,
  /* "a maximum of twelve cycle latency from asserting the interrupt to
   * execution of the first instruction of the ISR"; "returns from
   * interrupts takes twelve cycles" (Arm's Cortex-M3/M4 exception model as
   * published in TI SLAU356I 1.5.8, zero wait states) */
  .exc_entry = 12,
  .exc_return = 12,
};
