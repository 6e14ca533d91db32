/* Post-quantum families: ML-DSA-44/65/87 key generation, signature and
 * verification; ML-KEM-512/768/1024 key generation, encapsulation and
 * decapsulation; HBS-LMS verification. Randomness is a fixed input, so
 * every output is deterministic. HBS-LMS verification must accept a
 * signature made on the host by an RFC 8554 signer (vectors_lms.h) and
 * reject it with a byte flipped. There is no independent implementation of
 * the ML-DSA and ML-KEM versions the library implements on the host (the
 * FIPS 203/204 drafts for wolfSSL 5.7.2), so their known-answer check is: the output equals the
 * one the set-up computed with the same inputs (determinism), it works
 * (a signature verifies, a key pair signs and verifies, encapsulation and
 * decapsulation agree) and a flipped byte makes it fail (a signature no
 * longer verifies, a ciphertext decapsulates to another secret). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "case.h"
#include "ops_pq.h"
#include "vectors_edwards.h"
#include "vectors_lms.h"

/* Fixed "random" inputs and the signed message (the EdDSA message). */
static const uint8_t seed[64] = {
  0x1f, 0x8b, 0x3c, 0x52, 0x90, 0x6e, 0xa7, 0x04, 0xd1, 0x39, 0xc8, 0x75, 0x2a, 0xef, 0x16, 0x63,
  0xb4, 0x0d, 0x9a, 0x47, 0xe3, 0x58, 0x21, 0xfc, 0x6b, 0x92, 0x05, 0xde, 0x7f, 0x34, 0xa9, 0x18,
  0x3e, 0xc1, 0x56, 0x8d, 0x02, 0xf7, 0x6a, 0xb9, 0x24, 0x93, 0x4f, 0xe8, 0x11, 0x7c, 0xd5, 0x60,
  0x9f, 0x2b, 0xc6, 0x73, 0x08, 0xea, 0x35, 0x84, 0x5d, 0xb0, 0x17, 0xcc, 0x49, 0xf2, 0x6e, 0xa3,
};
#define MSG cp_vec_ed_msg
#define MSG_LEN CP_VEC_ED_MSG_LEN

/* The keys, signatures and ciphertexts the cases work on (23 KiB at the
 * largest parameter sets): taken from the heap when the first case runs,
 * so that an image whose board cannot hold them still links and reports
 * its cases as not run. */
/* Each buffer 8-byte aligned, as the static arrays they replace were:
 * wolfSSL's ML-KEM stores words into them (an odd offset after the
 * 4627-byte ML-DSA-87 signature faulted, STRD on Armv8-M). */
#define CP_PQ_BUF(name, n) _Alignas(8) uint8_t name[n]
/* The largest signature: LMS_SHA256_M32_H5 with W1 (vectors_lms.h), more
 * than ML-DSA-87's; its flipped copy goes to tmp. */
#define CP_PQ_SIG_MAX (CP_LMS_SIG_MAX > CP_MLDSA_SIG_MAX ? CP_LMS_SIG_MAX : CP_MLDSA_SIG_MAX)
struct pq_buffers {
  CP_PQ_BUF(pub, CP_MLDSA_PUB_MAX);
  CP_PQ_BUF(priv, CP_MLDSA_PRIV_MAX);
  CP_PQ_BUF(sig, CP_PQ_SIG_MAX);
  CP_PQ_BUF(tmp_priv, CP_MLDSA_PRIV_MAX);
  CP_PQ_BUF(tmp, CP_PQ_SIG_MAX);
  CP_PQ_BUF(ss, CP_MLKEM_SS);
  CP_PQ_BUF(ct, CP_MLKEM_CT_MAX);
  CP_PQ_BUF(secret, CP_MLKEM_SS);
};
static struct pq_buffers *buf;
static size_t pub_len, priv_len, sig_len, out_len;
/* The parameter set being run (ML-DSA 44/65/87, ML-KEM 512/768/1024, LMS:
 * an id per Winternitz parameter) and the one the set-up was done for. */
static unsigned level, ready_for;

