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

# The rest, by concern, in the order make needs them (each part's variables
# are used by the next): the ports, flags, sources, harness, footprint
# operations, images, needs probe and manifests. A change to any of them
# changes the firmware revision (the runner's --print-revision: mk/fw-*).
FW_MK_PARTS := $(addprefix mk/fw-,ports.mk flags.mk sources.mk harness.mk fp-ops.mk images.mk probe.mk manifest.mk)
FW_MK := mk/firmware.mk $(FW_MK_PARTS)
include $(FW_MK_PARTS)

# ---- targets ----
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
