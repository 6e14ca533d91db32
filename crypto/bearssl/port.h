/* What the public-key adapters of the BearSSL port share: a br_prng_class
 * over the harness's fixed-seed stream (rng.c), for the calls that take a
 * PRNG (EC key generation), and the release of what each adapter keeps. */
#ifndef CP_BEARSSL_PORT_H
#define CP_BEARSSL_PORT_H
#include <bearssl.h>

const br_prng_class **cp_bearssl_prng(void);
void cp_ec_release(int slot);
void cp_rsa_release(void);

#endif