/* A copy of x with one byte flipped, in buf->tmp. */
static const uint8_t *flipped(const uint8_t *x, size_t n)
{
  memcpy(buf->tmp, x, n);
  buf->tmp[n / 2] ^= 0x01;
  return buf->tmp;
}

/* ---- ML-DSA ---- */
static int mldsa_setup(void)
{
  pub_len = sizeof buf->pub;
  priv_len = sizeof buf->priv;
  sig_len = sizeof buf->sig;
  return cp_mldsa_keygen(level, seed, buf->pub, &pub_len, buf->priv, &priv_len) ||
         cp_mldsa_sign(level, buf->priv, priv_len, MSG, MSG_LEN, seed + 32, buf->sig, &sig_len);
}

static int mldsa_valid(const uint8_t *p, const uint8_t *s)
{
  int valid = 0;
  return cp_mldsa_verify(level, p, pub_len, MSG, MSG_LEN, s, sig_len, &valid) == 0 && valid;
}

/* Key generation of either family (same signature): public key into
 * cp_out, private key into buf->tmp_priv. */
static int (*keygen)(unsigned level, const uint8_t *seed, uint8_t *pub, size_t *pub_len,
                     uint8_t *priv, size_t *priv_len);

static void run_keygen(void *arg)
{
  struct cp_case *c = arg;
  size_t pl = CP_OUT_FULL, sl = sizeof buf->tmp_priv;
  c->rc = keygen(level, seed, cp_out, &pl, buf->tmp_priv, &sl);
  out_len = pl;
}

static int check_mldsa_keygen(struct cp_case *c)
{
  size_t n = sizeof buf->tmp;
  (void)c;
  return out_len == pub_len && memcmp(cp_out, buf->pub, pub_len) == 0 &&
         cp_mldsa_sign(level, buf->tmp_priv, priv_len, MSG, MSG_LEN, seed + 32, buf->tmp, &n) == 0 &&
         n == sig_len && mldsa_valid(cp_out, buf->tmp) && !mldsa_valid(cp_out, flipped(buf->sig, sig_len));
}

static void run_mldsa_sign(void *arg)
{
  struct cp_case *c = arg;
  size_t n = CP_OUT_FULL;
  c->rc = cp_mldsa_sign(level, buf->priv, priv_len, MSG, c->len, seed + 32, cp_out, &n);
  out_len = n;
}

static int check_mldsa_sign(struct cp_case *c)
{
  (void)c;
  return out_len == sig_len && memcmp(cp_out, buf->sig, sig_len) == 0 && mldsa_valid(buf->pub, cp_out) &&
         !mldsa_valid(buf->pub, flipped(cp_out, sig_len));
}

static void run_mldsa_verify(void *arg)
{
  struct cp_case *c = arg;
  int valid = 0;
  c->rc = cp_mldsa_verify(level, buf->pub, pub_len, MSG, c->len, buf->sig, sig_len, &valid);
  cp_out[0] = (uint8_t)valid;
}

static int check_verify_mldsa(struct cp_case *c)
{
  (void)c;
  return cp_out[0] == 1 && !mldsa_valid(buf->pub, flipped(buf->sig, sig_len));
}

/* ---- ML-KEM ---- */
static size_t ct_len;

static int mlkem_setup(void)
{
  pub_len = sizeof buf->pub;
  priv_len = sizeof buf->priv;
  ct_len = sizeof buf->ct;
  return cp_mlkem_keygen(level, seed, buf->pub, &pub_len, buf->priv, &priv_len) ||
         cp_mlkem_encaps(level, buf->pub, pub_len, seed + 16, buf->ct, &ct_len, buf->secret);
}

/* The secret that priv decapsulates from ciphertext x, in ss. */
static int decaps_to_ss(const uint8_t *k, const uint8_t *x)
{
  return cp_mlkem_decaps(level, k, priv_len, x, ct_len, buf->ss) == 0;
}

static int check_mlkem_keygen(struct cp_case *c)
{
  (void)c;
  return out_len == pub_len && memcmp(cp_out, buf->pub, pub_len) == 0 &&
         memcmp(buf->tmp_priv, buf->priv, priv_len) == 0 && decaps_to_ss(buf->tmp_priv, buf->ct) &&
         memcmp(buf->ss, buf->secret, sizeof buf->ss) == 0;
}

