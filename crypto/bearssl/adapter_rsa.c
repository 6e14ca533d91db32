/* BearSSL port: RSA PKCS#1 v1.5 signatures with SHA-256 (ops.h) on the
 * big-integer code of the image's configuration (config/variants.h).
 * BearSSL's private key is the CRT form (p, q, dp, dq, qinv): its
 * private-key operation always uses CRT, constant-time and without
 * blinding, so it needs no randomness. Keys point at the harness's bytes
 * (BearSSL reads them only; nothing is copied). The v1.5 DigestInfo is
 * encoded inside the signing call; verification recovers the digest and the
 * port compares it with the expected one, as BearSSL's API leaves that to
 * the caller. BearSSL 0.6 has no RSA-PSS (it arrived after 0.6): those
 * cases are not served (info.c). */
#include <string.h>
#include <bearssl.h>
#include "ops.h"
#include "port.h"
#include "variants.h"

static br_rsa_public_key pub;
static br_rsa_private_key priv;
static unsigned char e65537[] = { 0x01, 0x00, 0x01 };

#define KEY_BYTES(p) ((unsigned char *)(uintptr_t)(p))

int cp_rsa_setup(const struct cp_rsa_key *key)
{
  size_t n = key->bits / 8, h = n / 2;
  pub = (br_rsa_public_key){ KEY_BYTES(key->n), n, e65537, sizeof e65537 };
  if (!key->p)
    return 0;
  if (!key->q || !key->dp || !key->dq || !key->qinv)
    return -1;
  priv = (br_rsa_private_key){ key->bits, KEY_BYTES(key->p), h, KEY_BYTES(key->q), h,
                               KEY_BYTES(key->dp), h, KEY_BYTES(key->dq), h, KEY_BYTES(key->qinv), h };
  return 0;
}

int cp_rsa_sign(int pss, const uint8_t hash[32], uint8_t *sig)
{
  if (pss)
    return -1;
  return CP_BR_RSA(pkcs1_sign)(BR_HASH_OID_SHA256, hash, 32, &priv, sig) ? 0 : -1;
}

int cp_rsa_verify(int pss, const uint8_t hash[32], const uint8_t *sig)
{
  unsigned char out[32];
  if (pss)
    return -1;
  if (!CP_BR_RSA(pkcs1_vrfy)(sig, pub.nlen, BR_HASH_OID_SHA256, sizeof out, &pub, out))
    return -1;
  return memcmp(out, hash, sizeof out) == 0 ? 0 : -1;
}

void cp_rsa_release(void)
{
  memset(&pub, 0, sizeof pub);
  memset(&priv, 0, sizeof priv);
}
