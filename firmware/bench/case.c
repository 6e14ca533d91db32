/* The case runner: selection (quick suite, configuration axis), test hooks,
 * known-answer check, stack and heap run, timed run, record. A case whose
 * answer is wrong is reported on stderr and never timed. */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "report.h"
#include "stack_paint.h"

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

/* ---- does the case fit the board? ---- */

/* The harness's frames between a driver and the measured call (the case
 * runner with its CP_REPEAT counts, the counter's measuring function) and
 * a margin: stack a case's figure does not count but the board must have. */
#define CP_STACK_RESERVE 256u

/* Bytes the case writes to cp_out. */
static size_t out_need(const struct cp_case *c)
{
  if (c->out_bytes)
    return c->out_bytes;
  return c->expect ? c->expect_len : CP_OUT_PK;
}

struct fit {
  const char *reason;      /* NULL: it fits */
  uint32_t stack, heap;    /* what it needs (0: not known) */
};

#ifdef CP_FIT_CHECK
/* "9.6 KiB" (truncated to a tenth), "16 KiB" or "980 bytes" */
static void amount(char *buf, size_t n, unsigned long bytes)
{
  unsigned long tenth = bytes % 1024 * 10 / 1024;
  if (bytes < 1024)
    snprintf(buf, n, "%lu bytes", bytes);
  else if (tenth)
    snprintf(buf, n, "%lu.%lu KiB", bytes / 1024, tenth);
  else
    snprintf(buf, n, "%lu KiB", bytes / 1024);
}

/* Appends "needs <need> of <what>, the board has <has>" to the reason. */
static void shortfall(char *reason, size_t n, const char *what, unsigned long need, unsigned long has)
{
  char a[24], b[24];
  size_t used = strlen(reason);
  amount(a, sizeof a, need);
  amount(b, sizeof b, has);
  snprintf(reason + used, n - used, "%sneeds %s of %s, the board has %s", used ? "; " : "", a, what, b);
}
#endif

static struct fit fit_of(const struct cp_case *c)
{
  static char reason[200];
  struct fit f = { NULL, 0, 0 };
  reason[0] = 0;
  if (out_need(c) > cp_out_bytes)
    snprintf(reason, sizeof reason, "needs an output buffer of %lu bytes, the image has %lu",
             (unsigned long)out_need(c), (unsigned long)cp_out_bytes);
#ifdef CP_FIT_CHECK
  const struct cp_need *need = NULL;
  for (unsigned i = 0; i < cp_needs_count && !need; i++)
    if (strcmp(cp_needs[i].id, c->id) == 0)
      need = &cp_needs[i];
  if (!need) {
    char what[160];
    snprintf(what, sizeof what, "case %s has no measured needs (the probe image did not run it)", c->id);
    cp_harness_error(what);
  }
  f.stack = need->stack;
  f.heap = need->heap;
  uintptr_t sp = (uintptr_t)cp_sp(), limit = (uintptr_t)__stack_limit;
  unsigned long stack_has = sp > limit + CP_STACK_RESERVE ? sp - limit - CP_STACK_RESERVE : 0;
  unsigned long heap_has = cp_heap_capacity();
  if (need->stack > stack_has)
    shortfall(reason, sizeof reason, "stack", need->stack, stack_has);
  if (need->heap > heap_has)
    shortfall(reason, sizeof reason, "heap", need->heap, heap_has);
#endif
  if (reason[0])
    f.reason = reason;
  return f;
}

int cp_case_selected(const struct cp_case *c)
{
  return selected(c) && !fit_of(c).reason;
}

void cp_setup_failed(const char *what)
{
  if (!cp_heap_failures(NULL))
    cp_harness_error(what);
}

/* The heap ran out since the last case ended (in a set-up or in the case):
 * a reason, or NULL. */
