/* Post-quantum families: ML-DSA-44/65/87 key generation, signature and
 * verification; ML-KEM-512/768/1024 key generation, encapsulation and
 * decapsulation; HBS-LMS verification. Randomness is a fixed input, so
 * every output is deterministic. There is no independent implementation of
 * the versions the library implements on the host (the FIPS 203/204 drafts
 * for wolfSSL 5.7.2), so the known-answer check is: the output equals the
 * one the set-up computed with the same inputs (determinism), it works
 * (a signature verifies, a key pair signs and verifies, encapsulation and
 * decapsulation agree) and a flipped byte makes it fail (a signature no
 * longer verifies, a ciphertext decapsulates to another secret). */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "ops_pq.h"
#include "vectors_edwards.h"

/* Fixed "random" inputs and the signed message (the EdDSA message). */
static const uint8_t seed[64] = {
  0x1f, 0x8b, 0x3c, 0x52, 0x90, 0x6e, 0xa7, 0x04, 0xd1, 0x39, 0xc8, 0x75, 0x2a, 0xef, 0x16, 0x63,
  0xb4, 0x0d, 0x9a, 0x47, 0xe3, 0x58, 0x21, 0xfc, 0x6b, 0x92, 0x05, 0xde, 0x7f, 0x34, 0xa9, 0x18,
  0x3e, 0xc1, 0x56, 0x8d, 0x02, 0xf7, 0x6a, 0xb9, 0x24, 0x93, 0x4f, 0xe8, 0x11, 0x7c, 0xd5, 0x60,
  0x9f, 0x2b, 0xc6, 0x73, 0x08, 0xea, 0x35, 0x84, 0x5d, 0xb0, 0x17, 0xcc, 0x49, 0xf2, 0x6e, 0xa3,
};
#define MSG cp_vec_ed_msg
#define MSG_LEN CP_VEC_ED_MSG_LEN

static uint8_t pub[CP_MLDSA_PUB_MAX], priv[CP_MLDSA_PRIV_MAX], sig[CP_MLDSA_SIG_MAX];
static uint8_t tmp_priv[CP_MLDSA_PRIV_MAX], tmp[CP_MLDSA_SIG_MAX], ss[CP_MLKEM_SS];
static size_t pub_len, priv_len, sig_len, out_len;
/* The parameter set being run (ML-DSA 44/65/87, ML-KEM 512/768/1024, LMS:
 * an id per Winternitz parameter) and the one the set-up was done for. */
static unsigned level, ready_for;

/* A copy of x with one byte flipped, in tmp. */
static const uint8_t *flipped(const uint8_t *x, size_t n)
{
  memcpy(tmp, x, n);
  tmp[n / 2] ^= 0x01;
  return tmp;
}

/* ---- ML-DSA ---- */
static int mldsa_setup(void)
{
  pub_len = sizeof pub;
  priv_len = sizeof priv;
  sig_len = sizeof sig;
  return cp_mldsa_keygen(level, seed, pub, &pub_len, priv, &priv_len) ||
         cp_mldsa_sign(level, priv, priv_len, MSG, MSG_LEN, seed + 32, sig, &sig_len);
}

static int mldsa_valid(const uint8_t *p, const uint8_t *s)
{
  int valid = 0;
  return cp_mldsa_verify(level, p, pub_len, MSG, MSG_LEN, s, sig_len, &valid) == 0 && valid;
}

/* Key generation of either family (same signature): public key into
 * cp_out, private key into tmp_priv. */
static int (*keygen)(unsigned level, const uint8_t *seed, uint8_t *pub, size_t *pub_len,
                     uint8_t *priv, size_t *priv_len);

static void run_keygen(void *arg)
{
  struct cp_case *c = arg;
  size_t pl = sizeof cp_out, sl = sizeof tmp_priv;
  c->rc = keygen(level, seed, cp_out, &pl, tmp_priv, &sl);
  out_len = pl;
}

static int check_mldsa_keygen(struct cp_case *c)
{
  size_t n = sizeof tmp;
  (void)c;
  return out_len == pub_len && memcmp(cp_out, pub, pub_len) == 0 &&
         cp_mldsa_sign(level, tmp_priv, priv_len, MSG, MSG_LEN, seed + 32, tmp, &n) == 0 &&
         n == sig_len && mldsa_valid(cp_out, tmp) && !mldsa_valid(cp_out, flipped(sig, sig_len));
}

static void run_mldsa_sign(void *arg)
{
  struct cp_case *c = arg;
  size_t n = sizeof cp_out;
  c->rc = cp_mldsa_sign(level, priv, priv_len, MSG, c->len, seed + 32, cp_out, &n);
  out_len = n;
}

static int check_mldsa_sign(struct cp_case *c)
{
  (void)c;
  return out_len == sig_len && memcmp(cp_out, sig, sig_len) == 0 && mldsa_valid(pub, cp_out) &&
         !mldsa_valid(pub, flipped(cp_out, sig_len));
}

static void run_mldsa_verify(void *arg)
{
  struct cp_case *c = arg;
  int valid = 0;
  c->rc = cp_mldsa_verify(level, pub, pub_len, MSG, c->len, sig, sig_len, &valid);
  cp_out[0] = (uint8_t)valid;
}

