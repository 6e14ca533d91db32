/* The randomness every port hands its library: one fixed-seed xorshift32
 * byte stream, restarted before every public-key run so that a repeated
 * call repeats itself. Shared by all ports so that the timed region of a
 * signature or a key generation spends the same few instructions per random
 * byte whatever the library (a port-chosen DRBG, such as Mbed TLS's
 * CTR_DRBG, would charge its own AES work to the operation). Not a secure
 * generator: the figures' determinism is the point. */
#include "ops.h"

#define SEED 0x510E527Fu

static uint32_t state = SEED;

void cp_rand_reset(void)
{
  state = SEED;
}

void cp_rand_fill(uint8_t *out, size_t len)
{
  for (size_t i = 0; i < len; i++) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    out[i] = (uint8_t)(state >> 24);
  }
}