static const char *ran_out(void)
{
  static char reason[160];
  size_t size;
  if (!cp_heap_failures(&size))
    return NULL;
  snprintf(reason, sizeof reason, "the heap ran out: an allocation of %lu bytes failed with %lu bytes"
           " of the library's blocks live and %lu free", (unsigned long)size,
           (unsigned long)cp_heap_gross_live(), (unsigned long)(cp_heap_capacity() - cp_heap_gross_live()));
  return reason;
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
  memset(cp_out, 0, cp_out_bytes);
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

/* A CRC-32 of what a run answered: its return code, the output buffer and
 * the tag. Taken before the check, which may flip a byte of the output. */
static uint32_t answer_sum(const struct cp_case *c)
{
  uint32_t sum = cp_crc32(0, &c->rc, sizeof c->rc);
  sum = cp_crc32(sum, cp_out, out_need(c));
  return cp_crc32(sum, cp_tag, sizeof cp_tag);
}

/* The end of a case: what it needed is measured from here on for the next
 * (a probe image prints it for the board's needs table). */
static void case_done(const struct cp_case *c, uint32_t stack)
{
#ifdef CP_NEEDS_PROBE
  printf("  # needs %s %lu %lu\n", c->id, (unsigned long)stack, (unsigned long)cp_heap_gross_peak());
#else
  (void)c;
  (void)stack;
#endif
  cp_heap_window_start();
}

void cp_case_not_run(struct cp_case *c, const char *reason)
{
  if (!selected(c))
    return;
  printf("  # case %s\n", c->id);
  struct fit f = fit_of(c);
  cp_report_not_run(c, f.stack, f.heap, f.reason ? f.reason : reason);
  case_done(c, 0);
}

/* A case that fitted by its needs but whose run found the heap out of room:
 * reported as not run, with the failed allocation as the reason. */
static void not_run_after_all(struct cp_case *c, size_t full, struct fit f)
{
  c->len = full;
  cp_report_not_run(c, f.stack, f.heap, ran_out());
  case_done(c, 0);
}

void cp_case_run(struct cp_case *c)
{
  if (!selected(c))
    return;
  c->r.axes = axes_of(&c->r);
  /* Said before the case runs, and flushed, so that a fault or a hang
   * inside it still leaves the runner the name of the case. */
  printf("  # case %s\n", c->id);
  fflush(stdout);
  struct fit f = fit_of(c);
  const char *why = f.reason ? f.reason : ran_out();
  if (why) {
    cp_report_not_run(c, f.stack, f.heap, why);
    case_done(c, 0);
    return;
  }
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
  uint32_t checked = answer_sum(c);
  if (ran_out()) { /* a small board: a misfit the needs did not foresee */
    not_run_after_all(c, full, f);
    return;
  }
  if (!answer_ok(c)) {
    fflush(stdout);
    fprintf(stderr, "error: case %s: known-answer mismatch\n", c->id);
    failures++;
    c->len = full;
    case_done(c, 0);
    return;
  }
  /* On silicon the figure varies a little from run to run (caches, the
   * flash accelerator): CP_REPEAT timed runs, the median reported with the
   * lowest and highest. Under QEMU every run counts the same: one. The
   * first timed run also gives the stack (painted and scanned outside the
   * counted window) and the heap peak: no run of its own for them, unless
   * a SysTick frame may have made the deepest stack word (counter.c). */
  uint32_t counts[CP_REPEAT], stack = CP_STACK_UNKNOWN, heap = 0;
  int32_t window = cp_counter_window(); /* QEMU: one timed run, this window */
  for (int k = 0; k < CP_REPEAT; k++) {
    run_once(c);
    size_t held = c->heap_from_base ? cp_heap_live() - c->heap_base : 0;
    cp_heap_reset_peak();
    uint32_t depth;
    counts[k] = cp_counter_measure(c->run, c, &depth) - overhead;
    if (ran_out()) { /* the warm-up fitted; what it left on the heap did not */
      not_run_after_all(c, full, f);
      return;
    }
    if (k == 0) {
      stack = depth;
      heap = (uint32_t)(cp_heap_peak() + held);
    }
    /* The randomness restarts before every run (rand.c), so a timed run
     * answers what the checked warm-up run answered, byte for byte: the
     * same sum passes without the check again (for a signature, two more
     * verifications, which doubled the sweep's instructions); any other
     * answer must pass the whole check. */
    if (answer_sum(c) != checked && !answer_ok(c)) {
      fflush(stdout);
      fprintf(stderr, "error: case %s: known-answer mismatch in the timed run\n", c->id);
      failures++;
      c->len = full;
      case_done(c, 0);
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
  cp_report_result(c, counts[CP_REPEAT / 2], counts[0], counts[CP_REPEAT - 1], window, stack, heap);
  case_done(c, stack);
}

void cp_suite_begin(void)
{
  cp_library_info(&lib);
  cp_counter_init();
  int32_t overhead_window = cp_counter_window();
  overhead = cp_counter_calibrate();
  cp_report_header(&lib, overhead, overhead_window);
#ifdef CP_FIT_CHECK
  cp_heap_claim();
#endif
  cp_heap_window_start();
}

int cp_suite_end(void)
{
  printf("# stack figures from a run of their own (a SysTick frame in the timed run): %u cases\n", stack_runs);
  /* what the runner divides by the wall time to know QEMU's speed */
  printf("# %s counted by this image in all: %llu\n", cp_counter_kind(), (unsigned long long)cp_counter_elapsed());
  cp_report_end();
  return failures ? CP_EXIT_KAT : CP_EXIT_OK;
}
