# make fuzz: a libFuzzer target per parser (tests/fuzz/fuzz_*.c: validate,
# import's CSV, diff, the runner's image output), each run for FUZZ_SECONDS
# from its corpus in tests/fuzz/corpus/<target>/ (kept as it is: what a run
# finds goes to build/fuzz/corpus/<target>/, a crash to
# build/fuzz/crash-<target>-*). Built with clang (Debian's clang and its
# compiler-rt ship libFuzzer) under ASan and UBSan: the library, the runner
# and the cycle model's launcher again, as clang's sanitizer runtime cannot
# link gcc's objects. Not part of make test; tests/fuzz/smoke.t runs each
# target briefly over its corpus when they are built.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := validate import diff runner
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_CC := clang
# clang reads a vprintf wrapper without a format attribute as a non-literal
# format (gcc checks those through their callers)
FUZZ_CFLAGS := $(GEN_CFLAGS_COMMON) -Wno-format-nonliteral -O1 -g -fno-omit-frame-pointer \
  -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_LDFLAGS := -fsanitize=fuzzer,address,undefined
FUZZ_INC := -Ifirmware/runner $(CYCLES_INC) -Itests/fuzz $(GEN_INC)

FUZZ_GEN_LIB := $(FUZZ_DIR)/libcryptoperf.a
FUZZ_RUNNER_LIB := $(FUZZ_DIR)/librunner.a
FUZZ_BINS := $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_TARGETS))

$(FUZZ_DIR)/gen/%.o: gen/%.c $(GEN_HDR) | deps-gen deps-fuzz
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(GEN_INC) -c $< -o $@
$(FUZZ_DIR)/runner/%.o: firmware/runner/%.c $(RUNNER_HDR) | deps-gen deps-runner deps-fuzz
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(RUNNER_INC) $(GEN_INC) -c $< -o $@
$(FUZZ_DIR)/cycles/%.o: firmware/cycles/%.c $(CYCLES_LAUNCH_HDR) | deps-fuzz
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(CYCLES_INC) -I$(BUILD)/config -c $< -o $@
$(FUZZ_DIR)/vectors/%.o: $(FW_VEC_DIR)/%.c $(RUNNER_VEC_HDR) | deps-fuzz
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Ifirmware/bench -c $< -o $@
$(FUZZ_DIR)/tgt/%.o: tests/fuzz/%.c tests/fuzz/fuzz_common.h $(RUNNER_HDR) | deps-fuzz
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_INC) -c $< -o $@

$(FUZZ_GEN_LIB): $(patsubst gen/%.c,$(FUZZ_DIR)/gen/%.o,$(GEN_LIB_SRC))
	@rm -f $@; ar rcs $@ $^
$(FUZZ_RUNNER_LIB): $(patsubst firmware/runner/%.c,$(FUZZ_DIR)/runner/%.o,$(RUNNER_LIB_SRC)) \
    $(patsubst %,$(FUZZ_DIR)/vectors/%.o,$(RUNNER_VEC)) \
    $(patsubst firmware/cycles/%.c,$(FUZZ_DIR)/cycles/%.o,$(CYCLES_LAUNCH_SRC))
	@rm -f $@; ar rcs $@ $^

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/tgt/fuzz_%.o $(FUZZ_RUNNER_LIB) $(FUZZ_GEN_LIB)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) -o $@ $< $(FUZZ_RUNNER_LIB) $(FUZZ_GEN_LIB) $(GEN_LIBS) $(RUNNER_LIBS)

.PHONY: fuzz fuzz-build deps-fuzz
deps-fuzz:
	@$(TOP)/mk/install-deps $(DEPS_FUZZ)
fuzz-build: $(FUZZ_BINS)
# each target in turn for FUZZ_SECONDS; stops at the first one that finds
# a crash, a leak, undefined behaviour or a timeout
fuzz: $(FUZZ_BINS)
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$t; \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; \
	  $(FUZZ_DIR)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=4096 -max_len=65536 \
	    -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crash-$$t- \
	    $(FUZZ_DIR)/corpus/$$t tests/fuzz/corpus/$$t; \
	done
TEST_PREREQS += $(FUZZ_BINS)
