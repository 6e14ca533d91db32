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
 *    block-cipher layer (no heap). Each uses its own legacy default.
 * Public key: ECDSA, ECDH on P-256/384/521, Curve25519 and Curve448 (both
 * versions have the Montgomery curves in the legacy ECP module), RSA with
 * PKCS#1 v1.5 and v2.1, DHM; randomness is the harness's fixed-seed stream
 * (adapter_rng.c). MBEDTLS_HAVE_ASM turns on the UMAAL/UMLAL
 * multiply-accumulate of bn_mul.h (no effect on the symmetric code on Arm).
 * The ECC and RSA knobs the axes turn are set by config/ecc-axes.h and
 * config/rsa-axes.h; here they keep the library defaults. */
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
#define MBEDTLS_CHACHA20_C
#define MBEDTLS_POLY1305_C
#define MBEDTLS_CHACHAPOLY_C
/* A one-curve footprint build of the p256-m configuration (ecc-p256m.h
 * with CP_ONLY_CURVE) has SHA-256 as its only hash, as an application using
 * PSA for P-256 alone would: PSA offers every hash the legacy modules have
 * (config_adjust_psa_superset_legacy.h), and psa_sign_hash shares its code
 * with psa_sign_message, which hashes, so with the suite's hashes the
 * signature's footprint held MD5, SHA-1, SHA-512 and SHA-3 as well (24.1
 * KB of code on Cortex-M4; 11.2 KB with SHA-256 alone). */
#if !(defined(CP_MBEDTLS_P256M) && defined(CP_ONLY_CURVE))
#define CP_MBEDTLS_EVERY_HASH
#endif
#ifdef CP_MBEDTLS_EVERY_HASH
#define MBEDTLS_MD5_C
#define MBEDTLS_SHA1_C
#define MBEDTLS_SHA512_C
#endif
#define MBEDTLS_SHA256_C

#define MBEDTLS_HAVE_ASM
#define MBEDTLS_BIGNUM_C
#define MBEDTLS_OID_C
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C
#define MBEDTLS_MD_C
/* Not the port's randomness (the harness's stream, adapter_rng.c): 2.28's
 * ECP module seeds an internal DRBG of its own to blind multiplications for
 * which the caller gave no RNG (verification); that is the library's own
 * work inside its calls and stays. 3.x has no internal RNG. */
#define MBEDTLS_CTR_DRBG_C
/* The p256-m configuration (ecc-p256m.h) reaches P-256 through PSA and its
 * p256-m driver alone: with the legacy ECC modules on, the PSA core would
 * build its own ECC beside the driver (as the fallback for what the driver
 * declines), and every p256-m image would hold both. */
#ifndef CP_MBEDTLS_P256M
#define MBEDTLS_ECP_C
#define MBEDTLS_ECP_NIST_OPTIM
/* A footprint build restricted to one curve (CP_ONLY_CURVE 256, 384, 521,
 * 25519, 448) enables only it, as an application needing just that curve
 * would build Mbed TLS (mk/firmware.mk, "footprint restrictions"); ECDSA
 * needs a Weierstrass curve. Every other build has them all. */
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 256
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#endif
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 384
#define MBEDTLS_ECP_DP_SECP384R1_ENABLED
#endif
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 521
#define MBEDTLS_ECP_DP_SECP521R1_ENABLED
#endif
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 25519
#define MBEDTLS_ECP_DP_CURVE25519_ENABLED
#endif
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 448
#define MBEDTLS_ECP_DP_CURVE448_ENABLED
#endif
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 256 || CP_ONLY_CURVE == 384 || CP_ONLY_CURVE == 521
#define MBEDTLS_ECDSA_C
#endif
#define MBEDTLS_ECDH_C
#endif
#define MBEDTLS_RSA_C
#define MBEDTLS_PKCS1_V15
#define MBEDTLS_PKCS1_V21
#define MBEDTLS_DHM_C

#if CP_MBEDTLS_MAJOR == 2
#define MBEDTLS_CIPHER_C
#include "mbedtls/check_config.h"
#elif CP_MBEDTLS_MAJOR == 3
#ifdef CP_MBEDTLS_EVERY_HASH
#define MBEDTLS_SHA224_C
#define MBEDTLS_SHA384_C
#define MBEDTLS_SHA3_C
#endif
#else
#error "CP_MBEDTLS_MAJOR must be 2 or 3"
#endif

#endif
