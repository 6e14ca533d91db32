/* The Thumb-2 decoder on encodings whose class, registers or target the
 * timing rules depend on (arm-none-eabi-objdump listings, -mcpu=cortex-m4,
 * the address being the listing's). */
#include "cycles_seq.h"

#define R(n) (1u << (n))

static cp_insn dec(uint32_t addr, uint16_t h1, uint16_t h2)
{
  uint8_t b[4] = { (uint8_t)h1, (uint8_t)(h1 >> 8), (uint8_t)h2, (uint8_t)(h2 >> 8) };
  cp_insn i;
  assert_int_equal(cp_decode(addr, b, 4, &i), cp_thumb32(h1) ? 4 : 2);
  return i;
}

static void loads_and_stores(void **state)
{
  (void)state;
  cp_insn i = dec(0x4, 0xE9D2, 0x0102); /* ldrd r0,r1,[r2,#8] */
  assert_int_equal(i.cls, CP_I_LDRD);
  assert_int_equal(i.loaded, R(0) | R(1));
  assert_int_equal(i.addr_regs, R(2));
  i = dec(0x8, 0xE851, 0x0F00); /* ldrex r0,[r1]: pipelines as an LDR */
  assert_int_equal(i.cls, CP_I_LOAD);
  assert_int_equal(i.loaded, R(0));
  i = dec(0xc, 0xE841, 0x0200); /* strex r2,r0,[r1]: writes its status */
  assert_int_equal(i.cls, CP_I_STORE);
  assert_int_equal(i.writes, R(2));
  i = dec(0x1e, 0xF855, 0x4026); /* ldr.w r4,[r5,r6,lsl #2] */
  assert_int_equal(i.cls, CP_I_LOAD);
  assert_true(i.reg_offset);
  assert_int_equal(i.addr_regs, R(5) | R(6));
  i = dec(0x22, 0xF845, 0x4D04); /* str.w r4,[r5,#-4]!: base written back */
  assert_int_equal(i.cls, CP_I_STORE);
  assert_false(i.reg_offset);
  assert_int_equal(i.writes, R(5));
  i = dec(0x26, 0xE92D, 0x4FF0); /* push.w {r4-r11,lr} */
  assert_int_equal(i.cls, CP_I_STM);
  assert_int_equal(i.nregs, 9);
}

static void writes_to_the_pc(void **state)
{
  (void)state;
  cp_insn i = dec(0x10, 0xF85D, 0xFB04); /* ldr.w pc,[sp],#4 */
  assert_int_equal(i.cls, CP_I_LOAD_PC);
  assert_true(i.writes_pc);
  i = dec(0x2a, 0xBD30, 0); /* pop {r4,r5,pc} */
  assert_int_equal(i.cls, CP_I_LDM);
  assert_int_equal(i.nregs, 3);
  assert_true(i.writes_pc);
  i = dec(0x0, 0xE8DF, 0xF000); /* tbb [pc,r0] */
  assert_int_equal(i.cls, CP_I_TBB);
  i = dec(0x2c, 0x4798, 0); /* blx r3 */
  assert_int_equal(i.cls, CP_I_BLX);
  i = dec(0x2e, 0x46F7, 0); /* mov pc,lr */
  assert_int_equal(i.cls, CP_I_ALU_PC);
}

static void branch_targets(void **state)
{
  (void)state;
  cp_insn i = dec(0x14, 0xF000, 0xFFFE); /* bl 0x1014 */
  assert_int_equal(i.cls, CP_I_BL);
  assert_int_equal(i.target, 0x1014);
  i = dec(0x18, 0xF43F, 0xAF7E); /* beq.w 0xffffff18 */
  assert_int_equal(i.cls, CP_I_BCOND);
  assert_int_equal(i.target, 0xFFFFFF18u);
  i = dec(0x1c, 0xB303, 0); /* cbz r3, 0x60 */
  assert_int_equal(i.cls, CP_I_BCOND);
  assert_int_equal(i.target, 0x60);
}

static void shifted_operand(void **state)
{
  (void)state;
  cp_insn i = dec(0x30, 0xEB01, 0x10F2); /* add.w r0,r1,r2,ror #7 */
  assert_int_equal(i.cls, CP_I_ALU);
  assert_true(i.shifted_op2);
  assert_int_equal(i.reads, R(1) | R(2));
  assert_int_equal(i.writes, R(0));
}

static void it_makes_branches_conditional(void **state)
{
  (void)state;
  /* it eq; bxeq lr: a conditional return */
  uint8_t b[] = { 0x08, 0xBF, 0x70, 0x47 };
  cp_insn v[2];
  assert_int_equal(cp_decode(0, b, 4, &v[0]), 2);
  assert_int_equal(cp_decode(2, b + 2, 2, &v[1]), 2);
  cp_mark_it_blocks(v, 2);
  assert_true(v[1].in_it);
  cp_block blk;
  assert_int_equal(cp_block_build(&blk, &cp_core_m4, v, 2, NULL, 0), 0);
  assert_int_equal(blk.exit, CP_EXIT_COND);
  cp_block_free(&blk);
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(loads_and_stores),
    cmocka_unit_test(writes_to_the_pc),
    cmocka_unit_test(branch_targets),
    cmocka_unit_test(shifted_operand),
    cmocka_unit_test(it_makes_branches_conditional),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
