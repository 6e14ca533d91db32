/* BearSSL port: randomness. BearSSL's calls take a PRNG object
 * (br_prng_class); this one is a thin class whose generate method draws
 * from the harness's fixed-seed stream (bench/rand.c), the same every port
 * draws from, so no DRBG of the port (BearSSL's HMAC_DRBG or AES-CTR DRBG)
 * lands in a timed region or a footprint. Only EC key generation consumes
 * it: BearSSL's ECDSA is deterministic (RFC 6979, an HMAC_DRBG inside the
 * signing call, which is the library's own work) and its RSA private-key
 * operation needs no blinding randomness. */
#include "ops.h"
#include "port.h"

static void prng_init(const br_prng_class **ctx, const void *params, const void *seed, size_t len)
{
  (void)ctx, (void)params, (void)seed, (void)len;
}

static void prng_generate(const br_prng_class **ctx, void *out, size_t len)
{
  (void)ctx;
  cp_rand_fill(out, len);
}

static void prng_update(const br_prng_class **ctx, const void *seed, size_t len)
{
  (void)ctx, (void)seed, (void)len;
}

static const br_prng_class stream_class = {
  sizeof(const br_prng_class *), prng_init, prng_generate, prng_update,
};
static const br_prng_class *stream = &stream_class;

const br_prng_class **cp_bearssl_prng(void)
{
  return &stream;
}

int cp_rng_reset(void)
{
  cp_rand_reset();
  return 0;
}

/* BearSSL keeps nothing on the heap: the slots only forget their keys. */
void cp_pk_release(void)
{
  for (int slot = 0; slot < 2; slot++)
    cp_ec_release(slot);
  cp_rsa_release();
}
