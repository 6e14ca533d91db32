/* Cortex-M0 cycle model against counts worked out by hand from the
 * Cortex-M0 TRM (DDI 0432C) Table 3-1. Encodings as arm-none-eabi-objdump
 * lists them (-mcpu=cortex-m0: Thumb-1, BL and the barriers only 32-bit;
 * no IT, no division, no long multiply on Armv6-M). */
#include "cycles_seq.h"

#define M0 (&cp_core_m0)

static void loads_do_not_pipeline(void **state)
{
  (void)state;
  /* ldr r1,[r0]; ldr r2,[r1]; ldr r3,[r2] (dependent) and ldr r1,[r0];
   * ldr r2,[r0,#4]; ldr r3,[r0,#8] (independent): 2 + 2 + 2 = 6 both:
   * the M0 has no load pipelining and no load-to-use stall */
  static const uint16_t dep[] = { 0x6801, 0x680A, 0x6813 };
  static const uint16_t ind[] = { 0x6801, 0x6842, 0x6883 };
  assert_int_equal(seq_straight(M0, dep, SEQ_N(dep)).cycles, 6);
  assert_int_equal(seq_straight(M0, ind, SEQ_N(ind)).cycles, 6);
}

static void ldm_of_eight(void **state)
{
  (void)state;
  /* ldm r0,{r0-r7}: 1 + N = 9 */
  static const uint16_t c[] = { 0xC8FF };
  assert_int_equal(seq_straight(M0, c, SEQ_N(c)).cycles, 9);
}

static void muls_fast_multiplier(void **state)
{
  (void)state;
  /* muls r0,r1,r0 four times: 1 or 32, the nRF51822 taken to have the
   * fast multiplier: 4 */
  static const uint16_t c[] = { 0x4348, 0x4348, 0x4348, 0x4348 };
  assert_int_equal(seq_straight(M0, c, SEQ_N(c)).cycles, 4);
}

static void str_reg_offset_then_ldr(void **state)
{
  (void)state;
  /* str r1,[r0,r2]; ldr r3,[r4]: 2 + 2 = 4 */
  static const uint16_t c[] = { 0x5081, 0x6823 };
  assert_int_equal(seq_straight(M0, c, SEQ_N(c)).cycles, 4);
}

/* 0x1000 movs r0,#2; 0x1002 loop: subs r0,#1; 0x1004 bne loop; 0x1006 nop.w */
static const uint16_t loop[] = { 0x2002, 0x3801, 0xD1FD, 0xF3AF, 0x8000 };

static void taken_and_not_taken(void **state)
{
  (void)state;
  /* movs 1, subs 1, bne taken 3; subs 1, bne not taken 1: 5 + 2 = 7 */
  seq_result r = SEQ_PATH(M0, loop, 0x1000, 0x1002, 0x1006);
  assert_int_equal(r.insns, 5);
  assert_int_equal(r.cycles, 7);
}

static void pop_pc(void **state)
{
  (void)state;
  /* pop {r4,pc}: 4 + N, N = 2 = 6 */
  static const uint16_t c[] = { 0xBD10, 0x2002 };
  assert_int_equal(SEQ_PATH(M0, c, 0x1000, 0x1002).cycles, 6);
}

static void exception_entry_and_return(void **state)
{
  (void)state;
  /* 0x1000 adds r4,r4,r5 (interrupted after it); handler at 0x1004:
   * bx lr (1 + exception return, not a refill); resumes at 0x1002 (nop).
   * 1 + 16 (entry) + 1 + 16 (return) = 34 cycles, 2 instructions */
  static const uint16_t c[] = { 0x1964, 0xBF00, 0x4770 };
  cp_model m;
  cp_block b[3];
  const uint32_t handler = 0x1004, path[] = { 0x1000, 0x1004, 0x1002 };
  cp_model_init(&m, M0, 0xFFFFFFFEu, &handler, 1, -1);
  for (size_t i = 0; i < 3; i++) {
    seq_block(M0, c, SEQ_N(c), path[i], 0x1002, &b[i]);
    cp_model_prepare(&m, &b[i]);
    cp_model_enter(&m, &b[i]);
    if (i < 2) {
      m.insns += b[i].counted;
      m.cycles += b[i].cycles;
    }
  }
  assert_int_equal(m.insns, 2);
  assert_int_equal(m.cycles, 34);
  for (size_t i = 0; i < 3; i++)
    cp_block_free(&b[i]);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(loads_do_not_pipeline),
    cmocka_unit_test(ldm_of_eight),
    cmocka_unit_test(muls_fast_multiplier),
    cmocka_unit_test(str_reg_offset_then_ldr),
    cmocka_unit_test(taken_and_not_taken),
    cmocka_unit_test(pop_pc),
    cmocka_unit_test(exception_entry_and_return),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
