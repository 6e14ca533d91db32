/* wolfSSL "Small" configuration: the library's size-over-speed options for
 * every family the suite measures (CP_CONFIG_MEANING lists them; it is
 * printed in the run header of every image built with it). */
#ifndef CP_WOLFSSL_USER_SETTINGS_H
#define CP_WOLFSSL_USER_SETTINGS_H
#define CP_CONFIG_LABEL "Small"
#define CP_CONFIG_IS_DEFAULT 0
#define CP_CONFIG_MEANING_BASE "smaller code and tables, more instructions: WOLFSSL_AES_SMALL_TABLES (one 256-byte S-box per direction as constant data instead of four 1 KiB tables), GCM_SMALL (no GHASH table), USE_SLOW_SHA256, USE_SLOW_SHA512, WOLFSSL_SHA3_SMALL, CURVED25519_SMALL, CURVED448_SMALL, WOLFSSL_SMALL_STACK, WOLFSSL_SP_SMALL (portable C single-precision math, sp_c32.c)"
#define CP_CONFIG_MEANING_PQ ", WOLFSSL_DILITHIUM_SMALL + WOLFSSL_DILITHIUM_VERIFY_SMALL_MEM, WOLFSSL_KYBER_SMALL, WOLFSSL_WC_LMS_SMALL"
#define WOLFSSL_AES_SMALL_TABLES
#define GCM_SMALL
#define USE_SLOW_SHA256
#define USE_SLOW_SHA512
#define WOLFSSL_SHA3_SMALL
#define CURVED25519_SMALL
#define CURVED448_SMALL
#define WOLFSSL_SMALL_STACK
/* 5.7.2 does not compile WOLFSSL_DILITHIUM_SIGN_SMALL_MEM together with
 * VERIFY_SMALL_MEM (dilithium_vec_check_low is left undefined); the small
 * verification, the embedded use case, is the one kept. */
#define WOLFSSL_DILITHIUM_SMALL
#define WOLFSSL_DILITHIUM_VERIFY_SMALL_MEM
#define WOLFSSL_KYBER_SMALL
#define WOLFSSL_WC_LMS_SMALL
#define WOLFSSL_SP_SMALL
#include "common.h"
#endif
