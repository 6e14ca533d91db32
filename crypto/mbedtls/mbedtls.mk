# The Mbed TLS port: versions (pinned upstream version -> Debian suite that
# serves it), configurations, and how one library archive is built. Included
# by mk/firmware.mk.
MBEDTLS_VERSIONS := 2.28.3 3.6.6
MBEDTLS_SUITE_2.28.3 := bookworm
MBEDTLS_SUITE_3.6.6 := trixie
MBEDTLS_MAJOR_2.28.3 := 2
MBEDTLS_MAJOR_3.6.6 := 3
# Configurations, in three groups that each vary some families (firmware/
# README.md): sym (AES, SHA-2: small, fast), ecc (ECDSA, ECDH: ecc-<math>-
# <curve definition>) and rsa (RSA, DH: rsa-<crt|nocrt>-<implementation>).
# Each has a header in crypto/mbedtls/config/ (never named like a library
# header: the library includes MBEDTLS_CONFIG_FILE from its own include
# directory first, so "rsa.h" would be mbedtls/rsa.h) and compiler options that pick
# its knobs; FIELDS are the labels its results carry (for footprint rows).
# The home configuration of a group (fast, ecc-fast-high, rsa-crt-mid) also
# runs the cases its axes do not change.
# The public-key knobs are read only by the sources in MBEDTLS_AXIS_SRC (in
# 2.28 also by pkparse.c and version_features.c, which no image links; no
# header changes a structure with them): a public-key configuration compiles
# just those with its header, links them whole and takes every other module
# from the `fast` archive (same common.h), instead of a full archive each.
MBEDTLS_AXIS_SRC := bignum bignum_core ecp ecp_curves ecp_curves_new rsa rsa_alt_helpers rsa_internal
MBEDTLS_CONFIGS_SYM := small fast
MBEDTLS_CONFIGS_ECC := ecc-small-low ecc-small-high ecc-fast-low ecc-fast-high
MBEDTLS_CONFIGS_RSA := rsa-crt-low rsa-crt-mid rsa-crt-high rsa-nocrt-low rsa-nocrt-mid rsa-nocrt-high
# 3.6 also has p256-m (3rdparty/p256-m), the P-256 driver of its PSA Crypto
# API: ECDSA and ECDH on P-256 through PSA calls, labelled math_config
# p256-m (config/ecc-p256m.h). Its own full archive, with the PSA core and
# the two p256-m sources and without the legacy ECC modules, so nothing is
# taken from `fast` (whose objects were compiled without PSA). 2.28 has no
# p256-m: its own list leaves it out.
MBEDTLS_CONFIGS := $(MBEDTLS_CONFIGS_SYM) $(MBEDTLS_CONFIGS_ECC) $(MBEDTLS_CONFIGS_RSA) p256-m
MBEDTLS_CONFIGS_2.28.3 := $(filter-out p256-m,$(MBEDTLS_CONFIGS))
MBEDTLS_HOME_ECC := ecc-fast-high
MBEDTLS_BENCH_PARTS_p256-m := ec
MBEDTLS_CONFIG_HEADER_p256-m := ecc-p256m.h
MBEDTLS_CONFIG_FIELDS_p256-m := math_config=p256-m
# The parts of the suite each group has cases of (a board that splits the
# suite into parts builds only these, mk/firmware.mk).
$(foreach c,$(MBEDTLS_CONFIGS_SYM),$(eval MBEDTLS_BENCH_PARTS_$(c) := sym))
$(foreach c,$(MBEDTLS_CONFIGS_ECC),$(eval MBEDTLS_BENCH_PARTS_$(c) := ec))
$(foreach c,$(MBEDTLS_CONFIGS_RSA),$(eval MBEDTLS_BENCH_PARTS_$(c) := rsa))
MBEDTLS_HOME_RSA := rsa-crt-mid
MBEDTLS_CONFIG_LABEL_small := Small
MBEDTLS_CONFIG_LABEL_fast := Fast
$(foreach c,$(MBEDTLS_CONFIGS_SYM),$(eval MBEDTLS_CONFIG_HEADER_$(c) := $(c).h))
# $(call mbedtls_ecc,math slug,CP_ECC_MATH,label,curve definition slug,CP_ECC_CURVEDEF,label)
define mbedtls_ecc
MBEDTLS_CONFIG_HEADER_ecc-$(1)-$(4) := ecc-axes.h
MBEDTLS_CONFIG_OPTS_ecc-$(1)-$(4) := -DCP_ECC_MATH=$(2) -DCP_ECC_CURVEDEF=$(5)
MBEDTLS_CONFIG_FIELDS_ecc-$(1)-$(4) := math_config=$(3),curve_definition=$(6)
endef
$(foreach m,small:0:Small fast:1:Fast,$(foreach d,low:0:Low high:1:High,\
  $(eval $(call mbedtls_ecc,$(word 1,$(subst :, ,$(m))),$(word 2,$(subst :, ,$(m))),$(word 3,$(subst :, ,$(m))),$(word 1,$(subst :, ,$(d))),$(word 2,$(subst :, ,$(d))),$(word 3,$(subst :, ,$(d)))))))
