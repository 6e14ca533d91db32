/* wolfSSL port: the Edwards and Montgomery curve operations of
 * firmware/bench/ops_edwards.h. Keys and points are raw little-endian byte
 * strings as in RFC 7748 / RFC 8032 (wolfCrypt's *_ex import and shared
 * secret calls with EC25519/EC448_LITTLE_ENDIAN). The keys are imported
 * once, untimed: wolfSSL 5.7.2's untrusted private-key import checks the
 * pair by deriving the public key again (a full base-point multiplication,
 * wc_ed25519_check_key), which belongs to set-up, not to each signature. */
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/curve448.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/ed448.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include "ops_edwards.h"

static ed25519_key ed25519;
static ed448_key ed448;
static int ed25519_live, ed448_live;

int cp_ed25519_set_key(const uint8_t *priv, const uint8_t *pub)
{
  if (ed25519_live)
    wc_ed25519_free(&ed25519);
  int r = wc_ed25519_init(&ed25519);
  ed25519_live = r == 0;
  if (r == 0)
    r = priv ? wc_ed25519_import_private_key(priv, CP_ED25519_KEY, pub, CP_ED25519_KEY, &ed25519)
             : wc_ed25519_import_public(pub, CP_ED25519_KEY, &ed25519);
  return r;
}

int cp_ed25519_sign(const uint8_t *msg, size_t len, uint8_t *sig)
{
  word32 sig_len = CP_ED25519_SIG;
  return wc_ed25519_sign_msg(msg, (word32)len, sig, &sig_len, &ed25519);
}

int cp_ed25519_verify(const uint8_t *msg, size_t len, const uint8_t *sig, int *valid)
{
  *valid = 0;
  int r = wc_ed25519_verify_msg(sig, CP_ED25519_SIG, msg, (word32)len, valid, &ed25519);
  return r == SIG_VERIFY_E ? 0 : r; /* a bad signature is an answer, not an error */
}

int cp_ed448_set_key(const uint8_t *priv, const uint8_t *pub)
{
  if (ed448_live)
    wc_ed448_free(&ed448);
  int r = wc_ed448_init(&ed448);
  ed448_live = r == 0;
  if (r == 0)
    r = priv ? wc_ed448_import_private_key(priv, CP_ED448_KEY, pub, CP_ED448_KEY, &ed448)
             : wc_ed448_import_public(pub, CP_ED448_KEY, &ed448);
  return r;
}

int cp_ed448_sign(const uint8_t *msg, size_t len, uint8_t *sig)
{
  word32 sig_len = CP_ED448_SIG;
  return wc_ed448_sign_msg(msg, (word32)len, sig, &sig_len, &ed448, NULL, 0);
}

int cp_ed448_verify(const uint8_t *msg, size_t len, const uint8_t *sig, int *valid)
{
  *valid = 0;
  int r = wc_ed448_verify_msg(sig, CP_ED448_SIG, msg, (word32)len, valid, &ed448, NULL, 0);
  return r == SIG_VERIFY_E ? 0 : r;
}

static curve25519_key x25519;
static curve448_key x448;
static int x25519_live, x448_live;

int cp_x25519_set_private(const uint8_t *priv)
{
  if (x25519_live)
    wc_curve25519_free(&x25519);
  int r = wc_curve25519_init(&x25519);
  x25519_live = r == 0;
  return r ? r : wc_curve25519_import_private_ex(priv, CP_X25519_KEY, &x25519, EC25519_LITTLE_ENDIAN);
}

int cp_x25519_public(uint8_t *pub)
{
  return wc_curve25519_make_pub(CP_X25519_KEY, pub, CP_X25519_KEY, x25519.k);
}

int cp_x25519_shared(const uint8_t *peer, uint8_t *secret)
{
  curve25519_key other;
  word32 len = CP_X25519_KEY;
  int r = wc_curve25519_init(&other);
  if (r == 0)
    r = wc_curve25519_import_public_ex(peer, CP_X25519_KEY, &other, EC25519_LITTLE_ENDIAN);
  if (r == 0)
    r = wc_curve25519_shared_secret_ex(&x25519, &other, secret, &len, EC25519_LITTLE_ENDIAN);
  wc_curve25519_free(&other);
  return r;
}

int cp_x448_set_private(const uint8_t *priv)
{
  if (x448_live)
    wc_curve448_free(&x448);
  int r = wc_curve448_init(&x448);
  x448_live = r == 0;
  return r ? r : wc_curve448_import_private_ex(priv, CP_X448_KEY, &x448, EC448_LITTLE_ENDIAN);
}

int cp_x448_public(uint8_t *pub)
{
  return wc_curve448_make_pub(CP_X448_KEY, pub, CP_X448_KEY, x448.k);
}

int cp_x448_shared(const uint8_t *peer, uint8_t *secret)
{
  curve448_key other;
  word32 len = CP_X448_KEY;
  int r = wc_curve448_init(&other);
  if (r == 0)
    r = wc_curve448_import_public_ex(peer, CP_X448_KEY, &other, EC448_LITTLE_ENDIAN);
  if (r == 0)
    r = wc_curve448_shared_secret_ex(&x448, &other, secret, &len, EC448_LITTLE_ENDIAN);
  wc_curve448_free(&other);
  return r;
}
