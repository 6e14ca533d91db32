/* Mbed TLS 3.6 "p256-m" configuration: ECDSA and ECDH on P-256 through the
 * PSA Crypto API, served by p256-m (3rdparty/p256-m, the PSA driver TF-M
 * uses), with the legacy ECC modules left out (common.h) so that the PSA
 * core builds no ECC of its own beside it. What PSA must offer is in
 * ecc-p256m-psa.h; its randomness is the harness's stream
 * (MBEDTLS_PSA_CRYPTO_EXTERNAL_RNG, adapter_p256m.c). 2.28 has no p256-m
 * (crypto/mbedtls/mbedtls.mk builds this for 3.6 only). The label is a
 * math_config one, as BearSSL's implementation variants are: p256-m has no
 * window and no precomputed multiples of the generator, so no
 * curve_definition label either. */
#ifndef CP_MBEDTLS_CONFIG_P256M_H
#define CP_MBEDTLS_CONFIG_P256M_H
#define CP_MBEDTLS_P256M
#define CP_CONFIG_GROUP "ecc"
#define CP_CONFIG_LABEL "p256-m"
#define CP_LABEL_MATH "p256-m"
#define CP_MEANING_MATH                                                              \
  "p256-m, the PSA driver TF-M uses (MBEDTLS_PSA_P256M_DRIVER_ENABLED, Mbed TLS's"   \
  " copy in 3rdparty/p256-m): 32-bit constant-time P-256 only, Montgomery"           \
  " arithmetic on 8 limbs, a signed binary ladder with no precomputed table and no"  \
  " window (p256-m.c is 4.6-4.9 KB of code at this build's -O2, under 3 KiB at -Os by"  \
  " its README; UMAAL on cores with DSP, 16x16-bit MULs otherwise);"                  \
  " reached through PSA Crypto API calls, the legacy ECP module left out. Each timed" \
  " call is one PSA call with its dispatch: key-slot lookup and policy check, copies" \
  " of the input and output buffers on the heap, the driver wrapper: psa_sign_hash;" \
  " psa_verify_hash with the public key imported beforehand; psa_raw_key_agreement;"  \
  " key generation psa_generate_key then psa_export_public_key, which computes the"   \
  " public key again (PSA keeps only the private key: two scalar multiplications"    \
  " where p256-m's own p256_gen_keypair does one), after psa_destroy_key of the"      \
  " previous generation's key (a PSA key is never overwritten). Heap: PSA's key"      \
  " buffers and buffer copies; global data: PSA's 32 key slots. Footprints come from"  \
  " a build whose only hash is SHA-256, which the signature links (psa_sign_hash"      \
  " shares its code with psa_sign_message, which hashes)"
#define CP_HOME_MATH 0
#define CP_CONFIG_MEANING CP_MEANING_MATH

#define MBEDTLS_PSA_CRYPTO_C
#define MBEDTLS_PSA_CRYPTO_CONFIG
#define MBEDTLS_PSA_CRYPTO_CONFIG_FILE "ecc-p256m-psa.h"
#define MBEDTLS_PSA_CRYPTO_EXTERNAL_RNG
#define MBEDTLS_PSA_P256M_DRIVER_ENABLED
#include "common.h"
#endif
