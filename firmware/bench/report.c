/* Writes the YAML document on semihosting stdout. Strings are written as
 * double-quoted scalars with '"' and '\' escaped; numbers plain. */
#include <stdio.h>
#include <string.h>
#include "report.h"

static unsigned long results_printed;


static void key_str(int indent, const char *key, const char *value)
{
  printf("%*s%s: \"", indent, "", key);
  for (const char *p = value; *p; p++) {
    if (*p == '"' || *p == '\\')
      putchar('\\');
    putchar(*p);
  }
  printf("\"\n");
}

static void key_hex(int indent, const char *key, const uint8_t *p, size_t n)
{
  printf("%*s%s: \"", indent, "", key);
  for (size_t i = 0; i < n; i++)
    printf("%02x", p[i]);
  printf("\"\n");
}

static void key_num(int indent, const char *key, unsigned long value)
{
  printf("%*s%s: %lu\n", indent, "", key, value);
}

/* Optional result fields: absent when NULL or 0. */
static void field_str(const char *key, const char *value)
{
  if (value)
    key_str(4, key, value);
}

static void field_num(const char *key, unsigned long value)
{
  if (value)
    key_num(4, key, value);
}

/* The image's label of an axis the result names. */
static const char *axis_of(const struct cp_result *r, unsigned axis)
{
  return r->axes & axis ? cp_axis_label(axis) : NULL;
}

/* What each label of the image stands for, one entry per family that
 * carries it (the dataset's `axes`). */
static void report_axes(const struct cp_library_info *lib)
{
  printf("  axes:\n");
  for (size_t i = 0; i < lib->naxes; i++) {
    const char *f = lib->axes[i].families;
    while (f && *f) {
      size_t n = strcspn(f, " ");
      char family[32];
      snprintf(family, sizeof family, "%.*s", (int)n, f);
      key_str(4, "- family", family);
      key_str(6, "field", lib->axes[i].field);
      key_str(6, "label", lib->axes[i].label);
      key_str(6, "meaning", lib->axes[i].meaning);
      f += n + (f[n] == ' ');
    }
  }
}

/* The fingerprint of the library archive this image was linked with,
 * "<library>-<version>-<configuration> <hash>": the configuration the
 * archive was built for, not what the port says it is (mk/firmware.mk binds
 * the name at link time; firmware/README.md, "Library fingerprint"). */
extern const char cp_lib_fingerprint[];

void cp_report_header(const struct cp_library_info *lib, uint32_t overhead, int32_t overhead_window)
{
  printf("run:\n");
  key_str(2, "board", CP_BOARD);
  key_str(2, "core", CP_CORE);
  if (CP_QEMU_MACHINE[0])
    key_str(2, "qemu_machine", CP_QEMU_MACHINE);
  key_num(2, "core_clock_hz", cp_board_clock_hz());
  key_str(2, "clock_note", cp_board_clock_note());
  cp_board_report_system();
  printf("  library:\n");
  key_str(4, "slug", lib->slug);
  key_str(4, "name", lib->name);
  key_str(4, "version", lib->version);
  key_str(4, "version_full", lib->version_full);
  key_str(4, "package", lib->package);
  key_str(4, "fingerprint", cp_lib_fingerprint);
  if (lib->version_note)
    key_str(4, "version_note", lib->version_note);
  key_str(2, "configuration", lib->configuration);
  key_str(2, "configuration_meaning", lib->configuration_meaning);
  report_axes(lib);
  if (lib->families_absent) {
    key_str(2, "families_absent", lib->families_absent);
    key_str(2, "families_absent_note", lib->families_absent_note);
  }
  printf("  toolchain:\n");
  key_str(4, "compiler", "arm-none-eabi-gcc " __VERSION__);
  key_str(4, "flags", CP_FW_FLAGS);
  key_str(4, "libc", CP_LIBC);
  printf("  counter:\n");
  key_str(4, "kind", cp_counter_kind());
  key_str(4, "method", cp_counter_method());
  if (CP_ICOUNT_SHIFT >= 0)
    key_num(4, "icount_shift", CP_ICOUNT_SHIFT);
  key_num(4, "overhead", overhead);
  if (overhead_window >= 0)
    key_num(4, "overhead_window", (uint32_t)overhead_window);
  if (CP_REPEAT > 1)
    key_num(4, "repetitions", CP_REPEAT);
  key_str(4, "first_call", "excluded");
  key_str(4, "first_call_note", lib->first_call_note);
  key_str(2, "stack_method", "stack painted below the caller's frame before the first timed call and"
          " scanned after it, outside the counted window: the deepest overwritten word; where a SysTick"
          " exception frame may have written that word, one more call with SysTick interrupts off");
  if (CP_REPEAT > 1)
    key_str(2, "repetitions_note", "each case runs " CP_XSTR(CP_REPEAT) " times after its warm-up call;"
            " the figure is the median, the lowest and highest beside it");
  key_str(2, "heap_method", lib->heap_method);
  key_str(2, "message_notes", lib->message_notes);
  key_str(2, "checks_note", CP_NOTES_CHECKS);
  if (lib->footprint_note)
    key_str(2, "footprint_note", lib->footprint_note);
  if (lib->arch_note)
    key_str(2, "arch_note", lib->arch_note);
  printf("results:\n");
}

