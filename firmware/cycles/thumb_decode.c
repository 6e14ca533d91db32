/* Thumb/Thumb-2 classification for the cycle model. Section numbers are
 * those of the Armv7-M Architecture Reference Manual (DDI 0403E), chapter
 * A5; Armv6-M and Armv8-M mainline use the same encodings for what the
 * model needs. */
#include "thumb_decode.h"

#include <string.h>

#define R(n) ((uint16_t)(1u << ((n) & 15)))
enum { PC = 15, LR = 14, SP = 13 };

static uint32_t sext(uint32_t v, unsigned bits)
{
  uint32_t m = 1u << (bits - 1);
  return (v ^ m) - m;
}

/* A register set without the PC: the PC is never a data dependency the
 * pipeline rules care about (its value is known at decode). */
static uint16_t nopc(uint16_t m)
{
  return m & 0x7FFF;
}

static void load1(cp_insn *d, unsigned rt, uint16_t addr, bool writeback, unsigned rn)
{
  d->addr_regs = nopc(addr);
  d->reads = d->addr_regs;
  if (rt == PC) {
    d->cls = CP_I_LOAD_PC;
    d->writes_pc = true;
  } else {
    d->cls = CP_I_LOAD;
    d->loaded = R(rt);
    d->writes = R(rt);
  }
  if (writeback)
    d->writes |= nopc(R(rn));
}

static void store1(cp_insn *d, unsigned rt, uint16_t addr, bool writeback, unsigned rn)
{
  d->cls = CP_I_STORE;
  d->addr_regs = nopc(addr);
  d->reads = nopc((uint16_t)(d->addr_regs | R(rt)));
  if (writeback)
    d->writes = nopc(R(rn));
}

static void multiple(cp_insn *d, bool load, unsigned rn, uint16_t list, bool writeback)
{
  d->nregs = (uint8_t)__builtin_popcount(list);
  d->addr_regs = nopc(R(rn));
  if (load) {
    d->cls = CP_I_LDM;
    d->loaded = nopc(list);
    d->writes = d->loaded;
    d->reads = d->addr_regs;
    d->writes_pc = (list & R(PC)) != 0;
  } else {
    d->cls = CP_I_STM;
    d->reads = nopc((uint16_t)(list | d->addr_regs));
  }
  if (writeback)
    d->writes |= nopc(R(rn));
}

static void alu(cp_insn *d, int rd, uint16_t reads)
{
  d->cls = CP_I_ALU;
  d->reads = nopc(reads);
  if (rd == PC) {
    d->cls = CP_I_ALU_PC;
    d->writes_pc = true;
  } else if (rd >= 0) {
    d->writes = R(rd);
  }
}

