# The BearSSL port: the version (pinned upstream version -> Debian suite
# that serves it), the configurations, and the one library archive they
# share. Included by mk/firmware.mk, which documents the variables a port
# defines.
#
# BearSSL compiles every implementation variant of an algorithm into the
# library and lets the caller pick one by name (br_aes_big_*, br_aes_ct_*,
# br_ec_p256_m15, br_rsa_i31_*): its configurations are those choices, made
# by the port (config/variants.h turns -DCP_BR_* options into the functions
# the adapters call). So every configuration links the same archive, built
# once with BearSSL's own defaults (src/config.h untouched), and differs only
# in the port objects. bookworm serves 0.6 (0.6+dfsg.1-3: Debian's tarball
# leaves out a prebuilt Windows binary of the T0 compiler, nothing the
# library is built from).
BEARSSL_VERSIONS := 0.6
BEARSSL_SUITE_0.6 := bookworm
# Configurations in three groups (firmware/README.md): sym (AES and GHASH /
# Poly1305 implementations: aes-<big|small|ct>-<ctmul|ctmul32>), ecc (one EC
# implementation per image: ec-<variant>) and rsa (rsa-<i15|i31|i32>). The
# home configuration of each group holds BearSSL's own default for this
# core (br_aes_ct, ctmul, p256_m31/prime_i31/c25519_m31, i31).
BEARSSL_AES := big small ct
BEARSSL_MUL := ctmul ctmul32
BEARSSL_EC := p256-m15 p256-m31 prime-i15 prime-i31 c25519-m15 c25519-m31
BEARSSL_RSA := i15 i31 i32
BEARSSL_CONFIGS_SYM := $(foreach a,$(BEARSSL_AES),$(addprefix aes-$(a)-,$(BEARSSL_MUL)))
BEARSSL_CONFIGS_ECC := $(addprefix ec-,$(BEARSSL_EC))
BEARSSL_CONFIGS_RSA := $(addprefix rsa-,$(BEARSSL_RSA))
BEARSSL_CONFIGS := $(BEARSSL_CONFIGS_SYM) $(BEARSSL_CONFIGS_ECC) $(BEARSSL_CONFIGS_RSA)
BEARSSL_HOME_CONFIG := aes-ct-ctmul
BEARSSL_ARCHIVE = $(BEARSSL_HOME_CONFIG)
# The labels a configuration gives its results (the label is the variant's
# name in BearSSL's function names, p256_m15 rather than p256-m15).
bearssl_word = $(word $(2),$(subst -, ,$(1)))
bearssl_label = $(subst -,_,$(patsubst ec-%,%,$(patsubst rsa-%,%,$(1))))
# Compiler options of configuration $(1) for the port sources.
BEARSSL_CONFIG_OPTS = $(if $(filter aes-%,$(1)),-DCP_BR_AES_$(call bearssl_word,$(1),2) \
    -DCP_BR_MUL_$(call bearssl_word,$(1),3) -DCP_BR_GROUP_SYM) \
  $(if $(filter ec-%,$(1)),-DCP_BR_EC_$(subst -,_,$(patsubst ec-%,%,$(1))) -DCP_BR_GROUP_ECC) \
  $(if $(filter rsa-%,$(1)),-DCP_BR_RSA_$(patsubst rsa-%,%,$(1)) -DCP_BR_GROUP_RSA)
# Hashes: one implementation each, no axis. BearSSL has no SHA-3.
BEARSSL_HASHES_AXIS :=
BEARSSL_HASHES_PLAIN_0.6 := md5 sha1 sha224 sha256 sha384 sha512

BEARSSL_SRC = $(FW_CACHE)/bearssl/$(1)/src
BEARSSL_PACKAGE = $(FW_CACHE)/bearssl/$(1)/package
BEARSSL_MARKER := inc/bearssl.h
# The library: every algorithm directory but the TLS engine and X.509.
BEARSSL_LIB_VARS = SRC_SUBDIR=src \
  SRC_FILES="settings.c $(addsuffix /*.c,aead codec ec hash int kdf mac rand rsa symcipher)"
BEARSSL_DEFS = -I$(call BEARSSL_SRC,$(1))/inc -I$(call BEARSSL_SRC,$(1))/src
BEARSSL_PORT_DEFS = -isystem $(call BEARSSL_SRC,$(1))/inc -I$(TOP)/crypto/bearssl/config \
  -DCP_BR_VERSION='"$(1)"' $(call BEARSSL_CONFIG_OPTS,$(2))