/* The identifying fields of a result record (its kind given). */
static void report_identity(const struct cp_case *c, const char *kind)
{
  const struct cp_result *r = &c->r;
  results_printed++;
  key_str(2, "- family", r->family);
  key_str(4, "kind", kind);
  field_str("measure", r->measure);
  field_str("cipher_mode", r->cipher_mode);
  field_str("pkcs1", r->pkcs1);
  field_str("modexp_method", axis_of(r, CP_AXIS_METHOD));
  field_num("key_bits", r->key_bits);
  field_num("modulus_bits", r->modulus_bits);
  field_str("hash", r->hash);
  field_str("curve", r->curve);
  field_str("parameter_set", r->parameter_set);
  field_num("buffer_bytes", r->buffer_bytes);
  field_num("message_bytes", r->message_bytes);
  field_num("chunk_bytes", r->chunk_bytes);
  field_num("aad_bytes", r->aad_bytes);
  field_num("nonce_bytes", r->nonce_bytes);
  field_num("tag_bytes", r->tag_bytes);
  key_str(4, "operation", r->operation);
  field_str("configuration", axis_of(r, CP_AXIS_CONFIGURATION));
  field_str("math_config", axis_of(r, CP_AXIS_MATH));
  field_str("curve_definition", axis_of(r, CP_AXIS_CURVEDEF));
  field_str("modexp_impl", axis_of(r, CP_AXIS_IMPL));
  /* GHASH's and Poly1305's implementation is a function variant as well;
   * no family names both axes. */
  field_str("variant", axis_of(r, CP_AXIS_VARIANT) ? axis_of(r, CP_AXIS_VARIANT) : axis_of(r, CP_AXIS_MUL));
}

void cp_report_not_run(const struct cp_case *c, uint32_t stack_need, uint32_t heap_need, const char *reason)
{
  report_identity(c, "not-run");
  field_num("needs_stack_bytes", stack_need);
  field_num("needs_heap_bytes", heap_need);
  key_str(4, "reason", reason);
}

void cp_report_unfit(const char *identity, uint32_t stack_need, uint32_t heap_need, const char *reason)
{
  results_printed++;
  fputs(identity, stdout);
  field_num("needs_stack_bytes", stack_need);
  field_num("needs_heap_bytes", heap_need);
  key_str(4, "reason", reason);
}

void cp_report_result(const struct cp_case *c, uint32_t count, uint32_t lo, uint32_t hi,
                      int32_t window, uint32_t stack_bytes, uint32_t heap_bytes)
{
  report_identity(c, "performance");
  const char *kind = cp_counter_kind();
  key_num(4, kind, count);
  if (CP_REPEAT > 1) {
    char key[24];
    snprintf(key, sizeof key, "%s_min", kind);
    key_num(4, key, lo);
    snprintf(key, sizeof key, "%s_max", kind);
    key_num(4, key, hi);
  }
  if (window >= 0)
    key_num(4, "window", (uint32_t)window);
  key_num(4, "stack_bytes", stack_bytes);
  key_num(4, "heap_bytes", heap_bytes);
  const struct cp_evidence *e = c->evidence;
  if (e) {
    printf("    evidence:\n");
    key_str(6, "case", c->id);
    key_str(6, "scheme", e->scheme);
    key_hex(6, "public_key", e->key, e->key_len);
    key_hex(6, "signed", e->msg, e->msg_len);
    key_hex(6, "signature", cp_out, e->sig_len);
  }
}

void cp_report_end(void)
{
  fflush(stdout);
  printf("end: {results: %lu, bytes: %lu, crc32: \"%08lx\"}\n", results_printed,
         (unsigned long)cp_console_bytes(), (unsigned long)cp_console_crc32());
  fflush(stdout);
}
