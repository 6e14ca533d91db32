/* LibTomCrypt port: ECDSA and ECDH on P-256/384/521 (ops.h) on LibTomMath,
 * through the math descriptor ltc_mp (its mp_* shorthands are internal to
 * the library).
 * Each slot keeps one ecc_key on the curve's entry of ltc_ecc_sets. 1.18.2
 * has no call that sets a private key from bytes: set-up (untimed) does
 * what ecc_make_key_ex does with the given scalar instead of a random one.
 * Public keys travel as ANSI X9.63 points (ecc_ansi_x963_import/export);
 * 1.18.2 checks neither an imported point nor the peer's point in
 * ecc_shared_secret, and the port adds no check. Signatures are raw r || s
 * (ecc_sign_hash_rfc7518), the nonce from the harness's stream. The
 * scalar multiplication is the configuration's: LTC_ECC_TIMING_RESISTANT
 * (a Montgomery ladder, the default) or a sliding window. LibTomCrypt
 * 1.18.2 has no X25519 or X448. */
#include <string.h>
#include "ops.h"
#include "port.h"

struct slot {
  ecc_key key;
  const ltc_ecc_set_type *dp;
  int live;
};
static struct slot slots[2];

void cp_ec_release(int slot)
{
  if (slots[slot].live)
    ecc_free(&slots[slot].key);
  slots[slot].live = 0;
}

int cp_ec_setup(int slot, enum cp_curve curve)
{
  static const int sizes[] = { [CP_P256] = 32, [CP_P384] = 48, [CP_P521] = 66, [CP_X25519] = 0, [CP_X448] = 0 };
  struct slot *k = &slots[slot];
  cp_ec_release(slot);
  if (cp_ltc_prng() < 0)
    return -1;
  k->dp = NULL;
  for (int i = 0; ltc_ecc_sets[i].size != 0; i++)
    if (ltc_ecc_sets[i].size == sizes[curve])
      k->dp = &ltc_ecc_sets[i];
  return k->dp ? 0 : -1;
}

int cp_ec_set_private(int slot, const uint8_t *d, size_t len)
{
  struct slot *k = &slots[slot];
  ecc_key *key = &k->key;
  void *prime;
  cp_ec_release(slot);
  if (ltc_init_multi(&key->pubkey.x, &key->pubkey.y, &key->pubkey.z, &key->k, &prime, NULL) != CRYPT_OK)
    return -1;
  k->live = 1;
  key->idx = -1;
  key->dp = k->dp;
  key->type = PK_PRIVATE;
  ecc_point *g = ltc_ecc_new_point();
  int r = g ? CRYPT_OK : CRYPT_MEM;
  r = r ? r : ltc_mp.read_radix(prime, k->dp->prime, 16);
  r = r ? r : ltc_mp.read_radix(g->x, k->dp->Gx, 16);
  r = r ? r : ltc_mp.read_radix(g->y, k->dp->Gy, 16);
  r = r ? r : ltc_mp.set_int(g->z, 1);
  r = r ? r : ltc_mp.unsigned_read(key->k, (unsigned char *)(uintptr_t)d, (unsigned long)len);
  r = r ? r : ltc_mp.ecc_ptmul(key->k, g, &key->pubkey, prime, 1);
  ltc_ecc_del_point(g);
  ltc_mp.deinit(prime);
  return r;
}

/* The point's import takes a non-const curve; it does not write it. */
static ltc_ecc_set_type *curve_of(const struct slot *k)
{
  return (ltc_ecc_set_type *)(uintptr_t)k->dp;
}

int cp_ec_set_public(int slot, const uint8_t *q, size_t len)
{
  struct slot *k = &slots[slot];
  cp_ec_release(slot);
  int r = ecc_ansi_x963_import_ex(q, (unsigned long)len, &k->key, curve_of(k));
  k->live = r == CRYPT_OK;
  return r;
}

int cp_ec_public(int slot, uint8_t *q, size_t *len)
{
  unsigned long n = *len;
  int r = ecc_ansi_x963_export(&slots[slot].key, q, &n);
  *len = n;
  return r;
}

/* A new key replaces the slot's: the old one is freed first (in the timed
 * call, as an application making a fresh key frees the previous one). */
int cp_ecdh_gen_public(int slot)
{
  struct slot *k = &slots[slot];
  cp_ec_release(slot);
  int r = ecc_make_key_ex(cp_ltc_prng_state(), cp_ltc_prng(), &k->key, k->dp);
  k->live = r == CRYPT_OK;
  return r;
}

/* The peer's point imported into a key of its own, as an application
 * receiving it would, then the X coordinate of the product. */
int cp_ecdh_shared(int slot, const uint8_t *peer, size_t peer_len, uint8_t *z, size_t z_len)
{
  struct slot *k = &slots[slot];
  ecc_key pub;
  unsigned long n = z_len;
  int r = ecc_ansi_x963_import_ex(peer, (unsigned long)peer_len, &pub, curve_of(k));
  if (r != CRYPT_OK)
    return r;
  r = ecc_shared_secret(&k->key, &pub, z, &n);
  ecc_free(&pub);
  return r ? r : n == z_len ? 0 : -1;
}

int cp_ecdsa_sign(int slot, const uint8_t *hash, size_t hash_len, uint8_t *sig)
{
  struct slot *k = &slots[slot];
  unsigned long n = 2ul * (unsigned long)k->dp->size;
  int r = ecc_sign_hash_rfc7518(hash, hash_len, sig, &n, cp_ltc_prng_state(), cp_ltc_prng(), &k->key);
  return r ? r : n == 2ul * (unsigned long)k->dp->size ? 0 : -1;
}

int cp_ecdsa_verify(int slot, const uint8_t *hash, size_t hash_len, const uint8_t *sig)
{
  struct slot *k = &slots[slot];
  int valid = 0;
  int r = ecc_verify_hash_rfc7518(sig, 2ul * (unsigned long)k->dp->size, hash, hash_len, &valid, &k->key);
  return r ? r : valid ? 0 : -1;
}
