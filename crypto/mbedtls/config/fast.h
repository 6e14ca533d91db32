/* Mbed TLS "Fast" configuration: the library defaults (four AES tables
 * generated in RAM on first use, unrolled SHA-256 and SHA-512). */
#ifndef CP_MBEDTLS_CONFIG_FAST_H
#define CP_MBEDTLS_CONFIG_FAST_H
#define CP_CONFIG_LABEL "Fast"
#define CP_CONFIG_GROUP "sym"
#define CP_LABEL_CONFIGURATION CP_CONFIG_LABEL
#define CP_MEANING_CONFIGURATION CP_CONFIG_MEANING
#define CP_HOME_CONFIGURATION 1
#define CP_CONFIG_MEANING "library defaults: four 1 KiB AES tables per direction generated into RAM at first use (about 8.7 KB of RAM, table reads at RAM speed on silicon); unrolled SHA-256 and SHA-512 (larger code, fewer instructions)"
#include "common.h"
#endif
