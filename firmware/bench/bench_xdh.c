/* X25519 and X448 (RFC 7748): public key of a fixed scalar, and the shared
 * secret with a peer's public key (its import included), each checked
 * against OpenSSL's answer; the scalar is set up beforehand (untimed). */
#include <stdio.h>
#include "case.h"
#include "vectors_edwards.h"

struct xdh {
  const char *curve;
  const uint8_t *priv, *pub, *peer, *secret;
  size_t len;
  int (*set_private)(const uint8_t *priv);
  int (*public_key)(uint8_t *pub);
  int (*shared)(const uint8_t *peer, uint8_t *secret);
};

static const struct xdh *cur;

static void run_public(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cur->public_key(cp_out);
}

static void run_shared(void *arg)
{
  struct cp_case *c = arg;
  c->rc = cur->shared(cur->peer, cp_out);
}

void cp_bench_xdh(void)
{
  static const struct xdh curves[] = {
    { "x25519", cp_vec_x25519_priv, cp_vec_x25519_pub, cp_vec_x25519_peer, cp_vec_x25519_secret,
      CP_X25519_KEY, cp_x25519_set_private, cp_x25519_public, cp_x25519_shared },
    { "x448", cp_vec_x448_priv, cp_vec_x448_pub, cp_vec_x448_peer, cp_vec_x448_secret,
      CP_X448_KEY, cp_x448_set_private, cp_x448_public, cp_x448_shared },
  };
  for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
    cur = &curves[i];
    for (int shared = 0; shared < 2; shared++) {
      struct cp_case c = {
        .r = { .family = "ECDH", .curve = cur->curve,
               .operation = shared ? "shared-secret" : "public-key-generation", .axes = CP_AXIS_MATH },
        .run = shared ? run_shared : run_public,
        .expect = shared ? cur->secret : cur->pub,
        .expect_len = cur->len,
      };
      snprintf(c.id, sizeof c.id, "%s-%s", cur->curve, shared ? "shared-secret" : "public-key");
      if (cp_case_selected(&c) && cur->set_private(cur->priv) != 0)
        cp_harness_error("X25519/X448 key set-up failed");
      cp_case_run(&c);
    }
  }
}