BEARSSL_PORT_SRC := $(wildcard crypto/bearssl/*.c)
BEARSSL_CONFIG_HDR := $(wildcard crypto/bearssl/config/*.h)
# X25519 comes through the Montgomery driver of ops_edwards.h (its own API,
# labelled with the math configuration); ECDSA, ECDH on the Weierstrass
# curves and RSA through the common public-key drivers.
BEARSSL_BENCH_EXTRA_0.6 := bench/bench_xdh vectors_edwards bench/bench_ecc bench/bench_rsa bench/pk_common \
  pk_vectors
# The failure images of `make test` break the ChaCha20-Poly1305 case, the
# family every port has and this one brings first.
BEARSSL_HOOK_CASE := chacha20-poly1305-enc-64
BEARSSL_QUICK_EXTRA := fail-hostsig:halfdigest:ecdsa-secp256r1-sha256-sign:0 \
  fail-halfver:halfdigest:ecdsa-secp256r1-sha256-verify:3
# No footprint restrictions: BearSSL has no build switch per curve or
# modulus, and an image links only the implementation it calls
# (p256_m31 holds P-256 alone; prime_i31 holds the three curves' constants).
BEARSSL_RESTRICTS :=

# Footprint operations of configuration $(3) (mk/firmware.mk's fw_fp_ops
# arguments: prefix, version, configuration), each where its performance
# rows are measured: CBC and CCM where the multiplier is at home, GCM in
# every sym image, ChaCha20-Poly1305 where AES is at home, 3DES and the
# hashes in the home image only; the curves an EC implementation serves;
# RSA v1.5 (0.6 has no PSS).
bearssl_mul_home = $(filter %-ctmul,$(1))
bearssl_aes_home = $(filter aes-ct-%,$(1))
bearssl_ec_curves = $(if $(filter ec-p256-%,$(1)),p256,$(if $(filter ec-prime-%,$(1)),$(FP_CURVES)))
BEARSSL_FP_OPS = $(if $(filter $(3),$(BEARSSL_CONFIGS_SYM)),\
    $(if $(call bearssl_mul_home,$(3)),$(filter-out aes-gcm-%,$(FP_AES_OPS))) $(filter aes-gcm-%,$(FP_AES_OPS)) \
    $(if $(call bearssl_aes_home,$(3)),$(FP_CHACHA_OPS)) \
    $(if $(filter $(BEARSSL_HOME_CONFIG),$(3)),$(FP_DES3_OPS) $(call fp_hash_ops,$(BEARSSL_HASHES_PLAIN_$(2))))) \
  $(foreach c,$(call bearssl_ec_curves,$(3)),ecdsa-sign-$(c) ecdsa-verify-$(c) ecdh-keygen-$(c) ecdh-shared-$(c)) \
  $(if $(filter ec-c25519-%,$(3)),xdh-x25519-public xdh-x25519-shared) \
  $(if $(filter $(3),$(BEARSSL_CONFIGS_RSA)),$(foreach m,$(FP_RSA_MODULI),rsa-v15-sign-$(m) rsa-v15-verify-$(m)))
# Their result fields: the labels of the axes the operation's rows carry.
bearssl_fp_config = $(if $(filter aes-%,$(2)),$(,)configuration=$(call bearssl_word,$(1),2))
bearssl_fp_variant = $(if $(filter aes-gcm-% chachapoly-%,$(2)),$(,)variant=$(call bearssl_word,$(1),3))
bearssl_fp_math = $(if $(filter ecdsa-% ecdh-% xdh-% rsa-%,$(2)),$(,)math_config=$(call bearssl_label,$(1)))
bearssl_fp_method = $(if $(filter rsa-v15-sign-%,$(2)),$(,)modexp_method=crt)
bearssl_fp_labels = $(call bearssl_fp_config,$(1),$(2))$(call bearssl_fp_variant,$(1),$(2))$(call bearssl_fp_math,$(1),$(2))$(call bearssl_fp_method,$(1),$(2))
BEARSSL_FP_FIELDS = $(FP_FIELDS_$(4))$(call bearssl_fp_labels,$(3),$(4))
