/* wolfSSL "Fast" configuration: the library defaults (full AES tables,
 * unrolled SHA-2 and SHA-3, 32-bit field arithmetic for Curve25519/448,
 * fast ML-DSA, ML-KEM and LMS code) and the 4-bit GHASH table that
 * wolfSSL's configure script selects by default. */
#ifndef CP_WOLFSSL_USER_SETTINGS_H
#define CP_WOLFSSL_USER_SETTINGS_H
#define CP_CONFIG_LABEL "Fast"
#define CP_CONFIG_IS_DEFAULT 1
#define CP_CONFIG_MEANING_BASE "library defaults: full AES tables, GCM_TABLE_4BIT, unrolled SHA-256, SHA-512 and SHA-3, Curve25519/Ed25519 and Curve448/Ed448 fast field arithmetic"
#define CP_CONFIG_MEANING_PQ "; ML-DSA, ML-KEM and LMS default (fast) code"
#define GCM_TABLE_4BIT
#include "common.h"
#endif
