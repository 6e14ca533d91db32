/* Classifies one Thumb or Thumb-2 instruction from its bytes, for the cycle
 * model: what kind of instruction it is for the timing tables, which
 * registers it reads and writes, the registers that form a load's or
 * store's address, how many registers a load/store multiple moves, whether
 * it writes the PC and where a branch with an immediate offset goes.
 * Only what the Cortex-M timing tables distinguish is told apart; the
 * encodings follow the Armv7-M Architecture Reference Manual (DDI 0403),
 * chapter A5 "The Thumb Instruction Set Encoding". */
#ifndef CP_THUMB_DECODE_H
#define CP_THUMB_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum cp_iclass {
  CP_I_ALU,      /* data processing, moves, shifts, extend, bitfield, saturate, CLZ, REV */
  CP_I_ALU_PC,   /* data processing that writes the PC: MOV PC / ADD PC */
  CP_I_MUL,      /* MUL, MULS: 32-bit result */
  CP_I_MLA,      /* MLA, MLS */
  CP_I_MULL,     /* SMULL, UMULL */
  CP_I_MLAL,     /* SMLAL, UMLAL (and the DSP SMLALxy/SMLALD/SMLSLD forms) */
  CP_I_UMAAL,    /* UMAAL */
  CP_I_DSP_MUL,  /* SMULxy, SMLAxy, SMLAD, SMUAD, SMMLA, USADA8 ...: 32-bit result */
  CP_I_DIV,      /* SDIV, UDIV */
  CP_I_LOAD,     /* one register loaded (LDR/LDRB/LDRH/LDRSB/LDRSH/LDREX*), not the PC */
  CP_I_STORE,    /* one register stored (STR/STRB/STRH/STREX*) */
  CP_I_LOAD_PC,  /* LDR PC, [...] */
  CP_I_LDRD,
  CP_I_STRD,
  CP_I_LDM,      /* LDM/LDMDB/POP: nregs registers, possibly the PC */
  CP_I_STM,      /* STM/STMDB/PUSH */
  CP_I_B,        /* B <label>, unconditional (outside an IT block) */
  CP_I_BCOND,    /* B<c> <label>, CBZ, CBNZ, or a B inside an IT block */
  CP_I_BL,       /* BL <label> */
  CP_I_BX,       /* BX Rm */
  CP_I_BLX,      /* BLX Rm */
  CP_I_TBB,      /* TBB, TBH */
  CP_I_IT,
  CP_I_NOP,      /* NOP, YIELD, SEV */
  CP_I_WFX,      /* WFI, WFE */
  CP_I_BARRIER,  /* DMB, DSB */
  CP_I_ISB,
  CP_I_MRS,
  CP_I_MSR,
  CP_I_CPS,
  CP_I_TRAP,     /* SVC, BKPT, UDF: an exception (or semihosting), no table entry */
  CP_I_OTHER     /* coprocessor/floating point and anything not told apart */
};

typedef struct {
  uint32_t addr;
  uint8_t size;           /* 2 or 4 bytes */
  uint8_t cls;            /* enum cp_iclass */
  uint8_t nregs;          /* LDM/STM/PUSH/POP: registers moved, PC and LR included */
  bool writes_pc;
  bool has_target;        /* B, B<c>, BL, CBZ, CBNZ: target is static */
  bool reg_offset;        /* load/store with a register offset */
  bool sets_flags;        /* a 16-bit data-processing instruction that sets the flags */
  bool shifted_op2;       /* data processing with a shifted register or rotated constant operand */
  bool in_it;             /* conditional through an IT block (set by cp_decode_block) */
  uint8_t it_count;       /* IT: instructions the block makes conditional */
  uint16_t reads;         /* registers read (bit n = Rn), the PC excluded */
  uint16_t writes;        /* registers written, the PC excluded */
  uint16_t addr_regs;     /* base and offset registers of a load/store */
  uint16_t loaded;        /* registers a load writes from memory (not a base writeback) */
  uint16_t acc_regs;      /* accumulator inputs of a multiply-accumulate */
  uint32_t target;        /* has_target: the branch target */
} cp_insn;

/* Decodes the instruction at addr from its bytes (little endian: 2 bytes,
 * or 4 for a 32-bit encoding); len is how many bytes are available.
 * Returns the instruction's size (2 or 4), 0 when len is too short. */
int cp_decode(uint32_t addr, const uint8_t *bytes, size_t len, cp_insn *out);

/* Whether the first halfword starts a 32-bit encoding. */
static inline bool cp_thumb32(uint16_t hw1)
{
  return (hw1 >> 11) >= 0x1D;
}

/* Marks the instructions covered by IT instructions within the array (a
 * translation block): their in_it is set and a B inside one becomes
 * CP_I_BCOND. An IT block that begins before the array is not seen. */
void cp_mark_it_blocks(cp_insn *v, size_t n);

#endif
