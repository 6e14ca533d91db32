# Firmware, part of mk/firmware.mk: per library, version and configuration,
# the library archive, the port's objects and every image that links them
# (bench, footprint, baseline, quick and failure images).
# The link of a bench image ($(1): the library arguments), in its recipe.
# On a board with a needs probe a sizing link with room (link-size.ld) comes
# first: an image that would not fit the board's flash or RAM (mk/fw-fits
# says why) is replaced by one that runs no case and reports each as not
# run, with the reason and what the probe measured (bench/unfit.c; its
# records from bench/unfit.awk), so the dataset names every case.
ifeq ($(FW_NEEDS),)
fw_link_bench = @$(FW_CC) $(FW_LDFLAGS) -o $@ $(filter %.o,$^) $(1)
else
FW_UNFIT_DEPS := $(FW_DIR)/link-size.ld $(FW_DIR)/obj/bench/unfit.o firmware/bench/unfit.awk mk/fw-fits
fw_unfit_base = $(FW_DIR)/needs/$(basename $(notdir $@))
fw_bench_objs = $(filter-out $(FW_UNFIT_DEPS),$(filter %.o,$^))
fw_link_bench = @$(FW_CC) $(FW_LDFLAGS_BASE) -T $(FW_DIR)/link-size.ld -o $@.size $(fw_bench_objs) $(1) && \
  if why=$$(mk/fw-fits $@.size $(BOARD_CODE_LENGTH) $(BOARD_RAM_LENGTH) $(BOARD_STACK_BYTES)); then \
    rm -f $(fw_unfit_base)-unfit.c; \
    $(FW_CC) $(FW_LDFLAGS) -o $@ $(fw_bench_objs) $(1); \
  else \
    echo "  UNFIT $(notdir $@): $$why"; \
    awk -v reason="$$why" -f firmware/bench/unfit.awk $(fw_unfit_base).out >$(fw_unfit_base)-unfit.c && \
    $(FW_CC) $(FW_CFLAGS) -c $(fw_unfit_base)-unfit.c -o $(fw_unfit_base)-unfit.o && \
    $(FW_CC) $(FW_LDFLAGS) -o $@ $(filter-out $(FW_DIR)/obj/bench/main%,$(fw_bench_objs)) \
      $(FW_DIR)/obj/bench/unfit.o $(fw_unfit_base)-unfit.o $(1); \
  fi
$(FW_DIR)/link-size.ld: firmware/hal/link.ld.in $(FW_BOARD_MK)
	@mkdir -p $(@D)
	$(FW_CC) -E -P -x c -DCP_CODE_ORIGIN=$(BOARD_CODE_ORIGIN) -DCP_CODE_LENGTH=64M \
	  -DCP_RAM_ORIGIN=$(BOARD_RAM_ORIGIN) -DCP_RAM_LENGTH=64M -DCP_STACK_BYTES=$(BOARD_STACK_BYTES) $< -o $@
endif

# ---- per library, version and configuration: library, port, images ----
FW_WHOLE := -Wl,--whole-archive
FW_NO_WHOLE := -Wl,--no-whole-archive
# The sub-make that builds library archive $@ (mk/fw-lib.mk), given the
# prerequisites of the rule that runs it: it remakes the archive whenever
# that rule runs, and nothing after it writes. It is a `+` line, which
# `make -n` and `make -q` run as well: the sub-make then only prints or
# answers, and the lock is left out (flock creates its file, and fails in a
# folder a dry run did not make).
fw_dry_run = $(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS)))
FW_LIB_MAKE = $(if $(fw_dry_run),,flock $(@D)/.lock) $(MAKE) --no-print-directory -f mk/fw-lib.mk \
  LIB=$@ DEPS='$^' CC=$(FW_CC) AR=$(FW_AR)
