/* RSA 1024/2048/3072 with e = 65537, PKCS#1 v1.5 and v2.1 (PSS) signatures
 * with SHA-256 over a digest: signature (private-key operation, both RSA
 * axes) and verification (public exponent, neither); both follow the math
 * axis of a port that has one (wolfSSL). Checks: a v1.5
 * signature equals OpenSSL's (deterministic); a PSS signature (randomised)
 * verifies and fails with one byte flipped; verification accepts the
 * signature and rejects it with one byte flipped. */
#include <stdio.h>
#include "case.h"
#include "pk_vectors.h"
#include "vectors.h"

static uint8_t pss_signature[384];
static int pss_made;

static void run_sign(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_rsa_sign(c->pss, c->in, cp_out);
}

static int check_pss(struct cp_case *c)
{
  return cp_rsa_verify(1, c->in, cp_out) == 0 &&
         cp_rsa_verify(1, c->in, cp_pk_flip(cp_out, c->pk_len)) != 0;
}

static void run_verify(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_rsa_verify(c->pss, c->in, cp_out);
}

static int check_verify(struct cp_case *c)
{
  return cp_rsa_verify(c->pss, c->in, cp_pk_flip(cp_out, c->pk_len)) != 0;
}

/* The PSS signature to verify is made on first use only: signing with a
 * 3072-bit key without CRT is slow, and most images do not verify. */
static void prepare_pss_verify(struct cp_case *c)
{
  if (!pss_made) {
    cp_pk_prepare(c);
    if (cp_rsa_sign(1, c->in, pss_signature) != 0)
      cp_harness_error("RSA-PSS signature for the verification case failed");
    pss_made = 1;
  }
  cp_pk_prepare_sig(c);
}

void cp_bench_rsa(void)
{
  for (int pss = 0; pss < 2; pss++) {
    for (size_t k = 0; k < sizeof cp_vec_rsa / sizeof cp_vec_rsa[0]; k++) {
      const struct cp_rsa_vector *v = &cp_vec_rsa[k];
      const struct cp_rsa_key key = { v->bits, v->n, v->p, v->q, v->d };
      const char *pkcs1 = pss ? "v2.1" : "v1.5";
      struct cp_case c = {
        .r = { .family = "RSA", .pkcs1 = pkcs1, .hash = "sha256", .modulus_bits = v->bits,
               .operation = "signature", .axes = CP_AXIS_METHOD | CP_AXIS_IMPL | CP_AXIS_MATH },
        .run = run_sign, .prepare = cp_pk_prepare, .in = cp_vec_sha256[0], .pss = pss,
        .pk_len = v->bits / 8, .heap_from_base = 1,
      };
      struct cp_case verify = c;
      verify.r.axes = CP_AXIS_MATH;
      snprintf(verify.id, sizeof verify.id, "rsa-%s-%u-verify", pss ? "pss" : "v1.5", v->bits);
      snprintf(c.id, sizeof c.id, "rsa-%s-%u-sign", pss ? "pss" : "v1.5", v->bits);
      if (!cp_case_selected(&c) && !cp_case_selected(&verify))
        continue;
      c.heap_base = cp_pk_fresh();
      pss_made = 0;
      if (cp_rsa_setup(&key) != 0)
        cp_harness_error("RSA key set-up failed");
      if (pss)
        c.check = check_pss;
      c.expect = v->sig_v15;
      c.expect_len = v->bits / 8;
      cp_case_run(&c);

      snprintf(c.id, sizeof c.id, "rsa-%s-%u-verify", pss ? "pss" : "v1.5", v->bits);
      c.r.axes = CP_AXIS_MATH;
      cp_pk_next(&c, "verification", run_verify, check_verify);
      c.prepare = pss ? prepare_pss_verify : cp_pk_prepare_sig;
      c.pk = pss ? pss_signature : v->sig_v15;
      cp_case_run(&c);
    }
  }
  cp_pk_release();
}
