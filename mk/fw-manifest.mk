# Firmware, part of mk/firmware.mk: the manifests (one row per image) the
# runner reads, and the image lists the targets build.
# ---- manifests ----
# One line per image: image kind board machine icount_shift timeout_s library
# version package configuration baseline fields expect case (tab-separated).
FW_MANIFEST_HEADER := \#image\tkind\tboard\tmachine\ticount_shift\ttimeout_s\tlibrary\tversion\tpackage\tconfiguration\tbaseline\tfields\texpect\tcase
fw_rel = $(patsubst $(TOP)/%,%,$(1))
# $(call fw_row,image,kind,timeout,library,version,config,baseline,fields,expect,case)
fw_row = printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
  '$(call fw_rel,$(1))' '$(2)' '$(BOARD)' '$(or $(BOARD_QEMU_MACHINE),-)' '$(or $(BOARD_ICOUNT_SHIFT),-)' '$(3)' \
  '$(or $(4),-)' '$(or $(5),-)' "$(if $(4),$(call fw_package_text,$(call fw_package_files,$(call fw_uc,$(4)),$(5))),-)" \
  '$(or $(6),-)' '$(if $(7),$(call fw_rel,$(7)),-)' '$(or $(8),-)' '$(9)' '$(or $(10),-)';

fw_img = $(FW_IMG_DIR)/$(1)-$(2)-$(3)$(if $(4),-$(4))$(if $(5),-$(5)).elf
# The baseline of footprint op $(5) of library $(1) (prefix $(2)), version
# $(3), configuration $(4): its restriction's when it has one.
fw_fp_baseline = $(call fw_img,fp,$(1),$(3),$(4),$(addsuffix -,$(call fw_restriction,$(2),$(5)))baseline)
fw_fp_images = $(call fw_img,fp,$(1),$(3),$(4),baseline) \
  $(foreach r,$(FW_RESTRICTIONS_$(1)_$(3)_$(4)),$(call fw_img,fp,$(1),$(3),$(4),$(r)-baseline)) \
  $(foreach o,$(FW_FP_OPS_$(1)_$(3)_$(4)),$(call fw_img,fp,$(1),$(3),$(4),$(o)))
# Footprint and baseline images come with their maps (the runner reads both).
fw_with_maps = $(1) $(patsubst %.elf,%.map,$(1))
fw_config_images = $(call fw_bench_images,$(1),$(2),$(3),$(4)) $(call fw_with_maps,$(call fw_fp_images,$(1),$(2),$(3),$(4)))
fw_config_rows = \
  $(foreach b,$(call fw_bench_images,$(1),$(2),$(3),$(4)),$(call fw_row,$(b),bench,$(FW_TIMEOUT_BENCH),$(1),$(3),$(4),,,0,)) \
  $(call fw_row,$(call fw_img,fp,$(1),$(3),$(4),baseline),baseline,-,$(1),$(3),$(4),,,-,) \
  $(foreach r,$(FW_RESTRICTIONS_$(1)_$(3)_$(4)),$(call fw_row,$(call fw_img,fp,$(1),$(3),$(4),$(r)-baseline),baseline,-,$(1),$(3),$(4)-$(r),,,-,)) \
  $(foreach o,$(FW_FP_OPS_$(1)_$(3)_$(4)),$(call fw_row,$(call fw_img,fp,$(1),$(3),$(4),$(o)),footprint,-,$(1),$(3),$(4)$(addprefix -,$(call fw_restriction,$(2),$(o))),\
    $(call fw_fp_baseline,$(1),$(2),$(3),$(4),$(o)),$(call fw_fp_fields,$(2),$(3),$(4),$(o)),-,))
FW_IMAGES_ELF := $(call fw_each_config,fw_config_images)
FW_TEST_IMAGES_ELF := $(FW_IMG_DIR)/selftest.elf $(foreach lv,$(FW_LIB_VERSIONS),\
  $(foreach k,quick fail-kat fail-fault fail-hang fail-half $(foreach x,$(call fw_quick_extra,$(call fw_lv,$(lv),1)),$(call fw_x,$(x),1)),\
    $(call fw_img,$(k),$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2))))
