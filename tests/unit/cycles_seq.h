/* Runs instruction sequences through the cycle model the way QEMU would:
 * the code (halfwords, as arm-none-eabi-objdump lists them) is cut into
 * blocks that end at a branch, the blocks are "executed" in the order a
 * path of start addresses gives, each entered through cp_model_enter and
 * then charged its static part as the plugin's inline code does. The last
 * address of a path is entered but not charged: it only resolves how the
 * block before it ended (a taken branch's refill). Shared by
 * tests/unit/test_cycles_*.c. */
#ifndef CYCLES_SEQ_H
#define CYCLES_SEQ_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model.h"

enum { SEQ_BASE = 0x1000, SEQ_MAX = 64 };

typedef struct {
  uint64_t insns, cycles;
} seq_result;

static inline bool seq_ends_block(const cp_insn *i)
{
  return i->writes_pc || i->cls == CP_I_B || i->cls == CP_I_BCOND || i->cls == CP_I_BL || i->cls == CP_I_TRAP;
}

/* The block QEMU would translate at addr; it also ends before stop (a
 * block QEMU ended without a branch), when stop is not 0. */
static inline void seq_block(const cp_core *core, const uint16_t *code, size_t n, uint32_t addr, uint32_t stop, cp_block *b)
{
  uint8_t bytes[2 * SEQ_MAX];
  cp_insn v[SEQ_MAX];
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    bytes[2 * i] = (uint8_t)code[i];
    bytes[2 * i + 1] = (uint8_t)(code[i] >> 8);
  }
  size_t off = addr - SEQ_BASE;
  while (off < 2 * n && (k == 0 || SEQ_BASE + off != stop)) {
    int len = cp_decode(SEQ_BASE + (uint32_t)off, bytes + off, 2 * n - off, &v[k]);
    assert_true(len > 0);
    off += (size_t)len;
    if (seq_ends_block(&v[k++]))
      break;
  }
  assert_int_equal(cp_block_build(b, core, v, k, NULL, 0), 0);
}

/* Executes the blocks starting at path[0..npath-1] (see above). */
static inline seq_result seq_run(const cp_core *core, const uint16_t *code, size_t n, const uint32_t *path, size_t npath,
                          uint32_t stop)
{
  cp_model m;
  cp_block b[SEQ_MAX];
  cp_model_init(&m, core, 0xFFFFFFFEu, NULL, 0, -1);
  assert_true(npath <= SEQ_MAX);
  for (size_t i = 0; i < npath; i++) {
    seq_block(core, code, n, path[i], stop, &b[i]);
    cp_model_prepare(&m, &b[i]);
    cp_model_enter(&m, &b[i]);
    if (i + 1 < npath) {
      m.insns += b[i].counted;
      m.cycles += b[i].cycles;
    }
  }
  for (size_t i = 0; i < npath; i++)
    cp_block_free(&b[i]);
  return (seq_result){ m.insns, m.cycles };
}

/* A straight sequence of n halfwords: one block, then the instruction
 * after it (a NOP.W, whose cost no neighbour changes on any modelled
 * core). */
static inline seq_result seq_straight(const cp_core *core, const uint16_t *code, size_t n)
{
  uint16_t c[SEQ_MAX];
  assert_true(n + 2 <= SEQ_MAX);
  memcpy(c, code, n * sizeof *code);
  c[n] = 0xF3AF;
  c[n + 1] = 0x8000;
  uint32_t end = SEQ_BASE + 2 * (uint32_t)n;
  return seq_run(core, c, n + 2, (const uint32_t[]){ SEQ_BASE, end }, 2, end);
}

#define SEQ_N(a) (sizeof(a) / sizeof((a)[0]))
/* Code with branches: blocks end at branches only. */
#define SEQ_PATH(core, code, ...)                                                                 \
  seq_run((core), (code), SEQ_N(code), (const uint32_t[]){ __VA_ARGS__ },                        \
          sizeof((const uint32_t[]){ __VA_ARGS__ }) / sizeof(uint32_t), 0)

#endif
