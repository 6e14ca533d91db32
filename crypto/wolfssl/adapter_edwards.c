/* wolfSSL port: the Edwards and Montgomery curve operations of
 * firmware/bench/ops_edwards.h. Keys and points are raw little-endian byte
 * strings as in RFC 7748 / RFC 8032 (wolfCrypt's *_ex import and shared
 * secret calls with EC25519/EC448_LITTLE_ENDIAN). Each operation includes
 * its key import, as a caller holding raw keys would do. */
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/ed448.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include "ops_edwards.h"

int cp_ed25519_sign(const uint8_t *priv, const uint8_t *pub, const uint8_t *msg, size_t len,
                    uint8_t *sig)
{
  ed25519_key key;
  word32 sig_len = CP_ED25519_SIG;
  int r = wc_ed25519_init(&key);
  if (r == 0)
    r = wc_ed25519_import_private_key(priv, CP_ED25519_KEY, pub, CP_ED25519_KEY, &key);
  if (r == 0)
    r = wc_ed25519_sign_msg(msg, (word32)len, sig, &sig_len, &key);
  wc_ed25519_free(&key);
  return r;
}

int cp_ed25519_verify(const uint8_t *pub, const uint8_t *msg, size_t len, const uint8_t *sig,
                      int *valid)
{
  ed25519_key key;
  int r = wc_ed25519_init(&key);
  *valid = 0;
  if (r == 0)
    r = wc_ed25519_import_public(pub, CP_ED25519_KEY, &key);
  if (r == 0) {
    r = wc_ed25519_verify_msg(sig, CP_ED25519_SIG, msg, (word32)len, valid, &key);
    if (r == SIG_VERIFY_E) /* a bad signature is an answer, not an error */
      r = 0;
  }
  wc_ed25519_free(&key);
  return r;
}

int cp_ed448_sign(const uint8_t *priv, const uint8_t *pub, const uint8_t *msg, size_t len,
                  uint8_t *sig)
{
  ed448_key key;
  word32 sig_len = CP_ED448_SIG;
  int r = wc_ed448_init(&key);
  if (r == 0)
    r = wc_ed448_import_private_key(priv, CP_ED448_KEY, pub, CP_ED448_KEY, &key);
  if (r == 0)
    r = wc_ed448_sign_msg(msg, (word32)len, sig, &sig_len, &key, NULL, 0);
  wc_ed448_free(&key);
  return r;
}

int cp_ed448_verify(const uint8_t *pub, const uint8_t *msg, size_t len, const uint8_t *sig,
                    int *valid)
{
  ed448_key key;
  int r = wc_ed448_init(&key);
  *valid = 0;
  if (r == 0)
    r = wc_ed448_import_public(pub, CP_ED448_KEY, &key);
  if (r == 0) {
    r = wc_ed448_verify_msg(sig, CP_ED448_SIG, msg, (word32)len, valid, &key, NULL, 0);
    if (r == SIG_VERIFY_E)
      r = 0;
  }
  wc_ed448_free(&key);
  return r;
}

int cp_x25519_public(const uint8_t *priv, uint8_t *pub)
{
  return wc_curve25519_make_pub(CP_X25519_KEY, pub, CP_X25519_KEY, priv);
}

int cp_x25519_shared(const uint8_t *priv, const uint8_t *peer, uint8_t *secret)
{
  curve25519_key own, other;
  word32 len = CP_X25519_KEY;
  int r = wc_curve25519_init(&own);
  if (r == 0)
    r = wc_curve25519_init(&other);
  if (r == 0)
    r = wc_curve25519_import_private_ex(priv, CP_X25519_KEY, &own, EC25519_LITTLE_ENDIAN);
  if (r == 0)
    r = wc_curve25519_import_public_ex(peer, CP_X25519_KEY, &other, EC25519_LITTLE_ENDIAN);
  if (r == 0)
    r = wc_curve25519_shared_secret_ex(&own, &other, secret, &len, EC25519_LITTLE_ENDIAN);
  wc_curve25519_free(&other);
  wc_curve25519_free(&own);
  return r;
}

int cp_x448_public(const uint8_t *priv, uint8_t *pub)
{
  return wc_curve448_make_pub(CP_X448_KEY, pub, CP_X448_KEY, priv);
}

int cp_x448_shared(const uint8_t *priv, const uint8_t *peer, uint8_t *secret)
{
  curve448_key own, other;
  word32 len = CP_X448_KEY;
  int r = wc_curve448_init(&own);
  if (r == 0)
    r = wc_curve448_init(&other);
  if (r == 0)
    r = wc_curve448_import_private_ex(priv, CP_X448_KEY, &own, EC448_LITTLE_ENDIAN);
  if (r == 0)
    r = wc_curve448_import_public_ex(peer, CP_X448_KEY, &other, EC448_LITTLE_ENDIAN);
  if (r == 0)
    r = wc_curve448_shared_secret_ex(&own, &other, secret, &len, EC448_LITTLE_ENDIAN);
  wc_curve448_free(&other);
  wc_curve448_free(&own);
  return r;
}
