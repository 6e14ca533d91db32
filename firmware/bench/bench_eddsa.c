/* EdDSA (Ed25519, Ed448): signature and verification of the 1023-byte
 * message of the ST EdDSA table with a key set up beforehand (untimed).
 * Signatures are deterministic, so signing checks the bytes OpenSSL
 * produced; verification must accept OpenSSL's signature (valid = 1 in
 * cp_out[0]) and, in its check, reject it with one bit flipped. */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "vectors_edwards.h"

struct eddsa {
  const char *curve;
  const uint8_t *priv, *pub, *sig;
  size_t sig_len;
  int (*set_key)(const uint8_t *priv, const uint8_t *pub);
  int (*sign)(const uint8_t *msg, size_t len, uint8_t *sig);
  int (*verify)(const uint8_t *msg, size_t len, const uint8_t *sig, int *valid);
};

static const struct eddsa *cur;
static uint8_t bad_sig[CP_ED448_SIG];
static const uint8_t valid_answer[1] = { 1 };

static void run_sign(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cur->sign(cp_vec_ed_msg, c->len, cp_out);
}

static void run_verify(void *arg)
{
  struct cp_case *c = arg;
  int valid = 0;
  c->rc = cur->verify(cp_vec_ed_msg, c->len, cur->sig, &valid);
  cp_out[0] = (uint8_t)valid;
}

/* The answer of verification is one bit: it must also be able to say no. */
static int verify_rejects_forgery(struct cp_case *c)
{
  int valid = 1;
  memcpy(bad_sig, cur->sig, cur->sig_len);
  bad_sig[cur->sig_len / 2] ^= 0x10;
  return cp_out[0] == 1 && memcmp(cp_out, c->expect, c->expect_len) == 0 &&
         cur->verify(cp_vec_ed_msg, CP_VEC_ED_MSG_LEN, bad_sig, &valid) == 0 &&
         valid == 0;
}

void cp_bench_eddsa(void)
{
  static const struct eddsa curves[] = {
    { "ed25519", cp_vec_ed25519_priv, cp_vec_ed25519_pub, cp_vec_ed25519_sig, CP_ED25519_SIG,
      cp_ed25519_set_key, cp_ed25519_sign, cp_ed25519_verify },
    { "ed448", cp_vec_ed448_priv, cp_vec_ed448_pub, cp_vec_ed448_sig, CP_ED448_SIG,
      cp_ed448_set_key, cp_ed448_sign, cp_ed448_verify },
  };
  for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
    cur = &curves[i];
    for (int verify = 0; verify < 2; verify++) {
      struct cp_case c = {
        .r = { .family = "EdDSA", .curve = cur->curve, .message_bytes = CP_VEC_ED_MSG_LEN,
               .operation = verify ? "verification" : "signature", .axes = CP_AXIS_MATH },
        .run = verify ? run_verify : run_sign, .len = CP_VEC_ED_MSG_LEN,
        .expect = verify ? valid_answer : cur->sig,
        .expect_len = verify ? sizeof valid_answer : cur->sig_len,
        .check = verify ? verify_rejects_forgery : NULL,
      };
      const struct cp_evidence evidence = { cur->curve, cur->pub, cp_vec_ed_msg,
                                            cur->sig_len == CP_ED25519_SIG ? CP_ED25519_KEY : CP_ED448_KEY,
                                            CP_VEC_ED_MSG_LEN, cur->sig_len };
      if (!verify)
        c.evidence = &evidence;
      snprintf(c.id, sizeof c.id, "%s-%s-%u", cur->curve, verify ? "verify" : "sign",
               CP_VEC_ED_MSG_LEN);
      if (cp_case_selected(&c) && cur->set_key(verify ? NULL : cur->priv, cur->pub) != 0)
        cp_harness_error("EdDSA key set-up failed");
      cp_case_run(&c);
    }
  }
}