/* A5.2: 16-bit encodings */
static void decode16(uint32_t a, uint16_t hw, cp_insn *d)
{
  unsigned lo0 = hw & 7, lo3 = (hw >> 3) & 7, lo6 = (hw >> 6) & 7, hi8 = (hw >> 8) & 7;
  d->size = 2;
  if ((hw >> 14) == 0) {
    /* A5.2.1 shift (immediate), add, subtract, move, compare */
    unsigned op = (hw >> 9) & 0x1F;
    d->sets_flags = true; /* outside an IT block, every one of these does */
    if (op < 0x0C) /* LSL/LSR/ASR #imm */
      alu(d, (int)lo0, R(lo3));
    else if (op == 0x0C || op == 0x0D) /* ADD/SUB register */
      alu(d, (int)lo0, (uint16_t)(R(lo3) | R(lo6)));
    else if (op == 0x0E || op == 0x0F) /* ADD/SUB 3-bit immediate */
      alu(d, (int)lo0, R(lo3));
    else if (op < 0x14) /* MOV #imm8 */
      alu(d, (int)hi8, 0);
    else if (op < 0x18) /* CMP #imm8 */
      alu(d, -1, R(hi8));
    else /* ADD/SUB #imm8 */
      alu(d, (int)hi8, R(hi8));
    return;
  }
  if ((hw >> 10) == 0x10) {
    /* A5.2.2 data processing */
    unsigned op = (hw >> 6) & 0xF;
    d->sets_flags = true;
    if (op == 0x8 || op == 0xA || op == 0xB) /* TST, CMP, CMN */
      alu(d, -1, (uint16_t)(R(lo0) | R(lo3)));
    else if (op == 0x9 || op == 0xF) /* RSB #0, MVN */
      alu(d, (int)lo0, R(lo3));
    else
      alu(d, (int)lo0, (uint16_t)(R(lo0) | R(lo3)));
    if (op == 0xD)
      d->cls = CP_I_MUL;
    return;
  }
  if ((hw >> 10) == 0x11) {
    /* A5.2.3 special data instructions and branch and exchange */
    unsigned op = (hw >> 8) & 3, rdn = lo0 | ((hw >> 4) & 8), rm = (hw >> 3) & 0xF;
    if (op == 0) /* ADD (register), high registers */
      alu(d, (int)rdn, (uint16_t)(R(rdn) | R(rm)));
    else if (op == 1) /* CMP high */
      alu(d, -1, (uint16_t)(R(rdn) | R(rm)));
    else if (op == 2) /* MOV high */
      alu(d, (int)rdn, R(rm));
    else {
      d->cls = (hw & 0x80) ? CP_I_BLX : CP_I_BX;
      d->reads = nopc(R(rm));
      d->writes_pc = true;
      if (hw & 0x80)
        d->writes = R(LR);
    }
    return;
  }
  if ((hw >> 11) == 0x09) { /* LDR (literal) */
    load1(d, hi8, 0, false, 0);
    return;
  }
  if ((hw >> 12) == 0x5) {
    /* A5.2.4 load/store single data item, register offset */
    unsigned opb = (hw >> 9) & 7;
    uint16_t addr = (uint16_t)(R(lo3) | R(lo6));
    d->reg_offset = true;
    if (opb < 3)
      store1(d, lo0, addr, false, 0);
    else
      load1(d, lo0, addr, false, 0);
    return;
  }
  if ((hw >> 13) == 0x3 || (hw >> 12) == 0x8) { /* STR/LDR(B) imm5, STRH/LDRH imm5 */
    if (hw & 0x800)
      load1(d, lo0, R(lo3), false, 0);
    else
      store1(d, lo0, R(lo3), false, 0);
    return;
  }
  if ((hw >> 12) == 0x9) { /* STR/LDR SP-relative */
    if (hw & 0x800)
      load1(d, hi8, R(SP), false, 0);
    else
      store1(d, hi8, R(SP), false, 0);
    return;
  }
  if ((hw >> 11) == 0x14) { /* ADR */
    alu(d, (int)hi8, 0);
    return;
  }
  if ((hw >> 11) == 0x15) { /* ADD Rd, SP, #imm */
    alu(d, (int)hi8, R(SP));
    return;
  }
  if ((hw >> 12) == 0xB) {
    /* A5.2.5 miscellaneous 16-bit instructions */
    if ((hw & 0xFF00) == 0xB000) { /* ADD/SUB SP, SP, #imm */
      alu(d, SP, R(SP));
      return;
    }
    if ((hw & 0xF500) == 0xB100) { /* CBZ, CBNZ */
      d->cls = CP_I_BCOND;
      d->reads = R(lo0);
      d->has_target = true;
      d->target = a + 4 + ((((hw >> 9) & 1u) << 6) | (((hw >> 3) & 0x1Fu) << 1));
      return;
    }
    if ((hw & 0xFF00) == 0xB200 || (hw & 0xFF00) == 0xBA00) { /* extend, reverse */
      alu(d, (int)lo0, R(lo3));
      return;
    }
    if ((hw & 0xFE00) == 0xB400) { /* PUSH */
      multiple(d, false, SP, (uint16_t)((hw & 0xFF) | ((hw & 0x100) ? R(LR) : 0)), true);
      return;
    }
    if ((hw & 0xFE00) == 0xBC00) { /* POP */
      multiple(d, true, SP, (uint16_t)((hw & 0xFF) | ((hw & 0x100) ? R(PC) : 0)), true);
      return;
    }
    if ((hw & 0xFFE8) == 0xB660) { /* CPS */
      d->cls = CP_I_CPS;
      return;
    }
    if ((hw & 0xFF00) == 0xBE00) { /* BKPT */
      d->cls = CP_I_TRAP;
      return;
    }
    if ((hw & 0xFF00) == 0xBF00) {
      if (hw & 0xF) { /* IT: the block is as long as the mask says */
        d->cls = CP_I_IT;
        d->it_count = (uint8_t)(4 - __builtin_ctz(hw & 0xF));
      } else {
        unsigned h = (hw >> 4) & 0xF;
        d->cls = (h == 2 || h == 3) ? CP_I_WFX : (h <= 4 ? CP_I_NOP : CP_I_OTHER);
      }
      return;
    }
    d->cls = CP_I_OTHER;
    return;
  }
  if ((hw >> 12) == 0xC) { /* STM, LDM (A5.2 "Store/Load multiple registers") */
    unsigned rn = hi8;
    uint16_t list = hw & 0xFF;
    bool load = hw & 0x800;
    /* LDM writes the base back unless the base is in the list */
    multiple(d, load, rn, list, !load || !(list & R(rn)));
    return;
  }
  if ((hw >> 12) == 0xD) {
    /* A5.2.6 conditional branch, and supervisor call */
    unsigned cond = (hw >> 8) & 0xF;
    if (cond >= 0xE) {
      d->cls = CP_I_TRAP;
      return;
    }
    d->cls = CP_I_BCOND;
    d->has_target = true;
    d->target = a + 4 + sext((hw & 0xFFu) << 1, 9);
    return;
  }
  if ((hw >> 11) == 0x1C) { /* B (T2) */
    d->cls = CP_I_B;
    d->has_target = true;
    d->target = a + 4 + sext((hw & 0x7FFu) << 1, 12);
    return;
  }
  d->cls = CP_I_OTHER;
}

