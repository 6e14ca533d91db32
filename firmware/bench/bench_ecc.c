/* ECDSA (P-256/SHA-256, P-384/SHA-384, P-521/SHA-512: signature and
 * verification of a digest) and ECDH (the same curves plus X25519 and X448:
 * public-key generation and shared secret). Checks: the public key of the
 * fixed private key equals OpenSSL's; a signature verifies, and its
 * evidence goes to the host, which verifies it with OpenSSL; verification
 * accepts OpenSSL's signature and rejects it flipped; a generated key pair agrees with side A on the shared secret;
 * side A's secret with the host's peer key equals OpenSSL's (X25519: RFC
 * 7748). The Weierstrass cases follow both ECC axes; the Montgomery ladder
 * follows neither. */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "pk_vectors.h"
#include "vectors.h"

static const struct {
  enum cp_curve curve;
  const char *name, *hash;
  const uint8_t *digest;
  size_t digest_len;
} curves[] = {
  { CP_P256, "secp256r1", "sha256", cp_vec_sha256[0], 32 },
  { CP_P384, "secp384r1", "sha384", cp_vec_sha384[0], 48 },
  { CP_P521, "secp521r1", "sha512", cp_vec_sha512[0], 64 },
  { CP_X25519, "x25519", NULL, NULL, 0 },
  { CP_X448, "x448", NULL, NULL, 0 },
};

static uint8_t public_a[133];

static void run_sign(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_ecdsa_sign(0, c->in, c->len, cp_out);
}

/* The library verifies its own signature (the host verifies it again with
 * OpenSSL, from the evidence). That a flipped signature fails is the
 * verification case's check, on OpenSSL's signature: here it cost one more
 * verification, the most expensive ECDSA call, for nothing new. */
static int check_sign(struct cp_case *c)
{
  return cp_ecdsa_verify(0, c->in, c->len, cp_out) == 0;
}

static void run_verify(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_ecdsa_verify(0, c->in, c->len, cp_out);
}

/* The timed run accepted cp_out (rc 0); one flipped byte must not pass. */
static int check_verify(struct cp_case *c)
{
  return cp_ecdsa_verify(0, c->in, c->len, cp_pk_flip(cp_out, c->pk_len)) != 0;
}

/* Side B: a new key pair, its public key written out. */
static void run_keygen(void *arg)
{
  struct cp_case *c = arg;
  size_t len = CP_OUT_PK;
  c->rc = cp_ecdh_gen_public(1) || cp_ec_public(1, cp_out, &len);
}

/* Both sides agree: A's secret with B's public key (cp_out) equals B's with
 * A's. */
static int check_agree(struct cp_case *c)
{
  uint8_t pub_a[133], z_a[66], z_b[66];
  size_t len = sizeof pub_a;
  const struct cp_ec_vector *v = c->pk;
  return cp_ec_public(0, pub_a, &len) == 0 &&
         cp_ecdh_shared(0, cp_out, c->pk_len, z_a, v->z_len) == 0 &&
         cp_ecdh_shared(1, pub_a, len, z_b, v->z_len) == 0 && memcmp(z_a, z_b, v->z_len) == 0;
}

static void run_shared(void *arg)
{
  struct cp_case *c = arg;
  const struct cp_ec_vector *v = c->pk;
  c->rc = cp_ecdh_shared(0, v->q_b, v->q_len, cp_out, v->z_len);
}

/* Whether any case of the curve runs in this image. */
static int curve_selected(const char *curve, const char *hash, unsigned axes)
{
  static const char *const ops[] = { "sign", "verify", "shared", "keygen" };
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    if (i < 2 && !hash) /* X25519, X448: no ECDSA */
      continue;
    struct cp_case c = { .r = { .family = i < 2 ? "ECDSA" : "ECDH", .curve = curve, .axes = axes } };
    if (i < 2)
      snprintf(c.id, sizeof c.id, "ecdsa-%s-%s-%s", curve, hash ? hash : "-", ops[i]);
    else
      snprintf(c.id, sizeof c.id, "ecdh-%s-%s", curve, ops[i]);
    if (cp_case_selected(&c))
      return 1;
  }
  return 0;
}

static void setup(int slot, enum cp_curve curve, const struct cp_ec_vector *v)
{
  if (cp_ec_setup(slot, curve) != 0 || (slot == 0 && cp_ec_set_private(0, v->d_a, v->d_len) != 0)) {
    cp_setup_failed("ECC key set-up failed");
    return;
  }
  size_t len = sizeof public_a;
  if (slot == 0 && v->q_a && cp_ec_public(0, public_a, &len) != 0)
    cp_setup_failed("the public key of the fixed ECC private key could not be computed");
  else if (slot == 0 && v->q_a && (len != v->q_len || memcmp(public_a, v->q_a, len) != 0))
    cp_harness_error("the public key of the fixed ECC private key differs from OpenSSL's");
}

void cp_bench_ecc(int montgomery)
{
  for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
    const struct cp_ec_vector *v = &cp_vec_ec[curves[i].curve];
    int weierstrass = curves[i].hash != NULL;
    if (!weierstrass && !montgomery)
      continue;
    unsigned axes = weierstrass ? CP_AXIS_MATH | CP_AXIS_CURVEDEF : 0u;
    /* the keys are set up when a case of the curve runs; one that does not
     * fit the board is still reported (cp_case_run) */
    int runs = curve_selected(curves[i].name, curves[i].hash, axes);
    size_t base = 0;
    if (runs) {
      base = cp_pk_fresh();
      cp_pk_prepare(NULL);
      setup(0, curves[i].curve, v);
    }
    struct cp_case c = {
      .r = { .family = "ECDSA", .curve = curves[i].name, .hash = curves[i].hash, .axes = axes },
      .prepare = cp_pk_prepare, .in = curves[i].digest, .len = curves[i].digest_len,
      .pk_len = v->z_len * 2, .heap_from_base = 1, .heap_base = base,
    };
    if (weierstrass) {
      const struct cp_evidence evidence = { "ecdsa", public_a, curves[i].digest, v->q_len,
                                            curves[i].digest_len, c.pk_len };
      snprintf(c.id, sizeof c.id, "ecdsa-%s-%s-sign", curves[i].name, curves[i].hash);
      cp_pk_next(&c, "signature", run_sign, check_sign);
      c.evidence = &evidence;
      cp_case_run(&c);
      c.evidence = NULL;

      snprintf(c.id, sizeof c.id, "ecdsa-%s-%s-verify", curves[i].name, curves[i].hash);
      cp_pk_next(&c, "verification", run_verify, check_verify);
      c.prepare = cp_pk_prepare_sig;
      c.pk = v->sig;
      cp_case_run(&c);
    }

    c.r = (struct cp_result){ .family = "ECDH", .curve = curves[i].name, .axes = axes };
    snprintf(c.id, sizeof c.id, "ecdh-%s-shared", curves[i].name);
    cp_pk_next(&c, "shared-secret", run_shared, NULL);
    c.prepare = cp_pk_prepare;
    c.pk = v;
    c.expect = v->z;
    c.expect_len = v->z_len;
    cp_case_run(&c);

    c.heap_base = cp_heap_live();
    if (runs)
      setup(1, curves[i].curve, v);
    snprintf(c.id, sizeof c.id, "ecdh-%s-keygen", curves[i].name);
    cp_pk_next(&c, "public-key-generation", run_keygen, check_agree);
    c.pk_len = v->q_len;
    cp_case_run(&c);
  }
  cp_pk_release();
}
