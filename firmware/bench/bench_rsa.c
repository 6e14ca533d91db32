/* RSA 1024/2048/3072 with e = 65537, PKCS#1 v1.5 and v2.1 (PSS) signatures
 * with SHA-256 over a digest: signature (private-key operation, both RSA
 * axes) and verification (public exponent, neither); both follow the math
 * axis of a port that has one (wolfSSL). Checks: a v1.5 signature equals
 * OpenSSL's (deterministic); a PSS signature (randomised) verifies; every
 * signature goes to the host as
 * evidence, which verifies it with OpenSSL; verification accepts OpenSSL's
 * signature (v1.5, or PSS with a fixed salt) and rejects it with one byte
 * flipped. */
#include <stdio.h>
#include "case.h"
#include "pk_vectors.h"
#include "vectors.h"

static void run_sign(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_rsa_sign(c->pss, c->in, cp_out);
}

/* As ECDSA's (bench_ecc.c): the library verifies its signature, the host
 * verifies it with OpenSSL; a flipped one fails in the verification case. */
static int check_pss(struct cp_case *c)
{
  return cp_rsa_verify(1, c->in, cp_out) == 0;
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

void cp_bench_rsa(void)
{
  for (int pss = 0; pss < 2; pss++) {
    for (size_t k = 0; k < sizeof cp_vec_rsa / sizeof cp_vec_rsa[0]; k++) {
      const struct cp_rsa_vector *v = &cp_vec_rsa[k];
      const struct cp_rsa_key key = { v->bits, v->n, v->p, v->q, v->d, v->dp, v->dq, v->qinv };
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
      /* the key is set up when a case runs; one that does not fit the
       * board is still reported (cp_case_run) */
      if (cp_case_selected(&c) || cp_case_selected(&verify)) {
        c.heap_base = cp_pk_fresh();
        if (cp_rsa_setup(&key) != 0)
          cp_setup_failed("RSA key set-up failed");
      }
      if (pss)
        c.check = check_pss;
      c.expect = v->sig_v15;
      c.expect_len = v->bits / 8;
      const struct cp_evidence evidence = { pss ? "rsa-pss" : "rsa-pkcs1-v1.5", v->n, c.in,
                                            v->bits / 8, 32, v->bits / 8 };
      c.evidence = &evidence;
      cp_case_run(&c);
      c.evidence = NULL;

      snprintf(c.id, sizeof c.id, "rsa-%s-%u-verify", pss ? "pss" : "v1.5", v->bits);
      c.r.axes = CP_AXIS_MATH;
      cp_pk_next(&c, "verification", run_verify, check_verify);
      c.prepare = cp_pk_prepare_sig;
      c.pk = pss ? v->sig_pss : v->sig_v15;
      cp_case_run(&c);
    }
  }
  cp_pk_release();
}
