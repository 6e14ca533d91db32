/* Cortex-M3 and Cortex-M4 cycle models against counts worked out by hand
 * from their TRMs: M3 DDI 0337I and M4 100166, Table 3-1 and 3.3.2
 * "Load/store timings" (the same pipeline text in both; the multipliers
 * differ). Encodings as arm-none-eabi-objdump lists them. */
#include "cycles_seq.h"

#define M3 (&cp_core_m3)
#define M4 (&cp_core_m4)

static void dependent_loads(void **state)
{
  (void)state;
  /* ldr r1,[r0]; ldr r2,[r1]; ldr r3,[r2]: each address is the previous
   * load's result, so none pipelines: 2 + 2 + 2 = 6 on both */
  static const uint16_t c[] = { 0x6801, 0x680A, 0x6813 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).insns, 3);
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 6);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 6);
}

static void pipelined_loads(void **state)
{
  (void)state;
  /* ldr r1,[r0]; ldr r2,[r0,#4]; ldr r3,[r0,#8]: the base is no load's
   * result: 2 + 1 + 1 = 4 ("LDR R0,[R1,R5]; LDR R1,[R2]; LDR R2,[R3,#4]
   * - normally four cycles total") */
  static const uint16_t c[] = { 0x6801, 0x6842, 0x6883 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 4);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 4);
}

static void ldm_of_eight(void **state)
{
  (void)state;
  /* ldmia.w r0!,{r1-r8}: 1 + N = 9 */
  static const uint16_t c[] = { 0xE8B0, 0x01FE };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 9);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 9);
}

static void umlal_chain(void **state)
{
  (void)state;
  /* umlal r0,r1,r2,r3 four times: M4 1 each = 4; M3 4 to 7 each, the
   * upper bound for full-width operands = 28 */
  static const uint16_t c[] = { 0xFBE2, 0x0103, 0xFBE2, 0x0103, 0xFBE2, 0x0103, 0xFBE2, 0x0103 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 4);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 28);
}

static void other_multiplies(void **state)
{
  (void)state;
  /* mla r0,r1,r2,r3; umull r0,r1,r2,r3; umaal r0,r1,r2,r3: M4 1 + 1 + 1 = 3 */
  static const uint16_t c[] = { 0xFB01, 0x3002, 0xFBA2, 0x0103, 0xFBE2, 0x0163 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 3);
  /* mla r0,r1,r2,r3; umull r0,r1,r2,r3: M3 2 + 5 (3 to 5, upper bound) = 7 */
  assert_int_equal(seq_straight(M3, c, 4).cycles, 7);
}

static void str_reg_offset_then_ldr(void **state)
{
  (void)state;
  /* str r1,[r0,r2]; ldr r3,[r4]: a register-offset store takes 2 and
   * "nothing can be pipelined after the store": 2 + 2 = 4 */
  static const uint16_t c[] = { 0x5081, 0x6823 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 4);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 4);
}

static void ldr_then_str(void **state)
{
  (void)state;
  /* ldr r3,[r4]; str r1,[r2,r3]: the load's result is the store's
   * offset, no pipelining: 2 + 2 = 4 */
  static const uint16_t dep[] = { 0x6823, 0x50D1 };
  assert_int_equal(seq_straight(M4, dep, SEQ_N(dep)).cycles, 4);
  /* ldr r1,[r0]; str r1,[r2,r3]: stores what was loaded, at an address
   * that does not depend on it: 2 + 1 = 3 ("LDR R0,[R1,R2]; STR
   * R1,[R3,R2] - normally three cycles total") */
  static const uint16_t ind[] = { 0x6801, 0x50D1 };
  assert_int_equal(seq_straight(M4, ind, SEQ_N(ind)).cycles, 3);
  /* ldr r1,[sp,#4]; str r1,[r0,#4]: "STR Rx,[Ry,#imm] is always one
   * cycle": 2 + 1 = 3 */
  static const uint16_t imm[] = { 0x9901, 0x6041 };
  assert_int_equal(seq_straight(M3, imm, SEQ_N(imm)).cycles, 3);
}

static void address_after_alu(void **state)
{
  (void)state;
  /* adds r0,#4; ldr r1,[r0]: the address is the result of the
   * data-processing instruction before it, no forwarding path:
   * 1 + (2 + 1) = 4 */
  static const uint16_t c[] = { 0x3004, 0x6801 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 4);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 4);
}

static void division(void **state)
{
  (void)state;
  /* udiv r0,r1,r2: 2 to 12, operands unknown: 12 */
  static const uint16_t c[] = { 0xFBB1, 0xF0F2 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 12);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 12);
}

