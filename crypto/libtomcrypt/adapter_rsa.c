/* LibTomCrypt port: RSA signatures (PKCS#1 v1.5 and PSS with SHA-256) and
 * finite-field DH of firmware/bench/ops.h, on LibTomMath. The RSA key is
 * set from raw numbers with the CRT values (rsa_set_key, rsa_set_factors,
 * rsa_set_crt_params); rsa_sign_hash_ex encodes the v1.5 DigestInfo or the
 * PSS block (salt as long as the hash) itself, and the private-key
 * operation keeps LibTomCrypt's defaults: CRT, blinding (LTC_RSA_BLINDING:
 * a random value raised to e and inverted, from the harness's stream) and
 * a check of the result with e (LTC_RSA_CRT_HARDENING). DH: the group set
 * with dh_set_pg; a public value from a private exponent as long as p
 * (drawn from the stream, its top bit cleared) through dh_set_key, which
 * computes g^x mod p and checks it, as the other libraries draw one as
 * long as p (dh_generate_key would draw 240 or 320 bits, RFC 3526's
 * estimate, and so do other work); the peer's value set into a key of the
 * same group, then dh_shared_secret, which checks it. */
#include <string.h>
#include "ops.h"
#include "port.h"

static rsa_key rsa;
static int rsa_live;

void cp_rsa_release(void)
{
  if (rsa_live)
    rsa_free(&rsa);
  rsa_live = 0;
}

int cp_rsa_setup(const struct cp_rsa_key *key)
{
  static const unsigned char e[] = { 0x01, 0x00, 0x01 };
  unsigned long n = key->bits / 8, h = n / 2;
  cp_rsa_release();
  if (cp_ltc_prng() < 0 || cp_ltc_sha256() < 0)
    return -1;
  int r = rsa_set_key(key->n, n, e, sizeof e, key->d, key->d ? n : 0, &rsa);
  rsa_live = r == CRYPT_OK;
  if (r != CRYPT_OK || !key->p)
    return r;
  r = rsa_set_factors(key->p, h, key->q, h, &rsa);
  return r ? r : rsa_set_crt_params(key->dp, h, key->dq, h, key->qinv, h, &rsa);
}

int cp_rsa_sign(int pss, const uint8_t hash[32], uint8_t *sig)
{
  unsigned long n = (unsigned long)rsa_get_size(&rsa);
  return rsa_sign_hash_ex(hash, 32, sig, &n, pss ? LTC_PKCS_1_PSS : LTC_PKCS_1_V1_5, cp_ltc_prng_state(),
                          cp_ltc_prng(), cp_ltc_sha256(), 32, &rsa);
}

int cp_rsa_verify(int pss, const uint8_t hash[32], const uint8_t *sig)
{
  int valid = 0;
  int r = rsa_verify_hash_ex(sig, (unsigned long)rsa_get_size(&rsa), hash, 32, pss ? LTC_PKCS_1_PSS : LTC_PKCS_1_V1_5,
                             cp_ltc_sha256(), 32, &valid, &rsa);
  return r ? r : valid ? 0 : -1;
}

struct dh_slot {
  dh_key key;
  const uint8_t *p, *g;
  size_t len, g_len;
  int live;
};
static struct dh_slot dh[2];

void cp_dh_release(int slot)
{
  if (dh[slot].live)
    dh_free(&dh[slot].key);
  dh[slot].live = 0;
}

int cp_dh_setup(int slot, const uint8_t *p, size_t len, const uint8_t *g, size_t g_len)
{
  struct dh_slot *s = &dh[slot];
  cp_dh_release(slot);
  if (cp_ltc_prng() < 0)
    return -1;
  *s = (struct dh_slot){ .p = p, .g = g, .len = len, .g_len = g_len };
  int r = dh_set_pg(p, len, g, g_len, &s->key);
  s->live = r == CRYPT_OK;
  return r;
}

/* big-endian value v of n bytes written as len bytes */
static void pad_left(uint8_t *out, size_t len, size_t n)
{
  memmove(out + (len - n), out, n);
  memset(out, 0, len - n);
}

int cp_dh_gen_public(int slot, uint8_t *pub, size_t len)
{
  struct dh_slot *s = &dh[slot];
  unsigned char x[256];
  unsigned long n = len;
  if (len > sizeof x)
    return -1;
  cp_rand_fill(x, len);
  x[0] &= 0x7F;
  /* dh_set_key frees the whole key (group included) when it fails */
  int r = dh_set_key(x, len, PK_PRIVATE, &s->key);
  s->live = r == CRYPT_OK;
  r = r ? r : dh_export_key(pub, &n, PK_PUBLIC, &s->key);
  if (r == CRYPT_OK)
    pad_left(pub, len, n);
  return r;
}

int cp_dh_shared(int slot, const uint8_t *peer, uint8_t *z, size_t len)
{
  struct dh_slot *s = &dh[slot];
  dh_key pub;
  unsigned long n = len;
  int r = dh_set_pg(s->p, s->len, s->g, s->g_len, &pub);
  if (r != CRYPT_OK)
    return r;
  r = dh_set_key(peer, len, PK_PUBLIC, &pub);
  if (r != CRYPT_OK)
    return r; /* dh_set_key freed pub */
  r = dh_shared_secret(&s->key, &pub, z, &n);
  dh_free(&pub);
  if (r == CRYPT_OK)
    pad_left(z, len, n);
  return r;
}
