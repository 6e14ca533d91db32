/* Mbed TLS RSA configurations, the two axes of ST's RSA tables, chosen by
 * the build (crypto/mbedtls/mbedtls.mk):
 *  CP_RSA_CRT   "Priv. key mod. exp. method": 1 = CRT (library default),
 *               0 = No CRT (MBEDTLS_RSA_NO_CRT)
 *  CP_RSA_IMPL  "Priv. key mod. exp. implementation": 0 = Low
 *               (MBEDTLS_MPI_WINDOW_SIZE 1), 1 = Mid (3), 2 = High (6)
 * The window also drives DH's exponentiation, which runs with the CRT
 * configurations (CRT does not apply to it). */
#ifndef CP_MBEDTLS_CONFIG_RSA_H
#define CP_MBEDTLS_CONFIG_RSA_H
#define CP_CONFIG_GROUP "rsa"
#if CP_RSA_CRT == 1
#define CP_LABEL_METHOD "crt"
#define CP_SLUG_METHOD "crt"
#define CP_MEANING_METHOD "CRT (MBEDTLS_RSA_NO_CRT undefined)"
#define CP_HOME_METHOD 1
#elif CP_RSA_CRT == 0
#define MBEDTLS_RSA_NO_CRT
#define CP_LABEL_METHOD "no-crt"
#define CP_SLUG_METHOD "nocrt"
#define CP_MEANING_METHOD "No CRT (MBEDTLS_RSA_NO_CRT)"
#define CP_HOME_METHOD 0
#else
#error "CP_RSA_CRT must be 0 or 1"
#endif
#if CP_RSA_IMPL == 0
#define MBEDTLS_MPI_WINDOW_SIZE 1
#define CP_LABEL_IMPL "Low"
#define CP_SLUG_IMPL "low"
#define CP_MEANING_IMPL "MBEDTLS_MPI_WINDOW_SIZE 1: smallest exponentiation table on the heap, most multiplications"
#define CP_HOME_IMPL 0
#elif CP_RSA_IMPL == 1
#define MBEDTLS_MPI_WINDOW_SIZE 3
#define CP_LABEL_IMPL "Mid"
#define CP_SLUG_IMPL "mid"
#define CP_MEANING_IMPL "MBEDTLS_MPI_WINDOW_SIZE 3: medium exponentiation table on the heap"
#define CP_HOME_IMPL 1
#elif CP_RSA_IMPL == 2
#define MBEDTLS_MPI_WINDOW_SIZE 6
#define CP_LABEL_IMPL "High"
#define CP_SLUG_IMPL "high"
#define CP_MEANING_IMPL "MBEDTLS_MPI_WINDOW_SIZE 6: largest exponentiation table on the heap, fewest multiplications (its constant-time table lookup grows with it)"
#define CP_HOME_IMPL 0
#else
#error "CP_RSA_IMPL must be 0, 1 or 2"
#endif
/* the configuration's name in the manifest: rsa-<crt|nocrt>-<impl> */
#define CP_CONFIG_LABEL "rsa-" CP_SLUG_METHOD "-" CP_SLUG_IMPL
#define CP_CONFIG_MEANING CP_MEANING_METHOD ", " CP_MEANING_IMPL
#include "common.h"
#endif
