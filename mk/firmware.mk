# Benchmark firmware for QEMU boards (firmware/README.md has the contract
# with the runner). For BOARD and every library (FW_LIBS: Mbed TLS, wolfSSL,
# BearSSL, LibTomCrypt)
# × version × configuration:
# library archives, benchmark images, footprint and baseline images, the
# quick and failure images of `make test`, and the manifests listing them.
, := ,
BOARD ?= mps2-an505
FW_BOARDS := $(patsubst firmware/boards/%/board.mk,%,$(wildcard firmware/boards/*/board.mk))
include firmware/boards/$(BOARD)/board.mk
FW_BOARD_MK := firmware/boards/$(BOARD)/board.mk
# The needs probe of a small board (board.mk BOARD_NEEDS_PROBE: a QEMU board
# with room to spare whose core runs this board's code, e.g. mps2-an385's
# Cortex-M3 for the micro:bit's Armv6-M code). FW_PROBE=1 builds the board's
# bench images with the probe's memory map, clock and machine, the same
# library archives and objects otherwise, into $(BUILD)/fw/<board>-probe;
# each probe image runs once at build time and what each case needed
# (stack, heap blocks) becomes the table the board's own image decides with
# (firmware/README.md, "Small boards").
ifdef FW_PROBE
FW_PROBE_OF := $(BOARD_NEEDS_PROBE)
$(if $(FW_PROBE_OF),,$(error board $(BOARD) has no BOARD_NEEDS_PROBE))
FW_PROBE_CPU_FLAGS := $(BOARD_CPU_FLAGS)
FW_PROBE_CORE := $(BOARD_CORE)
FW_PROBE_PARTS := $(BOARD_BENCH_PARTS)
undefine BOARD_NEEDS_PROBE
undefine BOARD_FP_RAM_LENGTH
undefine BOARD_BENCH_PARTS
include firmware/boards/$(FW_PROBE_OF)/board.mk
BOARD_CPU_FLAGS := $(FW_PROBE_CPU_FLAGS)
BOARD_CORE := $(FW_PROBE_CORE)
BOARD_BENCH_PARTS := $(FW_PROBE_PARTS)
FW_BOARD_MK += firmware/boards/$(FW_PROBE_OF)/board.mk
endif
# What a board.mk leaves out is a QEMU board's (firmware/README.md, "Board
# layer"): semihosting console, the SysTick instruction counter, one timed
# run per case, the whole suite in one image per configuration.
BOARD_HAL ?= console_semihost counter_icount counter_systick
BOARD_SPECS ?= rdimon.specs
BOARD_LIBC ?= newlib (rdimon, semihosting)
BOARD_SYSTICK_HZ ?= $(BOARD_CLOCK_HZ)
BOARD_REPEAT ?= 1
BOARD_BENCH_PARTS ?= all
BOARD_LANE ?= qemu
BOARD_BAUD ?= 115200

FW_CACHE := $(TOP)/cache
# Each port's .mk defines, with its upper-case prefix (FW_UC_<lib>):
# _VERSIONS, _SUITE_<v>, _CONFIGS (or _CONFIGS_<v>, a version's own list:
# Mbed TLS 3.6's p256-m), _CONFIG_LABEL_<c>, _PACKAGE/_SRC (of a
# version), _MARKER, _DEFS and _PORT_DEFS (of a version and configuration:
# compiler options of the library and of the port sources), _LIB_VARS (what
# mk/fw-lib.mk needs besides CFLAGS), _BENCH_EXTRA_<v> (drivers of families
# only it has, under obj/), _PORT_SRC, _CONFIG_HDR, _HASHES_AXIS, _HASHES_PLAIN_<v> and
# _FP_EXTRA_<v> (footprint operations of families only it has). Optional:
# _HOME_CONFIG (the configuration of the quick and failure images, default
# fast), _ARCHIVE (of a version and configuration: the configuration whose
# library archive it links, when configurations differ only in the port's
# sources, as BearSSL's implementation variants do; default its own) and
# _PACKAGE_MORE (of a version: package files of further Debian source
# packages the port builds, LibTomCrypt's LibTomMath, fetched by the port's
# own rule), _LINK_MORE (of a version and configuration: archives linked
# after the library's, LibTomCrypt's LibTomMath) and _RULES (make rules of
# its own, evaluated once the common variables below are set: LibTomMath's
# fetch and archive).
# The curves and moduli of the public-key footprint rows (the ports' .mk
# files use them, so they come first).
FP_CURVES := p256 p384 p521
FP_CURVE_ENUM_p256 := CP_P256
FP_CURVE_ENUM_p384 := CP_P384
FP_CURVE_ENUM_p521 := CP_P521
FP_CURVE_NAME_p256 := secp256r1
FP_CURVE_NAME_p384 := secp384r1
FP_CURVE_NAME_p521 := secp521r1
FP_RSA_MODULI := 1024 2048 3072
FP_DH_MODULI := 1024 2048
FW_LIBS := mbedtls wolfssl bearssl libtomcrypt
FW_UC_mbedtls := MBEDTLS
FW_UC_wolfssl := WOLFSSL
FW_UC_bearssl := BEARSSL
FW_UC_libtomcrypt := LIBTOMCRYPT
FW_PORT_MK := $(foreach l,$(FW_LIBS),crypto/$(l)/$(l).mk)
include $(FW_PORT_MK)
fw_uc = $(FW_UC_$(1))
# The configuration of library $(1) whose images hold every family (quick
# and failure images), and the archive configuration $(3) of version $(2)
# links (prefix $(1)).
fw_home = $(or $($(call fw_uc,$(1))_HOME_CONFIG),fast)
fw_archive = $(or $(call $(1)_ARCHIVE,$(2),$(3)),$(3))
# The package files of version $(2) (prefix $(1)), and the shell words that
# print them as one line ("libtomcrypt 1.18.2-6, libtommath 1.2.0-6+deb12u1").
fw_package_files = $(call $(1)_PACKAGE,$(2)) $(call $(1)_PACKAGE_MORE,$(2))
fw_package_text = `cat $(1) | paste -sd, - | sed 's/,/, /g'`

FW_CC := arm-none-eabi-gcc
FW_AR := arm-none-eabi-ar
FW_QEMU := qemu-system-arm
FW_DIR := $(BUILD)/fw/$(BOARD)$(if $(FW_PROBE),-probe)
# Library archives depend on the core's flags only: boards with the same
# core share them (nucleo-l552ze-q and mps2-an505, nucleo-f446re and
# mps2-an386); a lock keeps two boards' makes from building one at once.
FW_LIB_DIR := $(BUILD)/fw/lib-$(shell echo '$(BOARD_CPU_FLAGS)' | tr -c 'a-z0-9\n' '-' | tr -s '-')
FW_IMG_DIR := $(FW_DIR)/img
FW_MANIFEST := $(FW_DIR)/manifest.tsv
FW_TEST_MANIFEST := $(FW_DIR)/manifest-test.tsv
FW_VEC_DIR := $(BUILD)/fw/vectors

# Flags: -O2 for library and harness alike, sections per function/object for
# --gc-sections (footprint), soft float (no FP code is measured).
FW_OPT := -O2 -ffunction-sections -fdata-sections
FW_FLAGS_TEXT := $(BOARD_CPU_FLAGS) $(FW_OPT)
# __FILE__ and debug paths relative to the checkout: LibTomCrypt's
# LTC_ARGCHK puts the file name of every checking function in the image,
# and a footprint must not grow with the length of the folder it was built
# in (tests/firmware/footprint.t).
FW_PATH_MAP := -ffile-prefix-map=$(TOP)/=
FW_LIB_CFLAGS := $(BOARD_CPU_FLAGS) $(FW_OPT) -g -std=c99 $(FW_PATH_MAP)
FW_CFLAGS := $(BOARD_CPU_FLAGS) $(FW_OPT) -g $(FW_PATH_MAP) -std=c11 -Wall -Wextra -Werror -Wshadow \
  -Wstrict-prototypes -Wmissing-prototypes -Ifirmware/hal -Ifirmware/bench \
  -DCP_BOARD='"$(BOARD)"' -DCP_CORE='"$(BOARD_CORE)"' -DCP_QEMU_MACHINE='"$(BOARD_QEMU_MACHINE)"' \
  -DCP_CLOCK_HZ=$(BOARD_CLOCK_HZ) -DCP_CLOCK_NOTE='"$(BOARD_CLOCK_NOTE)"' \
  -DCP_ICOUNT_SHIFT=$(or $(BOARD_ICOUNT_SHIFT),-1) -DCP_FW_FLAGS='"$(FW_FLAGS_TEXT)"' \
  -DCP_SYSTICK_HZ=$(BOARD_SYSTICK_HZ) -DCP_REPEAT=$(BOARD_REPEAT) -DCP_LIBC='"$(BOARD_LIBC)"' \
  -DCP_BAUD=$(BOARD_BAUD)ul $(BOARD_F4_CLOCK) \
  $(if $(FW_PROBE),-DCP_NEEDS_PROBE)
FW_LDFLAGS_BASE := $(BOARD_CPU_FLAGS) --specs=$(BOARD_SPECS) -nostartfiles -Wl,--gc-sections -Wl,--wrap=_write
FW_LDFLAGS := $(FW_LDFLAGS_BASE) -T $(FW_DIR)/link.ld
# Footprint and baseline images are measured by their sections, never run:
# a board with little RAM links them with room (BOARD_FP_RAM_LENGTH), so
# that an operation whose data alone exceeds the board still has its
# footprint.
FW_FP_LD := $(FW_DIR)/link$(if $(BOARD_FP_RAM_LENGTH),-fp).ld
# A board with a needs probe (not the probe build itself) decides per case
# from the table its probe image measured.
FW_NEEDS := $(if $(FW_PROBE),,$(BOARD_NEEDS_PROBE))
FW_PROBE_DIR := $(BUILD)/fw/$(BOARD)-probe
FW_FP_LDFLAGS := $(FW_LDFLAGS_BASE) -T $(FW_FP_LD)
# The link map of footprint or baseline image $(1) (without .elf): ld
# writes it beside the image, whose bytes stay the same. Without ld's list
# of discarded input sections (60 % of a map, nothing the runner reads).
fw_fp_map = -Wl,-Map=$(1).map -Wl,--no-print-map-discarded
# Test hooks (firmware/README.md) for the bench images, e.g.
#   make FW_BREAK_KAT=sha256-sb-32 fw
# A stamp file rebuilds the case runner when they change.
FW_BREAK_KAT ?=
FW_FAULT_CASE ?=
FW_HANG_CASE ?=
FW_HALF_CASE ?=
FW_HOOK_CASE := aes-128-cbc-enc-sb-64
# The half hook (a port that processes half the buffer) always breaks the
# short-buffer CBC case, which every port has.
FW_HALF_HOOK_CASE := aes-128-cbc-enc-sb-64
fw_hook_case = $(or $($(call fw_uc,$(1))_HOOK_CASE),$(FW_HOOK_CASE))
fw_hook_case_of = $(if $(filter half,$(2)),$(FW_HALF_HOOK_CASE),$(call fw_hook_case,$(1)))
# Further failure images of a port: _QUICK_EXTRA lists image:hook:case:expect
# (Mbed TLS: a signature that does not verify, a public-key case that exceeds
# its time limit).
# The Small wolfSSL images run ~1.5 G instructions (Ed448 with
# CURVED448_SMALL) and the Mbed TLS public-key images 12-35 s each on this
# shared machine (the slowest: RSA-3072 without CRT, 4e8-6e8 instructions per
# call, each case run 3 times).
FW_TIMEOUT_BENCH := 180
FW_TIMEOUT_TEST := 10
# A needs probe runs every case of its part with the small board's code,
# also those the board will not run (BearSSL's prime_i31 EC part with
# Armv6-M code: over 4 G instructions, past 180 s under load here).
FW_TIMEOUT_PROBE := 900

# ---- sources: fetch (crypto/fetch-source serialises them with a lock: all
# share the private apt lists) ----
# The fetch runs once per version (a new revision needs `rm -r cache/<lib>`).
define fw_fetch
$(call $(2)_PACKAGE,$(3)): | crypto/fetch-source
	crypto/fetch-source $(1) $(3) $$($(2)_SUITE_$(3)) $(FW_CACHE) $$($(2)_MARKER)
$(BUILD)/fw/$(1)-$(3)/package.h: $(call fw_package_files,$(2),$(3))
	@mkdir -p $$(@D)
	printf '#define CP_PACKAGE "%s"\n' "$(call fw_package_text,$$^)" >$$@.tmp && mv $$@.tmp $$@
endef
$(foreach l,$(FW_LIBS),$(foreach v,$($(call fw_uc,$(l))_VERSIONS),$(eval $(call fw_fetch,$(l),$(call fw_uc,$(l)),$(v)))))
# Every (library, version) pair as lib:version, and the fetched package files.
FW_LIB_VERSIONS := $(foreach l,$(FW_LIBS),$(addprefix $(l):,$($(call fw_uc,$(l))_VERSIONS)))
fw_lv = $(word $(2),$(subst :, ,$(1)))
FW_PACKAGES := $(foreach l,$(FW_LIBS),$(foreach v,$($(call fw_uc,$(l))_VERSIONS),$(call fw_package_files,$(call fw_uc,$(l)),$(v))))

# ---- known answers (host tool, OpenSSL) ----
FW_VEC_TOOLS := mkvectors mkvectors_edwards mkvectors_lms
# mkpkvectors also links the runner's OpenSSL signature check, to verify the
# signatures it makes for the firmware to accept.
FW_VEC_EXTRA_mkpkvectors := firmware/runner/sigcheck.c
$(addprefix $(FW_VEC_DIR)/,$(FW_VEC_TOOLS) mkpkvectors): $(FW_VEC_DIR)/%: firmware/vectors/%.c firmware/vectors/emit.c \
    firmware/vectors/emit.h firmware/bench/vectors.h firmware/bench/vectors_edwards.h firmware/bench/vectors_lms.h \
    firmware/bench/pk_vectors.h \
    firmware/runner/sigcheck.c firmware/runner/sigcheck.h
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes -Ifirmware/runner -o $@ $< \
	  firmware/vectors/emit.c $(FW_VEC_EXTRA_$*) -lcrypto
$(patsubst mk%,$(FW_VEC_DIR)/%.c,$(FW_VEC_TOOLS)): $(FW_VEC_DIR)/%.c: $(FW_VEC_DIR)/mk%
	$< $@.tmp && mv $@.tmp $@
$(FW_VEC_DIR)/pk_vectors.c: $(FW_VEC_DIR)/mkpkvectors
	$< $@.tmp && mv $@.tmp $@

# ---- board layer and harness ----
$(FW_DIR)/link.ld: firmware/hal/link.ld.in $(FW_BOARD_MK)
	@mkdir -p $(@D)
	$(FW_CC) -E -P -x c -DCP_CODE_ORIGIN=$(BOARD_CODE_ORIGIN) -DCP_CODE_LENGTH=$(BOARD_CODE_LENGTH) \
	  -DCP_RAM_ORIGIN=$(BOARD_RAM_ORIGIN) -DCP_RAM_LENGTH=$(BOARD_RAM_LENGTH) \
	  -DCP_STACK_BYTES=$(BOARD_STACK_BYTES) $< -o $@
$(FW_DIR)/link-fp.ld: firmware/hal/link.ld.in $(FW_BOARD_MK)
	@mkdir -p $(@D)
	$(FW_CC) -E -P -x c -DCP_CODE_ORIGIN=$(BOARD_CODE_ORIGIN) -DCP_CODE_LENGTH=$(BOARD_CODE_LENGTH) \
	  -DCP_RAM_ORIGIN=$(BOARD_RAM_ORIGIN) -DCP_RAM_LENGTH=$(BOARD_FP_RAM_LENGTH) \
	  -DCP_STACK_BYTES=$(BOARD_STACK_BYTES) $< -o $@
$(FW_DIR)/obj/%.o: firmware/%.c $(FW_BOARD_MK)
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@
$(FW_DIR)/obj/%.o: firmware/%.S
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(BOARD_CPU_FLAGS) -c $< -o $@
$(patsubst mk%,$(FW_DIR)/obj/%.o,$(FW_VEC_TOOLS)) $(FW_DIR)/obj/pk_vectors.o: $(FW_DIR)/obj/%.o: $(FW_VEC_DIR)/%.c
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -c $< -o $@

# The board layer: what every board has, and the board's own (board.mk
# BOARD_HAL: its console, its counter, its clock code).
FW_HAL_COMMON := startup console stack board empty
FW_HAL_OBJ := $(patsubst %,$(FW_DIR)/obj/hal/%.o,$(FW_HAL_COMMON) $(BOARD_HAL))
# What every image of a library links from the harness besides the board
# layer: the counting allocator and the random stream.
FW_HARNESS_OBJ := $(FW_DIR)/obj/bench/heap.o $(FW_DIR)/obj/bench/rand.o
FW_BENCH_OBJ := $(patsubst %,$(FW_DIR)/obj/bench/%.o,main report heap bench_cbc bench_aead bench_hash) \
  $(FW_DIR)/obj/vectors.o
# Parts of the suite and their masks (bench/case.h CP_PART_*).
FW_PART_MASK_sym := 1
FW_PART_MASK_ec := 2
FW_PART_MASK_rsa := 4
FW_PART_MASK_pq := 8
$(FW_DIR)/obj/bench/main@%.o: firmware/bench/main.c $(FW_BOARD_MK)
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -DCP_PART=$(FW_PART_MASK_$*) -c $< -o $@
# The bench images of library $(1) (prefix $(2)), version $(3), configuration
# $(4): one, or one per part the board splits the suite into and the port's
# configuration has cases of (_BENCH_PARTS_<v>_<c>, default all four).
fw_port_parts = $(or $($(2)_BENCH_PARTS_$(3)_$(4)),$($(2)_BENCH_PARTS_$(4)),$($(2)_BENCH_PARTS_$(3)),sym ec rsa pq)
fw_bench_images = $(if $(filter all,$(BOARD_BENCH_PARTS)),$(call fw_img,bench,$(1),$(3),$(4)),\
  $(foreach p,$(filter $(BOARD_BENCH_PARTS),$(call fw_port_parts,$(1),$(2),$(3),$(4))),$(call fw_img,bench,$(1),$(3),$(4),$(p))))

# The case runner in its variants: full suite, quick suite, quick + a hook.
FW_HOOKS := kat=$(FW_BREAK_KAT) fault=$(FW_FAULT_CASE) hang=$(FW_HANG_CASE) half=$(FW_HALF_CASE)
$(FW_DIR)/obj/hooks.stamp: FW_FORCE
	@mkdir -p $(@D)
	@echo '$(FW_HOOKS)' | cmp -s - $@ || echo '$(FW_HOOKS)' >$@
.PHONY: FW_FORCE
FW_FORCE:
$(FW_DIR)/obj/case-full.o: firmware/bench/case.c $(FW_BOARD_MK) $(FW_DIR)/obj/hooks.stamp
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) $(if $(FW_NEEDS),-DCP_FIT_CHECK) -MMD -MP -c $< -o $@ \
	  $(if $(FW_BREAK_KAT),-DCP_BREAK_KAT='"$(FW_BREAK_KAT)"') \
	  $(if $(FW_FAULT_CASE),-DCP_FAULT_CASE='"$(FW_FAULT_CASE)"') \
	  $(if $(FW_HANG_CASE),-DCP_HANG_CASE='"$(FW_HANG_CASE)"') \
	  $(if $(FW_HALF_CASE),-DCP_HALF_CASE='"$(FW_HALF_CASE)"')
$(FW_DIR)/obj/case-quick.o: firmware/bench/case.c $(FW_BOARD_MK)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -DCP_SUITE_QUICK -c $< -o $@
fw_x = $(word $(2),$(subst :, ,$(1)))
# Failure variants: case-<hook>@<case id>.o breaks that case (the case id
# differs per library: each port names one of its own cases, _HOOK_CASE).
FW_HOOK_DEF_kat := CP_BREAK_KAT
FW_HOOK_DEF_fault := CP_FAULT_CASE
FW_HOOK_DEF_hang := CP_HANG_CASE
FW_HOOK_DEF_half := CP_HALF_CASE
FW_HOOK_DEF_halfdigest := CP_HALF_CASE
# (A static pattern: a plain one would offer make a way to "remake" the .d
# files it includes, through case-*.d.o.)
FW_CASE_HOOK_OBJ = $(sort $(foreach l,$(FW_LIBS),$(foreach k,kat fault hang half,$(FW_DIR)/obj/case-$(k)@$(call fw_hook_case_of,$(l),$(k)).o) \
  $(foreach x,$($(call fw_uc,$(l))_QUICK_EXTRA),$(FW_DIR)/obj/case-$(call fw_x,$(x),2)@$(call fw_x,$(x),3).o)))
$(FW_CASE_HOOK_OBJ): $(FW_DIR)/obj/case-%.o: firmware/bench/case.c $(FW_BOARD_MK)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -DCP_SUITE_QUICK \
	  -D$(FW_HOOK_DEF_$(firstword $(subst @, ,$*)))='"$(word 2,$(subst @, ,$*))"' -c $< -o $@

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
FP_CHACHA_OPS := chachapoly-enc chachapoly-dec
$(foreach d,enc dec,$(eval $(call fp_op,chachapoly-$(d),-DCP_FP_CHACHAPOLY_$(if $(filter enc,$(d)),ENC,DEC),family=ChaCha20-Poly1305$(,)measure=sole-buffer$(,)operation=$(if $(filter enc,$(d)),encryption,decryption))))
$(foreach a,ccm gcm,$(foreach d,enc dec,\
  $(eval $(call fp_op,aes-$(a)-$(d),-DCP_FP_AES_$(if $(filter ccm,$(a)),CCM,GCM)_$(if $(filter enc,$(d)),ENC,DEC),family=AES$(,)cipher_mode=$(if $(filter ccm,$(a)),CCM,GCM)$(,)measure=sole-buffer$(,)operation=$(if $(filter enc,$(d)),encryption,decryption)))))
FW_ALL_HASHES := $(sort $(foreach l,$(FW_LIBS),$($(call fw_uc,$(l))_HASHES_AXIS) \
  $(foreach v,$($(call fw_uc,$(l))_VERSIONS),$($(call fw_uc,$(l))_HASHES_PLAIN_$(v)))))
$(foreach h,$(FW_ALL_HASHES),\
  $(eval $(call fp_op,$(h)-sb,-DCP_FP_HASH_DIGEST=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=sole-buffer$(,)operation=digest))\
  $(eval $(call fp_op,$(h)-df,-DCP_FP_HASH_FLOW=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=data-flow$(,)operation=digest))\
  $(eval $(call fp_op,$(h)-tag,-DCP_FP_HASH_FINISH=$(subst -,_,$(h)),family=HASH$(,)hash=$(h)$(,)measure=tag-generation$(,)operation=tag-generation)))

# Families only some libraries have (ops_edwards.h, ops_pq.h). An option
# CP_FP_<OP>; FP_AXIS_<op> names the field that carries the configuration
# label when it is not `configuration`.
FP_EDWARDS_OPS := ed25519-sign ed25519-verify ed448-sign ed448-verify \
  xdh-x25519-public xdh-x25519-shared xdh-x448-public xdh-x448-shared
FP_PQ_OPS := mldsa-keygen mldsa-sign mldsa-verify mlkem-keygen mlkem-encaps mlkem-decaps lms-verify
fp_upper = $(shell echo '$(1)' | tr 'a-z-' 'A-Z_')
$(foreach c,ed25519 ed448,\
  $(eval $(call fp_op,$(c)-sign,-DCP_FP_$(call fp_upper,$(c))_SIGN,family=EdDSA$(,)curve=$(c)$(,)message_bytes=1023$(,)operation=signature))\
  $(eval $(call fp_op,$(c)-verify,-DCP_FP_$(call fp_upper,$(c))_VERIFY,family=EdDSA$(,)curve=$(c)$(,)message_bytes=1023$(,)operation=verification)))
$(foreach c,x25519 x448,\
  $(eval $(call fp_op,xdh-$(c)-public,-DCP_FP_$(call fp_upper,$(c))_PUBLIC,family=ECDH$(,)curve=$(c)$(,)operation=public-key-generation))\
  $(eval $(call fp_op,xdh-$(c)-shared,-DCP_FP_$(call fp_upper,$(c))_SHARED,family=ECDH$(,)curve=$(c)$(,)operation=shared-secret)))
$(eval $(call fp_op,mldsa-keygen,-DCP_FP_MLDSA_KEYGEN,family=ML-DSA$(,)operation=key-generation))
$(eval $(call fp_op,mldsa-sign,-DCP_FP_MLDSA_SIGN,family=ML-DSA$(,)operation=signature))
$(eval $(call fp_op,mldsa-verify,-DCP_FP_MLDSA_VERIFY,family=ML-DSA$(,)operation=verification))
$(eval $(call fp_op,mlkem-keygen,-DCP_FP_MLKEM_KEYGEN,family=ML-KEM$(,)operation=key-generation))
$(eval $(call fp_op,mlkem-encaps,-DCP_FP_MLKEM_ENCAPS,family=ML-KEM$(,)operation=encapsulation))
$(eval $(call fp_op,mlkem-decaps,-DCP_FP_MLKEM_DECAPS,family=ML-KEM$(,)operation=decapsulation))
$(eval $(call fp_op,lms-verify,-DCP_FP_LMS_VERIFY,family=HBS-LMS$(,)operation=verification))
$(foreach o,$(FP_EDWARDS_OPS),$(eval FP_AXIS_$(o) := math_config))
$(foreach o,$(FP_PQ_OPS),$(eval FP_AXIS_$(o) := variant))
# The footprint operations of configuration $(3) of version $(2) (prefix
# $(1)), and the result fields of operation $(4) there: a port with more than
# one axis defines its own _FP_OPS and _FP_FIELDS (same arguments).
fw_fp_axis_ops = $(FP_AES_OPS) $(call fp_hash_ops,$($(1)_HASHES_AXIS)) $($(1)_FP_EXTRA_$(2))
fw_fp_ops_plain = $(call fw_fp_axis_ops,$(1),$(2)) \
  $(if $(filter fast,$(3)),$(FP_DES3_OPS) $(FP_CHACHA_OPS) $(call fp_hash_ops,$($(1)_HASHES_PLAIN_$(2))))
fw_fp_fields_plain = $(FP_FIELDS_$(4))$(if $(filter $(4),$(call fw_fp_axis_ops,$(1),$(2))),$(,)$(or $(FP_AXIS_$(4)),configuration)=$($(1)_CONFIG_LABEL_$(3)))$($(1)_FP_MORE_$(4))
fw_fp_ops = $(call $(if $($(1)_FP_OPS),$(1)_FP_OPS,fw_fp_ops_plain),$(1),$(2),$(3))
fw_fp_fields = $(call $(if $($(1)_FP_FIELDS),$(1)_FP_FIELDS,fw_fp_fields_plain),$(1),$(2),$(3),$(4))

# Public key: the operation with the set-up it needs (group or key), so that
# curve parameters and tables are charged to it, one image per curve and per
# modulus (the ST footprint rows): op names end in the curve or modulus. A
# port with one axis (the plain fields above) labels them with math_config;
# _FP_MORE_<op> adds fields.
FP_ECC_OPS := $(foreach c,$(FP_CURVES),ecdsa-sign-$(c) ecdsa-verify-$(c) ecdh-keygen-$(c) ecdh-shared-$(c))
FP_MONT_OPS := x25519-keygen x25519-shared x448-keygen x448-shared
FP_RSA_OPS := $(foreach m,$(FP_RSA_MODULI),rsa-v15-sign-$(m) rsa-pss-sign-$(m))
FP_RSA_VERIFY_OPS := $(foreach m,$(FP_RSA_MODULI),rsa-v15-verify-$(m) rsa-pss-verify-$(m))
FP_DH_OPS := $(foreach m,$(FP_DH_MODULI),dh-keygen-$(m) dh-shared-$(m))
$(foreach o,$(FP_ECC_OPS) $(FP_RSA_OPS) $(FP_RSA_VERIFY_OPS),$(eval FP_AXIS_$(o) := math_config))
$(foreach c,$(FP_CURVES),\
  $(eval $(call fp_op,ecdsa-sign-$(c),-DCP_FP_ECDSA_SIGN=$(FP_CURVE_ENUM_$(c)),family=ECDSA$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=signature))\
  $(eval $(call fp_op,ecdsa-verify-$(c),-DCP_FP_ECDSA_VERIFY=$(FP_CURVE_ENUM_$(c)),family=ECDSA$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=verification))\
  $(eval $(call fp_op,ecdh-keygen-$(c),-DCP_FP_ECDH_KEYGEN=$(FP_CURVE_ENUM_$(c)),family=ECDH$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=public-key-generation))\
  $(eval $(call fp_op,ecdh-shared-$(c),-DCP_FP_ECDH_SHARED=$(FP_CURVE_ENUM_$(c)),family=ECDH$(,)curve=$(FP_CURVE_NAME_$(c))$(,)operation=shared-secret))\
  $(foreach o,ecdsa-sign ecdsa-verify ecdh-keygen ecdh-shared,$(eval FP_RESTRICTION_$(o)-$(c) := $(c))))
$(foreach x,x25519 x448,\
  $(eval $(call fp_op,$(x)-keygen,-DCP_FP_ECDH_KEYGEN=CP_$(subst x,X,$(x)),family=ECDH$(,)curve=$(x)$(,)operation=public-key-generation))\
  $(eval $(call fp_op,$(x)-shared,-DCP_FP_ECDH_SHARED=CP_$(subst x,X,$(x)),family=ECDH$(,)curve=$(x)$(,)operation=shared-secret))\
  $(eval FP_RESTRICTION_$(x)-keygen := $(x))$(eval FP_RESTRICTION_$(x)-shared := $(x)))
$(foreach m,$(FP_RSA_MODULI),$(foreach p,v15:0:v1.5 pss:1:v2.1,\
  $(eval $(call fp_op,rsa-$(word 1,$(subst :, ,$(p)))-sign-$(m),-DCP_FP_RSA_SIGN=$(word 2,$(subst :, ,$(p))),family=RSA$(,)pkcs1=$(word 3,$(subst :, ,$(p)))$(,)modulus_bits=$(m)$(,)operation=signature))\
  $(eval $(call fp_op,rsa-$(word 1,$(subst :, ,$(p)))-verify-$(m),-DCP_FP_RSA_VERIFY=$(word 2,$(subst :, ,$(p))),family=RSA$(,)pkcs1=$(word 3,$(subst :, ,$(p)))$(,)modulus_bits=$(m)$(,)operation=verification))\
  $(eval FP_RESTRICTION_rsa-$(word 1,$(subst :, ,$(p)))-sign-$(m) := rsa$(m))\
  $(eval FP_RESTRICTION_rsa-$(word 1,$(subst :, ,$(p)))-verify-$(m) := rsa$(m))))
$(foreach m,$(FP_DH_MODULI),\
  $(eval $(call fp_op,dh-keygen-$(m),-DCP_FP_DH_KEYGEN,family=DH$(,)modulus_bits=$(m)$(,)operation=public-key-generation))\
  $(eval $(call fp_op,dh-shared-$(m),-DCP_FP_DH_SHARED,family=DH$(,)modulus_bits=$(m)$(,)operation=shared-secret)))
# Footprint restrictions: the library rebuilt with only one curve or modulus
# (config headers read CP_ONLY_CURVE / CP_ONLY_RSA), as an application that
# needs only that would build it. A port lists the restrictions it honours
# (_RESTRICTS: the library has a switch for them), the sources that read the
# switches (_RESTRICT_SRC, compiled into an archive of their own and linked
# whole) and what that archive is linked over (_RESTRICT_BASE, of a version
# and configuration). An operation whose natural restriction the port does
# not honour (Mbed TLS's RSA: one bignum code for every modulus) links the
# configuration's library as it is, with one image per modulus all the same.
FP_RESTRICT_DEFS_p256 := -DCP_ONLY_CURVE=256
FP_RESTRICT_DEFS_p384 := -DCP_ONLY_CURVE=384
FP_RESTRICT_DEFS_p521 := -DCP_ONLY_CURVE=521
FP_RESTRICT_DEFS_x25519 := -DCP_ONLY_CURVE=25519
FP_RESTRICT_DEFS_x448 := -DCP_ONLY_CURVE=448
$(foreach m,$(FP_RSA_MODULI),$(eval FP_RESTRICT_DEFS_rsa$(m) := -DCP_ONLY_RSA=$(m)))
# The restriction an op of port $(1) is built under, or nothing.
fw_restriction = $(filter $(FP_RESTRICTION_$(2)),$($(1)_RESTRICTS))

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

# ---- needs probe (board.mk BOARD_NEEDS_PROBE; FW_PROBE above) ----
# One sub-make builds every probe image (objects shared between them must
# not be built by two makes at once); each runs once in QEMU on the probe's
# machine, and its "# needs" lines become the image's table (cp_needs,
# bench/case.h). A probe image that does not exit 0 with its end line stops
# the build: the board would have nothing to decide with.
ifneq ($(FW_NEEDS),)
FW_PROBE_MACHINE := $(shell sed -n 's/^BOARD_QEMU_MACHINE *:= *//p' firmware/boards/$(FW_NEEDS)/board.mk)
FW_PROBE_SHIFT := $(shell sed -n 's/^BOARD_ICOUNT_SHIFT *:= *//p' firmware/boards/$(FW_NEEDS)/board.mk)
.PHONY: fw-probe-images
fw-probe-images:
	+@$(MAKE) --no-print-directory BOARD=$(BOARD) FW_PROBE=1 fw-bench
# The sub-make relinks probe images after this make has looked at their
# times, so the recipe compares them itself (FW_FORCE): a table older than
# its probe image is measured again, a current one is left as it is (its
# time unchanged, nothing after it is rebuilt).
$(FW_DIR)/needs/%.out: FW_FORCE | fw-probe-images
	@elf=$(FW_PROBE_DIR)/img/$*.elf; [ -e $@ ] && [ $@ -nt $$elf ] && exit 0; \
	mkdir -p $(@D); \
	echo "  PROBE $*.elf on $(FW_PROBE_MACHINE)"; \
	timeout $(FW_TIMEOUT_PROBE) $(FW_QEMU) -M $(FW_PROBE_MACHINE) -display none -serial none -monitor none \
	  -semihosting-config enable=on,target=native -icount shift=$(FW_PROBE_SHIFT) -kernel $$elf >$@.tmp 2>$@.err || \
	  { echo "error: the needs probe $$elf failed (exit $$?):"; cat $@.err; exit 1; }; \
	grep -q '^end: {results: ' $@.tmp || { echo "error: the needs probe $$elf printed no end line"; exit 1; }; \
	mv $@.tmp $@
$(FW_DIR)/needs/%.c: $(FW_DIR)/needs/%.out firmware/bench/needs.awk
	@awk -f firmware/bench/needs.awk $< >$@.tmp && mv $@.tmp $@
$(FW_DIR)/needs/%.o: $(FW_DIR)/needs/%.c
	@echo "  CC   needs/$(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -c $< -o $@
endif
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
# 3.6.6's P-256 signature through p256-m.
FW_FP_TEST_IMAGES := $(call fw_with_maps,$(foreach lv,$(FW_LIB_VERSIONS),$(foreach o,baseline aes-cbc-enc-sb,\
    $(call fw_img,fp,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2),$(call fw_home,$(call fw_lv,$(lv),1)),$(o)))) \
  $(foreach o,p256-baseline ecdsa-sign-p256,$(call fw_img,fp,mbedtls,3.6.6,ecc-fast-high,$(o)) \
    $(call fw_img,fp,libtomcrypt,1.18.2,ecc-ladder,$(o))) \
  $(call fw_img,fp,bearssl,0.6,ec-p256-m15,ecdsa-sign-p256) $(call fw_img,fp,mbedtls,3.6.6,p256-m,ecdsa-sign-p256))
# Bench images the tests run beside the quick suite (tests/firmware/kat.t):
# Mbed TLS 3.6.6's p256-m, whose P-256 cases no home configuration runs.
FW_BENCH_TEST_IMAGES := $(call fw_bench_images,mbedtls,MBEDTLS,3.6.6,p256-m)

# One shell command per configuration: all at once exceed the length of an
# argument.
define fw_nl


endef
fw_config_rows_cmd = @{ $(call fw_config_rows,$(1),$(2),$(3),$(4)) } >>$@.tmp$(fw_nl)
$(FW_MANIFEST): $(FW_BOARD_MK) mk/firmware.mk $(FW_PORT_MK) $(FW_PACKAGES)
	@mkdir -p $(@D)
	@printf '$(FW_MANIFEST_HEADER)\n' >$@.tmp
	$(call fw_each_config,fw_config_rows_cmd)
	@mv $@.tmp $@
$(FW_TEST_MANIFEST): $(FW_BOARD_MK) mk/firmware.mk $(FW_PORT_MK) $(FW_PACKAGES)
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
# The quick images and test manifest alone (another board's share of make test)
.PHONY: fw-quick
fw-quick: $(foreach lv,$(FW_LIB_VERSIONS),$(call fw_img,quick,$(call fw_lv,$(lv),1),$(call fw_lv,$(lv),2))) $(FW_TEST_MANIFEST) \
  $(FW_IMG_DIR)/selftest.elf

.PHONY: fw fw-bench fw-test fw-fetch fw-libs fw-clean fw-selftest fw-selftest-boards fw-bench-fast fw-boards-test
fw-fetch: $(FW_PACKAGES)
fw_lib_file = $(FW_LIB_$(1)_$(3)_$(4))
fw-libs: $(call fw_each_config,fw_lib_file)
fw: $(FW_IMAGES)
# The bench images alone (what a needs probe build makes).
fw-bench: $(call fw_each_config,fw_bench_images)
fw-test: $(FW_TEST_IMAGES) fw-selftest-boards fw-boards-test
# The counter self test runs on every board (tests/firmware/counter.t).
fw-selftest: $(FW_IMG_DIR)/selftest.elf $(FW_TEST_MANIFEST)
fw-selftest-boards:
	+@$(foreach b,$(filter-out $(BOARD),$(FW_BOARDS)),$(MAKE) --no-print-directory BOARD=$(b) fw-selftest &&) true
# The bench images (every part) and baselines of the `fast` configurations:
# what make test builds of the boards on silicon (link, vector table, fit in
# flash and RAM: tests/firmware/boards.t), on the library archives the
# default board's tests build anyway; `BOARD=<board> make fw` builds all.
fw_fast_images = $(if $(filter fast,$(4)),$(call fw_bench_images,$(1),$(2),$(3),$(4)) $(call fw_img,fp,$(1),$(3),$(4),baseline))
fw-bench-fast: $(call fw_each_config,fw_fast_images) $(FW_IMG_DIR)/selftest.elf
# The other lanes' boards for make test: the boards on silicon built
# (fw-bench-fast), the STM32F4 board layer in QEMU (netduinoplus2) with its
# quick images and the mps2-an386's (the same Cortex-M4 code), which
# tests/runner/board-f4.t runs side by side.
FW_SERIAL_BOARDS := $(foreach b,$(FW_BOARDS),$(if $(filter serial,$(shell sed -n 's/^BOARD_LANE *:= *//p' firmware/boards/$(b)/board.mk)),$(b)))
fw-boards-test:
	+@$(foreach b,$(filter-out $(BOARD),$(FW_SERIAL_BOARDS)),$(MAKE) --no-print-directory BOARD=$(b) fw-bench-fast &&) true
	+@$(foreach b,$(filter-out $(BOARD),netduinoplus2 mps2-an386),$(MAKE) --no-print-directory BOARD=$(b) fw-quick &&) true
fw-clean:
	rm -rf $(BUILD)/fw

TEST_PREREQS += fw-test

# Keep intermediate files (the per-part main@<part>.o and families@<part>.o
# come from pattern rules and would be deleted as intermediate, and every
# image relinked next time, which on a small board means every needs probe
# run again; a bare .SECONDARY: does not apply once .SECONDARY has
# prerequisites above), and a small board's needs tables.
.PRECIOUS: $(FW_DIR)/obj/%.o $(FW_DIR)/needs/%.out $(FW_DIR)/needs/%.c $(FW_DIR)/needs/%.o

-include $(shell find $(FW_DIR)/obj -name '*.d' 2>/dev/null)
