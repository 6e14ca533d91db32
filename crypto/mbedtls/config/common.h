/* What every configuration of the Mbed TLS port shares: bare metal (no
 * entropy source, no time, no file system), the symmetric algorithms the
 * suite measures, and the counting allocator of the harness. The build passes
 * CP_MBEDTLS_MAJOR (2 or 3) because the two versions differ here:
 *  - 2.x reads only this file and must include check_config.h itself;
 *    3.x's build_info.h does that and must not be done twice.
 *  - 2.x: SHA256_C covers SHA-224 and SHA512_C covers SHA-384; 3.x has
 *    SHA224_C and SHA384_C of their own, and SHA-3.
 *  - GCM and CCM: 2.x needs CIPHER_C (the key schedule lives in a cipher
 *    context allocated on the heap); 3.x without CIPHER_C uses its internal
 *    block-cipher layer (no heap). Each uses its own legacy default. */
#ifndef CP_MBEDTLS_CONFIG_COMMON_H
#define CP_MBEDTLS_CONFIG_COMMON_H

#include <stddef.h>

/* Every library allocation goes through the harness' counting allocator
 * (firmware/bench/heap.c), which yields the heap_bytes figures. */
void *cp_calloc(size_t n, size_t size);
void cp_free(void *p);
#define MBEDTLS_PLATFORM_C
#define MBEDTLS_PLATFORM_MEMORY
#define MBEDTLS_PLATFORM_CALLOC_MACRO cp_calloc
#define MBEDTLS_PLATFORM_FREE_MACRO cp_free
#define MBEDTLS_NO_PLATFORM_ENTROPY

#define MBEDTLS_VERSION_C
#define MBEDTLS_AES_C
#define MBEDTLS_CIPHER_MODE_CBC
#define MBEDTLS_CCM_C
#define MBEDTLS_GCM_C
#define MBEDTLS_DES_C
#define MBEDTLS_MD5_C
#define MBEDTLS_SHA1_C
#define MBEDTLS_SHA256_C
#define MBEDTLS_SHA512_C

#if CP_MBEDTLS_MAJOR == 2
#define MBEDTLS_CIPHER_C
#include "mbedtls/check_config.h"
#elif CP_MBEDTLS_MAJOR == 3
#define MBEDTLS_SHA224_C
#define MBEDTLS_SHA384_C
#define MBEDTLS_SHA3_C
#else
#error "CP_MBEDTLS_MAJOR must be 2 or 3"
#endif

#endif
