/* What the adapters of the Mbed TLS port share: the fixed-seed random
 * generator (adapter_rng.c) in the f_rng form the library takes. */
#ifndef CP_MBEDTLS_PORT_H
#define CP_MBEDTLS_PORT_H
#include <stddef.h>

int cp_mbedtls_rng(void *unused, unsigned char *out, size_t len);
/* Free what each adapter keeps (cp_pk_release of ops.h frees them all). */
void cp_ec_release(int slot);
void cp_rsa_release(void);
void cp_dh_release(int slot);

#endif
