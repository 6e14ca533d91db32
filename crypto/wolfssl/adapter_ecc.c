/* wolfSSL port: ECDSA and ECDH on the Weierstrass curves of
 * firmware/bench/ops.h through wc_ecc_*, which hands P-256/384/521 to the
 * single-precision (SP) code of the configuration: portable C
 * (WOLFSSL_SP_SMALL, sp_c32.c) or Cortex-M assembly (sp_cortexm.c).
 * X25519 and X448 have their own driver and API (adapter_edwards.c). Each
 * slot keeps one key (private and public part) between calls. */
#include <string.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include "ops.h"
#include "port.h"

struct slot {
  ecc_key key;
  int curve_id, live;
};
static struct slot slots[2];

static const int curve_ids[] = {
  [CP_P256] = ECC_SECP256R1, [CP_P384] = ECC_SECP384R1, [CP_P521] = ECC_SECP521R1,
  [CP_X25519] = ECC_CURVE_INVALID, [CP_X448] = ECC_CURVE_INVALID,
};

void cp_ec_release(int slot)
{
  if (slots[slot].live)
    wc_ecc_free(&slots[slot].key);
  slots[slot].live = 0;
}

/* A fresh key of the slot's curve (the library keeps no group apart from
 * the key: the curve parameters are constant data). */
static int fresh(struct slot *k)
{
  cp_ec_release((int)(k - slots));
  int r = wc_ecc_init(&k->key);
  k->live = r == 0;
  return r ? r : wc_ecc_set_rng(&k->key, cp_wolfssl_rng());
}

int cp_ec_setup(int slot, enum cp_curve curve)
{
  struct slot *k = &slots[slot];
  k->curve_id = curve_ids[curve];
  if (k->curve_id == ECC_CURVE_INVALID)
    return -1;
  return fresh(k);
}

int cp_ec_set_private(int slot, const uint8_t *d, size_t len)
{
  struct slot *k = &slots[slot];
  int r = fresh(k);
  r = r ? r : wc_ecc_import_private_key_ex(d, (word32)len, NULL, 0, &k->key, k->curve_id);
  return r ? r : wc_ecc_make_pub_ex(&k->key, NULL, cp_wolfssl_rng());
}

int cp_ec_set_public(int slot, const uint8_t *q, size_t len)
{
  struct slot *k = &slots[slot];
  int r = fresh(k);
  r = r ? r : wc_ecc_import_x963_ex(q, (word32)len, &k->key, k->curve_id);
  return r ? r : wc_ecc_check_key(&k->key);
}

int cp_ec_public(int slot, uint8_t *q, size_t *len)
{
  word32 n = (word32)*len;
  int r = wc_ecc_export_x963(&slots[slot].key, q, &n);
  *len = n;
  return r;
}

/* The slot's key was initialised by cp_ec_setup (untimed); make_key resets
 * it itself (wc_ecc_reset), so repeated calls need no re-initialisation. */
int cp_ecdh_gen_public(int slot)
{
  struct slot *k = &slots[slot];
  return wc_ecc_make_key_ex(cp_wolfssl_rng(), wc_ecc_get_curve_size_from_id(k->curve_id), &k->key,
                            k->curve_id);
}

/* The peer's point is imported into a key of its own, as an application
 * receiving it would. No wc_ecc_check_key here: it validates by a full
 * order multiplication n*Q, which doubled the figure (5.7.2 P-256:
 * 2,069,195 -> 1,030,824 instructions) and is work the port would add;
 * Mbed TLS checks only that the point is on the curve, inside
 * mbedtls_ecp_mul, and wolfSSL's wc_ecc_shared_secret does no check of its
 * own in this build (no WOLFSSL_VALIDATE_ECC_IMPORT). */
int cp_ecdh_shared(int slot, const uint8_t *peer, size_t peer_len, uint8_t *z, size_t z_len)
{
  struct slot *k = &slots[slot];
  ecc_key pub;
  word32 n = (word32)z_len;
  int r = wc_ecc_init(&pub);
  if (r != 0)
    return r;
  r = wc_ecc_import_x963_ex(peer, (word32)peer_len, &pub, k->curve_id);
  r = r ? r : wc_ecc_shared_secret(&k->key, &pub, z, &n);
  wc_ecc_free(&pub);
  return r ? r : n == z_len ? 0 : -1;
}

int cp_ecdsa_sign(int slot, const uint8_t *hash, size_t hash_len, uint8_t *sig)
{
  struct slot *k = &slots[slot];
  word32 n = (word32)wc_ecc_get_curve_size_from_id(k->curve_id);
  mp_int r, s;
  int ret = mp_init_multi(&r, &s, NULL, NULL, NULL, NULL);
  if (ret != 0)
    return ret;
  ret = wc_ecc_sign_hash_ex(hash, (word32)hash_len, cp_wolfssl_rng(), &k->key, &r, &s);
  ret = ret ? ret : mp_to_unsigned_bin_len(&r, sig, (int)n);
  ret = ret ? ret : mp_to_unsigned_bin_len(&s, sig + n, (int)n);
  mp_free(&r);
  mp_free(&s);
  return ret;
}

int cp_ecdsa_verify(int slot, const uint8_t *hash, size_t hash_len, const uint8_t *sig)
{
  struct slot *k = &slots[slot];
  word32 n = (word32)wc_ecc_get_curve_size_from_id(k->curve_id);
  mp_int r, s;
  int valid = 0;
  int ret = mp_init_multi(&r, &s, NULL, NULL, NULL, NULL);
  if (ret != 0)
    return ret;
  ret = mp_read_unsigned_bin(&r, sig, n);
  ret = ret ? ret : mp_read_unsigned_bin(&s, sig + n, n);
  ret = ret ? ret : wc_ecc_verify_hash_ex(&r, &s, hash, (word32)hash_len, &valid, &k->key);
  mp_free(&r);
  mp_free(&s);
  return ret ? ret : valid ? 0 : -1;
}
