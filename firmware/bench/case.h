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

/* Identifying result fields (schema/README.md); 0 / NULL = absent. The
 * configuration labels (configuration, math_config, curve_definition,
 * modexp_method, modexp_impl) come from the image's configuration for the
 * axes the case names (CP_AXIS_* of ops.h). */
struct cp_result {
  const char *family, *measure, *cipher_mode, *hash, *curve, *pkcs1, *operation;
  const char *parameter_set;
  unsigned key_bits, modulus_bits, buffer_bytes, message_bytes, chunk_bytes;
  unsigned aad_bytes, nonce_bytes, tag_bytes;
  unsigned axes;
};

/* What the host needs to verify a signature the case made with OpenSSL
 * (firmware/runner/sigcheck.c) before the dataset is written: the scheme
 * (ecdsa, rsa-pkcs1-v1.5, rsa-pss, ed25519, ed448), the public key, and
 * the digest or message the harness meant to be signed (from its own
 * tables, never from what the port was handed); the signature is the
 * first sig_len bytes of cp_out after the timed run. */
struct cp_evidence {
  const char *scheme;
  const uint8_t *key, *msg;
  size_t key_len, msg_len, sig_len;
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
  /* Public key: the result check when there is no fixed answer (a signature
   * verifies and fails with one byte flipped, both sides agree), returning
   * non-zero when the result is right; and the operands. */
  int (*check)(struct cp_case *c);
  int slot, pss;
  size_t pk_len;
  const void *pk;
  /* heap_bytes counts from this many live heap bytes instead of from the
   * start of the call: what the persistent context (keys, 2.28's comb
   * table) holds belongs to the operation's working memory. */
  int heap_from_base;
  size_t heap_base;
  const struct cp_evidence *evidence; /* signature cases; NULL otherwise */
  int rc;
};

/* Where every operation writes: harness buffers, global so that footprint
 * images and benchmark images see them the same way. */
extern uint8_t cp_out[8000];
extern uint8_t cp_tag[16];
extern union cp_hash_ctx cp_ctx;

/* Whether the suite and the configuration of the image include the case
 * (drivers skip the set-up of cases that will not run). */
int cp_case_selected(const struct cp_case *c);
/* Runs one case (skipped when the suite or the configuration leaves it out). */
void cp_case_run(struct cp_case *c);
/* Sets up the case runner: library info, calibration; prints the run header. */
void cp_suite_begin(void);
/* Exit status of the whole suite. */
int cp_suite_end(void);

/* Parts of the suite (CP_PART, a mask): a board whose flash cannot hold a
 * whole image runs the suite as several images, each linking only its
 * part's drivers (board.mk BOARD_BENCH_PARTS); the default is all. */
enum { CP_PART_SYM = 1, CP_PART_EC = 2, CP_PART_RSA = 4, CP_PART_PQ = 8, CP_PART_ALL = 15 };
#ifndef CP_PART
#define CP_PART CP_PART_ALL
#endif

/* The drivers, one per family. */
void cp_bench_cbc(void);
void cp_bench_aead(void);
void cp_bench_hash(void);
/* montgomery: also X25519 and X448 through the ECC operations of ops.h (a
 * port whose library has a separate API for them passes 0). */
void cp_bench_ecc(int montgomery);
void cp_bench_rsa(void);
void cp_bench_dh(void);

/* Shared by the public-key drivers (pk_common.c): the prepare step that
 * restarts the DRBG, the same plus the signature under test copied into
 * cp_out (c->pk, c->pk_len), and the release of every kept key that returns
 * the heap level to count from. */
void cp_pk_prepare(struct cp_case *c);
void cp_pk_prepare_sig(struct cp_case *c);
size_t cp_pk_fresh(void);
/* Turns c into the next case of the same key: operation, call and check. */
void cp_pk_next(struct cp_case *c, const char *operation, cp_measured_fn *run,
                int (*check)(struct cp_case *c));
/* A copy of sig with one byte flipped, in cp_flipped. */
extern uint8_t cp_flipped[512];
const uint8_t *cp_pk_flip(const uint8_t *sig, size_t len);
/* Families only some libraries have (public key, ops_edwards.h, ops_pq.h):
 * the port runs the ones its library has from cp_bench_more, called after
 * the others, and its .mk links their drivers (_BENCH_EXTRA_<v>). */
void cp_bench_more(void);
void cp_bench_eddsa(void);
void cp_bench_xdh(void);
void cp_bench_pq(void);

/* Counting allocator (heap.c). */
void cp_heap_reset_peak(void);
size_t cp_heap_peak(void);
size_t cp_heap_live(void);

/* The image's label for an axis (CP_AXIS_*), or NULL when it has none. */
const char *cp_axis_label(unsigned axis);

#endif
