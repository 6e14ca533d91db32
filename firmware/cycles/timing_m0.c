/* Cortex-M0 (QEMU microbit: Nordic nRF51822). Every figure is from the
 * Cortex-M0 Technical Reference Manual, Arm DDI 0432C, Table 3-1 "Cortex-M0
 * instruction summary" (zero wait states) unless the comment says
 * otherwise. The M0 has a three-stage pipeline without load pipelining:
 * Table 3-1 gives one figure per instruction, and jnk0le's pipeline cycle
 * tests (github jnk0le/random, "pipeline cycle test/doc/cortex_m0.md")
 * found no load-to-use latency either, so an instruction's cost does not
 * depend on its neighbour. */
#include "timing.h"

/* A taken branch: B 3, B<c> taken 3 (not taken 1), BX/BLX 3, MOV PC/ADD
 * PC 3, BL 4, POP {..,PC} 4+N (Table 3-1): each is its issue cost below
 * plus 2 cycles of refill. The table gives fixed figures, no alignment
 * term. */
enum { M0_REFILL = 2 };

/* MULS takes 1 or 32 cycles (Table 3-1 note: the multiplier is chosen by
 * the chip maker). Nordic's nRF51 Series Reference Manual (v3.0) and
 * nRF51822 Product Specification do not name the option; NXP's FAQ on the
 * option ("Use of Cortex-M0/M0+ multiply instructions", LPCware) shows
 * that makers document the small 32-cycle multiplier when they pick it
 * ("for most NXP MCUs ... the Fast option is implemented"), and Nordic
 * documents none: the fast single-cycle multiplier is assumed. */
enum { M0_MULS = 1 };

static unsigned m0_cost(const cp_insn *prev, const cp_insn *i)
{
  (void)prev;
  switch ((enum cp_iclass)i->cls) {
  case CP_I_MUL:
  case CP_I_MLA:
  case CP_I_MULL:
  case CP_I_MLAL:
  case CP_I_UMAAL:
  case CP_I_DSP_MUL:
    return M0_MULS;
  case CP_I_LOAD:    /* LDR/LDRH/LDRB/LDRSH/LDRSB, any offset, PC- or SP-relative: 2 */
  case CP_I_STORE:   /* STR/STRH/STRB: 2 */
    return 2;
  case CP_I_LDM:     /* LDM, POP 1+N; POP {..,PC} 4+N = 2+N and the refill */
    return (i->writes_pc ? 2u : 1u) + i->nregs;
  case CP_I_STM:     /* STM, PUSH 1+N */
    return 1u + i->nregs;
  case CP_I_BL:      /* BL 4 = 2 + refill */
    return 2;
  case CP_I_BARRIER: /* DMB, DSB 4 */
  case CP_I_ISB:     /* ISB 4 */
  case CP_I_MRS:     /* MRS 4 */
  case CP_I_MSR:     /* MSR 4 */
    return 4;
  case CP_I_WFX:     /* WFE, WFI 2 (no wait: QEMU wakes at once or not at all) */
    return 2;
  default:           /* data processing, B, B<c>, BX, BLX, CPS, NOP, SEV, YIELD 1; SVC, BKPT: no figure, 1 */
    return 1;
  }
}

static unsigned m0_refill(const cp_insn *before, const cp_insn *br, bool wide_unaligned)
{
  (void)before, (void)br, (void)wide_unaligned;
  return M0_REFILL;
}

const cp_core cp_core_m0 = {
  .name = "m0",
  .cost = m0_cost,
  .refill = m0_refill,
  /* 16 cycles from the interrupt to the handler's first instruction (Arm,
   * Cortex-M0 interrupt latency with zero wait states, as tabulated in
   * Arm's "Cortex-M for beginners" and the Cortex-M0+ TRM DDI 0484C 3.6.1
   * giving 15 for the M0+). Arm gives no exception return figure for the
   * M0: the return is assumed to take as long as the entry (both move the
   * same 8-word frame). */
  .exc_entry = 16,
  .exc_return = 16,
};
