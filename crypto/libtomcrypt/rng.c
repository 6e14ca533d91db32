/* LibTomCrypt port: randomness and the math descriptor. LibTomCrypt's
 * public-key calls take a PRNG from its descriptor table: this one reads
 * the harness's fixed-seed stream (bench/rand.c), the same every port draws
 * from, so no PRNG of the port (Yarrow, Fortuna, ChaCha20) lands in a timed
 * region or a footprint. LibTomMath's mp_rand (RSA blinding) draws from the
 * same stream through mp_rand_source. ltc_mp is set to LibTomMath's
 * descriptor on first use. */
#include "ops.h"
#include "port.h"

static int stream_start(prng_state *p)
{
  (void)p;
  return CRYPT_OK;
}

static int stream_add_entropy(const unsigned char *in, unsigned long len, prng_state *p)
{
  (void)in, (void)len, (void)p;
  return CRYPT_OK;
}

static unsigned long stream_read(unsigned char *out, unsigned long len, prng_state *p)
{
  (void)p;
  cp_rand_fill(out, len);
  return len;
}

static int stream_export(unsigned char *out, unsigned long *len, prng_state *p)
{
  (void)out, (void)len, (void)p;
  return CRYPT_NOP;
}

static int stream_import(const unsigned char *in, unsigned long len, prng_state *p)
{
  (void)in, (void)len, (void)p;
  return CRYPT_NOP;
}

static int stream_test(void)
{
  return CRYPT_NOP;
}

static const struct ltc_prng_descriptor stream_desc = {
  "cp-stream", 0, stream_start, stream_add_entropy, stream_start, stream_read, stream_start,
  stream_export, stream_import, stream_test,
};
static prng_state state;

int cp_ltc_prng(void)
{
  static int idx = -1;
  if (idx < 0) {
    ltc_mp = ltm_desc;
    cp_ltm_use_stream();
    idx = register_prng(&stream_desc);
  }
  return idx;
}

prng_state *cp_ltc_prng_state(void)
{
  return &state;
}

int cp_rng_reset(void)
{
  cp_rand_reset();
  return cp_ltc_prng() < 0 ? -1 : 0;
}

int cp_ltc_cipher(const struct ltc_cipher_descriptor *d, int *idx)
{
  if (*idx < 0)
    *idx = register_cipher(d);
  return *idx;
}

int cp_ltc_hash(const struct ltc_hash_descriptor *d, int *idx)
{
  if (*idx < 0)
    *idx = register_hash(d);
  return *idx;
}

int cp_ltc_sha256(void)
{
  static int idx = -1;
  return cp_ltc_hash(&sha256_desc, &idx);
}

void cp_pk_release(void)
{
  for (int slot = 0; slot < 2; slot++) {
    cp_ec_release(slot);
    cp_dh_release(slot);
  }
  cp_rsa_release();
}
