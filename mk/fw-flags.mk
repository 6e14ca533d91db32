# Firmware, part of mk/firmware.mk: the toolchain, build folders, compiler
# and linker flags, test hooks and time limits every later part uses.
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

