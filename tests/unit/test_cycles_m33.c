/* Cortex-M33 cycle model against counts worked out by hand from what is
 * published (timing_m33.c: jnk0le's RP2350 measurements "J", the
 * single-cycle MAC, Armv7-M fallbacks). Encodings as arm-none-eabi-objdump
 * lists them (-mcpu=cortex-m33). */
#include "cycles_seq.h"

#define M33 (&cp_core_m33)

static void dependent_loads(void **state)
{
  (void)state;
  /* ldr r1,[r0]; ldr r2,[r1]; ldr r3,[r2]: loads issue in 1, "load to use
   * latency is 2 cycles": 1 + (1 + 1) + (1 + 1) = 5 */
  static const uint16_t c[] = { 0x6801, 0x680A, 0x6813 };
  assert_int_equal(seq_straight(M33, c, SEQ_N(c)).cycles, 5);
}

static void independent_loads(void **state)
{
  (void)state;
  /* ldr r1,[r0]; ldr r2,[r0,#4]; ldr r3,[r0,#8]: 1 + 1 + 1 = 3 */
  static const uint16_t c[] = { 0x6801, 0x6842, 0x6883 };
  assert_int_equal(seq_straight(M33, c, SEQ_N(c)).cycles, 3);
}

static void ldm_of_eight(void **state)
{
  (void)state;
  /* ldmia.w r0!,{r1-r8}: "load/store multiple of x registers execute in
   * exactly x cycles" = 8 */
  static const uint16_t c[] = { 0xE8B0, 0x01FE };
  assert_int_equal(seq_straight(M33, c, SEQ_N(c)).cycles, 8);
}

static void umlal_chain(void **state)
{
  (void)state;
  /* umlal r0,r1,r2,r3 four times: single-cycle MAC, the accumulator
   * chained from the previous MAC without a stall: 4 */
  static const uint16_t c[] = { 0xFBE2, 0x0103, 0xFBE2, 0x0103, 0xFBE2, 0x0103, 0xFBE2, 0x0103 };
  assert_int_equal(seq_straight(M33, c, SEQ_N(c)).cycles, 4);
}

static void result_latencies(void **state)
{
  (void)state;
  /* mul.w r0,r1,r2; ldr r2,[r0]: the product is the address, 2-cycle
   * multiply latency: 1 + (1 + 1) = 3 */
  static const uint16_t mul[] = { 0xFB01, 0xF002, 0x6802 };
  assert_int_equal(seq_straight(M33, mul, SEQ_N(mul)).cycles, 3);
  /* add.w r0,r1,r2,lsl #3; ldr r2,[r0]: shifted-register operand, 2-cycle
   * result latency: 1 + (1 + 1) = 3 */
  static const uint16_t sh[] = { 0xEB01, 0x00C2, 0x6802 };
  assert_int_equal(seq_straight(M33, sh, SEQ_N(sh)).cycles, 3);
  /* ldr r1,[r0]; adds r2,r1,#1: load to use: 1 + (1 + 1) = 3 */
  static const uint16_t lu[] = { 0x6801, 0x1C4A };
  assert_int_equal(seq_straight(M33, lu, SEQ_N(lu)).cycles, 3);
  /* muls r0,r1,r0 (16-bit, flag setting): 2 */
  static const uint16_t ms[] = { 0x4348 };
  assert_int_equal(seq_straight(M33, ms, SEQ_N(ms)).cycles, 2);
}

static void str_reg_offset_then_ldr(void **state)
{
  (void)state;
  /* str r1,[r0,r2]; ldr r3,[r4]: 1 + 1 = 2 */
  static const uint16_t c[] = { 0x5081, 0x6823 };
  assert_int_equal(seq_straight(M33, c, SEQ_N(c)).cycles, 2);
}

static void division(void **state)
{
  (void)state;
  /* udiv r0,r1,r2: Armv7-M fallback, 2 to 12, upper bound: 12 */
  static const uint16_t c[] = { 0xFBB1, 0xF0F2 };
  assert_int_equal(seq_straight(M33, c, SEQ_N(c)).cycles, 12);
}

static void it_block(void **state)
{
  (void)state;
  /* cmp r0,#0; ite eq; moveq r1,#1; movne r1,#2: "it can dual issue with
   * preceding instruction": 1 + 0 + 1 + 1 = 3 */
  static const uint16_t c[] = { 0x2800, 0xBF0C, 0x2101, 0x2102 };
  assert_int_equal(seq_straight(M33, c, SEQ_N(c)).cycles, 3);
}

/* 0x1000 movs r0,#2; 0x1002 loop: subs r0,#1; 0x1004 bne loop; 0x1006 nop.w */
static const uint16_t loop[] = { 0x2002, 0x3801, 0xD1FD, 0xF3AF, 0x8000 };

static void taken_and_not_taken(void **state)
{
  (void)state;
  /* "subs r7,#1 // 1 cycle; bne 1b // 2 cycles taken, 0 not taken" (J):
   * movs 1 + subs 1 + bne taken 2, then subs 1 + bne not taken 0 = 5 */
  seq_result r = SEQ_PATH(M33, loop, 0x1000, 0x1002, 0x1006);
  assert_int_equal(r.insns, 5);
  assert_int_equal(r.cycles, 5);
}

static void pop_pc(void **state)
{
  (void)state;
  /* pop {r4,pc}: N = 2 cycles (J, load multiple), reload 3 (Armv7-M
   * fallback, a load to the PC) = 5 */
  static const uint16_t c[] = { 0xBD10, 0x2002 };
  assert_int_equal(SEQ_PATH(M33, c, 0x1000, 0x1002).cycles, 5);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(dependent_loads),
    cmocka_unit_test(independent_loads),
    cmocka_unit_test(ldm_of_eight),
    cmocka_unit_test(umlal_chain),
    cmocka_unit_test(result_latencies),
    cmocka_unit_test(str_reg_offset_then_ldr),
    cmocka_unit_test(division),
    cmocka_unit_test(it_block),
    cmocka_unit_test(taken_and_not_taken),
    cmocka_unit_test(pop_pc),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
