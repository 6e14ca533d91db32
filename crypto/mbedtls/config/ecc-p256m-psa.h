/* What the PSA Crypto API of the p256-m configuration (ecc-p256m.h) offers:
 * ECDSA and ECDH on P-256 with the key types they need, nothing else, as
 * mbedtls_config.h's note on MBEDTLS_PSA_P256M_DRIVER_ENABLED asks: every
 * one of them is accelerated by p256-m, so no built-in PSA ECC is compiled.
 * No deterministic ECDSA and no key derivation, which p256-m lacks. The
 * other modules the suite measures are used through their own APIs and are
 * not wanted here. */
#ifndef CP_MBEDTLS_CONFIG_P256M_PSA_H
#define CP_MBEDTLS_CONFIG_P256M_PSA_H
#define PSA_WANT_ECC_SECP_R1_256 1
#define PSA_WANT_ALG_ECDSA 1
#define PSA_WANT_ALG_ECDH 1
#define PSA_WANT_KEY_TYPE_ECC_PUBLIC_KEY 1
#define PSA_WANT_KEY_TYPE_ECC_KEY_PAIR_BASIC 1
#define PSA_WANT_KEY_TYPE_ECC_KEY_PAIR_IMPORT 1
#define PSA_WANT_KEY_TYPE_ECC_KEY_PAIR_EXPORT 1
#define PSA_WANT_KEY_TYPE_ECC_KEY_PAIR_GENERATE 1
#endif
