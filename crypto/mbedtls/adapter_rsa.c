/* Mbed TLS port: RSA signatures (PKCS#1 v1.5 and v2.1 with SHA-256) and
 * finite-field DH of firmware/bench/ops.h. 2.28 passes the padding to init
 * and a mode (public/private) to every call; 3.6 has set_padding and no
 * mode. The RSA context persists between calls: the blinding values are set
 * up by the first private operation and updated cheaply after it. */
#include <string.h>
#include "mbedtls/dhm.h"
#include "mbedtls/rsa.h"
#include "mbedtls/version.h"
#include "ops.h"
#include "port.h"

#if MBEDTLS_VERSION_MAJOR >= 3
#define MODE_PRIVATE
#define MODE_PUBLIC
#else
#define MODE_PRIVATE MBEDTLS_RSA_PRIVATE,
#define MODE_PUBLIC NULL, NULL, MBEDTLS_RSA_PUBLIC,
#endif

static mbedtls_rsa_context rsa;

int cp_rsa_setup(const struct cp_rsa_key *key)
{
  static const uint8_t e[] = { 0x01, 0x00, 0x01 };
  size_t n = key->bits / 8;
  cp_rsa_release();
#if MBEDTLS_VERSION_MAJOR >= 3
  mbedtls_rsa_init(&rsa);
#else
  mbedtls_rsa_init(&rsa, MBEDTLS_RSA_PKCS_V15, 0);
#endif
  int r = mbedtls_rsa_import_raw(&rsa, key->n, n, key->p, key->p ? n / 2 : 0, key->q,
                                     key->q ? n / 2 : 0, key->d, key->d ? n : 0, e, sizeof e);
  return r ? r : mbedtls_rsa_complete(&rsa);
}

/* The private-key calls insist on the context's padding matching the call;
 * the hash id is also PSS's MGF1 hash. */
static int padding(int pss)
{
#if MBEDTLS_VERSION_MAJOR >= 3
  return mbedtls_rsa_set_padding(&rsa, pss ? MBEDTLS_RSA_PKCS_V21 : MBEDTLS_RSA_PKCS_V15, MBEDTLS_MD_SHA256);
#else
  mbedtls_rsa_set_padding(&rsa, pss ? MBEDTLS_RSA_PKCS_V21 : MBEDTLS_RSA_PKCS_V15, MBEDTLS_MD_SHA256);
  return 0;
#endif
}

int cp_rsa_sign(int pss, const uint8_t hash[32], uint8_t *sig)
{
  int r = padding(pss);
  return r ? r : pss ? mbedtls_rsa_rsassa_pss_sign(&rsa, cp_mbedtls_rng, NULL, MODE_PRIVATE
                                           MBEDTLS_MD_SHA256, 32, hash, sig)
             : mbedtls_rsa_rsassa_pkcs1_v15_sign(&rsa, cp_mbedtls_rng, NULL, MODE_PRIVATE
                                                 MBEDTLS_MD_SHA256, 32, hash, sig);
}

int cp_rsa_verify(int pss, const uint8_t hash[32], const uint8_t *sig)
{
  int r = padding(pss);
  return r ? r : pss ? mbedtls_rsa_rsassa_pss_verify(&rsa, MODE_PUBLIC MBEDTLS_MD_SHA256, 32, hash, sig)
             : mbedtls_rsa_rsassa_pkcs1_v15_verify(&rsa, MODE_PUBLIC MBEDTLS_MD_SHA256, 32, hash, sig);
}

static mbedtls_dhm_context dhm[2];

void cp_rsa_release(void)
{
  mbedtls_rsa_free(&rsa);
}

void cp_dh_release(int slot)
{
  mbedtls_dhm_free(&dhm[slot]);
}

int cp_dh_setup(int slot, const uint8_t *p, size_t len, const uint8_t *g, size_t g_len)
{
  mbedtls_mpi mp, mg;
  mbedtls_mpi_init(&mp);
  mbedtls_mpi_init(&mg);
  cp_dh_release(slot);
  mbedtls_dhm_init(&dhm[slot]);
  int r = mbedtls_mpi_read_binary(&mp, p, len);
  r = r ? r : mbedtls_mpi_read_binary(&mg, g, g_len);
  r = r ? r : mbedtls_dhm_set_group(&dhm[slot], &mp, &mg);
  mbedtls_mpi_free(&mp);
  mbedtls_mpi_free(&mg);
  return r;
}

int cp_dh_gen_public(int slot, uint8_t *pub, size_t len)
{
  return mbedtls_dhm_make_public(&dhm[slot], (int)len, pub, len, cp_mbedtls_rng, NULL);
}

/* The secret as len bytes, big-endian (the library leaves out leading zeros). */
int cp_dh_shared(int slot, const uint8_t *peer, uint8_t *z, size_t len)
{
  size_t n = 0;
  int r = mbedtls_dhm_read_public(&dhm[slot], peer, len);
  r = r ? r : mbedtls_dhm_calc_secret(&dhm[slot], z, len, &n, cp_mbedtls_rng, NULL);
  if (r == 0 && n < len) {
    memmove(z + (len - n), z, n);
    memset(z, 0, len - n);
  }
  return r;
}
