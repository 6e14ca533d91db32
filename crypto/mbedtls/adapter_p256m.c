/* Mbed TLS 3.6 port, configuration p256-m (config/ecc-p256m.h): ECDSA and
 * ECDH on P-256 of firmware/bench/ops.h through the PSA Crypto API, which
 * hands them to p256-m. A PSA key has one algorithm and never changes, so a
 * slot keeps up to three keys: the private key for ECDSA, the same for ECDH,
 * and the public key for verification, imported as a verifier holds it
 * (verifying with the key pair would make the driver compute the public key
 * inside every psa_verify_hash). */
#include "psa/crypto.h"
#include "ops.h"
#include "port.h"

#if defined(MBEDTLS_PSA_P256M_DRIVER_ENABLED)
enum { SIGN, DERIVE, VERIFY, KINDS };
static psa_key_id_t slots[2][KINDS];

#define ECDSA_ALG PSA_ALG_ECDSA(PSA_ALG_SHA_256)
#define SIG_BYTES 64

static const struct {
  psa_key_type_t type;
  psa_key_usage_t usage;
  psa_algorithm_t alg;
} kinds[KINDS] = {
  [SIGN] = { PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), PSA_KEY_USAGE_SIGN_HASH, ECDSA_ALG },
  [DERIVE] = { PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), PSA_KEY_USAGE_DERIVE, PSA_ALG_ECDH },
  [VERIFY] = { PSA_KEY_TYPE_ECC_PUBLIC_KEY(PSA_ECC_FAMILY_SECP_R1), PSA_KEY_USAGE_VERIFY_HASH, ECDSA_ALG },
};

static psa_key_attributes_t attributes(int kind)
{
  psa_key_attributes_t a = PSA_KEY_ATTRIBUTES_INIT;
  psa_set_key_type(&a, kinds[kind].type);
  psa_set_key_bits(&a, 256);
  psa_set_key_usage_flags(&a, kinds[kind].usage);
  psa_set_key_algorithm(&a, kinds[kind].alg);
  return a;
}

static int import(int slot, int kind, const uint8_t *data, size_t len)
{
  psa_key_attributes_t a = attributes(kind);
  return psa_import_key(&a, data, len, &slots[slot][kind]);
}

/* A key the slot does not have is PSA_KEY_ID_NULL, which psa_destroy_key
 * accepts. */
static void destroy(int slot, int kind)
{
  psa_destroy_key(slots[slot][kind]);
  slots[slot][kind] = PSA_KEY_ID_NULL;
}

void cp_ec_release(int slot)
{
  for (int kind = 0; kind < KINDS; kind++)
    destroy(slot, kind);
}

/* p256-m has P-256 only (info.c: the image serves no other curve). */
int cp_ec_setup(int slot, enum cp_curve curve)
{
  cp_ec_release(slot);
  return curve != CP_P256 ? -1 : psa_crypto_init();
}

int cp_ec_set_private(int slot, const uint8_t *d, size_t len)
{
  uint8_t q[PSA_EXPORT_PUBLIC_KEY_OUTPUT_SIZE(PSA_KEY_TYPE_ECC_KEY_PAIR(PSA_ECC_FAMILY_SECP_R1), 256)];
  size_t n = sizeof q;
  int r = import(slot, SIGN, d, len);
  r = r ? r : import(slot, DERIVE, d, len);
  r = r ? r : cp_ec_public(slot, q, &n);
  return r ? r : import(slot, VERIFY, q, n);
}

int cp_ec_set_public(int slot, const uint8_t *q, size_t len)
{
  return import(slot, VERIFY, q, len);
}

/* From the key pair when the slot has one (p256-m computes the public key),
 * else the public key as imported. */
int cp_ec_public(int slot, uint8_t *q, size_t *len)
{
  const psa_key_id_t *k = slots[slot];
  psa_key_id_t id = k[DERIVE] ? k[DERIVE] : k[SIGN] ? k[SIGN] : k[VERIFY];
  return psa_export_public_key(id, q, *len, len);
}

/* A PSA key cannot be overwritten: the previous generation's key goes
 * first (psa_destroy_key, inside the timed call, as LibTomCrypt's port
 * frees its previous key there: 224 of the 14.9 M instructions on
 * Cortex-M4). */
int cp_ecdh_gen_public(int slot)
{
  psa_key_attributes_t a = attributes(DERIVE);
  destroy(slot, DERIVE);
  return psa_generate_key(&a, &slots[slot][DERIVE]);
}

int cp_ecdh_shared(int slot, const uint8_t *peer, size_t peer_len, uint8_t *z, size_t z_len)
{
  size_t n;
  psa_status_t r = psa_raw_key_agreement(PSA_ALG_ECDH, slots[slot][DERIVE], peer, peer_len, z, z_len, &n);
  return r ? r : n == z_len ? 0 : -1;
}

int cp_ecdsa_sign(int slot, const uint8_t *hash, size_t hash_len, uint8_t *sig)
{
  size_t n;
  psa_status_t r = psa_sign_hash(slots[slot][SIGN], ECDSA_ALG, hash, hash_len, sig, SIG_BYTES, &n);
  return r ? r : n == SIG_BYTES ? 0 : -1;
}

int cp_ecdsa_verify(int slot, const uint8_t *hash, size_t hash_len, const uint8_t *sig)
{
  return psa_verify_hash(slots[slot][VERIFY], ECDSA_ALG, hash, hash_len, sig, SIG_BYTES);
}

/* MBEDTLS_PSA_CRYPTO_EXTERNAL_RNG: PSA's randomness, from which p256-m
 * draws its scalars (psa_generate_random), is the harness's stream, as
 * every port's is. */
psa_status_t mbedtls_psa_external_get_random(mbedtls_psa_external_random_context_t *context, uint8_t *output,
                                             size_t output_size, size_t *output_length)
{
  (void)context;
  cp_rand_fill(output, output_size);
  *output_length = output_size;
  return PSA_SUCCESS;
}
#endif
