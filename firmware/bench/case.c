/* The case runner: selection (quick suite, configuration axis), test hooks,
 * known-answer check, stack and heap run, timed run, record. A case whose
 * answer is wrong is reported on stderr and never timed. */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "report.h"

uint8_t cp_out[8000];
uint8_t cp_tag[16];
union cp_hash_ctx cp_ctx;

#ifndef CP_REPEAT
#define CP_REPEAT 1
#endif
_Static_assert(CP_REPEAT >= 1 && CP_REPEAT % 2 == 1, "an odd number of timed runs has one median");

static struct cp_library_info lib;
static uint32_t overhead;
static int failures;
static unsigned stack_runs; /* cases whose stack needed a run of its own */

/* The group of configurations that vary a family (ops.h). */
static const char *group_of(const char *family)
{
  static const char *const groups[][2] = {
    { "ECDSA", "ecc" }, { "ECDH", "ecc" }, { "RSA", "rsa" }, { "DH", "rsa" },
  };
  for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
    if (strcmp(groups[i][0], family) == 0)
      return groups[i][1];
  return "sym";
}

const char *cp_axis_label(unsigned axis)
{
  for (size_t i = 0; i < lib.naxes; i++)
    if (lib.axes[i].axis == axis)
      return lib.axes[i].label;
  return NULL;
}

/* The axes a case names in this port: the driver's, plus the families the
 * port's own knobs change (ops.h, cp_library_info.case_axes). */
static unsigned axes_of(const struct cp_result *r)
{
  return lib.case_axes ? lib.case_axes(r->family, r->cipher_mode, r->axes) : r->axes;
}

/* Whether the image's configuration can run the case at all. */
static int served(const struct cp_result *r)
{
  return !lib.serves || lib.serves(r->family, r->cipher_mode, r->curve, r->pkcs1);
}

/* A case runs in the images of its family's group whose axes it does not
 * name have their home value: each result is measured exactly once. */
static int in_configuration(const struct cp_case *c)
{
  if (lib.group && strcmp(group_of(c->r.family), lib.group) != 0)
    return 0;
  unsigned axes = axes_of(&c->r);
  unsigned named = axes & lib.knob ? axes | lib.knob : axes;
  for (size_t i = 0; i < lib.naxes; i++)
    if (!(named & lib.axes[i].axis) && !lib.axes[i].home)
      return 0;
  return 1;
}

/* The quick suite (FW_TEST_IMAGES): one or two cases per family, all in the
 * one image of the `fast` configuration. */
static int selected(const struct cp_case *c)
{
  if (!served(&c->r))
    return 0;
#ifdef CP_SUITE_QUICK
  (void)in_configuration;
  static const char *const quick[] = {
    "aes-128-cbc-enc-sb-64", "aes-128-cbc-dec-df-8000-512", "aes-128-gcm-enc-1024",
    "aes-256-ccm-dec-1024", "chacha20-poly1305-enc-64", "chacha20-poly1305-dec-1024",
    "3des-cbc-enc-sb-64", "sha256-sb-64", "sha512-df-8000-512",
    "md5-tag-8000", "sha3-256-sb-64", "ecdsa-secp256r1-sha256-sign",
    "ecdsa-secp256r1-sha256-verify", "ecdh-x25519-shared", "rsa-v1.5-1024-sign", "dh-1024-keygen",
    "ed25519-sign-1023", "ed448-verify-1023",
    "x25519-shared-secret", "x448-public-key", "ml-dsa-44-verification",
    "ml-kem-512-decapsulation", "lms-sha256-m32-h5-w4-verification",
  };
  for (size_t i = 0; i < sizeof quick / sizeof quick[0]; i++)
    if (strcmp(c->id, quick[i]) == 0)
      return 1;
  return 0;
#else
  return in_configuration(c);
#endif
}

int cp_case_selected(const struct cp_case *c)
{
  return selected(c);
}

/* Test hooks for the runner's failure tests (firmware/README.md). */
static int hooked(const char *hook, const struct cp_case *c)
{
  return hook[0] && strcmp(hook, c->id) == 0;
}
#ifndef CP_BREAK_KAT
#define CP_BREAK_KAT ""
#endif
#ifndef CP_FAULT_CASE
#define CP_FAULT_CASE ""
#endif
#ifndef CP_HANG_CASE
#define CP_HANG_CASE ""
#endif
#ifndef CP_HALF_CASE
#define CP_HALF_CASE ""
#endif

/* The bytes a case's record says it processes (buffer or message size; 0
 * when it names none). */
