# The runner: build/runner/cryptoperf-run runs the firmware images of a
# manifest in QEMU and turns their output into data/<series>/<lib>/dataset.yaml
# (firmware/runner/README.md). Host code, built like gen/: an optimised binary
# and an ASan+UBSan one for the tests; everything but main.c goes into a
# library that tests/unit/test_runner_*.c link as well.
RUNNER_SRC := $(sort $(wildcard firmware/runner/*.c))
RUNNER_LIB_SRC := $(filter-out firmware/runner/main.c,$(RUNNER_SRC))
# The host's own vectors (hostvec.c): the C files the firmware's known
# answers are compiled from, written by firmware/vectors/mk*.c with OpenSSL
# (mk/firmware.mk's rules), linked into the runner too, so that it checks
# each signature's evidence against them rather than against what the
# firmware says it signed.
RUNNER_VEC := vectors pk_vectors vectors_edwards
RUNNER_VEC_HDR := $(addprefix firmware/bench/,ops.h ops_edwards.h pk_vectors.h vectors.h vectors_edwards.h)
RUNNER_HDR := $(wildcard firmware/runner/*.h) $(GEN_HDR) $(CYCLES_LAUNCH_HDR) $(RUNNER_VEC_HDR)
RUNNER_INC := -Ifirmware/runner $(CYCLES_INC)
# zlib: the CRC-32 of an image's document (frame.c); libcrypto: the host
# verifies every signature an image made (sigcheck.c); libelf (elfutils)
# reads the images' section and symbol tables (elfsize.c).
RUNNER_LIBS = $(shell pkg-config --libs zlib libcrypto libelf 2>/dev/null || echo -lz -lcrypto -lelf)

RUNNER_PROG := $(BUILD)/runner/cryptoperf-run
RUNNER_ASAN := $(BUILD)/runner-asan/cryptoperf-run
RUNNER_LIB := $(BUILD)/runner/librunner.a
RUNNER_LIB_ASAN := $(BUILD)/runner-asan/librunner.a

$(BUILD)/runner/%.o: firmware/runner/%.c $(RUNNER_HDR) | deps-gen deps-runner
	@mkdir -p $(@D)
	$(CC) $(GEN_CFLAGS) $(RUNNER_INC) $(GEN_INC) -c $< -o $@
$(BUILD)/runner-asan/%.o: firmware/runner/%.c $(RUNNER_HDR) | deps-gen deps-runner
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(RUNNER_INC) $(GEN_INC) -c $< -o $@

$(BUILD)/runner/vectors/%.o: $(FW_VEC_DIR)/%.c $(RUNNER_VEC_HDR) | deps-gen deps-runner
	@mkdir -p $(@D)
	$(CC) $(GEN_CFLAGS) -Ifirmware/bench -c $< -o $@
$(BUILD)/runner-asan/vectors/%.o: $(FW_VEC_DIR)/%.c $(RUNNER_VEC_HDR) | deps-gen deps-runner
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -Ifirmware/bench -c $< -o $@

$(RUNNER_LIB): $(patsubst firmware/runner/%.c,$(BUILD)/runner/%.o,$(RUNNER_LIB_SRC)) \
    $(patsubst %,$(BUILD)/runner/vectors/%.o,$(RUNNER_VEC))
	@rm -f $@; ar rcs $@ $^
$(RUNNER_LIB_ASAN): $(patsubst firmware/runner/%.c,$(BUILD)/runner-asan/%.o,$(RUNNER_LIB_SRC)) \
    $(patsubst %,$(BUILD)/runner-asan/vectors/%.o,$(RUNNER_VEC))
	@rm -f $@; ar rcs $@ $^

$(RUNNER_PROG): $(BUILD)/runner/main.o $(RUNNER_LIB) $(CYCLES_LAUNCH_LIB) $(GEN_LIB)
	$(CC) $(GEN_CFLAGS) $(LDFLAGS) -o $@ $^ $(GEN_LIBS) $(RUNNER_LIBS)
$(RUNNER_ASAN): $(BUILD)/runner-asan/main.o $(RUNNER_LIB_ASAN) $(CYCLES_LAUNCH_LIB_ASAN) $(GEN_LIB_ASAN)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(GEN_LIBS) $(RUNNER_LIBS)

# Unit tests of the runner link its library too (a shorter stem than
# mk/test.mk's rule, so make picks this one).
$(BUILD)/tests/test_runner_%: tests/unit/test_runner_%.c $(RUNNER_LIB_ASAN) $(CYCLES_LAUNCH_LIB_ASAN) $(GEN_LIB_ASAN) $(RUNNER_HDR)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(RUNNER_INC) $(GEN_INC) -o $@ $< $(RUNNER_LIB_ASAN) $(CYCLES_LAUNCH_LIB_ASAN) $(GEN_LIB_ASAN) $(GEN_LIBS) $(RUNNER_LIBS) -lcmocka

.PHONY: runner deps-runner
runner: $(RUNNER_PROG)
deps-runner:
	@$(TOP)/mk/install-deps $(DEPS_RUNNER)
TEST_PREREQS += $(RUNNER_ASAN)

# make measure: build the board's images (mk/firmware.mk), run the full suite
# and write data/$(BOARD)/mbedtls-<version>/dataset.yaml, all or nothing.
# BOARD=mps2-an386 make measure for the other board.
# Hardware naming comes from board.mk when it has it (BOARD_MCU,
# BOARD_MCU_SHORT, BOARD_NAME); otherwise the runner derives it from the slug.
MEASURE_JOBS ?= $(shell nproc)
# The lane of the board (board.mk BOARD_LANE): QEMU's stdout, a board's
# serial port (PORT, flashed with OpenOCD), or QEMU with the console USART
# on a pty. PORT is where the board's ST-LINK virtual COM port appears.
PORT ?= /dev/ttyACM0
# BOARD_OPENOCD_CFG is one of OpenOCD's own scripts (board/st_nucleo_l5.cfg,
# found on its search path) or a file of the board's folder, for a board
# Debian's OpenOCD has no script for (st_nucleo_u5.cfg): that one goes by
# its full path, since OpenOCD looks for a relative name in the current
# folder and its own, never in the board's.
BOARD_OPENOCD_OWN = $(if $(BOARD_OPENOCD_CFG),$(wildcard $(TOP)/firmware/boards/$(BOARD)/$(BOARD_OPENOCD_CFG)))
BOARD_OPENOCD_SCRIPT = $(if $(BOARD_OPENOCD_OWN),$(abspath $(BOARD_OPENOCD_OWN)),$(BOARD_OPENOCD_CFG))
RUNNER_LANE_OPTS = $(if $(filter serial,$(BOARD_LANE)),--serial '$(PORT)' --openocd-cfg '$(BOARD_OPENOCD_SCRIPT)' \
    --baud $(BOARD_BAUD)) $(if $(filter qemu-serial,$(BOARD_LANE)),--qemu-serial $(BOARD_SERIAL_INDEX) --baud $(BOARD_BAUD))
RUNNER_BOARD_OPTS = $(if $(BOARD_MCU),--mcu '$(BOARD_MCU)') \
  $(if $(BOARD_MCU_SHORT),--mcu-short '$(BOARD_MCU_SHORT)') $(if $(BOARD_NAME),--board-name '$(BOARD_NAME)')
# The QEMU boards of the semihosting lane run under the cycle model (the
# runner knows which cores it models) and say what it cost the sweep.
# (RUNNER is set later, by mk/lava.mk: only the recipe may look at it.)
RUNNER_MODEL_OPTS = $(if $(filter direct,$(RUNNER)),$(if $(filter qemu,$(BOARD_LANE)),--cycles-plugin $(CYCLES_PLUGIN) --model-cost 4))
.PHONY: measure
measure: $(RUNNER_PROG) fw $(MEASURE_PREREQS) $(CYCLES_PLUGIN)
	$(RUNNER_PROG) $(RUNNER_BACKEND_OPTS) -j $(MEASURE_JOBS) --top $(TOP) --data $(TOP)/data \
	  --schema $(TOP)/schema/dataset.schema.json $(RUNNER_BOARD_OPTS) $(RUNNER_MODEL_OPTS) \
	  $(if $(filter direct,$(RUNNER)),$(RUNNER_LANE_OPTS) --run-cache $(BUILD)/run-cache/$(BOARD)) $(FW_MANIFEST)

# tests/runner/firmware.t runs the test manifest of the board being tested
export FW_TEST_MANIFEST

# Test driver of elfsize.c (symbols as nm lists them), for tests/runner/elfsyms.t
ELF_SYMBOLS_DRIVER := $(BUILD)/tests/elf_symbols
$(ELF_SYMBOLS_DRIVER): tests/runner/elf_symbols.c $(RUNNER_LIB_ASAN) $(CYCLES_LAUNCH_LIB_ASAN) $(GEN_LIB_ASAN) $(RUNNER_HDR)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(RUNNER_INC) $(GEN_INC) -o $@ $< $(RUNNER_LIB_ASAN) $(CYCLES_LAUNCH_LIB_ASAN) $(GEN_LIB_ASAN) $(GEN_LIBS) $(RUNNER_LIBS)
TEST_PREREQS += $(ELF_SYMBOLS_DRIVER)
# Test driver of the footprint attribution (fpattr.c), for tests/firmware/footprint.t
FP_ATTR_DRIVER := $(BUILD)/tests/fp_attr
$(FP_ATTR_DRIVER): tests/runner/fp_attr.c $(RUNNER_LIB_ASAN) $(CYCLES_LAUNCH_LIB_ASAN) $(GEN_LIB_ASAN) $(RUNNER_HDR)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(RUNNER_INC) $(GEN_INC) -o $@ $< $(RUNNER_LIB_ASAN) $(CYCLES_LAUNCH_LIB_ASAN) $(GEN_LIB_ASAN) $(GEN_LIBS) $(RUNNER_LIBS)
TEST_PREREQS += $(FP_ATTR_DRIVER)
