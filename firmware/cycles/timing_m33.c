/* Cortex-M33 (QEMU mps2-an505). Arm's Cortex-M33 TRM (100230) has no
 * instruction timing table, and Arm publishes no other one for the M33.
 * What is published:
 *  - Arm/Nordic: "single-cycle multiply and accumulate (MAC) instructions"
 *    (nRF5340 and nRF54L15 datasheets, CPU chapter, on Arm's M33 with DSP).
 *  - jnk0le's pipeline cycle tests on an RP2350 (Cortex-M33 r1p0), github
 *    jnk0le/random "pipeline cycle test/doc/cortex_m33.md" (J below):
 *    measured issue costs and result latencies, quoted where used.
 *  - Interrupt latency 12 cycles within one security state (Arm's M33
 *    launch figures, elektroniknet "Cortex-M23 und M33 sind erste
 *    Armv8-M-CPUs", p. 3).
 * Where both are silent the Armv7-M figures of timing_armv7m.c stand in
 * (register and load branch targets, division, exception return), each
 * marked "Armv7-M fallback": the M33 is the M3/M4's successor for the same
 * market, and those are the nearest published figures. */
#include "timing_armv7m.h"

static bool is_load(const cp_insn *i)
{
  return i->cls == CP_I_LOAD || i->cls == CP_I_LDRD || i->cls == CP_I_LDM;
}

static bool is_mul(const cp_insn *i)
{
  switch ((enum cp_iclass)i->cls) {
  case CP_I_MUL:
  case CP_I_MLA:
  case CP_I_MULL:
  case CP_I_MLAL:
  case CP_I_UMAAL:
  case CP_I_DSP_MUL:
    return true;
  default:
    return false;
  }
}

/* The registers an instruction needs at issue: a store's data is read
 * late ("load to store latency is 1 cycle", J) and a multiply-accumulate's
 * accumulator too ("load result can be consumed as MAC accumulate
 * dependency in 1 cycle", "accumulate dependency can be chained from
 * previous MAC", J). */
static uint16_t early_reads(const cp_insn *i)
{
  if (i->cls == CP_I_STORE || i->cls == CP_I_STRD || i->cls == CP_I_STM)
    return i->addr_regs;
  return (uint16_t)(i->reads & ~i->acc_regs);
}

/* One stall cycle when the previous instruction's result has a latency of
 * 2 and this one needs it at issue (J): loads ("load to use latency is 2
 * cycles"), multiplies ("multiply accumulates have 2 cycle result
 * latency"), and data processing with a shifted register or rotated
 * constant operand ("result latency of operand2 shifted reg/constant
 * instructions is 2 cycles"). */
static unsigned stall(const cp_insn *prev, const cp_insn *i)
{
  if (!prev)
    return 0;
  bool late = is_load(prev) || is_mul(prev) || (prev->cls == CP_I_ALU && prev->shifted_op2);
  uint16_t produced = is_load(prev) ? prev->loaded : prev->writes;
  return late && (produced & early_reads(i)) ? 1 : 0;
}

static bool narrow_cond_branch(const cp_insn *i)
{
  return i->cls == CP_I_BCOND && i->size == 2;
}

static unsigned m33_cost(const cp_insn *prev, const cp_insn *i)
{
  unsigned c;
  switch ((enum cp_iclass)i->cls) {
  case CP_I_IT:
    return 0; /* "it can dual issue with preceding instruction, no restrictions" (J) */
  case CP_I_NOP:
    /* "nop can dual issue with arithmetic or load/store instruction" (J) */
    return prev && prev->size == 2 && i->size == 2 && (prev->cls == CP_I_ALU || cp_v7m_single_ls(prev)) ? 0 : 1;
  case CP_I_BCOND:
    /* not taken: "not taken branch, can dual issue (from slot 1) even when
     * preceded with flag generating instruction" - both 16-bit ("must be
     * .n") - so 0 after a 16-bit instruction; 1 otherwise; taken: m33_refill */
    return narrow_cond_branch(i) && prev && prev->size == 2 ? 0 : 1;
  case CP_I_MUL:
    /* single-cycle MAC (Nordic, Arm); "take a total of 2 cycles ...
     * muls.n (no .w equivalent)" (J): the flag-setting 16-bit MULS */
    c = i->size == 2 ? 2 : 1;
    break;
  case CP_I_MLA:
  case CP_I_MULL:
  case CP_I_MLAL:
  case CP_I_UMAAL:
  case CP_I_DSP_MUL:
    c = 1; /* single-cycle MAC (Nordic's M33 datasheets, CPU chapter) */
    break;
  case CP_I_LOAD:
  case CP_I_STORE:
    c = 1; /* J: loads and stores issue in one cycle; the latency is the stall */
    break;
  case CP_I_LDRD:
  case CP_I_STRD:
    c = 2; /* "load/store double execute in 2 cycles" (J) */
    break;
  case CP_I_LDM:
  case CP_I_STM:
    /* "load/store multiple of x registers execute in exactly x cycles" (J) */
    c = i->nregs;
    break;
  case CP_I_LOAD_PC:
    c = 1; /* as a load (J); the reload is the Armv7-M fallback refill */
    break;
  case CP_I_DIV:
    c = 12; /* Armv7-M fallback: 2 to 12 (M4 TRM Table 3-1), operands unknown: upper bound */
    break;
  case CP_I_TBB:
    c = 2; /* Armv7-M fallback with the M33's one-cycle load: load, add; reload in the refill */
    break;
  case CP_I_MRS:
  case CP_I_MSR:
  case CP_I_CPS:
  case CP_I_ISB:
    c = 2; /* Armv7-M fallback (Table 3-1 "1 or 2", ISB 1+B) */
    break;
  default:
    c = 1;
    break;
  }
  return c + stall(prev, i);
}

static unsigned m33_refill(const cp_insn *before, const cp_insn *br, bool wide_unaligned)
{
  if (br->has_target) {
    /* J: a taken branch takes 2 cycles ("bne 1b // 2 cycles taken, 0 not
     * taken"), 1 when "preceded by 16 bit instruction that doesn't generate
     * condition flags". The refill is what that adds to the issue cost of
     * m33_cost: a dual-issued 16-bit B<c> (0 not taken) adds 2 after a
     * flag-setting instruction and 1 otherwise; any other branch adds 1. */
    if (narrow_cond_branch(br) && before && before->size == 2)
      return before->sets_flags ? 2 : 1;
    return 1;
  }
  /* Armv7-M fallback: register and load targets (J measured none) */
  return cp_v7m_refill(br, wide_unaligned);
}

const cp_core cp_core_m33 = {
  .name = "m33",
  .cost = m33_cost,
  .refill = m33_refill,
  .exc_entry = 12,  /* Arm's M33 interrupt latency, same security state */
  .exc_return = 12, /* Armv7-M fallback: no M33 figure published */
};