# Library fingerprints (mk/fw-fingerprint; firmware/README.md, "Library
# fingerprint"). An image of configuration $(1) (<library>-<version>-
# <configuration>) requires that configuration's marker in the archives it
# links, and each further archive $(2) its own, so a link against an
# archive built for anything else (another configuration's, an empty one)
# fails; cp_lib_fingerprint, which the run header prints and the runner
# compares with the manifest line, is the configuration's fingerprint text.
# Images that never print it (footprint, baseline) load no byte of it.
fw_fprint_sym = $(subst .,_,$(subst -,_,$(1)))
fw_fprint_need = -Wl,--require-defined=cp_library_built_for_$(call fw_fprint_sym,$(1))
fw_fprint_ld = $(call fw_fprint_need,$(1)) -Wl,--defsym=cp_lib_fingerprint=cp_fingerprint_$(call fw_fprint_sym,$(1)) \
  $(foreach a,$(2),$(call fw_fprint_need,$(basename $(notdir $(a)))))
# $(1) library, $(2) its prefix, $(3) version, $(4) configuration
define fw_lib
FW_LIB_$(1)_$(3)_$(4) := $(FW_LIB_DIR)/$(1)-$(3)-$(call fw_archive,$(2),$(3),$(4)).a
FW_PORT_$(1)_$(3)_$(4) := $(patsubst crypto/$(1)/%.c,$(FW_DIR)/obj/$(1)-$(3)-$(4)/%.o,$($(2)_PORT_SRC))
FW_FP_OPS_$(1)_$(3)_$(4) := $(call fw_fp_ops,$(2),$(3),$(4))
# A port may build a configuration as an archive of a few sources linked
# whole, over a base archive (_LINK_BASE) that has the rest.
FW_BASE_$(1)_$(3)_$(4) := $(call $(2)_LINK_BASE,$(3),$(4))
FW_MORE_$(1)_$(3)_$(4) := $(call $(2)_LINK_MORE,$(3),$(4))
FW_FPRINT_$(1)_$(3)_$(4) := $$(call fw_fprint_ld,$(1)-$(3)-$(4),$$(FW_BASE_$(1)_$(3)_$(4)) $$(FW_MORE_$(1)_$(3)_$(4)))
# The configurations whose images link the archive of configuration $(4),
# as fingerprint names (complete once every configuration is evaluated,
# when the archive's recipe runs).
FW_SERVES_$(1)_$(3)_$(call fw_archive,$(2),$(3),$(4)) += $(1)-$(3)-$(4)
FW_LIBARGS_$(1)_$(3)_$(4) := $$(if $$(FW_BASE_$(1)_$(3)_$(4)),$$(FW_WHOLE) $$(FW_LIB_$(1)_$(3)_$(4)) \
  $$(FW_NO_WHOLE) $$(FW_BASE_$(1)_$(3)_$(4)),$$(FW_LIB_$(1)_$(3)_$(4))) $$(FW_MORE_$(1)_$(3)_$(4)) \
  $$(FW_FPRINT_$(1)_$(3)_$(4))

ifeq ($(4),$(call fw_archive,$(2),$(3),$(4)))
$$(FW_LIB_$(1)_$(3)_$(4)): $(call fw_package_files,$(2),$(3)) $($(2)_CONFIG_HDR) mk/fw-lib.mk mk/fw-fingerprint \
  crypto/$(1)/$(1).mk
	@mkdir -p $$(@D)
	@echo "  LIB  $$(notdir $$@)"
	+@$$(FW_LIB_MAKE) SRC_DIR=$(call $(2)_SRC,$(3)) OBJ_DIR=$(FW_LIB_DIR)/$(1)-$(3)-$(4) \
	  CFLAGS="$(FW_LIB_CFLAGS) $(call $(2)_DEFS,$(3),$(4))" HDRS="$($(2)_CONFIG_HDR) crypto/$(1)/$(1).mk" \
	  FINGERPRINTS="$$(FW_SERVES_$(1)_$(3)_$(4))" $(call $(2)_LIB_VARS,$(3),$(4))
endif