static void run_mlkem_encaps(void *arg)
{
  struct cp_case *c = arg;
  size_t n = CP_OUT_FULL;
  c->rc = cp_mlkem_encaps(level, buf->pub, pub_len, seed + 16, cp_out, &n, cp_out + CP_MLKEM_CT_MAX);
  out_len = n;
}

static int check_mlkem_encaps(struct cp_case *c)
{
  (void)c;
  return out_len == ct_len && memcmp(cp_out, buf->ct, ct_len) == 0 &&
         memcmp(cp_out + CP_MLKEM_CT_MAX, buf->secret, sizeof buf->secret) == 0 && decaps_to_ss(buf->priv, cp_out) &&
         memcmp(buf->ss, buf->secret, sizeof buf->ss) == 0;
}

static void run_mlkem_decaps(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_mlkem_decaps(level, buf->priv, priv_len, buf->ct, ct_len, cp_out);
}

static int check_mlkem_decaps(struct cp_case *c)
{
  (void)c;
  return memcmp(cp_out, buf->secret, sizeof buf->secret) == 0 && decaps_to_ss(buf->priv, flipped(buf->ct, ct_len)) &&
         memcmp(buf->ss, buf->secret, sizeof buf->ss) != 0;
}

/* ---- HBS-LMS ---- */
/* The public key and signature of the parameter set being run: made on the
 * host by an RFC 8554 signer (vectors_lms.h), so that verification is
 * checked against an implementation other than the library's, and no key
 * generation runs on the board (32 one-time keys: 3.7 G instructions for
 * W8 under QEMU, more than all the timed runs of the image). */
static const struct cp_lms_vector *lms;
_Static_assert(CP_VEC_LMS_MSG_LEN == MSG_LEN, "LMS rows name the message length of the other families");

static int lms_setup(void)
{
  return 0; /* nothing to make: the key and signature are the host's */
}

static int lms_valid(const uint8_t *s)
{
  int valid = 0;
  return cp_lms_verify(CP_LMS_HEIGHT, lms->w, lms->pub, CP_LMS_PUB, cp_vec_lms_msg, CP_VEC_LMS_MSG_LEN, s,
                       lms->sig_len, &valid) == 0 &&
         valid;
}

static void run_lms_verify(void *arg)
{
  struct cp_case *c = arg;
  int valid = 0;
  c->rc = cp_lms_verify(CP_LMS_HEIGHT, lms->w, lms->pub, CP_LMS_PUB, cp_vec_lms_msg, c->len, lms->sig,
                        lms->sig_len, &valid);
  cp_out[0] = (uint8_t)valid;
}

/* The timed run accepted the host's signature; one flipped byte must not
 * pass. */
static int check_lms_verify(struct cp_case *c)
{
  (void)c;
  return cp_out[0] == 1 && !lms_valid(flipped(lms->sig, lms->sig_len));
}

/* ---- cases ---- */
struct pq_op {
  const char *operation; /* also the case id's last part */
  cp_measured_fn *run;
  int (*check)(struct cp_case *c);
  int signs; /* message_bytes applies */
};

/* Bytes a case writes to cp_out: the public key, the signature, the
 * ciphertext with the secret after CP_MLKEM_CT_MAX, or the verdict. */
static size_t out_bytes(unsigned lvl, const char *operation)
{
  static const struct { unsigned lvl; size_t key, out; } sizes[] = {
    { 44, 1312, 2420 }, { 65, 1952, 3309 }, { 87, 2592, 4627 },
    { 512, 800, CP_MLKEM_CT_MAX + CP_MLKEM_SS }, { 768, 1184, CP_MLKEM_CT_MAX + CP_MLKEM_SS },
    { 1024, 1568, CP_MLKEM_CT_MAX + CP_MLKEM_SS },
  };
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    if (sizes[i].lvl == lvl)
      return strcmp(operation, "key-generation") == 0 ? sizes[i].key
             : strcmp(operation, "verification") == 0 ? 1
             : strcmp(operation, "decapsulation") == 0 ? CP_MLKEM_SS : sizes[i].out;
  return 1; /* LMS verification: the verdict */
}

