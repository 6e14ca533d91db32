/* Mbed TLS port: ECDSA and ECDH (Weierstrass and Montgomery curves) of
 * firmware/bench/ops.h through the low-level API, which is the same in 2.28
 * and 3.6. Each slot keeps a group, a private key and a public key; the group
 * persists between calls, so 2.28's comb table of the generator is built by
 * the first multiplication and reused after it. */
#include <string.h>
#include "mbedtls/ecdh.h"
#include "mbedtls/ecdsa.h"
#include "mbedtls/ecp.h"
#include "ops.h"
#include "port.h"

/* The p256-m configuration has no legacy ECC: adapter_p256m.c serves it. */
#if !defined(MBEDTLS_PSA_P256M_DRIVER_ENABLED)
struct slot {
  mbedtls_ecp_group grp;
  mbedtls_mpi d;
  mbedtls_ecp_point q;
};
static struct slot slots[2];

static const mbedtls_ecp_group_id group_ids[] = {
  [CP_P256] = MBEDTLS_ECP_DP_SECP256R1, [CP_P384] = MBEDTLS_ECP_DP_SECP384R1,
  [CP_P521] = MBEDTLS_ECP_DP_SECP521R1, [CP_X25519] = MBEDTLS_ECP_DP_CURVE25519,
  [CP_X448] = MBEDTLS_ECP_DP_CURVE448,
};

static int montgomery(const struct slot *k)
{
  return mbedtls_ecp_get_type(&k->grp) == MBEDTLS_ECP_TYPE_MONTGOMERY;
}

void cp_ec_release(int slot)
{
  struct slot *k = &slots[slot];
  mbedtls_ecp_group_free(&k->grp);
  mbedtls_mpi_free(&k->d);
  mbedtls_ecp_point_free(&k->q);
}

int cp_ec_setup(int slot, enum cp_curve curve)
{
  struct slot *k = &slots[slot];
  cp_ec_release(slot);
  mbedtls_ecp_group_init(&k->grp);
  mbedtls_mpi_init(&k->d);
  mbedtls_ecp_point_init(&k->q);
  return mbedtls_ecp_group_load(&k->grp, group_ids[curve]);
}

/* RFC 7748 scalars: little-endian, the low bits cleared (3 for X25519, 2 for
 * X448), bit nbits set and every bit above it cleared. */
static int clamp(struct slot *k, size_t len)
{
  int r = 0;
  for (size_t b = 0; r == 0 && b < (k->grp.nbits == 254 ? 3u : 2u); b++)
    r = mbedtls_mpi_set_bit(&k->d, b, 0);
  for (size_t b = k->grp.nbits + 1; r == 0 && b < 8 * len; b++)
    r = mbedtls_mpi_set_bit(&k->d, b, 0);
  return r ? r : mbedtls_mpi_set_bit(&k->d, k->grp.nbits, 1);
}

int cp_ec_set_private(int slot, const uint8_t *d, size_t len)
{
  struct slot *k = &slots[slot];
  int r = montgomery(k) ? mbedtls_mpi_read_binary_le(&k->d, d, len) || clamp(k, len)
                        : mbedtls_mpi_read_binary(&k->d, d, len);
  r = r ? r : mbedtls_ecp_check_privkey(&k->grp, &k->d);
  return r ? r : mbedtls_ecp_mul(&k->grp, &k->q, &k->d, &k->grp.G, cp_mbedtls_rng, NULL);
}

int cp_ec_set_public(int slot, const uint8_t *q, size_t len)
{
  struct slot *k = &slots[slot];
  int r = mbedtls_ecp_point_read_binary(&k->grp, &k->q, q, len);
  return r ? r : mbedtls_ecp_check_pubkey(&k->grp, &k->q);
}

int cp_ec_public(int slot, uint8_t *q, size_t *len)
{
  struct slot *k = &slots[slot];
  return mbedtls_ecp_point_write_binary(&k->grp, &k->q, MBEDTLS_ECP_PF_UNCOMPRESSED, len, q, *len);
}

int cp_ecdh_gen_public(int slot)
{
  struct slot *k = &slots[slot];
  return mbedtls_ecdh_gen_public(&k->grp, &k->d, &k->q, cp_mbedtls_rng, NULL);
}

int cp_ecdh_shared(int slot, const uint8_t *peer, size_t peer_len, uint8_t *z, size_t z_len)
{
  struct slot *k = &slots[slot];
  mbedtls_ecp_point p;
  mbedtls_mpi s;
  mbedtls_ecp_point_init(&p);
  mbedtls_mpi_init(&s);
  int r = mbedtls_ecp_point_read_binary(&k->grp, &p, peer, peer_len);
  r = r ? r : mbedtls_ecdh_compute_shared(&k->grp, &s, &p, &k->d, cp_mbedtls_rng, NULL);
  if (r == 0)
    r = montgomery(k) ? mbedtls_mpi_write_binary_le(&s, z, z_len) : mbedtls_mpi_write_binary(&s, z, z_len);
  mbedtls_mpi_free(&s);
  mbedtls_ecp_point_free(&p);
  return r;
}

#if defined(MBEDTLS_ECDSA_C)
int cp_ecdsa_sign(int slot, const uint8_t *hash, size_t hash_len, uint8_t *sig)
{
  struct slot *k = &slots[slot];
  size_t n = (k->grp.nbits + 7) / 8;
  mbedtls_mpi r, s;
  mbedtls_mpi_init(&r);
  mbedtls_mpi_init(&s);
  int ret = mbedtls_ecdsa_sign(&k->grp, &r, &s, &k->d, hash, hash_len, cp_mbedtls_rng, NULL);
  ret = ret ? ret : mbedtls_mpi_write_binary(&r, sig, n);
  ret = ret ? ret : mbedtls_mpi_write_binary(&s, sig + n, n);
  mbedtls_mpi_free(&r);
  mbedtls_mpi_free(&s);
  return ret;
}

int cp_ecdsa_verify(int slot, const uint8_t *hash, size_t hash_len, const uint8_t *sig)
{
  struct slot *k = &slots[slot];
  size_t n = (k->grp.nbits + 7) / 8;
  mbedtls_mpi r, s;
  mbedtls_mpi_init(&r);
  mbedtls_mpi_init(&s);
  int ret = mbedtls_mpi_read_binary(&r, sig, n);
  ret = ret ? ret : mbedtls_mpi_read_binary(&s, sig + n, n);
  ret = ret ? ret : mbedtls_ecdsa_verify(&k->grp, hash, hash_len, &k->q, &r, &s);
  mbedtls_mpi_free(&r);
  mbedtls_mpi_free(&s);
  return ret;
}
#else
/* A footprint build restricted to X25519 or X448 has no ECDSA (it needs a
 * Weierstrass curve); no image of it signs. */
int cp_ecdsa_sign(int slot, const uint8_t *hash, size_t hash_len, uint8_t *sig)
{
  (void)slot, (void)hash, (void)hash_len, (void)sig;
  return -1;
}

int cp_ecdsa_verify(int slot, const uint8_t *hash, size_t hash_len, const uint8_t *sig)
{
  (void)slot, (void)hash, (void)hash_len, (void)sig;
  return -1;
}
#endif
#endif /* !MBEDTLS_PSA_P256M_DRIVER_ENABLED */