static size_t named_bytes(const struct cp_case *c)
{
  return c->r.buffer_bytes ? c->r.buffer_bytes : c->r.message_bytes;
}

static void run_once(struct cp_case *c)
{
  memset(cp_out, 0, sizeof cp_out);
  if (c->tag_in)
    memcpy(cp_tag, c->tag_in, sizeof cp_tag);
  else
    memset(cp_tag, 0, sizeof cp_tag);
  if (c->prepare)
    c->prepare(c);
}

static int answer_ok(struct cp_case *c)
{
  if (hooked(CP_BREAK_KAT, c))
    cp_out[0] ^= 1; /* simulates a wrong answer */
  if (c->rc != 0)
    return 0;
  if (c->check)
    return c->check(c);
  return memcmp(cp_out, c->expect, c->expect_len) == 0 &&
         (!c->expect_tag || memcmp(cp_tag, c->expect_tag, sizeof cp_tag) == 0);
}

void cp_case_run(struct cp_case *c)
{
  if (!cp_case_selected(c))
    return;
  c->r.axes = axes_of(&c->r);
  /* Said before the case runs, and flushed, so that a fault or a hang
   * inside it still leaves the runner the name of the case. */
  printf("  # case %s\n", c->id);
  fflush(stdout);
  if (hooked(CP_FAULT_CASE, c))
    __asm__ volatile("udf #0");
  if (hooked(CP_HANG_CASE, c))
    for (;;)
      __asm__ volatile("");

  /* The harness hands the port exactly the bytes the record names; the
   * known answer covers all of them, so a port that processes fewer fails
   * it (the half hook plays such a port: tests/firmware/failure.t). */
  size_t full = c->len;
  if (named_bytes(c) && full != named_bytes(c)) {
    char what[128];
    snprintf(what, sizeof what, "case %s passes %u bytes, its record names %u", c->id,
             (unsigned)full, (unsigned)named_bytes(c));
    cp_harness_error(what);
  }
  if (hooked(CP_HALF_CASE, c))
    c->len = full / 2;

  run_once(c);
  c->run(c);
  if (!answer_ok(c)) {
    fflush(stdout);
    fprintf(stderr, "error: case %s: known-answer mismatch\n", c->id);
    failures++;
    c->len = full;
    return;
  }
  /* On silicon the figure varies a little from run to run (caches, the
   * flash accelerator): CP_REPEAT timed runs, the median reported with the
   * lowest and highest. Under QEMU every run counts the same: one. The
   * first timed run also gives the stack (painted and scanned outside the
   * counted window) and the heap peak: no run of its own for them, unless
   * a SysTick frame may have made the deepest stack word (counter.c). */
  uint32_t counts[CP_REPEAT], stack = CP_STACK_UNKNOWN, heap = 0;
  for (int k = 0; k < CP_REPEAT; k++) {
    run_once(c);
    size_t held = c->heap_from_base ? cp_heap_live() - c->heap_base : 0;
    cp_heap_reset_peak();
    uint32_t depth;
    counts[k] = cp_counter_measure(c->run, c, &depth) - overhead;
    if (k == 0) {
      stack = depth;
      heap = (uint32_t)(cp_heap_peak() + held);
    }
    if (!answer_ok(c)) {
      fflush(stdout);
      fprintf(stderr, "error: case %s: known-answer mismatch in the timed run\n", c->id);
      failures++;
      c->len = full;
      return;
    }
  }
  if (stack == CP_STACK_UNKNOWN) {
    run_once(c);
    stack = cp_stack_measure(c->run, c);
    stack_runs++;
  }
  for (int i = 1; i < CP_REPEAT; i++)
    for (int k = i; k > 0 && counts[k - 1] > counts[k]; k--) {
      uint32_t t = counts[k];
      counts[k] = counts[k - 1];
      counts[k - 1] = t;
    }
  c->len = full;
  cp_report_result(c, counts[CP_REPEAT / 2], counts[0], counts[CP_REPEAT - 1], stack, heap);
}

void cp_suite_begin(void)
{
  cp_library_info(&lib);
  cp_counter_init();
  overhead = cp_counter_calibrate();
  cp_report_header(&lib, overhead);
}

int cp_suite_end(void)
{
  printf("# stack figures from a run of their own (a SysTick frame in the timed run): %u cases\n", stack_runs);
  /* what the runner divides by the wall time to know QEMU's speed */
  printf("# %s counted by this image in all: %llu\n", cp_counter_kind(), (unsigned long long)cp_counter_elapsed());
  cp_report_end();
  return failures ? CP_EXIT_KAT : CP_EXIT_OK;
}
