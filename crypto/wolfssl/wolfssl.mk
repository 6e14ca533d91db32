# The wolfSSL port: versions (pinned upstream version -> Debian suite that
# serves it), configurations, the wolfCrypt sources built into one archive,
# and the families each version has. Included by mk/firmware.mk, which
# documents the variables a port defines.
WOLFSSL_VERSIONS := 5.5.4 5.7.2
WOLFSSL_SUITE_5.5.4 := bookworm
WOLFSSL_SUITE_5.7.2 := trixie
# Post-quantum families (ML-DSA, ML-KEM, HBS-LMS): wolfSSL's own code exists
# from 5.7 on; 5.5.4 only wraps liboqs (not packaged for bare metal).
WOLFSSL_PQ_5.5.4 := 0
WOLFSSL_PQ_5.7.2 := 1
WOLFSSL_BENCH_PARTS_5.5.4 := sym ec rsa
# Configurations: crypto/wolfssl/config/<c>/user_settings.h; `fast` is the
# library default and also runs the cases the axis does not change.
WOLFSSL_CONFIGS := small fast
WOLFSSL_CONFIG_LABEL_small := Small
WOLFSSL_CONFIG_LABEL_fast := Fast
# SHA-2 follows USE_SLOW_SHA256/512, SHA-3 WOLFSSL_SHA3_SMALL.
WOLFSSL_HASHES_AXIS := sha224 sha256 sha384 sha512 sha3-224 sha3-256 sha3-384 sha3-512
WOLFSSL_HASHES_PLAIN_5.5.4 := md5 sha1
WOLFSSL_HASHES_PLAIN_5.7.2 := md5 sha1
WOLFSSL_FP_EXTRA_5.5.4 = $(FP_EDWARDS_OPS) $(FP_ECC_OPS) $(FP_RSA_OPS) $(FP_RSA_VERIFY_OPS)
WOLFSSL_FP_EXTRA_5.7.2 = $(WOLFSSL_FP_EXTRA_5.5.4) $(FP_PQ_OPS)
# RSA signature footprints carry the method of the performance rows.
$(foreach m,$(FP_RSA_MODULI),$(eval WOLFSSL_FP_MORE_rsa-v15-sign-$(m) := $$(,)modexp_method=crt)\
  $(eval WOLFSSL_FP_MORE_rsa-pss-sign-$(m) := $$(,)modexp_method=crt))
# Footprint restrictions (mk/firmware.mk): one curve or one RSA modulus per
# public-key footprint image (config/common.h reads CP_ONLY_CURVE and
# CP_ONLY_RSA: the SP code of the others is left out); the sources that read
# the switches are rebuilt and linked whole over the configuration's archive.
WOLFSSL_RESTRICTS := $(FP_CURVES) $(addprefix rsa,$(FP_RSA_MODULI))
WOLFSSL_RESTRICT_SRC := ecc.c rsa.c sp_int.c sp_c32.c sp_cortexm.c sp_armthumb.c wolfmath.c
WOLFSSL_RESTRICT_BASE = $(FW_LIB_DIR)/wolfssl-$(1)-$(2).a
WOLFSSL_BENCH_EXTRA_5.5.4 := bench/bench_eddsa bench/bench_xdh vectors_edwards \
  bench/bench_ecc bench/bench_rsa bench/pk_common pk_vectors
WOLFSSL_BENCH_EXTRA_5.7.2 := $(WOLFSSL_BENCH_EXTRA_5.5.4) bench/bench_pq vectors_lms

# The failure images of `make test` break a case of a family Mbed TLS lacks.
WOLFSSL_HOOK_CASE := ed25519-sign-1023
# A digest halved in both sign and verify (mk/firmware.mk, mbedtls.mk): the
# image passes its own checks, the runner's OpenSSL check must not.
WOLFSSL_QUICK_EXTRA := fail-hostsig:halfdigest:ecdsa-secp256r1-sha256-sign:0 \
  fail-halfver:halfdigest:ecdsa-secp256r1-sha256-verify:3

WOLFSSL_SRC = $(FW_CACHE)/wolfssl/$(1)/src
WOLFSSL_PACKAGE = $(FW_CACHE)/wolfssl/$(1)/package
WOLFSSL_MARKER := wolfssl/wolfcrypt/settings.h
# The wolfCrypt sources of the measured families and what they need (the
# rest of wolfcrypt/src is TLS glue, ASN.1, other algorithms or wrappers of
# external libraries). Files of families a version lacks compile to nothing.
WOLFSSL_LIB_FILES := aes.c des3.c md5.c sha.c sha256.c sha512.c sha3.c hash.c random.c \
  chacha.c poly1305.c chacha20_poly1305.c \
  memory.c wc_port.c error.c logging.c wolfmath.c \
  curve25519.c ed25519.c fe_operations.c ge_operations.c fe_low_mem.c ge_low_mem.c \
  curve448.c ed448.c fe_448.c ge_448.c \
  dilithium.c wc_kyber.c wc_kyber_poly.c wc_lms.c wc_lms_impl.c \
  ecc.c rsa.c sp_int.c sp_c32.c sp_cortexm.c sp_armthumb.c
# settings.h is forced in first: some sources (wc_lms_impl.c) include their
# own header before it and would otherwise see no options at all.
WOLFSSL_DEFS = -isystem $(call WOLFSSL_SRC,$(1)) -I$(TOP)/crypto/wolfssl/config/$(2) \
  -I$(TOP)/crypto/wolfssl/config -DWOLFSSL_USER_SETTINGS -DCP_WOLFSSL_PQ=$(WOLFSSL_PQ_$(1)) \
  -include wolfssl/wolfcrypt/settings.h
WOLFSSL_PORT_DEFS = $(WOLFSSL_DEFS)
WOLFSSL_LIB_VARS = SRC_SUBDIR=wolfcrypt/src SRC_FILES="$(WOLFSSL_LIB_FILES)"
WOLFSSL_PORT_SRC := $(wildcard crypto/wolfssl/*.c)
WOLFSSL_CONFIG_HDR := $(wildcard crypto/wolfssl/config/*.h crypto/wolfssl/config/*/*.h)
