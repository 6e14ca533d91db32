/* wolfSSL port: the random generator behind CUSTOM_RAND_GENERATE_BLOCK
 * (config/common.h) is the harness's fixed-seed stream (bench/rand.c), the
 * same every port draws from: the figures stay deterministic and the timed
 * regions spend the same on randomness whatever the library. wolfCrypt's
 * calls still take a WC_RNG object (wc_InitRng, wc_RNG_GenerateBlock, which
 * only forwards to the block function here): that is library code the
 * operations need, and their footprint counts it. */
#include <stdint.h>
#include "ops.h"
#include "port.h"

static WC_RNG rng;
static int rng_ready;

unsigned cp_wolfssl_rand_block(unsigned char *out, unsigned sz);

unsigned cp_wolfssl_rand_block(unsigned char *out, unsigned sz)
{
  cp_rand_fill(out, sz);
  return 0;
}

/* The WC_RNG only wraps the block function; it is set up once. */
WC_RNG *cp_wolfssl_rng(void)
{
  if (!rng_ready && wc_InitRng(&rng) == 0)
    rng_ready = 1;
  return rng_ready ? &rng : NULL;
}

int cp_rng_reset(void)
{
  cp_rand_reset();
  return cp_wolfssl_rng() ? 0 : -1;
}

void cp_pk_release(void)
{
  for (int slot = 0; slot < 2; slot++)
    cp_ec_release(slot);
  cp_rsa_release();
}
