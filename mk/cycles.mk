# The cycle model (firmware/cycles/): build/cycles/cpcycles.so, a QEMU TCG
# plugin that estimates clock cycles from the Arm timing tables, and its
# unit tests. Everything but plugin.c (QEMU glue) goes into a library the
# unit tests link too, built under ASan+UBSan like the other host code.
# QEMU's plugin header is in no Debian binary package: it is taken from the
# installed qemu-system-arm's source package (firmware/cycles/fetch-plugin-header).
CYCLES_QEMU := 7.2
CYCLES_QEMU_SUITE := bookworm
CYCLES_HEADER := $(TOP)/cache/qemu/$(CYCLES_QEMU)/qemu-plugin.h
# (firmware/cycles/ also holds the launcher, mk/cycles-cli.mk's: the
# plugin's files are named one by one)
CYCLES_LIB_SRC := $(addprefix firmware/cycles/,thumb_decode.c timing.c timing_armv7m.c timing_m0.c timing_m3.c \
  timing_m4.c timing_m33.c block_cost.c model.c)
CYCLES_SRC := $(CYCLES_LIB_SRC) firmware/cycles/plugin.c
CYCLES_HDR := $(addprefix firmware/cycles/,thumb_decode.h timing.h timing_armv7m.h block_cost.h model.h)
CYCLES_PLUGIN := $(BUILD)/cycles/cpcycles.so
CYCLES_LIB_ASAN := $(BUILD)/cycles-asan/libcycles.a
# -fvisibility=hidden: the plugin exports only what QEMU looks up
# (qemu_plugin_version, qemu_plugin_install, marked QEMU_PLUGIN_EXPORT).
CYCLES_CFLAGS := $(GEN_CFLAGS_COMMON) -O2 -g -fPIC -fvisibility=hidden -Ifirmware/cycles

$(CYCLES_HEADER): firmware/cycles/fetch-plugin-header mk/apt-source-download | deps-cycles
	firmware/cycles/fetch-plugin-header $(CYCLES_QEMU) $(CYCLES_QEMU_SUITE) $(TOP)/cache

$(BUILD)/cycles-plugin/%.o: firmware/cycles/%.c $(CYCLES_HDR) $(CYCLES_HEADER) | deps-gen
	@mkdir -p $(@D)
	$(CC) $(CYCLES_CFLAGS) -I$(dir $(CYCLES_HEADER)) -c $< -o $@
$(CYCLES_PLUGIN): $(patsubst firmware/cycles/%.c,$(BUILD)/cycles-plugin/%.o,$(CYCLES_SRC))
	@mkdir -p $(@D)
	$(CC) -shared -fPIC $(LDFLAGS) -o $@ $^

$(BUILD)/cycles-asan/%.o: firmware/cycles/%.c $(CYCLES_HDR) | deps-gen
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -Ifirmware/cycles -c $< -o $@
$(CYCLES_LIB_ASAN): $(patsubst firmware/cycles/%.c,$(BUILD)/cycles-asan/%.o,$(CYCLES_LIB_SRC))
	@rm -f $@; ar rcs $@ $^

# Unit tests of the model feed instruction bytes to the decoder and the
# block and run-time costs (a shorter stem than mk/test.mk's rule, so make
# picks this one; they are in UNIT_BIN like every tests/unit/test_*.c).
$(BUILD)/tests/test_cycles_%: tests/unit/test_cycles_%.c tests/unit/cycles_seq.h $(CYCLES_LIB_ASAN) $(CYCLES_HDR)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -Ifirmware/cycles -Itests/unit -o $@ $< $(CYCLES_LIB_ASAN) -lcmocka

.PHONY: cycles deps-cycles
cycles: $(CYCLES_PLUGIN)
deps-cycles:
	@$(TOP)/mk/install-deps qemu-system-arm
# tests/cycles/*.t run the plugin in QEMU
TEST_PREREQS += $(CYCLES_PLUGIN)
