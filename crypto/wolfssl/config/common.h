/* What every configuration of the wolfSSL port shares (included by each
 * configuration's user_settings.h; the build passes WOLFSSL_USER_SETTINGS):
 * wolfCrypt only, bare metal (no file system, no threads, no OS entropy, no
 * time), the algorithms the suite measures, and the harness' counting
 * allocator. The build passes CP_WOLFSSL_PQ (1 for 5.7.2, 0 for 5.5.4):
 * 5.5.4's dilithium.c and kyber are only liboqs wrappers and it has no LMS,
 * so the post-quantum families are built for 5.7.2 only. */
#ifndef CP_WOLFSSL_CONFIG_COMMON_H
#define CP_WOLFSSL_CONFIG_COMMON_H

#include <stddef.h>

#define WOLFCRYPT_ONLY
#define NO_FILESYSTEM
#define NO_WRITEV
#define SINGLE_THREADED
#define NO_DEV_RANDOM
#define NO_ASN_TIME
#define NO_ERROR_STRINGS
#define WOLFSSL_IGNORE_FILE_WARN
#define WOLFSSL_GENERAL_ALIGNMENT 4
#define SIZEOF_LONG_LONG 8

/* Every library allocation goes through the harness' counting allocator
 * (firmware/bench/heap.c), which yields the heap_bytes figures. Nothing the
 * port builds reallocates: a use of XREALLOC fails the link. */
void *cp_calloc(size_t n, size_t size);
void cp_free(void *p);
void *cp_wolfssl_no_realloc(void *p, size_t n);
#define XMALLOC_OVERRIDE
#define XMALLOC(s, h, t) ((void)(h), (void)(t), cp_calloc(1, (s)))
#define XFREE(p, h, t) do { (void)(h); (void)(t); cp_free(p); } while (0)
#define XREALLOC(p, n, h, t) ((void)(h), (void)(t), cp_wolfssl_no_realloc((p), (n)))

/* Randomness: a fixed-seed generator (crypto/wolfssl/rand.c), so that every
 * run draws the same bytes; only key generation and blinding consume it. */
unsigned cp_wolfssl_rand_block(unsigned char *out, unsigned sz);
#define CUSTOM_RAND_GENERATE_BLOCK cp_wolfssl_rand_block

/* Public key: ECDSA and ECDH on P-256/384/521 and RSA up to 3072 bits on
 * the single-precision (SP) code, with the timing and blinding defences a
 * product would enable; multi-precision values in between on sp_int.c.
 * The configuration picks the SP implementation (WOLFSSL_SP_SMALL C or
 * Cortex-M assembly). Finite-field DH is not ported (NO_DH). wolfCrypt's
 * DER code (asn.c) is left out: the adapters pass raw numbers. */
#define HAVE_ECC
#define ECC_TIMING_RESISTANT
#define WC_RSA_BLINDING
#define WC_RSA_PSS
#define WOLFSSL_SP_MATH_ALL
#define WOLFSSL_HAVE_SP_ECC
#define WOLFSSL_HAVE_SP_RSA
/* A footprint build restricted to one curve (CP_ONLY_CURVE 256, 384, 521)
 * or one RSA modulus (CP_ONLY_RSA 1024, 2048, 3072) keeps only its code, as
 * an application needing just that would build wolfSSL (mk/firmware.mk,
 * "footprint restrictions"); every other build has them all. */
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 384
#define HAVE_ECC384
#define WOLFSSL_SP_384
#endif
#if !defined(CP_ONLY_CURVE) || CP_ONLY_CURVE == 521
#define HAVE_ECC521
#define WOLFSSL_SP_521
#endif
#if defined(CP_ONLY_CURVE) && CP_ONLY_CURVE != 256
#define NO_ECC256
#define WOLFSSL_SP_NO_256
#endif
#if defined(CP_ONLY_RSA) && CP_ONLY_RSA != 2048
#define WOLFSSL_SP_NO_2048
#endif
#if defined(CP_ONLY_RSA) && CP_ONLY_RSA != 3072
#define WOLFSSL_SP_NO_3072
#endif
#define NO_ASN
#define NO_DH
#define NO_DSA
#define NO_PWDBASED
#define NO_HMAC
#define NO_RC4
#define NO_MD4
#define NO_OLD_RNG_NAME
#define WOLFSSL_NO_PEM

/* Symmetric algorithms and hashes. */
#define HAVE_AES_CBC
#define HAVE_AES_DECRYPT
#define HAVE_AESGCM
/* GCM's incremental calls (wc_AesGcmInit / *Update / *Final) for the
 * data-flow cases; the one-call functions are unchanged by it. */
#define WOLFSSL_AESGCM_STREAM
#define HAVE_AESCCM
#define WOLFSSL_AES_DIRECT
#define WOLFSSL_AES_128
#define WOLFSSL_AES_192
#define WOLFSSL_AES_256
#define WOLFSSL_SHA224
#define WOLFSSL_SHA384
#define WOLFSSL_SHA512
#define WOLFSSL_SHA3
#define WOLFSSL_SHAKE128
#define WOLFSSL_SHAKE256
#define HAVE_CHACHA
#define HAVE_POLY1305

/* Edwards and Montgomery curves. */
#define HAVE_CURVE25519
#define HAVE_ED25519
#define HAVE_CURVE448
#define HAVE_ED448

#if CP_WOLFSSL_PQ
/* wolfSSL's own ML-DSA (dilithium), ML-KEM (kyber) and LMS code. */
#define HAVE_DILITHIUM
#define WOLFSSL_WC_DILITHIUM
#define WOLFSSL_DILITHIUM_NO_ASN1
#define WOLFSSL_HAVE_KYBER
#define WOLFSSL_WC_KYBER
/* ML-KEM (FIPS 203 draft) rather than round-3 Kyber. */
#define WOLFSSL_ML_KEM
#define WOLFSSL_KYBER512
#define WOLFSSL_KYBER768
#define WOLFSSL_KYBER1024
#define WOLFSSL_HAVE_LMS
#define WOLFSSL_WC_LMS
#define WOLFSSL_EXPERIMENTAL_SETTINGS
#elif CP_WOLFSSL_PQ != 0
#error "CP_WOLFSSL_PQ must be 0 or 1"
#endif

#endif
