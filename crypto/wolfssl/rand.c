/* wolfSSL port: the random generator behind CUSTOM_RAND_GENERATE_BLOCK
 * (config/common.h). A fixed-seed xorshift32 stream, so every run draws the
 * same bytes: the figures stay deterministic. Not a secure generator; only
 * key generation, ECDSA nonces, RSA-PSS salts and blinding consume it, and
 * no known answer depends on its bytes. cp_rng_reset restarts the stream
 * before every public-key run, as the Mbed TLS port restarts its DRBG. */
#include <stdint.h>
#include "ops.h"
#include "port.h"

#define SEED 0x510E527Fu

static uint32_t state = SEED;
static WC_RNG rng;
static int rng_ready;

unsigned cp_wolfssl_rand_block(unsigned char *out, unsigned sz);

unsigned cp_wolfssl_rand_block(unsigned char *out, unsigned sz)
{
  for (unsigned i = 0; i < sz; i++) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    out[i] = (unsigned char)(state >> 24);
  }
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
  state = SEED;
  return cp_wolfssl_rng() ? 0 : -1;
}

void cp_pk_release(void)
{
  for (int slot = 0; slot < 2; slot++)
    cp_ec_release(slot);
  cp_rsa_release();
}
