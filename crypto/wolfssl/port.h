/* What the public-key adapters of the wolfSSL port share: one WC_RNG over
 * the fixed-seed generator of rand.c (cp_rng_reset of ops.h restarts its
 * stream), and the release of what each adapter keeps. */
#ifndef CP_WOLFSSL_PORT_H
#define CP_WOLFSSL_PORT_H
#include <wolfssl/wolfcrypt/random.h>

WC_RNG *cp_wolfssl_rng(void);
void cp_ec_release(int slot);
void cp_rsa_release(void);

#endif
