/* Mbed TLS ECC configurations, the two axes of ST's ECDSA tables, chosen by
 * the build (crypto/mbedtls/mbedtls.mk):
 *  CP_ECC_MATH      "ECC mathematics configuration": 0 = Small
 *                   (MBEDTLS_ECP_WINDOW_SIZE 2), 1 = Fast (6)
 *  CP_ECC_CURVEDEF  "Curve definition": 0 = Low (MBEDTLS_ECP_FIXED_POINT_OPTIM
 *                   0), 1 = High (1: precomputed multiples of the generator;
 *                   2.28 builds them on the heap at first use, 3.6 has them
 *                   as constant tables)
 * The labels and the knob values go into the run header of every image. */
#ifndef CP_MBEDTLS_CONFIG_ECC_H
#define CP_MBEDTLS_CONFIG_ECC_H
#define CP_CONFIG_GROUP "ecc"
#if CP_ECC_MATH == 0
#define MBEDTLS_ECP_WINDOW_SIZE 2
#define CP_LABEL_MATH "Small"
#define CP_SLUG_MATH "small"
#define CP_MEANING_MATH "MBEDTLS_ECP_WINDOW_SIZE 2: small window, fewer precomputed points on the heap, more additions"
#define CP_HOME_MATH 0
#elif CP_ECC_MATH == 1
#define MBEDTLS_ECP_WINDOW_SIZE 6
#define CP_LABEL_MATH "Fast"
#define CP_SLUG_MATH "fast"
#define CP_MEANING_MATH "MBEDTLS_ECP_WINDOW_SIZE 6: large window, more precomputed points on the heap, fewer additions (no effect where the fixed-point comb of High is used)"
#define CP_HOME_MATH 1
#else
#error "CP_ECC_MATH must be 0 or 1"
#endif
#if CP_ECC_CURVEDEF == 0
#define MBEDTLS_ECP_FIXED_POINT_OPTIM 0
#define CP_LABEL_CURVEDEF "Low"
#define CP_SLUG_CURVEDEF "low"
#define CP_MEANING_CURVEDEF "MBEDTLS_ECP_FIXED_POINT_OPTIM 0: no precomputed multiples of the generator"
#define CP_HOME_CURVEDEF 0
#elif CP_ECC_CURVEDEF == 1
#define MBEDTLS_ECP_FIXED_POINT_OPTIM 1
#define CP_LABEL_CURVEDEF "High"
#define CP_SLUG_CURVEDEF "high"
#define CP_MEANING_CURVEDEF "MBEDTLS_ECP_FIXED_POINT_OPTIM 1: precomputed multiples of the generator (2.28 builds them on the heap at first use, 3.6 keeps them as constant data in flash); multiplications by the generator get faster"
#define CP_HOME_CURVEDEF 1
#else
#error "CP_ECC_CURVEDEF must be 0 or 1"
#endif
/* the configuration's name in the manifest: ecc-<math>-<curve definition> */
#define CP_CONFIG_LABEL "ecc-" CP_SLUG_MATH "-" CP_SLUG_CURVEDEF
#define CP_CONFIG_MEANING CP_MEANING_MATH ", " CP_MEANING_CURVEDEF
#include "common.h"
#endif
