/* wolfSSL port: the random generator behind CUSTOM_RAND_GENERATE_BLOCK
 * (config/common.h). A fixed-seed xorshift32 stream, so every run draws the
 * same bytes: the figures stay deterministic. Not a secure generator; only
 * key generation set-up and blinding consume it, never a known answer. */
#include <stdint.h>

unsigned cp_wolfssl_rand_block(unsigned char *out, unsigned sz);

unsigned cp_wolfssl_rand_block(unsigned char *out, unsigned sz)
{
  static uint32_t s = 0x510E527Fu;
  for (unsigned i = 0; i < sz; i++) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    out[i] = (unsigned char)(s >> 24);
  }
  return 0;
}
