/* One benchmark case: the result fields that identify it, the operation
 * with its operands, and the known answer. cp_case_run checks the answer
 * (which is also the warm-up call), measures stack and heap, times one call,
 * checks the answer again and prints the result record. */
#ifndef CP_CASE_H
#define CP_CASE_H
#include <stddef.h>
#include <stdint.h>
#include "hal.h"
#include "ops.h"

/* Identifying result fields (schema/README.md); 0 / NULL = absent. */
struct cp_result {
  const char *family, *measure, *cipher_mode, *hash, *operation;
  const char *curve, *parameter_set;
  unsigned key_bits, buffer_bytes, message_bytes, chunk_bytes;
  int config_axis; /* carries the configuration label */
  const char *axis_field; /* its field: NULL = `configuration` (e.g. `variant`) */
};

struct cp_case {
  char id[48];
  struct cp_result r;
  cp_measured_fn *run;                  /* the timed call; sets rc */
  void (*prepare)(struct cp_case *c);   /* untimed set-up before each run, or NULL */
  const uint8_t *key, *iv, *in;
  unsigned key_bits;
  size_t len, chunk;
  int decrypt;
  const struct cp_hash *hash;
  int (*aead)(const struct cp_aead_args *a);
  const uint8_t *tag_in;                /* copied to cp_tag before each run */
  const uint8_t *expect, *expect_tag;   /* expected cp_out / cp_tag */
  size_t expect_len;
  /* Instead of expect: checks the output of a run whose answer is not one
   * fixed string (a fresh key pair, a randomised signature) by using it,
   * e.g. verifying it; returns 1 when it is right. */
  int (*check)(struct cp_case *c);
  int rc;
};

/* Where every operation writes: harness buffers, global so that footprint
 * images and benchmark images see them the same way. */
extern uint8_t cp_out[8000];
extern uint8_t cp_tag[16];
extern union cp_hash_ctx cp_ctx;

/* Whether the suite and the configuration run the case (drivers with costly
 * set-up ask before doing it). */
int cp_case_selected(const struct cp_case *c);
/* Runs one case (skipped when the suite or the configuration leaves it out). */
void cp_case_run(struct cp_case *c);
/* Sets up the case runner: library info, calibration; prints the run header. */
void cp_suite_begin(void);
/* Exit status of the whole suite. */
int cp_suite_end(void);

/* The drivers, one per family. */
void cp_bench_cbc(void);
void cp_bench_aead(void);
void cp_bench_hash(void);
/* Families only some libraries have (ops_edwards.h, ops_pq.h): the port runs
 * the ones its library has from cp_bench_more, called after the others. */
void cp_bench_more(void);
void cp_bench_eddsa(void);
void cp_bench_xdh(void);
void cp_bench_pq(void);

/* Counting allocator (heap.c). */
void cp_heap_reset_peak(void);
size_t cp_heap_peak(void);

#endif
