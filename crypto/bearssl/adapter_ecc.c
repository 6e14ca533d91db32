/* BearSSL port: ECDSA and ECDH on the Weierstrass curves (ops.h) and X25519
 * (ops_edwards.h) with the EC implementation of the image's configuration
 * (config/variants.h). BearSSL keeps no group or key object: a key is its
 * encoded bytes, so each slot keeps a private scalar and an encoded public
 * point. Signatures are raw r || s; ECDSA signing is deterministic (RFC
 * 6979 with the curve's hash). BearSSL checks inside its calls that a
 * peer's point lies on the curve (mul) and that a public key is valid
 * (verification); the port adds no check. BearSSL 0.6 has no X448. */
#include <string.h>
#include <bearssl.h>
#include "ops.h"
#include "ops_edwards.h"
#include "port.h"
#include "variants.h"

struct slot {
  int curve;
  unsigned char d[BR_EC_KBUF_PRIV_MAX_SIZE], q[BR_EC_KBUF_PUB_MAX_SIZE];
  br_ec_private_key sk;
  br_ec_public_key pk;
};
static struct slot slots[2];

static const int curve_ids[] = {
  [CP_P256] = BR_EC_secp256r1, [CP_P384] = BR_EC_secp384r1, [CP_P521] = BR_EC_secp521r1,
  [CP_X25519] = BR_EC_curve25519, [CP_X448] = 0,
};

void cp_ec_release(int slot)
{
  memset(&slots[slot], 0, sizeof slots[slot]);
}

int cp_ec_setup(int slot, enum cp_curve curve)
{
  cp_ec_release(slot);
  slots[slot].curve = curve_ids[curve];
  return curve == CP_P256 || curve == CP_P384 || curve == CP_P521 ? 0 : -1;
}

/* The public key of the slot's private key, encoded uncompressed. */
static int derive_public(struct slot *k)
{
  return br_ec_compute_pub(&CP_BR_EC_IMPL, &k->pk, k->q, &k->sk) ? 0 : -1;
}

int cp_ec_set_private(int slot, const uint8_t *d, size_t len)
{
  struct slot *k = &slots[slot];
  if (len > sizeof k->d)
    return -1;
  memcpy(k->d, d, len);
  k->sk = (br_ec_private_key){ k->curve, k->d, len };
  return derive_public(k);
}

int cp_ec_set_public(int slot, const uint8_t *q, size_t len)
{
  struct slot *k = &slots[slot];
  if (len > sizeof k->q)
    return -1;
  memcpy(k->q, q, len);
  k->pk = (br_ec_public_key){ k->curve, k->q, len };
  return 0;
}

int cp_ec_public(int slot, uint8_t *q, size_t *len)
{
  struct slot *k = &slots[slot];
  if (k->pk.qlen > *len)
    return -1;
  memcpy(q, k->pk.q, k->pk.qlen);
  *len = k->pk.qlen;
  return 0;
}

int cp_ecdh_gen_public(int slot)
{
  struct slot *k = &slots[slot];
  if (!br_ec_keygen(cp_bearssl_prng(), &CP_BR_EC_IMPL, &k->sk, k->d, k->curve))
    return -1;
  return derive_public(k);
}

/* The peer's point is decoded and checked by mul itself; the shared secret
 * is the X coordinate of the product. */
int cp_ecdh_shared(int slot, const uint8_t *peer, size_t peer_len, uint8_t *z, size_t z_len)
{
  struct slot *k = &slots[slot];
  unsigned char g[BR_EC_KBUF_PUB_MAX_SIZE];
  size_t xlen = 0;
  if (peer_len > sizeof g)
    return -1;
  memcpy(g, peer, peer_len);
  if (!CP_BR_EC_IMPL.mul(g, peer_len, k->sk.x, k->sk.xlen, k->curve))
    return -1;
  size_t off = CP_BR_EC_IMPL.xoff(k->curve, &xlen);
  if (xlen != z_len)
    return -1;
  memcpy(z, g + off, xlen);
  return 0;
}

/* The hash class BearSSL's signing takes for the digest: its output length
 * is the digest's, and its HMAC_DRBG derives the RFC 6979 nonce (SHA-256,
 * -384, -512 for the suite's P-256, P-384, P-521 digests). */
static const br_hash_class *hash_of(size_t len)
{
  static const br_hash_class *const classes[] = {
    &br_md5_vtable, &br_sha1_vtable, &br_sha224_vtable, &br_sha256_vtable, &br_sha384_vtable,
    &br_sha512_vtable,
  };
  for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
    if (((classes[i]->desc >> BR_HASHDESC_OUT_OFF) & BR_HASHDESC_OUT_MASK) == len)
      return classes[i];
  return NULL;
}

/* r || s, each as long as the field element (32, 48, 66 bytes). */
static size_t sig_len(const struct slot *k)
{
  return k->curve == BR_EC_secp256r1 ? 64 : k->curve == BR_EC_secp384r1 ? 96 : 132;
}

int cp_ecdsa_sign(int slot, const uint8_t *hash, size_t hash_len, uint8_t *sig)
{
  struct slot *k = &slots[slot];
  const br_hash_class *hf = hash_of(hash_len);
  return hf && CP_BR_ECDSA(sign_raw)(&CP_BR_EC_IMPL, hf, hash, &k->sk, sig) == sig_len(k) ? 0 : -1;
}

int cp_ecdsa_verify(int slot, const uint8_t *hash, size_t hash_len, const uint8_t *sig)
{
  struct slot *k = &slots[slot];
  return CP_BR_ECDSA(vrfy_raw)(&CP_BR_EC_IMPL, hash, hash_len, &k->pk, sig, sig_len(k)) ? 0 : -1;
}

/* X25519: the scalar as RFC 7748 gives it (the implementation clamps it),
 * the public key from mulgen, the shared secret from mul on the peer's
 * u-coordinate. */
static unsigned char x25519_priv[CP_X25519_KEY];

int cp_x25519_set_private(const uint8_t *priv)
{
  memcpy(x25519_priv, priv, sizeof x25519_priv);
  return 0;
}

int cp_x25519_public(uint8_t *pub)
{
  return CP_BR_XDH_IMPL.mulgen(pub, x25519_priv, sizeof x25519_priv, BR_EC_curve25519) == CP_X25519_KEY
             ? 0 : -1;
}

int cp_x25519_shared(const uint8_t *peer, uint8_t *secret)
{
  memcpy(secret, peer, CP_X25519_KEY);
  return CP_BR_XDH_IMPL.mul(secret, CP_X25519_KEY, x25519_priv, sizeof x25519_priv, BR_EC_curve25519) ? 0
                                                                                                       : -1;
}

/* BearSSL 0.6 has no Curve448: the X448 cases are not served (info.c), so
 * these are never called; the Montgomery driver links them. */
int cp_x448_set_private(const uint8_t *priv)
{
  (void)priv;
  return -1;
}

int cp_x448_public(uint8_t *pub)
{
  (void)pub;
  return -1;
}

int cp_x448_shared(const uint8_t *peer, uint8_t *secret)
{
  (void)peer, (void)secret;
  return -1;
}
