/* Mbed TLS port: randomness for signatures, key generation and blinding,
 * and the release of every kept public-key context. The library's f_rng
 * callback draws from the harness's fixed-seed stream (bench/rand.c), as
 * every port does: no CTR_DRBG, whose AES work would land in the timed
 * region and its tables in the footprint of every signature. */
#include "ops.h"
#include "port.h"

int cp_rng_reset(void)
{
  cp_rand_reset();
  return 0;
}

int cp_mbedtls_rng(void *unused, unsigned char *out, size_t len)
{
  (void)unused;
  cp_rand_fill(out, len);
  return 0;
}

void cp_pk_release(void)
{
  for (int slot = 0; slot < 2; slot++) {
    cp_ec_release(slot);
    cp_dh_release(slot);
  }
  cp_rsa_release();
}
