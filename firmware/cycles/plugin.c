/* QEMU glue of the cycle model: a TCG plugin (plugin API version 1, QEMU
 * 7.2) loaded as
 *   -plugin cpcycles.so,core=m4,window=0x1234[,exclude=0xA-0xB]...[,handler=0xH]...[,out=FD]
 * Each translated block is decoded and costed once (block_cost.c); its
 * instruction count and static cycles are added by inline code, and one
 * callback a block start runs model.c's dynamic part. A callback on every
 * block rather than on chosen ones keeps the model exact where a choice
 * made at translation time cannot be: a loop head is translated before the
 * back edge that makes it a branch target, and QEMU abandons blocks at I/O
 * accesses. Measured cost: README of firmware/cycles. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "model.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum { MAX_RANGES = 64, MAX_HANDLERS = 256 };

static cp_model model;
static cp_range ranges[MAX_RANGES];
static size_t nranges;
static uint32_t handlers[MAX_HANDLERS];
static size_t nhandlers;

static void on_block(unsigned int vcpu, void *udata)
{
  (void)vcpu;
  cp_model_enter(&model, udata);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
  (void)id;
  size_t n = qemu_plugin_tb_n_insns(tb);
  cp_insn *v = calloc(n ? n : 1, sizeof *v);
  cp_block *b = calloc(1, sizeof *b);
  if (!v || !b) {
    fprintf(stderr, "cpcycles: out of memory\n");
    abort();
  }
  for (size_t i = 0; i < n; i++) {
    struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);
    cp_decode((uint32_t)qemu_plugin_insn_vaddr(in), qemu_plugin_insn_data(in), qemu_plugin_insn_size(in), &v[i]);
  }
  if (cp_block_build(b, model.core, v, n, ranges, nranges) < 0) {
    fprintf(stderr, "cpcycles: out of memory\n");
    abort();
  }
  free(v);
  cp_model_prepare(&model, b);
  /* Blocks live as long as QEMU may run them: never freed. */
  qemu_plugin_register_vcpu_tb_exec_cb(tb, on_block, QEMU_PLUGIN_CB_NO_REGS, b);
  /* QEMU 7.2 emits a block's callbacks before its inline operations
   * (accel/tcg/plugin-gen.c, PLUGIN_GEN_FROM_TB), so cp_model_enter sees
   * the counts without this block, as it expects. */
  if (b->counted)
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &model.insns, b->counted);
  if (b->cycles)
    qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &model.cycles, b->cycles);
}

static int parse_addr(const char *s, uint32_t *out)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 16);
  if (strncmp(s, "0x", 2) != 0 || end == s + 2 || errno || v > 0xFFFFFFFFull)
    return -1;
  *out = (uint32_t)v;
  return *end == '\0' ? 0 : (int)(end - s);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
  const char *core_name = NULL, *why = NULL;
  uint32_t window = 0;
  bool have_window = false;
  long out = 2;
  (void)info;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int r;
    if (strncmp(a, "core=", 5) == 0) {
      core_name = a + 5;
    } else if (strncmp(a, "window=", 7) == 0) {
      if (parse_addr(a + 7, &window) != 0)
        goto bad;
      window &= ~1u; /* a Thumb function's address has bit 0 set */
      have_window = true;
    } else if (strncmp(a, "exclude=", 8) == 0) {
      cp_range *x = &ranges[nranges];
      if (nranges == MAX_RANGES || (r = parse_addr(a + 8, &x->lo)) <= 0 || a[8 + r] != '-' ||
          parse_addr(a + 9 + r, &x->hi) != 0 || x->hi < x->lo)
        goto bad;
      nranges++;
    } else if (strncmp(a, "handler=", 8) == 0) {
      if (nhandlers == MAX_HANDLERS || parse_addr(a + 8, &handlers[nhandlers]) != 0)
        goto bad;
      handlers[nhandlers++] &= ~1u;
    } else if (strncmp(a, "out=", 4) == 0) {
      char *end;
      out = strtol(a + 4, &end, 10);
      if (end == a + 4 || *end || out < 0 || out > 1000000)
        goto bad;
    } else {
      goto bad;
    }
    continue;
  bad:
    fprintf(stderr, "cpcycles: bad argument '%s' (core=m0|m3|m4|m33 window=0xADDR [exclude=0xA-0xB] "
                    "[handler=0xADDR] [out=FD])\n", a);
    return -1;
  }
  if (!core_name || !have_window) {
    fprintf(stderr, "cpcycles: core= and window= are required\n");
    return -1;
  }
  const cp_core *core = cp_core_find(core_name, &why);
  if (!core) {
    fprintf(stderr, "cpcycles: core=%s: %s\n", core_name, why);
    return -1;
  }
  cp_model_init(&model, core, window, handlers, nhandlers, (int)out);
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  return 0;
}
