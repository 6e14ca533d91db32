/* LibTomCrypt port: LibTomMath's random source (mp_rand, which LibTomCrypt's
 * RSA blinding calls) is the harness's fixed-seed stream. On its own in
 * this file: tommath.h and tomcrypt.h both name mp_init and friends. */
#include <tommath.h>
#include "ops.h"

void cp_ltm_use_stream(void);

static mp_err stream(void *out, size_t len)
{
  cp_rand_fill(out, len);
  return MP_OKAY;
}

void cp_ltm_use_stream(void)
{
  mp_rand_source(stream);
}
