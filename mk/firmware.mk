# Benchmark firmware for QEMU boards (firmware/README.md has the contract
# with the runner). For BOARD and every Mbed TLS version × configuration:
# library archives, benchmark images, footprint and baseline images, the
# quick and failure images of `make test`, and the manifests listing them.
, := ,
BOARD ?= mps2-an505
FW_BOARDS := $(patsubst firmware/boards/%/board.mk,%,$(wildcard firmware/boards/*/board.mk))
include firmware/boards/$(BOARD)/board.mk

FW_CACHE := $(TOP)/cache
include crypto/mbedtls/mbedtls.mk

FW_CC := arm-none-eabi-gcc
FW_AR := arm-none-eabi-ar
FW_QEMU := qemu-system-arm
FW_DIR := $(BUILD)/fw/$(BOARD)
FW_IMG_DIR := $(FW_DIR)/img
FW_MANIFEST := $(FW_DIR)/manifest.tsv
FW_TEST_MANIFEST := $(FW_DIR)/manifest-test.tsv
FW_VEC_DIR := $(BUILD)/fw/vectors

# Flags: -O2 for library and harness alike, sections per function/object for
# --gc-sections (footprint), soft float (no FP code is measured).
FW_OPT := -O2 -ffunction-sections -fdata-sections
FW_FLAGS_TEXT := $(BOARD_CPU_FLAGS) $(FW_OPT)
FW_LIB_CFLAGS := $(BOARD_CPU_FLAGS) $(FW_OPT) -g -std=c99
FW_CFLAGS := $(BOARD_CPU_FLAGS) $(FW_OPT) -g -std=c11 -Wall -Wextra -Werror -Wshadow \
  -Wstrict-prototypes -Wmissing-prototypes -Ifirmware/hal -Ifirmware/bench \
  -DCP_BOARD='"$(BOARD)"' -DCP_CORE='"$(BOARD_CORE)"' -DCP_QEMU_MACHINE='"$(BOARD_QEMU_MACHINE)"' \
  -DCP_CLOCK_HZ=$(BOARD_CLOCK_HZ) -DCP_CLOCK_NOTE='"$(BOARD_CLOCK_NOTE)"' \
  -DCP_ICOUNT_SHIFT=$(BOARD_ICOUNT_SHIFT) -DCP_FW_FLAGS='"$(FW_FLAGS_TEXT)"'
FW_LDFLAGS := $(BOARD_CPU_FLAGS) --specs=rdimon.specs -nostartfiles -Wl,--gc-sections \
  -T $(FW_DIR)/link.ld
FW_BOARD_MK := firmware/boards/$(BOARD)/board.mk
# Test hooks (firmware/README.md) for the bench images, e.g.
#   make FW_BREAK_KAT=sha256-sb-32 fw
# A stamp file rebuilds the case runner when they change.
FW_BREAK_KAT ?=
FW_FAULT_CASE ?=
FW_HANG_CASE ?=
FW_HOOK_CASE := aes-128-cbc-enc-sb-64
# The public-key failure images: a signature that does not verify, and a
# public-key case that exceeds its time limit.
FW_HOOK_SIG_CASE := ecdsa-secp256r1-sha256-sign
FW_HOOK_PK_CASE := ecdsa-secp256r1-sha256-verify
FW_TIMEOUT_BENCH := 60
# Public-key images run 12-35 s each on this shared machine (the slowest:
# RSA-3072 without CRT, 4e8-6e8 instructions per call, each case run 3 times)
FW_TIMEOUT_PK := 180
FW_TIMEOUT_TEST := 10

# ---- sources: fetch (serialised: both share the private apt lists) ----
# The fetch runs once per version (a new revision needs `rm -r cache/mbedtls`).
$(call MBEDTLS_PACKAGE,2.28.3): | crypto/mbedtls/fetch
	crypto/mbedtls/fetch 2.28.3 $(MBEDTLS_SUITE_2.28.3) $(FW_CACHE)
$(call MBEDTLS_PACKAGE,3.6.6): | crypto/mbedtls/fetch $(call MBEDTLS_PACKAGE,2.28.3)
	crypto/mbedtls/fetch 3.6.6 $(MBEDTLS_SUITE_3.6.6) $(FW_CACHE)
$(BUILD)/fw/mbedtls-%/package.h: $(FW_CACHE)/mbedtls/%/package
	@mkdir -p $(@D)
	printf '#define CP_PACKAGE "%s"\n' "$$(cat $<)" >$@.tmp && mv $@.tmp $@

# ---- known answers (host tool, OpenSSL) ----
$(FW_VEC_DIR)/mkvectors: firmware/vectors/mkvectors.c firmware/vectors/emit.c firmware/vectors/emit.h firmware/bench/vectors.h
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes -o $@ $(filter %.c,$^) -lcrypto
$(FW_VEC_DIR)/mkpkvectors: firmware/vectors/mkpkvectors.c firmware/vectors/emit.c firmware/vectors/emit.h firmware/bench/pk_vectors.h
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes -o $@ $(filter %.c,$^) -lcrypto
$(FW_VEC_DIR)/vectors.c: $(FW_VEC_DIR)/mkvectors
	$< $@.tmp && mv $@.tmp $@
$(FW_VEC_DIR)/pk_vectors.c: $(FW_VEC_DIR)/mkpkvectors
	$< $@.tmp && mv $@.tmp $@

# ---- board layer and harness ----
$(FW_DIR)/link.ld: firmware/hal/link.ld.in $(FW_BOARD_MK)
	@mkdir -p $(@D)
	$(FW_CC) -E -P -x c -DCP_CODE_ORIGIN=$(BOARD_CODE_ORIGIN) -DCP_CODE_LENGTH=$(BOARD_CODE_LENGTH) \
	  -DCP_RAM_ORIGIN=$(BOARD_RAM_ORIGIN) -DCP_RAM_LENGTH=$(BOARD_RAM_LENGTH) \
	  -DCP_STACK_BYTES=$(BOARD_STACK_BYTES) $< -o $@
$(FW_DIR)/obj/%.o: firmware/%.c $(FW_BOARD_MK)
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@
$(FW_DIR)/obj/%.o: firmware/%.S
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(BOARD_CPU_FLAGS) -c $< -o $@
$(FW_DIR)/obj/vectors.o $(FW_DIR)/obj/pk_vectors.o: $(FW_DIR)/obj/%.o: $(FW_VEC_DIR)/%.c
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -c $< -o $@

FW_HAL_OBJ := $(patsubst firmware/%,$(FW_DIR)/obj/%.o,$(basename $(wildcard firmware/hal/*.c firmware/hal/*.S)))
FW_BENCH_OBJ := $(patsubst %,$(FW_DIR)/obj/bench/%.o,main report heap bench_cbc bench_aead bench_hash \
  bench_ecc bench_rsa bench_dh pk_common) $(FW_DIR)/obj/vectors.o $(FW_DIR)/obj/pk_vectors.o
# The case runner in its variants: full suite, quick suite, quick + a hook.
FW_HOOKS := kat=$(FW_BREAK_KAT) fault=$(FW_FAULT_CASE) hang=$(FW_HANG_CASE)
$(FW_DIR)/obj/hooks.stamp: FW_FORCE
	@mkdir -p $(@D)
	@echo '$(FW_HOOKS)' | cmp -s - $@ || echo '$(FW_HOOKS)' >$@
.PHONY: FW_FORCE
FW_FORCE:
$(FW_DIR)/obj/case-full.o: firmware/bench/case.c $(FW_BOARD_MK) $(FW_DIR)/obj/hooks.stamp
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@ \
	  $(if $(FW_BREAK_KAT),-DCP_BREAK_KAT='"$(FW_BREAK_KAT)"') \
	  $(if $(FW_FAULT_CASE),-DCP_FAULT_CASE='"$(FW_FAULT_CASE)"') \
	  $(if $(FW_HANG_CASE),-DCP_HANG_CASE='"$(FW_HANG_CASE)"')
# The quick suite alone and with one hook: variant, hook option, case id.
FW_QUICK_VARIANTS := quick:-:- kat:CP_BREAK_KAT:$(FW_HOOK_CASE) fault:CP_FAULT_CASE:$(FW_HOOK_CASE) \
  hang:CP_HANG_CASE:$(FW_HOOK_CASE) sig:CP_BREAK_KAT:$(FW_HOOK_SIG_CASE) pkhang:CP_HANG_CASE:$(FW_HOOK_PK_CASE)
define fw_case_variant
$(FW_DIR)/obj/case-$(1).o: firmware/bench/case.c $(FW_BOARD_MK)
	@echo "  CC   $$(notdir $$@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -DCP_SUITE_QUICK $(if $(filter-out -,$(2)),-D$(2)='"$(3)"') -c $$< -o $$@
endef
$(foreach q,$(FW_QUICK_VARIANTS),$(eval $(call fw_case_variant,$(word 1,$(subst :, ,$(q))),$(word 2,$(subst :, ,$(q))),$(word 3,$(subst :, ,$(q))))))

$(FW_IMG_DIR)/selftest.elf: $(FW_HAL_OBJ) $(FW_DIR)/obj/bench/selftest.o $(FW_DIR)/obj/bench/selftest_loops.o $(FW_DIR)/link.ld
	@mkdir -p $(@D)
	@echo "  LD   $(notdir $@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $@ $(filter %.o,$^)

# ---- footprint operations: image suffix -> option and result fields ----
FP_AES_OPS := aes-cbc-enc-sb aes-cbc-enc-df aes-cbc-dec-sb aes-cbc-dec-df \
  aes-ccm-enc aes-ccm-dec aes-gcm-enc aes-gcm-dec
FP_DES3_OPS := 3des-cbc-enc-sb 3des-cbc-enc-df 3des-cbc-dec-sb 3des-cbc-dec-df
fp_hash_ops = $(foreach h,$(1),$(h)-sb $(h)-df $(h)-tag)
# $(call fp_cbc,op,OPTION,family,fields)
define fp_op
FP_DEF_$(1) := $(2)
FP_FIELDS_$(1) := $(3)
endef
$(foreach d,enc dec,$(foreach m,sb df,\
  $(eval $(call fp_op,aes-cbc-$(d)-$(m),-DCP_FP_AES_CBC_$(if $(filter enc,$(d)),ENC,DEC),family=AES$(,)cipher_mode=CBC$(,)measure=$(if $(filter sb,$(m)),sole-buffer,data-flow)$(,)operation=$(if $(filter enc,$(d)),encryption,decryption)))\
  $(eval $(call fp_op,3des-cbc-$(d)-$(m),-DCP_FP_DES3_CBC_$(if $(filter enc,$(d)),ENC,DEC),family=3DES$(,)cipher_mode=CBC$(,)measure=$(if $(filter sb,$(m)),sole-buffer,data-flow)$(,)operation=$(if $(filter enc,$(d)),encryption,decryption)))))
$(foreach a,ccm gcm,$(foreach d,enc dec,\
  $(eval $(call fp_op,aes-$(a)-$(d),-DCP_FP_AES_$(if $(filter ccm,$(a)),CCM,GCM)_$(if $(filter enc,$(d)),ENC,DEC),family=AES$(,)cipher_mode=$(if $(filter ccm,$(a)),CCM,GCM)$(,)measure=sole-buffer$(,)operation=$(if $(filter enc,$(d)),encryption,decryption)))))
$(foreach h,$(sort $(MBEDTLS_HASHES_AXIS) $(MBEDTLS_HASHES_PLAIN_3.6.6)),\
  $(eval $(call fp_op,$(h)-sb,-DCP_FP_HASH_DIGEST=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=sole-buffer$(,)operation=digest))\
  $(eval $(call fp_op,$(h)-df,-DCP_FP_HASH_FLOW=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=data-flow$(,)operation=digest))\
  $(eval $(call fp_op,$(h)-tag,-DCP_FP_HASH_FINISH=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=tag-generation$(,)operation=tag-generation)))

# Public key: the operation with the set-up it needs (group or key), so that
# curve parameters and tables are charged to it. FP_AXES_<op> says which
# labels of the image's configuration its rows carry.
FP_ECC_OPS := ecdsa-sign ecdsa-verify ecdh-keygen ecdh-shared
FP_MONT_OPS := x25519-keygen x25519-shared x448-keygen x448-shared
FP_RSA_OPS := rsa-v15-sign rsa-pss-sign
FP_RSA_VERIFY_OPS := rsa-v15-verify rsa-pss-verify
FP_DH_OPS := dh-keygen dh-shared
$(eval $(call fp_op,ecdsa-sign,-DCP_FP_ECDSA_SIGN,family=ECDSA$(,)operation=signature))
$(eval $(call fp_op,ecdsa-verify,-DCP_FP_ECDSA_VERIFY,family=ECDSA$(,)operation=verification))
$(eval $(call fp_op,ecdh-keygen,-DCP_FP_ECDH_KEYGEN=CP_P256,family=ECDH$(,)operation=public-key-generation))
$(eval $(call fp_op,ecdh-shared,-DCP_FP_ECDH_SHARED=CP_P256,family=ECDH$(,)operation=shared-secret))
$(foreach x,x25519 x448,\
  $(eval $(call fp_op,$(x)-keygen,-DCP_FP_ECDH_KEYGEN=CP_$(subst x,X,$(x)),family=ECDH$(,)curve=$(x)$(,)operation=public-key-generation))\
  $(eval $(call fp_op,$(x)-shared,-DCP_FP_ECDH_SHARED=CP_$(subst x,X,$(x)),family=ECDH$(,)curve=$(x)$(,)operation=shared-secret)))
$(foreach p,v15:0:v1.5 pss:1:v2.1,\
  $(eval $(call fp_op,rsa-$(word 1,$(subst :, ,$(p)))-sign,-DCP_FP_RSA_SIGN=$(word 2,$(subst :, ,$(p))),family=RSA$(,)pkcs1=$(word 3,$(subst :, ,$(p)))$(,)operation=signature))\
  $(eval $(call fp_op,rsa-$(word 1,$(subst :, ,$(p)))-verify,-DCP_FP_RSA_VERIFY=$(word 2,$(subst :, ,$(p))),family=RSA$(,)pkcs1=$(word 3,$(subst :, ,$(p)))$(,)operation=verification)))
$(eval $(call fp_op,dh-keygen,-DCP_FP_DH_KEYGEN,family=DH$(,)operation=public-key-generation))
$(eval $(call fp_op,dh-shared,-DCP_FP_DH_SHARED,family=DH$(,)operation=shared-secret))
$(foreach o,$(FP_AES_OPS) $(call fp_hash_ops,$(MBEDTLS_HASHES_AXIS)),$(eval FP_AXES_$(o) := configuration))
$(foreach o,$(FP_ECC_OPS),$(eval FP_AXES_$(o) := ecc))
$(foreach o,$(FP_RSA_OPS),$(eval FP_AXES_$(o) := rsa))
$(foreach o,$(FP_DH_OPS),$(eval FP_AXES_$(o) := dh))
# $(call fp_fields,op,configuration): the result fields of a footprint row
fp_fields = $(FP_FIELDS_$(1))$(strip \
  $(if $(filter configuration,$(FP_AXES_$(1))),$(,)configuration=$(MBEDTLS_CONFIG_LABEL_$(2))) \
  $(if $(filter ecc dh,$(FP_AXES_$(1))),$(,)$(MBEDTLS_CONFIG_FIELDS_$(2))) \
  $(if $(filter rsa,$(FP_AXES_$(1))),$(,)$(MBEDTLS_CONFIG_METHOD_$(2))$(,)$(MBEDTLS_CONFIG_FIELDS_$(2))))
# The operations with a footprint image in configuration $(1): each result
# row of the configuration's group gets one.
fp_ops = $(if $(filter $(1),$(MBEDTLS_CONFIGS_SYM)),$(FP_AES_OPS) $(call fp_hash_ops,$(MBEDTLS_HASHES_AXIS)) \
    $(if $(filter fast,$(1)),$(FP_DES3_OPS) $(call fp_hash_ops,$(MBEDTLS_HASHES_PLAIN_$(2))))) \
  $(if $(filter $(1),$(MBEDTLS_CONFIGS_ECC)),$(FP_ECC_OPS) $(if $(filter $(MBEDTLS_HOME_ECC),$(1)),$(FP_MONT_OPS))) \
  $(if $(filter $(1),$(MBEDTLS_CONFIGS_RSA)),$(FP_RSA_OPS) $(if $(filter $(MBEDTLS_HOME_RSA),$(1)),$(FP_RSA_VERIFY_OPS)) \
    $(if $(filter rsa-crt-%,$(1)),$(FP_DH_OPS)))

# ---- per version and configuration: library, port, images ----
FW_WHOLE := -Wl,--whole-archive
FW_NO_WHOLE := -Wl,--no-whole-archive
# $(1) version, $(2) configuration
define fw_lib
FW_TAG_$(1)_$(2) := mbedtls-$(1)-$(2)
FW_LIB_$(1)_$(2) := $(FW_DIR)/lib/mbedtls-$(1)-$(2).a
FW_PORT_$(1)_$(2) := $(patsubst crypto/mbedtls/%.c,$(FW_DIR)/obj/mbedtls-$(1)-$(2)/%.o,$(MBEDTLS_PORT_SRC))
FW_FP_OPS_$(1)_$(2) := $(call fp_ops,$(2),$(1))
FW_CONFIG_DEFS_$(2) := $(MBEDTLS_CONFIG_OPTS_$(2)) -DMBEDTLS_CONFIG_FILE='"$(MBEDTLS_CONFIG_HEADER_$(2))"'
# A public-key configuration: its axis sources whole, then the fast archive.
FW_PK_$(1)_$(2) := $(filter-out $(MBEDTLS_CONFIGS_SYM),$(2))
FW_LIBARGS_$(1)_$(2) := $$(if $$(FW_PK_$(1)_$(2)),$$(FW_WHOLE) $$(FW_LIB_$(1)_$(2)) \
  $$(FW_NO_WHOLE) $(FW_DIR)/lib/mbedtls-$(1)-fast.a,$$(FW_LIB_$(1)_$(2)))

$$(FW_LIB_$(1)_$(2)): $(call MBEDTLS_PACKAGE,$(1)) $(MBEDTLS_CONFIG_HDR) $(FW_BOARD_MK) mk/fw-lib.mk
	@mkdir -p $$(@D)
	@echo "  LIB  $$(notdir $$@)"
	+@$$(MAKE) --no-print-directory -f mk/fw-lib.mk SRC_DIR=$(call MBEDTLS_SRC,$(1)) \
	  OBJ_DIR=$(FW_DIR)/lib/mbedtls-$(1)-$(2) LIB=$$@ CC=$(FW_CC) AR=$(FW_AR) \
	  CFLAGS="$(FW_LIB_CFLAGS) $(call MBEDTLS_DEFS,$(1)) $(MBEDTLS_CONFIG_OPTS_$(2))" \
	  CONFIG_FILE=$(MBEDTLS_CONFIG_HEADER_$(2)) $$(if $$(FW_PK_$(1)_$(2)),ONLY="$(MBEDTLS_AXIS_SRC)") && touch $$@

$(FW_DIR)/obj/mbedtls-$(1)-$(2)/%.o: crypto/mbedtls/%.c $(call MBEDTLS_PACKAGE,$(1)) $(BUILD)/fw/mbedtls-$(1)/package.h $(MBEDTLS_CONFIG_HDR) $(FW_BOARD_MK)
	@mkdir -p $$(@D)
	@echo "  CC   $$(notdir $$@)"
	@$(FW_CC) $(FW_CFLAGS) $(call MBEDTLS_DEFS,$(1)) $$(FW_CONFIG_DEFS_$(2)) -I$(BUILD)/fw/mbedtls-$(1) -MMD -MP -c $$< -o $$@

$(FW_DIR)/obj/mbedtls-$(1)-$(2)/fp-%.o: firmware/bench/footprint.c $(FW_BOARD_MK)
	@mkdir -p $$(@D)
	@echo "  CC   $$(notdir $$@)"
	@$(FW_CC) $(FW_CFLAGS) $$(FP_DEF_$$*) -c $$< -o $$@

FW_LINK_$(1)_$(2) := $(FW_HAL_OBJ) $(FW_DIR)/obj/bench/heap.o $$(FW_PORT_$(1)_$(2)) $$(FW_LIB_$(1)_$(2)) \
  $$(if $$(FW_PK_$(1)_$(2)),$(FW_DIR)/lib/mbedtls-$(1)-fast.a) $(FW_DIR)/link.ld

$(FW_IMG_DIR)/bench-mbedtls-$(1)-$(2).elf: $(FW_BENCH_OBJ) $(FW_DIR)/obj/case-full.o $$(FW_LINK_$(1)_$(2))
	@mkdir -p $$(@D)
	@echo "  LD   $$(notdir $$@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $$@ $$(filter %.o,$$^) $$(FW_LIBARGS_$(1)_$(2))

$(FW_IMG_DIR)/fp-mbedtls-$(1)-$(2)-%.elf: $(FW_DIR)/obj/mbedtls-$(1)-$(2)/fp-%.o $$(FW_LINK_$(1)_$(2))
	@mkdir -p $$(@D)
	@echo "  LD   $$(notdir $$@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $$@ $$(filter %.o,$$^) $$(FW_LIBARGS_$(1)_$(2))
endef
$(foreach v,$(MBEDTLS_VERSIONS),$(foreach c,$(MBEDTLS_CONFIGS),$(eval $(call fw_lib,$(v),$(c)))))

# Quick and failure images: the `fast` configuration of each version.
define fw_quick
$(FW_IMG_DIR)/$(2)-mbedtls-$(1).elf: $(FW_BENCH_OBJ) $(FW_DIR)/obj/case-$(3).o $$(FW_LINK_$(1)_fast)
	@mkdir -p $$(@D)
	@echo "  LD   $$(notdir $$@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $$@ $$(filter %.o %.a,$$^)
endef
FW_QUICK_IMAGES := quick:quick fail-kat:kat fail-fault:fault fail-hang:hang fail-sig:sig fail-pkhang:pkhang
$(foreach v,$(MBEDTLS_VERSIONS),$(foreach q,$(FW_QUICK_IMAGES),\
  $(eval $(call fw_quick,$(v),$(word 1,$(subst :, ,$(q))),$(word 2,$(subst :, ,$(q)))))))

# ---- manifests ----
# One line per image: image kind board machine icount_shift timeout_s library
# version package configuration baseline fields expect case (tab-separated).
FW_MANIFEST_HEADER := \#image\tkind\tboard\tmachine\ticount_shift\ttimeout_s\tlibrary\tversion\tpackage\tconfiguration\tbaseline\tfields\texpect\tcase
fw_rel = $(patsubst $(TOP)/%,%,$(1))
# $(call fw_row,image,kind,timeout,version,config,baseline,fields,expect,case)
fw_row = printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
  '$(call fw_rel,$(1))' '$(2)' '$(BOARD)' '$(BOARD_QEMU_MACHINE)' '$(BOARD_ICOUNT_SHIFT)' '$(3)' \
  '$(if $(4),mbedtls,-)' '$(or $(4),-)' "$(if $(4),$$(cat $(call MBEDTLS_PACKAGE,$(4))),-)" \
  '$(or $(5),-)' '$(if $(6),$(call fw_rel,$(6)),-)' '$(or $(7),-)' '$(8)' '$(or $(9),-)';

fw_img = $(FW_IMG_DIR)/$(1)-mbedtls-$(2)$(if $(3),-$(3))$(if $(4),-$(4)).elf
FW_IMAGES_ELF := $(foreach v,$(MBEDTLS_VERSIONS),$(foreach c,$(MBEDTLS_CONFIGS),\
  $(call fw_img,bench,$(v),$(c)) $(call fw_img,fp,$(v),$(c),baseline) \
  $(foreach o,$(FW_FP_OPS_$(v)_$(c)),$(call fw_img,fp,$(v),$(c),$(o)))))
FW_TEST_IMAGES_ELF := $(FW_IMG_DIR)/selftest.elf $(foreach v,$(MBEDTLS_VERSIONS),\
  $(foreach k,$(foreach q,$(FW_QUICK_IMAGES),$(word 1,$(subst :, ,$(q)))),$(call fw_img,$(k),$(v))))

$(FW_MANIFEST): $(FW_BOARD_MK) mk/firmware.mk crypto/mbedtls/mbedtls.mk $(foreach v,$(MBEDTLS_VERSIONS),$(call MBEDTLS_PACKAGE,$(v)))
	@mkdir -p $(@D)
	@{ printf '$(FW_MANIFEST_HEADER)\n'; \
	$(foreach v,$(MBEDTLS_VERSIONS),$(foreach c,$(MBEDTLS_CONFIGS),\
	  $(call fw_row,$(call fw_img,bench,$(v),$(c)),bench,$(if $(filter $(c),$(MBEDTLS_CONFIGS_SYM)),$(FW_TIMEOUT_BENCH),$(FW_TIMEOUT_PK)),$(v),$(c),,,0,) \
	  $(call fw_row,$(call fw_img,fp,$(v),$(c),baseline),baseline,-,$(v),$(c),,,-,) \
	  $(foreach o,$(FW_FP_OPS_$(v)_$(c)),$(call fw_row,$(call fw_img,fp,$(v),$(c),$(o)),footprint,-,$(v),$(c),\
	    $(call fw_img,fp,$(v),$(c),baseline),$(call fp_fields,$(o),$(c)),-,)))) \
	} >$@.tmp && mv $@.tmp $@
$(FW_TEST_MANIFEST): $(FW_BOARD_MK) mk/firmware.mk crypto/mbedtls/mbedtls.mk $(foreach v,$(MBEDTLS_VERSIONS),$(call MBEDTLS_PACKAGE,$(v)))
	@mkdir -p $(@D)
	@{ printf '$(FW_MANIFEST_HEADER)\n'; \
	$(call fw_row,$(FW_IMG_DIR)/selftest.elf,selftest,$(FW_TIMEOUT_TEST),,,,,0,) \
	$(foreach v,$(MBEDTLS_VERSIONS),\
	  $(call fw_row,$(call fw_img,quick,$(v)),quick,$(FW_TIMEOUT_TEST),$(v),fast,,,0,) \
	  $(call fw_row,$(call fw_img,fail-kat,$(v)),fail-kat,$(FW_TIMEOUT_TEST),$(v),fast,,,3,$(FW_HOOK_CASE)) \
	  $(call fw_row,$(call fw_img,fail-fault,$(v)),fail-fault,$(FW_TIMEOUT_TEST),$(v),fast,,,4,$(FW_HOOK_CASE)) \
	  $(call fw_row,$(call fw_img,fail-hang,$(v)),fail-hang,2,$(v),fast,,,timeout,$(FW_HOOK_CASE)) \
	  $(call fw_row,$(call fw_img,fail-sig,$(v)),fail-kat,$(FW_TIMEOUT_TEST),$(v),fast,,,3,$(FW_HOOK_SIG_CASE)) \
	  $(call fw_row,$(call fw_img,fail-pkhang,$(v)),fail-hang,3,$(v),fast,,,timeout,$(FW_HOOK_PK_CASE))) \
	} >$@.tmp && mv $@.tmp $@

# Built through pattern rules only, but worth keeping for incremental builds.
.SECONDARY: $(foreach v,$(MBEDTLS_VERSIONS),$(BUILD)/fw/mbedtls-$(v)/package.h \
  $(foreach c,$(MBEDTLS_CONFIGS),$(foreach o,baseline $(FW_FP_OPS_$(v)_$(c)),$(FW_DIR)/obj/mbedtls-$(v)-$(c)/fp-$(o).o)))

FW_IMAGES := $(FW_IMAGES_ELF) $(FW_MANIFEST)
FW_TEST_IMAGES := $(FW_TEST_IMAGES_ELF) $(FW_TEST_MANIFEST)

.PHONY: fw fw-test fw-fetch fw-libs fw-clean fw-selftest fw-selftest-boards
fw-fetch: $(foreach v,$(MBEDTLS_VERSIONS),$(call MBEDTLS_PACKAGE,$(v)))
fw-libs: $(foreach v,$(MBEDTLS_VERSIONS),$(foreach c,$(MBEDTLS_CONFIGS),$(FW_LIB_$(v)_$(c))))
fw: $(FW_IMAGES)
fw-test: $(FW_TEST_IMAGES) fw-selftest-boards
# The counter self test runs on every board (tests/firmware/counter.t).
fw-selftest: $(FW_IMG_DIR)/selftest.elf $(FW_TEST_MANIFEST)
fw-selftest-boards:
	+@$(foreach b,$(filter-out $(BOARD),$(FW_BOARDS)),$(MAKE) --no-print-directory BOARD=$(b) fw-selftest &&) true
fw-clean:
	rm -rf $(BUILD)/fw

TEST_PREREQS += fw-test

-include $(shell find $(FW_DIR)/obj -name '*.d' 2>/dev/null)