# Footprint images the tests inspect with nm (tests/firmware/footprint.t):
# one AES footprint image and its baseline per library version, Mbed TLS
# 3.6.6's and LibTomCrypt's P-256 signature on their one-curve builds, and
# a BearSSL P-256 signature of one EC implementation variant; Mbed TLS
# 3.6.6's P-256 signature through p256-m; LibTomCrypt's GCM without tables
# (tests/firmware/libtomcrypt-config.t: LTC_FAST's word-wise GHASH).
FW_FP_TEST_IMAGES := $(call fw_with_maps,$(foreach lv,$(FW_LIB_VERSIONS),$(foreach o,baseline aes-cbc-enc-sb,\
    $(call fw_img,fp,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_home,$(call fw_lv,$(lv),1)),$(o)))) \
  $(foreach o,p256-baseline ecdsa-sign-p256,$(call fw_img,fp,mbedtls,3.6.6,ecc-fast-high,$(o)) \
    $(call fw_img,fp,libtomcrypt,1.18.2,ecc-ladder,$(o))) \
  $(call fw_img,fp,bearssl,0.6,ec-p256-m15,ecdsa-sign-p256) $(call fw_img,fp,mbedtls,3.6.6,p256-m,ecdsa-sign-p256) \
  $(call fw_img,fp,libtomcrypt,1.18.2,fast-notables,aes-gcm-enc))
# Bench images the tests run beside the quick suite (tests/firmware/kat.t):
# Mbed TLS 3.6.6's p256-m, whose P-256 cases no home configuration runs.
FW_BENCH_TEST_IMAGES := $(call fw_bench_images,mbedtls,MBEDTLS,3.6.6,p256-m)

# One shell command per configuration: all at once exceed the length of an
# argument.
define fw_nl


endef
fw_config_rows_cmd = @{ $(call fw_config_rows,$(1),$(2),$(3),$(4)) } >>$@.tmp$(fw_nl)
$(FW_MANIFEST): $(FW_BOARD_MK) $(FW_MK) $(FW_PORT_MK) $(FW_PACKAGES)
	@mkdir -p $(@D)
	@printf '$(FW_MANIFEST_HEADER)\n' >$@.tmp
	$(call fw_each_config,fw_config_rows_cmd)
	@mv $@.tmp $@
$(FW_TEST_MANIFEST): $(FW_BOARD_MK) $(FW_MK) $(FW_PORT_MK) $(FW_PACKAGES)
	@mkdir -p $(@D)
	@{ printf '$(FW_MANIFEST_HEADER)\n'; \
	$(call fw_row,$(FW_IMG_DIR)/selftest.elf,selftest,$(FW_TIMEOUT_TEST),,,,,,0,) \
	$(foreach lv,$(FW_LIB_VERSIONS),\
	  $(call fw_row,$(call fw_img,quick,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2)),quick,$(FW_TIMEOUT_TEST),$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_home,$(call fw_lv,$(lv),1)),,,0,) \
	  $(call fw_row,$(call fw_img,fail-kat,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2)),fail-kat,$(FW_TIMEOUT_TEST),$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_home,$(call fw_lv,$(lv),1)),,,3,$(call fw_hook_case,$(call fw_lv,$(lv),1))) \
	  $(call fw_row,$(call fw_img,fail-fault,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2)),fail-fault,$(FW_TIMEOUT_TEST),$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_home,$(call fw_lv,$(lv),1)),,,4,$(call fw_hook_case,$(call fw_lv,$(lv),1))) \
	  $(call fw_row,$(call fw_img,fail-hang,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2)),fail-hang,2,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_home,$(call fw_lv,$(lv),1)),,,timeout,$(call fw_hook_case,$(call fw_lv,$(lv),1))) \
	  $(call fw_row,$(call fw_img,fail-half,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2)),fail-kat,$(FW_TIMEOUT_TEST),$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_home,$(call fw_lv,$(lv),1)),,,3,$(FW_HALF_HOOK_CASE)) \
	  $(foreach x,$(call fw_quick_extra,$(call fw_lv,$(lv),1)),$(call fw_extra_row,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(x)))) \
	} >$@.tmp && mv $@.tmp $@

# Built through pattern rules only, but worth keeping for incremental builds.
fw_secondary = $(BUILD)/fw/$(1)-$(3)/package.h \
  $(foreach o,baseline $(addsuffix -baseline,$(FW_RESTRICTIONS_$(1)_$(3)_$(4))) $(FW_FP_OPS_$(1)_$(3)_$(4)),$(FW_DIR)/obj/$(1)-$(3)-$(4)/fp-$(o).o)
.SECONDARY: $(call fw_each_config,fw_secondary)

FW_IMAGES := $(FW_IMAGES_ELF) $(FW_MANIFEST)
FW_TEST_IMAGES := $(FW_TEST_IMAGES_ELF) $(FW_FP_TEST_IMAGES) $(FW_BENCH_TEST_IMAGES) $(FW_TEST_MANIFEST)
