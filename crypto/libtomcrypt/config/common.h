/* What every configuration of the LibTomCrypt port shares, forced in front
 * of every LibTomCrypt and LibTomMath source and of the port (-include):
 * bare metal (no files, no self-tests, no OS random source), LibTomMath as
 * the math descriptor, and the harness' counting allocator behind both
 * libraries' malloc, calloc, realloc and free. The configuration's knobs
 * come on the command line (crypto/libtomcrypt/libtomcrypt.mk):
 * LTC_SMALL_CODE, LTC_NO_TABLES (no LTC_GCM_TABLES), LTC_NO_ECC_TIMING_RESISTANT;
 * otherwise tomcrypt_custom.h's defaults hold, but for LTC_FAST (below). */
#ifndef CP_LTC_CONFIG_COMMON_H
#define CP_LTC_CONFIG_COMMON_H

#include <stddef.h>

void *cp_calloc(size_t n, size_t size);
void *cp_realloc(void *p, size_t n);
void cp_free(void *p);

/* LibTomCrypt (tomcrypt_custom.h keeps macros it finds defined; with
 * function-like ones it must not declare prototypes of its own). */
#define LTC_NO_PROTOTYPES
/* LTC_FAST (XOR, GHASH and CBC/CCM/GCM block handling a 32-bit word at a
 * time, through possibly unaligned word pointers) where the core allows
 * unaligned word access: Armv7-M and Armv8-M Mainline (the compiler's
 * __ARM_FEATURE_UNALIGNED), not Armv6-M, which faults on it.
 * tomcrypt_cfg.h turns LTC_FAST on only for x86, PPC and a few others: its
 * note that ARM "must use the portable macros" predates these cores. It
 * also drops LTC_FAST under a strict ISO mode (__STRICT_ANSI__: the word
 * type needs GCC's may_alias), so libtomcrypt.mk builds the library as
 * gnu99; the port, strict C11, sees CP_LTC_FAST (info.c names it). */
#if defined(__ARM_FEATURE_UNALIGNED)
#define CP_LTC_FAST 1
#define LTC_FAST
#else
#define CP_LTC_FAST 0
#endif
#define XMALLOC(n) cp_calloc(1, (n))
#define XCALLOC(n, s) cp_calloc((n), (s))
#define XREALLOC(p, n) cp_realloc((p), (n))
#define XFREE(p) cp_free(p)
#define LTM_DESC
#define LTC_NO_FILE
#define LTC_NO_TEST

/* Only the algorithms the suite measures, as an application would build
 * LibTomCrypt (the default enables every cipher, hash and MAC, and the
 * unions of their states, symmetric_key and hash_state, size every context
 * for the largest: a Twofish key with its tables). The knobs of these
 * (LTC_SMALL_CODE, LTC_GCM_TABLES, LTC_ECC_TIMING_RESISTANT, LTC_ECC_SHAMIR,
 * LTC_RSA_BLINDING, LTC_RSA_CRT_HARDENING) keep tomcrypt_custom.h's
 * defaults unless the configuration turns them. */
#define LTC_NO_CIPHERS
#define LTC_RIJNDAEL
#define LTC_DES
#define LTC_CHACHA
#define LTC_NO_MODES
#define LTC_CBC_MODE
#define LTC_NO_HASHES
#define LTC_MD5
#define LTC_SHA1
#define LTC_SHA224
#define LTC_SHA256
#define LTC_SHA384
#define LTC_SHA512
#define LTC_SHA3
#define LTC_HASH_HELPERS
#define LTC_NO_MACS
#define LTC_POLY1305
#define LTC_CCM_MODE
#define LTC_GCM_MODE
#define LTC_CHACHA20POLY1305_MODE
#ifndef LTC_NO_TABLES
#define LTC_GCM_TABLES
#endif
#define LTC_NO_PRNGS
#define LTC_NO_PK
#define LTC_MRSA
#define LTC_MDH
#define LTC_DH1024
#define LTC_DH2048
#define LTC_MECC
#define LTC_ECC_SHAMIR

/* A footprint build restricted to one curve (CP_ONLY_CURVE 256, 384, 521)
 * has only its entry in ltc_ecc_sets, as an application needing just that
 * curve would build LibTomCrypt (mk/fw-fp-ops.mk, "footprint
 * restrictions"); every other build has every curve. */
#if defined(CP_ONLY_CURVE)
#define LTC_NO_CURVES
#if CP_ONLY_CURVE == 256
#define LTC_ECC256
#elif CP_ONLY_CURVE == 384
#define LTC_ECC384
#elif CP_ONLY_CURVE == 521
#define LTC_ECC521
#else
#error "CP_ONLY_CURVE must be 256, 384 or 521"
#endif
#endif

/* LibTomMath (tommath_private.h keeps these when defined and declares
 * them with its own signatures; alloc.c forwards them to the harness). */
#define MP_MALLOC cp_ltm_malloc
#define MP_CALLOC cp_ltm_calloc
#define MP_REALLOC cp_ltm_realloc
#define MP_FREE cp_ltm_free

#endif