# $(call mbedtls_rsa,method slug,CP_RSA_CRT,modexp_method,implementation slug,CP_RSA_IMPL,label)
define mbedtls_rsa
MBEDTLS_CONFIG_HEADER_rsa-$(1)-$(4) := rsa-axes.h
MBEDTLS_CONFIG_OPTS_rsa-$(1)-$(4) := -DCP_RSA_CRT=$(2) -DCP_RSA_IMPL=$(5)
MBEDTLS_CONFIG_METHOD_rsa-$(1)-$(4) := modexp_method=$(3)
MBEDTLS_CONFIG_FIELDS_rsa-$(1)-$(4) := modexp_impl=$(6)
endef
$(foreach m,crt:1:crt nocrt:0:no-crt,$(foreach i,low:0:Low mid:1:Mid high:2:High,\
  $(eval $(call mbedtls_rsa,$(word 1,$(subst :, ,$(m))),$(word 2,$(subst :, ,$(m))),$(word 3,$(subst :, ,$(m))),$(word 1,$(subst :, ,$(i))),$(word 2,$(subst :, ,$(i))),$(word 3,$(subst :, ,$(i)))))))
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
# p256-m: the library's driver wrappers include p256-m's entry points, and
# those include the library's internal headers.
MBEDTLS_DEFS = -isystem $(call MBEDTLS_SRC,$(1))/include -I$(TOP)/crypto/mbedtls/config \
  -DCP_MBEDTLS_MAJOR=$(MBEDTLS_MAJOR_$(1)) $(MBEDTLS_CONFIG_OPTS_$(2)) \
  $(if $(filter p256-m,$(2)),-I$(call MBEDTLS_SRC,$(1))/3rdparty/p256-m -I$(call MBEDTLS_SRC,$(1))/library)
