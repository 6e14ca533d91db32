/* wolfSSL "Fast" configuration: the library defaults (full AES tables,
 * unrolled SHA-2 and SHA-3, 32-bit field arithmetic for Curve25519/448,
 * fast ML-DSA, ML-KEM and LMS code), the 4-bit GHASH table that
 * wolfSSL's configure script selects by default, and the Cortex-M assembly
 * of the single-precision ECC and RSA math (configure --enable-sp-asm). */
#ifndef CP_WOLFSSL_USER_SETTINGS_H
#define CP_WOLFSSL_USER_SETTINGS_H
#define CP_CONFIG_LABEL "Fast"
#define CP_CONFIG_IS_DEFAULT 1
#define CP_CONFIG_MEANING_BASE "library defaults, larger code and tables, fewer instructions: full AES tables (four 1 KiB tables per direction, constant data in flash), GCM_TABLE_4BIT (a 256-byte GHASH table per key), unrolled SHA-256, SHA-512 and SHA-3, Curve25519/Ed25519 and Curve448/Ed448 fast field arithmetic; Cortex-M assembly single-precision math for ECC and RSA (WOLFSSL_SP_ARM_CORTEX_M_ASM, sp_cortexm.c)"
#define CP_CONFIG_MEANING_PQ "; ML-DSA, ML-KEM and LMS default (fast) code"
#define GCM_TABLE_4BIT
#define WOLFSSL_SP_ARM_CORTEX_M_ASM
#include "common.h"
#endif