/* Runs the operations of one parameter set (lvl identifies it); the set-up
 * (key pair, signature or ciphertext) is done once, before the first case
 * that runs. */
static void param_set(const char *family, const char *name, unsigned lvl,
                      int (*setup)(void), const struct pq_op *ops, size_t n)
{
  char lower[40];
  size_t i = 0;
  for (; name[i] && i < sizeof lower - 1; i++)
    lower[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ? name[i] - 'A' + 'a' : name[i]);
  lower[i] = 0;
  for (size_t k = 0; k < n; k++) {
    struct cp_case c = {
      .r = { .family = family, .parameter_set = name, .operation = ops[k].operation,
             .message_bytes = ops[k].signs ? MSG_LEN : 0, .axes = CP_AXIS_VARIANT },
      .run = ops[k].run, .check = ops[k].check, .len = ops[k].signs ? MSG_LEN : 0,
      .out_bytes = out_bytes(lvl, ops[k].operation),
    };
    snprintf(c.id, sizeof c.id, "%s-%s", lower, ops[k].operation);
    for (char *p = c.id; *p; p++)
      if (*p == '_')
        *p = '-';
    if (cp_case_selected(&c) && !buf && !(buf = malloc(sizeof *buf))) {
      char why[120];
      snprintf(why, sizeof why, "the harness's buffers for ML-DSA, ML-KEM and LMS keys, signatures and"
               " ciphertexts (%u bytes) do not fit the heap", (unsigned)sizeof *buf);
      cp_case_not_run(&c, why);
      continue;
    }
    if (cp_case_selected(&c)) {
      level = lvl;
      /* A failed set-up leaves nothing to compare with: the check fails and
       * the case is reported as a known-answer mismatch (or as not run when
       * the heap ran out). */
      if (ready_for != lvl && setup() != 0)
        fprintf(stderr, "# set-up of %s failed\n", name);
      ready_for = lvl;
    }
    cp_case_run(&c);
  }
}

void cp_bench_pq(void)
{
  static const struct pq_op mldsa[] = {
    { "key-generation", run_keygen, check_mldsa_keygen, 0 },
    { "signature", run_mldsa_sign, check_mldsa_sign, 1 },
    { "verification", run_mldsa_verify, check_verify_mldsa, 1 },
  };
  static const struct pq_op mlkem[] = {
    { "key-generation", run_keygen, check_mlkem_keygen, 0 },
    { "encapsulation", run_mlkem_encaps, check_mlkem_encaps, 0 },
    { "decapsulation", run_mlkem_decaps, check_mlkem_decaps, 0 },
  };
  static const struct pq_op lms_ops[] = {
    { "verification", run_lms_verify, check_lms_verify, 1 },
  };
  static const struct { const char *name; unsigned level; } dsa[] = {
    { "ML-DSA-44", 44 }, { "ML-DSA-65", 65 }, { "ML-DSA-87", 87 },
  }, kem[] = {
    { "ML-KEM-512", 512 }, { "ML-KEM-768", 768 }, { "ML-KEM-1024", 1024 },
  };
  keygen = cp_mldsa_keygen;
  for (size_t i = 0; i < 3; i++)
    param_set("ML-DSA", dsa[i].name, dsa[i].level, mldsa_setup, mldsa, 3);
  keygen = cp_mlkem_keygen;
  for (size_t i = 0; i < 3; i++)
    param_set("ML-KEM", kem[i].name, kem[i].level, mlkem_setup, mlkem, 3);
  /* LMS: one level, height 5 (the smallest tree RFC 8554 defines), every
   * Winternitz parameter. */
  static const char *const lms_names[] = {
    "LMS_SHA256_M32_H5_W1", "LMS_SHA256_M32_H5_W2", "LMS_SHA256_M32_H5_W4", "LMS_SHA256_M32_H5_W8",
  };
  for (unsigned i = 0; i < 4; i++) {
    lms = &cp_vec_lms[i];
    param_set("HBS-LMS", lms_names[i], 10000 + lms->w, lms_setup, lms_ops, 1);
  }
}
