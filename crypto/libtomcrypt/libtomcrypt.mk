# The LibTomCrypt port: LibTomCrypt 1.18.2 with LibTomMath as its big-number
# library (ltm_desc), both from Debian source packages; the configurations
# and how their archives are built. Included by mk/fw-ports.mk, which
# documents the variables a port defines.
#
# bookworm and trixie both serve LibTomCrypt 1.18.2 (1.18.2-6 and
# 1.18.2+dfsg-7); bookworm's is the one Debian built against LibTomMath
# 1.2.0, which bookworm serves too (trixie has 1.3.0), so both come from
# bookworm.
LIBTOMCRYPT_VERSIONS := 1.18.2
LIBTOMCRYPT_SUITE_1.18.2 := bookworm
LIBTOMCRYPT_LTM_1.18.2 := 1.2.0
LIBTOMCRYPT_LTM_SUITE_1.18.2 := bookworm
# Configurations, in three groups (firmware/README.md): sym (LTC_SMALL_CODE
# or not: AES, 3DES, MD5, SHA-1, SHA-2; GCM with or without LTC_GCM_TABLES,
# which LTC_NO_TABLES turns off), ecc (LTC_ECC_TIMING_RESISTANT, the
# default, or not) and rsa (RSA and DH: no knob, one image). The home
# configurations are LibTomCrypt's defaults: fast, ecc-ladder.
LIBTOMCRYPT_CONFIGS_SYM := small fast small-notables fast-notables
LIBTOMCRYPT_CONFIGS_ECC := ecc-ladder ecc-window
LIBTOMCRYPT_CONFIGS := $(LIBTOMCRYPT_CONFIGS_SYM) $(LIBTOMCRYPT_CONFIGS_ECC) rsa
LIBTOMCRYPT_CONFIG_OPTS_small := -DLTC_SMALL_CODE
LIBTOMCRYPT_CONFIG_OPTS_small-notables := -DLTC_SMALL_CODE -DLTC_NO_TABLES
LIBTOMCRYPT_CONFIG_OPTS_fast-notables := -DLTC_NO_TABLES
LIBTOMCRYPT_CONFIG_OPTS_ecc-window := -DLTC_NO_ECC_TIMING_RESISTANT
# The sources a knob changes: a configuration that turns one builds just
# those (linked whole, over the `fast` archive, which has the defaults);
# ecc-ladder and rsa are the defaults and link the `fast` archive as it is.
LIBTOMCRYPT_SMALL_SRC := ciphers/aes/aes.c ciphers/des.c hashes/md5.c hashes/sha1.c hashes/sha2/sha256.c \
  hashes/sha2/sha512.c
LIBTOMCRYPT_GCM_SRC := encauth/gcm/*.c
LIBTOMCRYPT_ECC_SRC := pk/ecc/ltc_ecc_mulmod.c pk/ecc/ltc_ecc_mulmod_timing.c
LIBTOMCRYPT_AXIS_SRC = $(if $(filter small%,$(1)),$(LIBTOMCRYPT_SMALL_SRC)) \
  $(if $(filter %-notables,$(1)),$(LIBTOMCRYPT_GCM_SRC)) $(if $(filter ecc-window,$(1)),$(LIBTOMCRYPT_ECC_SRC))
# Everything the port calls and what that needs (the rest of src/ is other
# algorithms, file and OS glue, other math libraries).
LIBTOMCRYPT_ALL_SRC := ciphers/aes/aes.c ciphers/des.c encauth/ccm/*.c encauth/gcm/*.c encauth/chachapoly/*.c \
  hashes/md5.c hashes/sha1.c hashes/sha2/*.c hashes/sha3.c hashes/sha3_test.c hashes/helper/*.c mac/poly1305/*.c \
  stream/chacha/*.c modes/cbc/*.c math/ltm_desc.c math/multi.c math/rand_bn.c math/rand_prime.c misc/crypt/*.c \
  misc/zeromem.c misc/burn_stack.c misc/mem_neq.c misc/error_to_string.c \
  pk/ecc/*.c pk/rsa/*.c pk/dh/*.c pk/pkcs1/*.c pk/asn1/der/*/*.c
LIBTOMCRYPT_ARCHIVE = $(if $(filter ecc-ladder rsa,$(2)),fast)
libtomcrypt_axis = $(filter-out fast ecc-ladder rsa,$(2))
LIBTOMCRYPT_LINK_BASE = $(if $(call libtomcrypt_axis,$(1),$(2)),$(FW_LIB_DIR)/libtomcrypt-$(1)-fast.a)
LIBTOMCRYPT_LINK_MORE = $(FW_LIB_DIR)/libtommath-$(LIBTOMCRYPT_LTM_$(1)).a
LIBTOMCRYPT_LIB_VARS = SRC_SUBDIR=src \
  SRC_FILES="$(if $(call libtomcrypt_axis,$(1),$(2)),$(call LIBTOMCRYPT_AXIS_SRC,$(2)),$(LIBTOMCRYPT_ALL_SRC))"
