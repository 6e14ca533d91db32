/* Mbed TLS port: randomness for signatures, key generation and blinding,
 * and the release of every kept public-key context.
 * A CTR_DRBG seeded from a fixed byte pattern instead of an entropy source:
 * runs are deterministic (the benchmark's point), never secure. */
#include "mbedtls/ctr_drbg.h"
#include "ops.h"
#include "port.h"

static mbedtls_ctr_drbg_context drbg;

static int fixed_entropy(void *unused, unsigned char *out, size_t len)
{
  (void)unused;
  for (size_t i = 0; i < len; i++)
    out[i] = (unsigned char)(0xA5u ^ (i * 0x3Bu));
  return 0;
}

int cp_rng_reset(void)
{
  static const unsigned char personal[] = "cryptoperf fixed seed";
  mbedtls_ctr_drbg_free(&drbg);
  mbedtls_ctr_drbg_init(&drbg);
  return mbedtls_ctr_drbg_seed(&drbg, fixed_entropy, NULL, personal, sizeof personal - 1);
}

int cp_mbedtls_rng(void *unused, unsigned char *out, size_t len)
{
  (void)unused;
  return mbedtls_ctr_drbg_random(&drbg, out, len);
}

void cp_pk_release(void)
{
  for (int slot = 0; slot < 2; slot++) {
    cp_ec_release(slot);
    cp_dh_release(slot);
  }
  cp_rsa_release();
}
