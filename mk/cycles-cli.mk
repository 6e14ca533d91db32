# The launcher side of the cycle model (firmware/cycles/): the machines
# table, the plugin's arguments read from an ELF and the plugin's window
# lines, as a library the runner links too (a sweep and a foreign program
# are timed the same way), and the cryptoperf-cycles command over it.
# mk/cycles.mk builds the plugin itself. Included before mk/runner.mk,
# whose rules name the library.
CYCLES_LAUNCH_SRC := $(addprefix firmware/cycles/,machines.c plugin_args.c windows.c)
CYCLES_LAUNCH_HDR := $(CYCLES_LAUNCH_SRC:.c=.h)
CYCLES_INC := -Ifirmware/cycles
CYCLES_LAUNCH_LIB := $(BUILD)/cycles-launch/liblaunch.a
CYCLES_LAUNCH_LIB_ASAN := $(BUILD)/cycles-launch-asan/liblaunch.a
CYCLES_CMD := $(BUILD)/cycles/cryptoperf-cycles
CYCLES_CMD_ASAN := $(BUILD)/cycles-launch-asan/cryptoperf-cycles
# libelf (elfutils) reads the image's symbols and vector table
CYCLES_LIBS = $(shell pkg-config --libs libelf 2>/dev/null || echo -lelf)
CYCLES_PATHS_H := $(BUILD)/config/paths.h
# the plugin mk/cycles.mk builds; make measure and the tests load it
CYCLES_PLUGIN := $(BUILD)/cycles/cpcycles.so

$(BUILD)/cycles-launch/%.o: firmware/cycles/%.c $(CYCLES_LAUNCH_HDR) $(CYCLES_PATHS_H) | deps-gen deps-runner
	@mkdir -p $(@D)
	$(CC) $(GEN_CFLAGS) $(CYCLES_INC) -I$(BUILD)/config -c $< -o $@
$(BUILD)/cycles-launch-asan/%.o: firmware/cycles/%.c $(CYCLES_LAUNCH_HDR) $(CYCLES_PATHS_H) | deps-gen deps-runner
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(CYCLES_INC) -I$(BUILD)/config -c $< -o $@
$(CYCLES_LAUNCH_LIB): $(patsubst firmware/cycles/%.c,$(BUILD)/cycles-launch/%.o,$(CYCLES_LAUNCH_SRC))
	@rm -f $@; ar rcs $@ $^
$(CYCLES_LAUNCH_LIB_ASAN): $(patsubst firmware/cycles/%.c,$(BUILD)/cycles-launch-asan/%.o,$(CYCLES_LAUNCH_SRC))
	@rm -f $@; ar rcs $@ $^
$(CYCLES_CMD): $(BUILD)/cycles-launch/main.o $(CYCLES_LAUNCH_LIB)
	@mkdir -p $(@D)
	$(CC) $(GEN_CFLAGS) $(LDFLAGS) -o $@ $^ $(CYCLES_LIBS)
$(CYCLES_CMD_ASAN): $(BUILD)/cycles-launch-asan/main.o $(CYCLES_LAUNCH_LIB_ASAN)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(CYCLES_LIBS)

.PHONY: cycles
cycles: $(CYCLES_CMD) $(CYCLES_PLUGIN)
TEST_PREREQS += $(CYCLES_CMD) $(CYCLES_CMD_ASAN) $(CYCLES_PLUGIN)

# Unit tests of the launcher library (a shorter stem than mk/test.mk's rule)
$(BUILD)/tests/test_launch_%: tests/unit/test_launch_%.c $(CYCLES_LAUNCH_LIB_ASAN) $(CYCLES_LAUNCH_HDR)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(CYCLES_INC) -o $@ $< $(CYCLES_LAUNCH_LIB_ASAN) $(CYCLES_LIBS) -lcmocka