static int check_verify_mldsa(struct cp_case *c)
{
  (void)c;
  return cp_out[0] == 1 && !mldsa_valid(pub, flipped(sig, sig_len));
}

/* ---- ML-KEM ---- */
static uint8_t ct[CP_MLKEM_CT_MAX], secret[CP_MLKEM_SS];
static size_t ct_len;

static int mlkem_setup(void)
{
  pub_len = sizeof pub;
  priv_len = sizeof priv;
  ct_len = sizeof ct;
  return cp_mlkem_keygen(level, seed, pub, &pub_len, priv, &priv_len) ||
         cp_mlkem_encaps(level, pub, pub_len, seed + 16, ct, &ct_len, secret);
}

/* The secret that priv decapsulates from ciphertext x, in ss. */
static int decaps_to_ss(const uint8_t *k, const uint8_t *x)
{
  return cp_mlkem_decaps(level, k, priv_len, x, ct_len, ss) == 0;
}

static int check_mlkem_keygen(struct cp_case *c)
{
  (void)c;
  return out_len == pub_len && memcmp(cp_out, pub, pub_len) == 0 &&
         memcmp(tmp_priv, priv, priv_len) == 0 && decaps_to_ss(tmp_priv, ct) &&
         memcmp(ss, secret, sizeof ss) == 0;
}

static void run_mlkem_encaps(void *arg)
{
  struct cp_case *c = arg;
  size_t n = sizeof cp_out;
  c->rc = cp_mlkem_encaps(level, pub, pub_len, seed + 16, cp_out, &n, cp_out + CP_MLKEM_CT_MAX);
  out_len = n;
}

static int check_mlkem_encaps(struct cp_case *c)
{
  (void)c;
  return out_len == ct_len && memcmp(cp_out, ct, ct_len) == 0 &&
         memcmp(cp_out + CP_MLKEM_CT_MAX, secret, sizeof secret) == 0 && decaps_to_ss(priv, cp_out) &&
         memcmp(ss, secret, sizeof ss) == 0;
}

static void run_mlkem_decaps(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_mlkem_decaps(level, priv, priv_len, ct, ct_len, cp_out);
}

static int check_mlkem_decaps(struct cp_case *c)
{
  (void)c;
  return memcmp(cp_out, secret, sizeof secret) == 0 && decaps_to_ss(priv, flipped(ct, ct_len)) &&
         memcmp(ss, secret, sizeof ss) != 0;
}

/* ---- HBS-LMS ---- */
static struct cp_lms_key lms;

static int lms_setup(void)
{
  sig_len = sizeof sig;
  int r = cp_lms_keygen(&lms, lms.height, lms.w) ||
          cp_lms_sign(&lms, MSG, MSG_LEN, sig, &sig_len);
  cp_lms_free(&lms);
  return r;
}

static int lms_valid(const uint8_t *s)
{
  int valid = 0;
  return cp_lms_verify(lms.height, lms.w, lms.pub, lms.pub_len, MSG, MSG_LEN, s, sig_len,
                       &valid) == 0 && valid;
}

static void run_lms_verify(void *arg)
{
  struct cp_case *c = arg;
  int valid = 0;
  c->rc = cp_lms_verify(lms.height, lms.w, lms.pub, lms.pub_len, MSG, c->len, sig, sig_len,
                        &valid);
  cp_out[0] = (uint8_t)valid;
}

static int check_lms_verify(struct cp_case *c)
{
  (void)c;
  return cp_out[0] == 1 && !lms_valid(flipped(sig, sig_len));
}

/* ---- cases ---- */
struct pq_op {
  const char *operation; /* also the case id's last part */
  cp_measured_fn *run;
  int (*check)(struct cp_case *c);
  int signs; /* message_bytes applies */
};

/* Runs the operations of one parameter set (lvl identifies it); the set-up
 * (key pair, signature or ciphertext) is done once, before the first case
 * that is selected. */
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
    };
    snprintf(c.id, sizeof c.id, "%s-%s", lower, ops[k].operation);
    for (char *p = c.id; *p; p++)
      if (*p == '_')
        *p = '-';
    if (!cp_case_selected(&c))
      continue;
    level = lvl;
    /* A failed set-up leaves nothing to compare with: the check fails and
     * the case is reported as a known-answer mismatch. */
    if (ready_for != lvl && setup() != 0)
      fprintf(stderr, "# set-up of %s failed\n", name);
    ready_for = lvl;
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
  /* LMS: one level, height 5 (32 signatures; key generation stays within
   * seconds under QEMU), every Winternitz parameter. */
  static const char *const lms_names[] = {
    "LMS_SHA256_M32_H5_W1", "LMS_SHA256_M32_H5_W2", "LMS_SHA256_M32_H5_W4", "LMS_SHA256_M32_H5_W8",
  };
  for (unsigned i = 0; i < 4; i++) {
    lms.height = 5;
    lms.w = 1u << i;
    param_set("HBS-LMS", lms_names[i], 10000 + lms.w, lms_setup, lms_ops, 1);
  }
}