/* A5.3.1/A5.3.3: the 32-bit data-processing encodings read Rn and Rm,
 * write Rd; compares (Rd = PC with S set) write nothing. */
static void dp32(cp_insn *d, unsigned rd, unsigned rn, uint16_t more, bool compare)
{
  alu(d, compare ? -1 : (int)rd, (uint16_t)((rn == PC ? 0 : R(rn)) | more));
}

static void decode32(uint32_t a, uint16_t h1, uint16_t h2, cp_insn *d)
{
  unsigned op1 = (h1 >> 11) & 3, rn = h1 & 0xF, rt = h2 >> 12, rd = (h2 >> 8) & 0xF, rm = h2 & 0xF;
  d->size = 4;
  if (op1 == 1) {
    if ((h1 & 0x0640) == 0x0000) {
      /* A5.3.5 load/store multiple */
      unsigned op = (h1 >> 7) & 3;
      if (op == 1 || op == 2)
        multiple(d, h1 & 0x10, rn, h2, (h1 & 0x20) != 0);
      else
        d->cls = CP_I_OTHER; /* SRS/RFE: not in M profile */
      return;
    }
    if ((h1 & 0x0640) == 0x0040) {
      /* A5.3.6 load/store dual or exclusive, table branch */
      unsigned p = (h1 >> 8) & 1, w = (h1 >> 5) & 1;
      if (p == 0 && w == 0) {
        unsigned op1b = (h1 >> 7) & 3, op3 = (h2 >> 4) & 0xF;
        if (op1b == 0) { /* STREX, LDREX */
          if (h1 & 0x10)
            load1(d, rt, R(rn), false, 0);
          else {
            store1(d, rt, R(rn), false, 0);
            d->writes = R(rd); /* the status result */
          }
          return;
        }
        if ((h1 & 0x10) && (op3 == 0 || op3 == 1)) { /* TBB, TBH */
          d->cls = CP_I_TBB;
          d->addr_regs = nopc((uint16_t)(R(rn) | R(rm)));
          d->reads = d->addr_regs;
          d->writes_pc = true;
          return;
        }
        if (h1 & 0x10) /* LDREXB, LDREXH */
          load1(d, rt, R(rn), false, 0);
        else {
          store1(d, rt, R(rn), false, 0);
          d->writes = R(rm);
        }
        return;
      }
      /* LDRD, STRD (immediate) */
      d->addr_regs = nopc(R(rn));
      if (h1 & 0x10) {
        d->cls = CP_I_LDRD;
        d->loaded = nopc((uint16_t)(R(rt) | R(rd)));
        d->writes = d->loaded;
        d->reads = d->addr_regs;
      } else {
        d->cls = CP_I_STRD;
        d->reads = nopc((uint16_t)(d->addr_regs | R(rt) | R(rd)));
      }
      if (w)
        d->writes |= nopc(R(rn));
      return;
    }
    if ((h1 & 0x0600) == 0x0200) {
      /* A5.3.11 data processing (shifted register) */
      unsigned op = (h1 >> 5) & 0xF, s = (h1 >> 4) & 1, imm = ((h2 >> 10) & 0x1C) | ((h2 >> 6) & 3),
               type = (h2 >> 4) & 3;
      bool compare = s && rd == PC && (op == 0 || op == 4 || op == 8 || op == 13);
      d->shifted_op2 = imm != 0 || type == 3; /* ROR #0 is RRX */
      dp32(d, rd, (op == 2 || op == 3) && rn == PC ? PC : rn, R(rm), compare); /* MOV/MVN: no Rn */
      return;
    }
    d->cls = CP_I_OTHER; /* coprocessor, floating point */
    return;
  }
  if (op1 == 2) {
    if (!(h2 & 0x8000)) {
      if (!(h1 & 0x0200)) {
        /* A5.3.1 data processing (modified immediate): a constant that
         * is rotated (i:imm3 >= 8) is the "shifted constant" form */
        unsigned op = (h1 >> 5) & 0xF, s = (h1 >> 4) & 1,
                 rot = ((h1 >> 7) & 8) | ((h2 >> 12) & 7);
        bool compare = s && rd == PC && (op == 0 || op == 4 || op == 8 || op == 13);
        d->shifted_op2 = rot >= 8;
        dp32(d, rd, (op == 2 || op == 3) && rn == PC ? PC : rn, 0, compare);
      } else {
        /* A5.3.3 data processing (plain binary immediate): ADDW, SUBW,
         * ADR, MOVW, MOVT (reads Rd), SSAT, USAT, SBFX, UBFX, BFI, BFC */
        unsigned op = (h1 >> 4) & 0x1F;
        uint16_t more = op == 0x0C ? R(rd) : (op == 0x16 ? R(rd) : 0); /* MOVT, BFI/BFC keep bits of Rd */
        dp32(d, rd, op == 0x04 || op == 0x0C ? PC : rn, more, false);
      }
      return;
    }
    /* A5.3.4 branches and miscellaneous control */
    unsigned op = (h1 >> 4) & 0x7F, op2 = (h2 >> 12) & 7;
    uint32_t s = (h1 >> 10) & 1, j1 = (h2 >> 13) & 1, j2 = (h2 >> 11) & 1;
    if ((op2 & 5) == 0) {
      if ((op & 0x38) != 0x38) { /* B<c>.W (T3) */
        d->cls = CP_I_BCOND;
        d->has_target = true;
        d->target = a + 4 + sext((s << 20) | (j2 << 19) | (j1 << 18) | ((h1 & 0x3Fu) << 12) | ((h2 & 0x7FFu) << 1), 21);
        return;
      }
      if (op == 0x38 || op == 0x39) {
        d->cls = CP_I_MSR;
        d->reads = R(rn);
      } else if (op == 0x3A) {
        unsigned hint = h2 & 0xFF;
        d->cls = (hint == 2 || hint == 3) ? CP_I_WFX : CP_I_NOP;
      } else if (op == 0x3B) {
        unsigned o = (h2 >> 4) & 0xF;
        d->cls = o == 6 ? CP_I_ISB : ((o == 4 || o == 5) ? CP_I_BARRIER : CP_I_OTHER);
      } else if (op == 0x3E || op == 0x3F) {
        d->cls = CP_I_MRS;
        d->writes = R(rd);
      } else if (op == 0x7F && op2 == 2) {
        d->cls = CP_I_TRAP; /* UDF.W */
      } else {
        d->cls = CP_I_OTHER;
      }
      return;
    }
    uint32_t i1 = !(j1 ^ s), i2 = !(j2 ^ s);
    uint32_t off = sext((s << 24) | (i1 << 23) | (i2 << 22) | ((h1 & 0x3FFu) << 12) | ((h2 & 0x7FFu) << 1), 25);
    d->has_target = true;
    d->target = a + 4 + off;
    if (op2 & 4) { /* BL */
      d->cls = CP_I_BL;
      d->writes = R(LR);
    } else {
      d->cls = CP_I_B;
    }
    return;
  }
  /* op1 == 3 */
  if ((h1 & 0x0E00) == 0x0800) {
    /* A5.3.7-A5.3.10 load/store single data item (1111 100x) */
    unsigned size = (h1 >> 5) & 3;
    bool load = h1 & 0x10;
    if (size == 3) {
      d->cls = CP_I_OTHER;
      return;
    }
    if (rn == PC) { /* literal */
      if (load)
        load1(d, rt, 0, false, 0);
      else
        d->cls = CP_I_OTHER;
      return;
    }
    uint16_t addr = R(rn);
    bool wb = false;
    if (!(h1 & 0x80)) {
      if ((h2 & 0x0FC0) == 0) { /* register offset, LSL #0-3 */
        addr |= R(rm);
        d->reg_offset = true;
      } else if (h2 & 0x800) { /* imm8: post-indexed, or pre-indexed with writeback */
        unsigned pbit = (h2 >> 10) & 1, wbit = (h2 >> 8) & 1;
        wb = !pbit || wbit;
      }
    }
    if (load && rt == PC && size != 2) { /* PLD, PLI: hints, as a load with no result */
      load1(d, 0, addr, false, 0);
      d->loaded = 0;
      d->writes = 0;
      return;
    }
    if (load)
      load1(d, rt, addr, wb, rn);
    else
      store1(d, rt, addr, wb, rn);
    return;
  }
  if ((h1 & 0x0F00) == 0x0A00) {
    /* A5.3.12 data processing (register): shifts by register, extend,
     * parallel add/subtract, CLZ, REV, RBIT, SEL, saturating arithmetic */
    dp32(d, rd, rn, R(rm), false);
    return;
  }
  if ((h1 & 0x0F80) == 0x0B00) {
    /* A5.3.16 multiply, multiply accumulate, absolute difference */
    unsigned o1 = (h1 >> 4) & 7, o2 = (h2 >> 4) & 3;
    alu(d, (int)rd, (uint16_t)(R(rn) | R(rm) | (rt != PC ? R(rt) : 0)));
    if (rt != PC)
      d->acc_regs = R(rt);
    if (o1 == 0 && o2 == 0)
      d->cls = rt == PC ? CP_I_MUL : CP_I_MLA;
    else if (o1 == 0 && o2 == 1)
      d->cls = CP_I_MLA; /* MLS */
    else
      d->cls = CP_I_DSP_MUL;
    return;
  }
  if ((h1 & 0x0F80) == 0x0B80) {
    /* A5.3.17 long multiply, long multiply accumulate, divide */
    unsigned o1 = (h1 >> 4) & 7, o2 = (h2 >> 4) & 0xF;
    if (o1 == 1 || o1 == 3) { /* SDIV, UDIV: Rd is bits 11:8 */
      alu(d, (int)rd, (uint16_t)(R(rn) | R(rm)));
      d->cls = CP_I_DIV;
      return;
    }
    d->cls = CP_I_OTHER;
    d->reads = nopc((uint16_t)(R(rn) | R(rm)));
    d->writes = nopc((uint16_t)(R(rt) | R(rd)));
    if ((o1 == 0 || o1 == 2) && o2 == 0) {
      d->cls = CP_I_MULL;
    } else if (o1 == 4 || o1 == 5 || o1 == 6) {
      d->cls = (o1 == 6 && o2 == 6) ? CP_I_UMAAL : CP_I_MLAL;
      d->acc_regs = nopc((uint16_t)(R(rt) | R(rd)));
      d->reads |= d->acc_regs;
    }
    return;
  }
  d->cls = CP_I_OTHER; /* coprocessor, floating point */
}

int cp_decode(uint32_t addr, const uint8_t *b, size_t len, cp_insn *out)
{
  memset(out, 0, sizeof *out);
  out->addr = addr;
  if (len < 2)
    return 0;
  uint16_t h1 = (uint16_t)(b[0] | (b[1] << 8));
  if (!cp_thumb32(h1)) {
    decode16(addr, h1, out);
    return 2;
  }
  if (len < 4)
    return 0;
  decode32(addr, h1, (uint16_t)(b[2] | (b[3] << 8)), out);
  return 4;
}

void cp_mark_it_blocks(cp_insn *v, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    if (v[i].cls != CP_I_IT)
      continue;
    for (size_t k = 1; k <= v[i].it_count && i + k < n; k++) {
      cp_insn *c = &v[i + k];
      c->in_it = true;
      /* inside an IT block the 16-bit data-processing forms do not set flags */
      c->sets_flags = false;
      if (c->cls == CP_I_B)
        c->cls = CP_I_BCOND;
    }
  }
}