# The port sources name the configuration header on the command line; the
# library build passes it to mk/fw-lib.mk as CONFIG_FILE.
MBEDTLS_PORT_DEFS = $(call MBEDTLS_DEFS,$(1),$(2)) -DMBEDTLS_CONFIG_FILE='"$(MBEDTLS_CONFIG_HEADER_$(2))"'
# A public-key configuration: only its axis sources, linked whole over the
# `fast` archive (MBEDTLS_AXIS_SRC above). p256-m: every library source and
# p256-m's two, from the top of the tree.
mbedtls_pk = $(filter $(MBEDTLS_CONFIGS_ECC) $(MBEDTLS_CONFIGS_RSA),$(1))
MBEDTLS_P256M_SRC := library/*.c 3rdparty/p256-m/*.c 3rdparty/p256-m/p256-m/*.c
MBEDTLS_LIB_VARS = CONFIG_FILE=$(MBEDTLS_CONFIG_HEADER_$(2)) \
  $(if $(call mbedtls_pk,$(2)),SRC_FILES="$(addsuffix .c,$(MBEDTLS_AXIS_SRC))") \
  $(if $(filter p256-m,$(2)),SRC_SUBDIR=. SRC_FILES="$(MBEDTLS_P256M_SRC)")
MBEDTLS_LINK_BASE = $(if $(call mbedtls_pk,$(2)),$(FW_LIB_DIR)/mbedtls-$(1)-fast.a)
# The public-key drivers and their known answers (the other ports have none).
$(foreach v,$(MBEDTLS_VERSIONS),$(eval MBEDTLS_BENCH_EXTRA_$(v) := bench/bench_ecc bench/bench_rsa bench/bench_dh bench/pk_common pk_vectors))
# Failure images beyond the common ones (mk/firmware.mk): image:hook:case:expect.
# fail-hostsig signs half the digest and checks itself with the same half: the
# image passes (exit 0), the runner's OpenSSL check of its evidence must not;
# fail-halfver verifies OpenSSL's signature over half the digest (exit 3).
MBEDTLS_QUICK_EXTRA := fail-sig:kat:ecdsa-secp256r1-sha256-sign:3 fail-pkhang:hang:ecdsa-secp256r1-sha256-verify:timeout \
  fail-hostsig:halfdigest:ecdsa-secp256r1-sha256-sign:0 fail-halfver:halfdigest:ecdsa-secp256r1-sha256-verify:3
# Footprint operations and fields: each configuration group has its own
# (mk/firmware.mk's fw_fp_ops arguments: prefix, version, configuration[, op]).
MBEDTLS_FP_OPS = $(if $(filter $(3),$(MBEDTLS_CONFIGS_SYM)),$(FP_AES_OPS) $(call fp_hash_ops,$(MBEDTLS_HASHES_AXIS)) \
    $(if $(filter fast,$(3)),$(FP_DES3_OPS) $(FP_CHACHA_OPS) $(call fp_hash_ops,$(MBEDTLS_HASHES_PLAIN_$(2))))) \
  $(if $(filter $(3),$(MBEDTLS_CONFIGS_ECC)),$(FP_ECC_OPS) $(if $(filter $(MBEDTLS_HOME_ECC),$(3)),$(FP_MONT_OPS))) \
  $(if $(filter p256-m,$(3)),$(filter %-p256,$(FP_ECC_OPS))) \
  $(if $(filter $(3),$(MBEDTLS_CONFIGS_RSA)),$(FP_RSA_OPS) $(if $(filter $(MBEDTLS_HOME_RSA),$(3)),$(FP_RSA_VERIFY_OPS)) \
    $(if $(filter rsa-crt-%,$(3)),$(FP_DH_OPS)))
mbedtls_fp_axes = $(if $(filter $(1),$(FP_AES_OPS) $(call fp_hash_ops,$(MBEDTLS_HASHES_AXIS))),configuration)$(strip \
  $(if $(filter $(1),$(FP_ECC_OPS)),ecc)$(if $(filter $(1),$(FP_RSA_OPS)),rsa)$(if $(filter $(1),$(FP_DH_OPS)),dh))
MBEDTLS_FP_FIELDS = $(FP_FIELDS_$(4))$(strip \
  $(if $(filter configuration,$(call mbedtls_fp_axes,$(4))),$(,)configuration=$(MBEDTLS_CONFIG_LABEL_$(3))) \
  $(if $(filter ecc dh,$(call mbedtls_fp_axes,$(4))),$(,)$(MBEDTLS_CONFIG_FIELDS_$(3))) \
  $(if $(filter rsa,$(call mbedtls_fp_axes,$(4))),$(,)$(MBEDTLS_CONFIG_METHOD_$(3))$(,)$(MBEDTLS_CONFIG_FIELDS_$(3))))
# Footprint restrictions (mk/firmware.mk): one curve per ECC footprint image,
# as config/common.h enables only CP_ONLY_CURVE; the public-key sources with
# ecdsa.c and ecdh.c (their buffers follow the largest enabled curve) are
# rebuilt and linked whole over `fast`. RSA and DH have no per-modulus
# switch: one image serves every modulus. p256-m has P-256 alone already;
# its one-curve build has SHA-256 as its only hash (config/common.h), which
# changes PSA and the hash modules: the whole tree is rebuilt. Its sources
# are named from the top of the tree, where p256-m's archive is built from
# (SRC_SUBDIR above): each half of the list finds nothing in the other's
# folder.
MBEDTLS_RESTRICTS := $(FP_CURVES) x25519 x448
MBEDTLS_RESTRICT_SRC := $(addsuffix .c,$(MBEDTLS_AXIS_SRC) ecdsa ecdh) $(MBEDTLS_P256M_SRC)
MBEDTLS_RESTRICT_BASE = $(FW_LIB_DIR)/mbedtls-$(1)-$(if $(filter p256-m,$(2)),p256-m,fast).a
MBEDTLS_PORT_SRC := $(wildcard crypto/mbedtls/*.c)
MBEDTLS_CONFIG_HDR := $(wildcard crypto/mbedtls/config/*.h)
