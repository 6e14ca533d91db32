# The Mbed TLS port: versions (pinned upstream version -> Debian suite that
# serves it), configurations, and how one library archive is built. Included
# by mk/firmware.mk.
MBEDTLS_VERSIONS := 2.28.3 3.6.6
MBEDTLS_SUITE_2.28.3 := bookworm
MBEDTLS_SUITE_3.6.6 := trixie
MBEDTLS_MAJOR_2.28.3 := 2
MBEDTLS_MAJOR_3.6.6 := 3
# Configurations: one header each in crypto/mbedtls/config/; `fast` is the
# library default and also runs the cases the axis does not change.
MBEDTLS_CONFIGS := small fast
MBEDTLS_CONFIG_LABEL_small := Small
MBEDTLS_CONFIG_LABEL_fast := Fast
# Hashes per version (3.x adds SHA-3); the axis ones follow *_SMALLER.
MBEDTLS_HASHES_AXIS := sha224 sha256 sha384 sha512
MBEDTLS_HASHES_PLAIN_2.28.3 := md5 sha1
MBEDTLS_HASHES_PLAIN_3.6.6 := md5 sha1 sha3-224 sha3-256 sha3-384 sha3-512

MBEDTLS_SRC = $(FW_CACHE)/mbedtls/$(1)/src
MBEDTLS_PACKAGE = $(FW_CACHE)/mbedtls/$(1)/package
# A file the unpacked source must contain (crypto/fetch-source checks it).
MBEDTLS_MARKER := include/mbedtls/version.h
# Compiler options that select version $(1); the configuration is chosen by
# -DMBEDTLS_CONFIG_FILE='"<configuration>.h"'.
MBEDTLS_DEFS = -isystem $(call MBEDTLS_SRC,$(1))/include -I$(TOP)/crypto/mbedtls/config \
  -DCP_MBEDTLS_MAJOR=$(MBEDTLS_MAJOR_$(1))
# The port sources name the configuration header on the command line; the
# library build passes it to mk/fw-lib.mk as CONFIG_FILE.
MBEDTLS_PORT_DEFS = $(call MBEDTLS_DEFS,$(1)) -DMBEDTLS_CONFIG_FILE='"$(2).h"'
MBEDTLS_LIB_VARS = CONFIG_FILE=$(2).h
MBEDTLS_PORT_SRC := $(wildcard crypto/mbedtls/*.c)
MBEDTLS_CONFIG_HDR := $(wildcard crypto/mbedtls/config/*.h)