static void it_block(void **state)
{
  (void)state;
  /* cmp r0,#0; ite eq; moveq r1,#1; movne r1,#2: the IT folds onto the
   * 16-bit CMP: 1 + 0 + 1 + 1 = 3 */
  static const uint16_t c[] = { 0x2800, 0xBF0C, 0x2101, 0x2102 };
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).insns, 4);
  assert_int_equal(seq_straight(M4, c, SEQ_N(c)).cycles, 3);
  assert_int_equal(seq_straight(M3, c, SEQ_N(c)).cycles, 3);
  /* after a 32-bit instruction it does not fold: mul.w r0,r1,r2; ite eq;
   * moveq r1,#1; movne r1,#2 = 1 + 1 + 1 + 1 = 4 */
  static const uint16_t w[] = { 0xFB01, 0xF002, 0xBF0C, 0x2101, 0x2102 };
  assert_int_equal(seq_straight(M4, w, SEQ_N(w)).cycles, 4);
}

/* 0x1000 movs r0,#2; 0x1002 loop: subs r0,#1; 0x1004 bne loop; 0x1006 nop.w */
static const uint16_t loop[] = { 0x2002, 0x3801, 0xD1FD, 0xF3AF, 0x8000 };

static void taken_and_not_taken(void **state)
{
  (void)state;
  /* first block movs, subs, bne taken: 1 + 1 + 1 + P, P = 1 (immediate
   * target, a 16-bit instruction); second block subs, bne not taken:
   * 1 + 1. 4 + 2 = 6 cycles, 5 instructions */
  seq_result r = SEQ_PATH(M4, loop, 0x1000, 0x1002, 0x1006);
  assert_int_equal(r.insns, 5);
  assert_int_equal(r.cycles, 6);
  assert_int_equal(SEQ_PATH(M3, loop, 0x1000, 0x1002, 0x1006).cycles, 6);
}

static void cbz_taken_and_not(void **state)
{
  (void)state;
  /* 0x1000 cbz r0,0x1006; 0x1002 nop; 0x1004 nop; 0x1006 ldr r1,[sp,#4].
   * Taken: 1 + P = 2. Not taken: 1, then the nops' block. */
  static const uint16_t c[] = { 0xB108, 0xBF00, 0xBF00, 0x9901 };
  assert_int_equal(SEQ_PATH(M4, c, 0x1000, 0x1006).cycles, 2);
  assert_int_equal(SEQ_PATH(M4, c, 0x1000, 0x1002).cycles, 1);
}

static void pop_pc(void **state)
{
  (void)state;
  /* 0x1000 pop {r4,pc}, returning to 0x1002 (a 16-bit movs): 1 + N + P,
   * N = 2, P = 3 (a load to the PC: "three cycles for the pipeline
   * reload") = 6 */
  static const uint16_t c[] = { 0xBD10, 0x2002 };
  assert_int_equal(SEQ_PATH(M4, c, 0x1000, 0x1002).cycles, 6);
  assert_int_equal(SEQ_PATH(M3, c, 0x1000, 0x1002).cycles, 6);
}

static void refill_on_unaligned_wide_target(void **state)
{
  (void)state;
  /* 0x1000 b.w 0x1006; 0x1004 nop; 0x1006 ldr.w r1,[r0]: the target is a
   * 32-bit instruction at an address that is not word aligned: 1 + P
   * with P = 1 + 1 = 3 */
  static const uint16_t c[] = { 0xF000, 0xB801, 0xBF00, 0xF8D0, 0x1000 };
  assert_int_equal(SEQ_PATH(M4, c, 0x1000, 0x1006).cycles, 3);
  /* to the 16-bit nop at 0x1004 instead: 1 + 1 = 2 */
  assert_int_equal(SEQ_PATH(M4, c, 0x1000, 0x1004).cycles, 2);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(dependent_loads),
    cmocka_unit_test(pipelined_loads),
    cmocka_unit_test(ldm_of_eight),
    cmocka_unit_test(umlal_chain),
    cmocka_unit_test(other_multiplies),
    cmocka_unit_test(str_reg_offset_then_ldr),
    cmocka_unit_test(ldr_then_str),
    cmocka_unit_test(address_after_alu),
    cmocka_unit_test(division),
    cmocka_unit_test(it_block),
    cmocka_unit_test(taken_and_not_taken),
    cmocka_unit_test(cbz_taken_and_not),
    cmocka_unit_test(pop_pc),
    cmocka_unit_test(refill_on_unaligned_wide_target),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