LIBTOMCRYPT_HOME_CONFIG := fast
LIBTOMCRYPT_CONFIG_LABEL_small := Small
LIBTOMCRYPT_CONFIG_LABEL_fast := Fast
# LTC_SMALL_CODE changes every hash but SHA-3.
LIBTOMCRYPT_HASHES_AXIS := md5 sha1 sha224 sha256 sha384 sha512
LIBTOMCRYPT_HASHES_PLAIN_1.18.2 := sha3-224 sha3-256 sha3-384 sha3-512

LIBTOMCRYPT_SRC = $(FW_CACHE)/libtomcrypt/$(1)/src
LIBTOMCRYPT_PACKAGE = $(FW_CACHE)/libtomcrypt/$(1)/package
LIBTOMCRYPT_MARKER := src/headers/tomcrypt.h
LIBTOMCRYPT_LTM_SRC = $(FW_CACHE)/libtommath/$(LIBTOMCRYPT_LTM_$(1))/src
LIBTOMCRYPT_PACKAGE_MORE = $(FW_CACHE)/libtommath/$(LIBTOMCRYPT_LTM_$(1))/package
# Both libraries see the port's configuration header first (config/common.h:
# the counting allocator, the math descriptor, what is left out).
# LTC_SOURCE opens the library's internal shorthands (mp_init ...) to its
# own sources, as its makefile does; an undeclared function is an error
# there, not a warning (it would have been one without LTC_SOURCE).
LIBTOMCRYPT_INC = -I$(call LIBTOMCRYPT_SRC,$(1))/src/headers -I$(call LIBTOMCRYPT_LTM_SRC,$(1)) \
  -include $(TOP)/crypto/libtomcrypt/config/common.h $(LIBTOMCRYPT_CONFIG_OPTS_$(2))
# LTC_ARGCHK stays on, as in Debian's build: each checking function keeps
# the name of its source file (__FILE__) as a string: mapped to
# "src/pk/ecc/ecc_sign_hash.c", as LibTomCrypt's own makefile has it,
# whatever folder the checkout is in (the ECDSA footprints held 2-3 KiB of
# this machine's paths before). The last matching map wins over
# FW_PATH_MAP.
# -std=gnu99 (after FW_LIB_CFLAGS' -std=c99): LibTomCrypt keeps LTC_FAST only
# outside strict ISO mode (config/common.h), as its own makefile builds it.
LIBTOMCRYPT_DEFS = $(call LIBTOMCRYPT_INC,$(1),$(2)) -std=gnu99 -DLTC_SOURCE -Werror=implicit-function-declaration \
  -Wno-deprecated-declarations -ffile-prefix-map=$(call LIBTOMCRYPT_SRC,$(1))/=
LIBTOMCRYPT_PORT_DEFS = $(subst -I,-isystem ,$(call LIBTOMCRYPT_INC,$(1),$(2))) \
  -DCP_LTM_VERSION='"$(LIBTOMCRYPT_LTM_$(1))"' -DCP_LTC_CONFIG_$(subst -,_,$(2)) \
  -DCP_LTC_GCM_TABLES_FIT=$(LIBTOMCRYPT_GCM_TABLES_FIT)
