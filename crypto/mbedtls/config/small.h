/* Mbed TLS "Small" configuration: AES tables in flash and only one of the
 * four rotated tables (MBEDTLS_AES_ROM_TABLES + MBEDTLS_AES_FEWER_TABLES),
 * rolled-up SHA-256 and SHA-512 loops. The label and meaning are printed in
 * the run header of every image built with it. */
#ifndef CP_MBEDTLS_CONFIG_SMALL_H
#define CP_MBEDTLS_CONFIG_SMALL_H
#define CP_CONFIG_LABEL "Small"
#define CP_CONFIG_GROUP "sym"
#define CP_LABEL_CONFIGURATION CP_CONFIG_LABEL
#define CP_MEANING_CONFIGURATION CP_CONFIG_MEANING
#define CP_HOME_CONFIGURATION 0
#define CP_CONFIG_MEANING "MBEDTLS_AES_ROM_TABLES + MBEDTLS_AES_FEWER_TABLES: one 1 KiB AES table per direction as constant data in flash (about 2.6 KB of flash, no table RAM; on silicon every table read goes to flash, behind its wait states), MBEDTLS_SHA256_SMALLER, MBEDTLS_SHA512_SMALLER: rolled-up loops (smaller code, more instructions)"
#define MBEDTLS_AES_ROM_TABLES
#define MBEDTLS_AES_FEWER_TABLES
#define MBEDTLS_SHA256_SMALLER
#define MBEDTLS_SHA512_SMALLER
#include "common.h"
#endif