$(FW_DIR)/obj/$(1)-$(3)-$(4)/%.o: crypto/$(1)/%.c $(call $(2)_PACKAGE,$(3)) $(BUILD)/fw/$(1)-$(3)/package.h $($(2)_CONFIG_HDR) $(FW_BOARD_MK)
	@mkdir -p $$(@D)
	@echo "  CC   $$(notdir $$@)"
	@$(FW_CC) $(FW_CFLAGS) $(call $(2)_PORT_DEFS,$(3),$(4)) -I$(BUILD)/fw/$(1)-$(3) -MMD -MP -c $$< -o $$@

$(FW_DIR)/obj/$(1)-$(3)-$(4)/fp-%.o: firmware/bench/footprint.c $(FW_BOARD_MK)
	@mkdir -p $$(@D)
	@echo "  CC   $$(notdir $$@)"
	@$(FW_CC) $(FW_CFLAGS) $$(FP_DEF_$$*) -c $$< -o $$@

FW_LINK_$(1)_$(3)_$(4) := $(FW_HAL_OBJ) $(FW_HARNESS_OBJ) $$(FW_PORT_$(1)_$(3)_$(4)) $$(FW_LIB_$(1)_$(3)_$(4)) \
  $$(FW_BASE_$(1)_$(3)_$(4)) $$(FW_MORE_$(1)_$(3)_$(4)) $(FW_DIR)/link.ld
FW_BENCH_$(1)_$(3) := $(FW_BENCH_OBJ) $(patsubst %,$(FW_DIR)/obj/%.o,$($(2)_BENCH_EXTRA_$(3)))

$(FW_IMG_DIR)/bench-$(1)-$(3)-$(4).elf: $$(FW_BENCH_$(1)_$(3)) $(FW_DIR)/obj/case-full.o $$(FW_LINK_$(1)_$(3)_$(4)) \
    $(if $(FW_NEEDS),$(FW_DIR)/needs/bench-$(1)-$(3)-$(4).o $(FW_UNFIT_DEPS))
	@mkdir -p $$(@D)
	@echo "  LD   $$(notdir $$@)"
	$$(call fw_link_bench,$$(FW_LIBARGS_$(1)_$(3)_$(4)))

# Parts of the suite (board.mk BOARD_BENCH_PARTS): main.c and the port's
# families.c compiled for one part link only that part's drivers.
$(FW_IMG_DIR)/bench-$(1)-$(3)-$(4)-%.elf: $$(filter-out %/main.o,$$(FW_BENCH_$(1)_$(3))) $(FW_DIR)/obj/bench/main@%.o \
    $(FW_DIR)/obj/case-full.o $(FW_DIR)/obj/$(1)-$(3)-$(4)/families@%.o $$(filter-out %/families.o,$$(FW_LINK_$(1)_$(3)_$(4))) \
    $(if $(FW_NEEDS),$(FW_DIR)/needs/bench-$(1)-$(3)-$(4)-%.o $(FW_UNFIT_DEPS))
	@mkdir -p $$(@D)
	@echo "  LD   $$(notdir $$@)"
	$$(call fw_link_bench,$$(FW_LIBARGS_$(1)_$(3)_$(4)))
$(FW_DIR)/obj/$(1)-$(3)-$(4)/families@%.o: crypto/$(1)/families.c $(call $(2)_PACKAGE,$(3)) $(BUILD)/fw/$(1)-$(3)/package.h $($(2)_CONFIG_HDR) $(FW_BOARD_MK)
	@mkdir -p $$(@D)
	@echo "  CC   $$(notdir $$@)"
	@$(FW_CC) $(FW_CFLAGS) $(call $(2)_PORT_DEFS,$(3),$(4)) -DCP_PART=$$(FW_PART_MASK_$$*) -I$(BUILD)/fw/$(1)-$(3) -c $$< -o $$@