# LTC_GCM_TABLES puts a 64 KiB table in the GCM state on the heap: a board
# with less than 256 KiB of RAM (netduinoplus2, NUCLEO-F446RE: 128 KiB, a
# 48 KiB stack) has no room for it, so its table configurations serve no
# GCM case (info.c) and have no GCM footprint image.
libtomcrypt_kib = $(if $(filter %M,$(1)),$(shell echo $$(($(patsubst %M,%,$(1)) * 1024))),$(patsubst %K,%,$(1)))
LIBTOMCRYPT_GCM_TABLES_FIT := $(shell [ $(call libtomcrypt_kib,$(BOARD_RAM_LENGTH)) -ge 256 ] && echo 1 || echo 0)
LIBTOMCRYPT_PORT_SRC := $(wildcard crypto/libtomcrypt/*.c)
LIBTOMCRYPT_CONFIG_HDR := $(wildcard crypto/libtomcrypt/config/*.h)
LIBTOMCRYPT_BENCH_EXTRA_1.18.2 := bench/bench_ecc bench/bench_rsa bench/bench_dh bench/pk_common pk_vectors
LIBTOMCRYPT_QUICK_EXTRA := fail-hostsig:halfdigest:ecdsa-secp256r1-sha256-sign:0 \
  fail-halfver:halfdigest:ecdsa-secp256r1-sha256-verify:3
LIBTOMCRYPT_HOOK_CASE := chacha20-poly1305-dec-1024

# LibTomMath: fetched like the library (its package file joins LibTomCrypt's
# in the dataset's package), built into one archive per core (FW_LIB_DIR,
# shared by the boards of one core like the library's) with the same
# allocator header.
define LIBTOMCRYPT_RULES
$(call LIBTOMCRYPT_PACKAGE_MORE,1.18.2): | crypto/fetch-source
	crypto/fetch-source libtommath $(LIBTOMCRYPT_LTM_1.18.2) $(LIBTOMCRYPT_LTM_SUITE_1.18.2) $(FW_CACHE) tommath.h
$(call LIBTOMCRYPT_LINK_MORE,1.18.2): $(call LIBTOMCRYPT_PACKAGE_MORE,1.18.2) $(LIBTOMCRYPT_CONFIG_HDR) mk/fw-lib.mk \
  mk/fw-fingerprint crypto/libtomcrypt/libtomcrypt.mk
	@mkdir -p $$(@D)
	@echo "  LIB  $$(notdir $$@)"
	+@$$(FW_LIB_MAKE) SRC_DIR=$(call LIBTOMCRYPT_LTM_SRC,1.18.2) OBJ_DIR=$(FW_LIB_DIR)/libtommath-$(LIBTOMCRYPT_LTM_1.18.2) \
	  CFLAGS="$(FW_LIB_CFLAGS) $(call LIBTOMCRYPT_DEFS,1.18.2,fast)" HDRS="$(LIBTOMCRYPT_CONFIG_HDR) crypto/libtomcrypt/libtomcrypt.mk" \
	  SRC_SUBDIR=. SRC_FILES="bn_*.c"
endef

# Footprint restrictions (mk/fw-fp-ops.mk): one curve per ECC image, as
# config/common.h turns LTC_NO_CURVES and only that curve's LTC_ECC<bits>
# on; ecc.c holds the curve table and is rebuilt with the mulmod sources of
# the configuration. RSA and DH have no per-modulus switch.
LIBTOMCRYPT_RESTRICTS := $(FP_CURVES)
LIBTOMCRYPT_RESTRICT_SRC := pk/ecc/ecc.c $(LIBTOMCRYPT_ECC_SRC)
LIBTOMCRYPT_RESTRICT_BASE = $(FW_LIB_DIR)/libtomcrypt-$(1)-fast.a $(call LIBTOMCRYPT_LINK_MORE,$(1))

# Footprint operations of configuration $(3) (mk/fw-fp-ops.mk's fw_fp_ops
# arguments: prefix, version, configuration), where their performance rows
# are measured: CBC, CCM and the hashes LTC_SMALL_CODE changes in small and
# fast, GCM in all four sym images, 3DES (on the Small/Fast axis too),
# SHA-3 and ChaCha20-Poly1305 in fast only; ECDSA and ECDH per curve in both
# ecc images; RSA v1.5 and PSS signatures and verification and DH in rsa.
LIBTOMCRYPT_FP_OPS = $(if $(filter small fast,$(3)),$(filter-out aes-gcm-%,$(FP_AES_OPS)) $(FP_DES3_OPS) \
    $(call fp_hash_ops,$(LIBTOMCRYPT_HASHES_AXIS))) \
  $(if $(filter %-notables,$(3))$(filter 1,$(LIBTOMCRYPT_GCM_TABLES_FIT)),$(if $(filter $(3),$(LIBTOMCRYPT_CONFIGS_SYM)),$(filter aes-gcm-%,$(FP_AES_OPS)))) \
  $(if $(filter fast,$(3)),$(FP_CHACHA_OPS) $(call fp_hash_ops,$(LIBTOMCRYPT_HASHES_PLAIN_$(2)))) \
  $(if $(filter $(3),$(LIBTOMCRYPT_CONFIGS_ECC)),$(FP_ECC_OPS)) \
  $(if $(filter rsa,$(3)),$(FP_RSA_OPS) $(FP_RSA_VERIFY_OPS) $(FP_DH_OPS))
# Their result fields: the labels of the axes the operation's rows carry.
libtomcrypt_sym_label = $(LIBTOMCRYPT_CONFIG_LABEL_$(firstword $(subst -, ,$(1))))
libtomcrypt_fp_config = $(if $(filter aes-% 3des-% $(call fp_hash_ops,$(LIBTOMCRYPT_HASHES_AXIS)),$(2)),$(,)configuration=$(call libtomcrypt_sym_label,$(1)))
libtomcrypt_fp_variant = $(if $(filter aes-gcm-%,$(2)),$(,)variant=$(if $(filter %-notables,$(1)),No tables,Tables))
libtomcrypt_fp_math = $(if $(filter ecdsa-% ecdh-%,$(2)),$(,)math_config=$(if $(filter ecc-window,$(1)),Window,Ladder))
libtomcrypt_fp_method = $(if $(filter rsa-%-sign-%,$(2)),$(,)modexp_method=crt)
libtomcrypt_fp_labels = $(call libtomcrypt_fp_config,$(1),$(2))$(call libtomcrypt_fp_variant,$(1),$(2))$(call libtomcrypt_fp_math,$(1),$(2))$(call libtomcrypt_fp_method,$(1),$(2))
LIBTOMCRYPT_FP_FIELDS = $(FP_FIELDS_$(4))$(call libtomcrypt_fp_labels,$(3),$(4))
