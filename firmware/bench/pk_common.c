/* What the public-key drivers share: restarting the fixed-seed DRBG before
 * every run (so that the known-answer run and the timed run compute the
 * same thing), the signature under test in cp_out, one flipped byte. */
#include <string.h>
#include "case.h"

uint8_t cp_flipped[512];

void cp_pk_prepare(struct cp_case *c)
{
  (void)c;
  if (cp_rng_reset() != 0)
    cp_harness_error("the fixed-seed DRBG did not start");
}

void cp_pk_prepare_sig(struct cp_case *c)
{
  cp_pk_prepare(c);
  memcpy(cp_out, c->pk, c->pk_len);
}

size_t cp_pk_fresh(void)
{
  cp_pk_release();
  return cp_heap_live();
}

const uint8_t *cp_pk_flip(const uint8_t *sig, size_t len)
{
  memcpy(cp_flipped, sig, len);
  cp_flipped[len / 2] ^= 0x01;
  return cp_flipped;
}

void cp_pk_next(struct cp_case *c, const char *operation, cp_measured_fn *run,
                int (*check)(struct cp_case *c))
{
  c->r.operation = operation;
  c->run = run;
  c->check = check;
}
