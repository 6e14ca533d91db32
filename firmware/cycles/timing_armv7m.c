/* Cortex-M3/M4 pipeline rules. Sources: Cortex-M3 TRM, Arm DDI 0337I,
 * Table 3-1 "Cortex-M3 instruction set summary" and section 3.3.2
 * "Load/store timings"; Cortex-M4 TRM, Arm 100166_0001_00, Table 3-1
 * "Processor instruction set summary" and 3.3.2 "Load/store timings" (the
 * same text). P, the pipeline refill, "ranges from 1 to 3 depending on the
 * alignment and width of the target instruction, and whether the processor
 * manages to speculate the address early" (both tables' legend). */
#include "timing_armv7m.h"

bool cp_v7m_single_ls(const cp_insn *i)
{
  return i->cls == CP_I_LOAD || i->cls == CP_I_STORE;
}

static bool data_processing(const cp_insn *i)
{
  switch ((enum cp_iclass)i->cls) {
  case CP_I_ALU:
  case CP_I_MUL:
  case CP_I_MLA:
  case CP_I_MULL:
  case CP_I_MLAL:
  case CP_I_UMAAL:
  case CP_I_DSP_MUL:
  case CP_I_DIV:
    return true;
  default:
    return false;
  }
}

static bool load_or_store(const cp_insn *i)
{
  switch ((enum cp_iclass)i->cls) {
  case CP_I_LOAD:
  case CP_I_STORE:
  case CP_I_LOAD_PC:
  case CP_I_LDRD:
  case CP_I_STRD:
  case CP_I_LDM:
  case CP_I_STM:
  case CP_I_TBB:
    return true;
  default:
    return false;
  }
}

/* "LDR [any] are pipelined when possible. This means that if the next
 * instruction is an LDR or STR, and the destination of the first LDR is not
 * used to compute the address for the next instruction, then one cycle is
 * removed from the cost of the next instruction." "LDREX and STREX can be
 * pipelined exactly as LDR" (3.3.2). A store is never the first of a pair:
 * "nothing can be pipelined after the store", and LDRD/STRD, LDM/STM
 * "cannot be pipelined with preceding or following instructions". */
static bool pipelined_after(const cp_insn *prev, const cp_insn *i)
{
  if (!prev || !cp_v7m_single_ls(i))
    return false;
  bool prev_ldr = prev->cls == CP_I_LOAD || (prev->cls == CP_I_STORE && (prev->writes & ~prev->addr_regs));
  return prev_ldr && !(prev->loaded & i->addr_regs) && !(prev->writes & i->addr_regs);
}

unsigned cp_v7m_cost(const cp_v7m_mul *m, const cp_insn *prev, const cp_insn *i)
{
  unsigned c;
  switch ((enum cp_iclass)i->cls) {
  case CP_I_MUL:
    return m->mul;
  case CP_I_MLA:
    return m->mla;
  case CP_I_MULL:
    return m->mull;
  case CP_I_MLAL:
    return m->mlal;
  case CP_I_UMAAL:
    return m->umaal;
  case CP_I_DSP_MUL:
    return m->dsp_mul;
  case CP_I_DIV:
    return m->div;
  case CP_I_LOAD:
    /* Table 3-1: LDR (any width, any offset, PC-relative) 2; 1 when
     * pipelined. "LDR Rx,[PC,#imm] might add a cycle because of contention
     * with the fetch unit": not modelled, it is not always there. */
    c = pipelined_after(prev, i) ? 1 : 2;
    break;
  case CP_I_STORE:
    /* "STR Rx,[Ry,#imm] is always one cycle" (3.3.2), pre/post-indexed
     * forms included; the register-offset form is Table 3-1's 2, 1 when it
     * follows an LDR ("LDR R0,[R1,R2]; STR R1,[R3,R2] - normally three
     * cycles total"). */
    c = !i->reg_offset || pipelined_after(prev, i) ? 1 : 2;
    break;
  case CP_I_LOAD_PC:
    /* "LDR PC,[any] ... at least two cycles for the load, and three cycles
     * for the pipeline reload": 2 here, the 3 in cp_v7m_refill */
    c = 2;
    break;
  case CP_I_LDRD:
  case CP_I_STRD:
    /* Table 3-1 LDRD/STRD 1+N with N = 2; "this operation requires three
     * cycles when not stalled" */
    c = 3;
    break;
  case CP_I_LDM:
  case CP_I_STM:
    /* Table 3-1 LDM/STM/PUSH/POP 1+N, +P when the PC is loaded ("a three
     * element LDM takes 2+1+1 or 5 cycles when not stalled" sic: 1+N) */
    c = 1u + i->nregs;
    break;
  case CP_I_TBB:
    /* "TBB and TBH ... at least two cycles for the load, one cycle for the
     * add, and three cycles for the pipeline reload. This means at least
     * six cycles": 3 here, the 3 in cp_v7m_refill */
    c = 3;
    break;
  case CP_I_IT:
    /* Table 3-1 IT 1. The M3/M4 fold an IT onto the preceding 16-bit
     * instruction, where it takes no cycle of its own (Arm's description
     * of IT folding, the one form of dual issue these cores have; as
     * reported in elektroniknet's Cortex-M23/M33 article comparing the
     * M33 with the M4). The exact conditions are not published: folding
     * is taken to need only a 16-bit predecessor in the same block. */
    return prev && prev->size == 2 ? 0 : 1;
  case CP_I_MRS:
  case CP_I_MSR:
  case CP_I_CPS:
    /* Table 3-1: 1 or 2; the larger is taken (what decides is not said) */
    return 2;
  case CP_I_ISB:
    /* Table 3-1 1+B; "for ISB, the minimum number of cycles is equivalent
     * to the number required for a pipeline refill" */
    return 1u + cp_v7m_refill(i, false);
  default:
    /* data processing 1 (MOV PC/ADD PC 1+P: P in the refill), B, BL, BX,
     * BLX, B<c>, CBZ 1 (+P taken), NOP/SEV/YIELD 1, WFI/WFE 1+W (no wait
     * under QEMU), DMB/DSB 1+B with B's minimum 0; SVC/BKPT: no figure, 1 */
    return 1;
  }
  /* "Any load or store that generates an address dependent on the result
   * of a preceding data processing operation stalls the pipeline for an
   * additional cycle while the register bank is updated. There is no
   * forwarding path for this scenario." (3.3.2) */
  if (prev && data_processing(prev) && (prev->writes & i->addr_regs) && load_or_store(i))
    c++;
  return c;
}

unsigned cp_v7m_refill(const cp_insn *br, bool wide_unaligned)
{
  /* P is 1 to 3. The load/store notes name the one case they fix: a load
   * to the PC (LDR PC, POP/LDM with the PC) and TBB/TBH take "three cycles
   * for the pipeline reload". Otherwise P is 1 when the processor can
   * "speculate the address early" - an immediate target, known at decode
   * (B, BL, B<c>, CBZ/CBNZ) - and 2 when it comes from a register at
   * execute (BX, BLX, MOV PC, ADD PC, ISB); one more when the target is a
   * 32-bit instruction that is not word aligned, which takes two fetches
   * ("alignment and width of the target instruction"). */
  switch ((enum cp_iclass)br->cls) {
  case CP_I_LOAD_PC:
  case CP_I_LDM:
  case CP_I_TBB:
    return 3;
  default:
    break;
  }
  unsigned p = br->has_target ? 1 : 2;
  if (wide_unaligned)
    p++;
  return p;
}