# Footprint and baseline images: the ELF and its link map, one link (the
# runner attributes each input section of the map to library, port
# adapter, harness or C runtime; firmware/README.md, "Footprint").
$(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-%.elf $(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-%.map: $(FW_DIR)/obj/$(1)-$(3)-$(4)/fp-%.o \
    $$(FW_LINK_$(1)_$(3)_$(4)) $(FW_FP_LD)
	@mkdir -p $$(@D)
	@echo "  LD   fp-$(1)-$(3)-$(4)-$$*.elf"
	@$(FW_CC) $(FW_FP_LDFLAGS) -o $(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-$$*.elf \
	  $(call fw_fp_map,$(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-$$*) $$(filter %.o,$$^) $$(FW_LIBARGS_$(1)_$(3)_$(4))
FW_RESTRICTIONS_$(1)_$(3)_$(4) := $(sort $(foreach o,$(call fw_fp_ops,$(2),$(3),$(4)),$(call fw_restriction,$(2),$(o))))
endef

# A footprint restriction $(5) of configuration $(4) (see "Footprint
# restrictions"): the port's restricted sources as an archive of their own,
# the port compiled with the same switch, a baseline and the restricted
# operations' images linked against them.
define fw_restrict
FW_RLIB_$(1)_$(3)_$(4)_$(5) := $(FW_LIB_DIR)/$(1)-$(3)-$(4)-$(5).a
FW_RPORT_$(1)_$(3)_$(4)_$(5) := $(patsubst crypto/$(1)/%.c,$(FW_DIR)/obj/$(1)-$(3)-$(4)-$(5)/%.o,$($(2)_PORT_SRC))
FW_RLINK_$(1)_$(3)_$(4)_$(5) := $(FW_HAL_OBJ) $(FW_HARNESS_OBJ) $$(FW_RPORT_$(1)_$(3)_$(4)_$(5)) \
  $$(FW_RLIB_$(1)_$(3)_$(4)_$(5)) $(call $(2)_RESTRICT_BASE,$(3),$(4)) $(FW_DIR)/link.ld
$$(FW_RLIB_$(1)_$(3)_$(4)_$(5)): $(call $(2)_PACKAGE,$(3)) $($(2)_CONFIG_HDR) mk/fw-lib.mk mk/fw-fingerprint \
  crypto/$(1)/$(1).mk
	@mkdir -p $$(@D)
	@echo "  LIB  $$(notdir $$@)"
	+@$$(FW_LIB_MAKE) SRC_DIR=$(call $(2)_SRC,$(3)) OBJ_DIR=$(FW_LIB_DIR)/$(1)-$(3)-$(4)-$(5) \
	  CFLAGS="$(FW_LIB_CFLAGS) $(call $(2)_DEFS,$(3),$(4)) $(FP_RESTRICT_DEFS_$(5))" HDRS="$($(2)_CONFIG_HDR) crypto/$(1)/$(1).mk" \
	  $(call $(2)_LIB_VARS,$(3),$(4)) SRC_FILES="$($(2)_RESTRICT_SRC)"
$(FW_DIR)/obj/$(1)-$(3)-$(4)-$(5)/%.o: crypto/$(1)/%.c $(call $(2)_PACKAGE,$(3)) $(BUILD)/fw/$(1)-$(3)/package.h $($(2)_CONFIG_HDR) $(FW_BOARD_MK)
	@mkdir -p $$(@D)
	@echo "  CC   $$(notdir $$@)"
	@$(FW_CC) $(FW_CFLAGS) $(call $(2)_PORT_DEFS,$(3),$(4)) $(FP_RESTRICT_DEFS_$(5)) -I$(BUILD)/fw/$(1)-$(3) -MMD -MP -c $$< -o $$@
$$(foreach i,$(5)-baseline $(foreach o,$(call fw_fp_ops,$(2),$(3),$(4)),$(if $(filter $(5),$(call fw_restriction,$(2),$(o))),$(o))),\
  $$(eval $$(call fw_restrict_image,$(1),$(2),$(3),$(4),$(5),$$(i))))
endef
# Image $(6) (an operation or the baseline) of restriction $(5): the ELF and
# its map from one link (grouped targets: a static pattern rule cannot
# group them).
define fw_restrict_image
$(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-$(6).elf $(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-$(6).map &: $(FW_DIR)/obj/$(1)-$(3)-$(4)/fp-$(6).o \
    $(FW_RLINK_$(1)_$(3)_$(4)_$(5)) $(FW_FP_LD)
	@mkdir -p $$(@D)
	@echo "  LD   fp-$(1)-$(3)-$(4)-$(6).elf"
	@$(FW_CC) $(FW_FP_LDFLAGS) -o $(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-$(6).elf $(call fw_fp_map,$(FW_IMG_DIR)/fp-$(1)-$(3)-$(4)-$(6)) \
	  $$(filter %.o,$$^) $(FW_WHOLE) $(FW_RLIB_$(1)_$(3)_$(4)_$(5)) $(FW_NO_WHOLE) \
	  $(call $(2)_RESTRICT_BASE,$(3),$(4)) $(call fw_fprint_ld,$(1)-$(3)-$(4)-$(5),$(call $(2)_RESTRICT_BASE,$(3),$(4)))
endef
# The ports' own rules (_RULES).
$(foreach l,$(FW_LIBS),$(eval $($(call fw_uc,$(l))_RULES)))
fw_each_config = $(foreach l,$(FW_LIBS),$(foreach v,$($(call fw_uc,$(l))_VERSIONS),\
  $(foreach c,$(or $($(call fw_uc,$(l))_CONFIGS_$(v)),$($(call fw_uc,$(l))_CONFIGS)),$(call $(1),$(l),$(call fw_uc,$(l)),$(v),$(c)))))
fw_eval_lib = $(eval $(call fw_lib,$(1),$(2),$(3),$(4)))
$(call fw_each_config,fw_eval_lib)
fw_eval_restrict = $(foreach r,$(FW_RESTRICTIONS_$(1)_$(3)_$(4)),$(eval $(call fw_restrict,$(1),$(2),$(3),$(4),$(r))))
$(call fw_each_config,fw_eval_restrict)

# Quick and failure images: the home configuration of each version (fw_home).
# $(1) library, $(2) version, $(3) image kind, $(4) case runner variant
define fw_quick
$(FW_IMG_DIR)/$(3)-$(1)-$(2).elf: $$(FW_BENCH_$(1)_$(2)) $(FW_DIR)/obj/case-$(4).o $$(FW_LINK_$(1)_$(2)_$(call fw_home,$(1)))
	@mkdir -p $$(@D)
	@echo "  LD   $$(notdir $$@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $$@ $$(filter %.o %.a,$$^) $$(FW_FPRINT_$(1)_$(2)_$(call fw_home,$(1)))
endef
FW_QUICK_KINDS := quick:quick fail-kat:kat fail-fault:fault fail-hang:hang fail-half:half
fw_quick_case = $(if $(filter quick,$(2)),quick,$(2)@$(call fw_hook_case_of,$(1),$(2)))
$(foreach lv,$(FW_LIB_VERSIONS),$(foreach k,$(FW_QUICK_KINDS),\
  $(eval $(call fw_quick,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(word 1,$(subst :, ,$(k))),$(call fw_quick_case,$(call fw_lv,$(lv),1),$(word 2,$(subst :, ,$(k))))))))
# A port's further failure images ($(1) library, $(2) version).
fw_quick_extra = $($(call fw_uc,$(1))_QUICK_EXTRA)
$(foreach lv,$(FW_LIB_VERSIONS),$(foreach x,$(call fw_quick_extra,$(call fw_lv,$(lv),1)),\
  $(eval $(call fw_quick,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_x,$(x),1),$(call fw_x,$(x),2)@$(call fw_x,$(x),3)))))
# The manifest row of extra failure image $(3) of library $(1), version $(2):
# kind fail-<hook>; a hang gets 3 s (a public-key case takes longer).
fw_extra_row = $(call fw_row,$(call fw_img,$(call fw_x,$(3),1),$(1),$(2)),fail-$(call fw_x,$(3),2),$(if $(filter hang,$(call fw_x,$(3),2)),3,$(FW_TIMEOUT_TEST)),$(1),$(2),$(call fw_home,$(1)),,,$(call fw_x,$(3),4),$(call fw_x,$(3),3))

