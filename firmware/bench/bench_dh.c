/* Finite-field DH on RFC 2409 group 2 (1024 bits) and RFC 3526 group 14
 * (2048 bits), g = 2: public-key generation and shared secret, following
 * the exponentiation window (modexp_impl). Checks: both sides agree. */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "pk_vectors.h"

static uint8_t pub_b[256], secret_b[256];
static const uint8_t generator[1] = { 2 };

static void run_keygen(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_dh_gen_public(0, cp_out, c->pk_len);
}

/* Side B makes a key pair; A's secret with B's public value equals B's with
 * A's (cp_out). */
static int check_agree(struct cp_case *c)
{
  uint8_t z_a[256], z_b[256];
  return cp_dh_gen_public(1, pub_b, c->pk_len) == 0 &&
         cp_dh_shared(0, pub_b, z_a, c->pk_len) == 0 &&
         cp_dh_shared(1, cp_out, z_b, c->pk_len) == 0 && memcmp(z_a, z_b, c->pk_len) == 0;
}

static void run_shared(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cp_dh_shared(0, pub_b, cp_out, c->pk_len);
}

void cp_bench_dh(void)
{
  for (size_t g = 0; g < sizeof cp_vec_dh / sizeof cp_vec_dh[0]; g++) {
    const struct cp_dh_vector *v = &cp_vec_dh[g];
    size_t len = v->bits / 8;
    struct cp_case c = {
      .r = { .family = "DH", .modulus_bits = v->bits, .operation = "public-key-generation",
             .axes = CP_AXIS_IMPL },
      .run = run_keygen, .prepare = cp_pk_prepare, .check = check_agree, .pk_len = len,
      .heap_from_base = 1,
    };
    struct cp_case shared = c;
    shared.r.operation = "shared-secret";
    snprintf(c.id, sizeof c.id, "dh-%u-keygen", v->bits);
    snprintf(shared.id, sizeof shared.id, "dh-%u-shared", v->bits);
    /* the group is set up when a case runs; one that does not fit the board
     * is still reported (cp_case_run) */
    if (cp_case_selected(&c) || cp_case_selected(&shared)) {
      c.heap_base = cp_pk_fresh();
      if (cp_dh_setup(0, v->p, len, generator, 1) != 0 || cp_dh_setup(1, v->p, len, generator, 1) != 0)
        cp_setup_failed("DH group set-up failed");
    }
    cp_case_run(&c);

    /* Fixed key pairs for the shared secret: B's secret with A's public
     * value is the answer A must find. */
    uint8_t pub_a[256];
    if (cp_case_selected(&shared)) {
      cp_pk_prepare(&c);
      if (cp_dh_gen_public(0, pub_a, len) != 0 || cp_dh_gen_public(1, pub_b, len) != 0 ||
          cp_dh_shared(1, pub_a, secret_b, len) != 0)
        cp_setup_failed("DH key pairs for the shared-secret case failed");
    }
    snprintf(c.id, sizeof c.id, "dh-%u-shared", v->bits);
    cp_pk_next(&c, "shared-secret", run_shared, NULL);
    c.expect = secret_b;
    c.expect_len = len;
    cp_case_run(&c);
  }
  cp_pk_release();
}
