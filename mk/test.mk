# make test: unit tests (cmocka, under ASan+UBSan), command-line and
# golden-file tests, firmware tests in QEMU; tests/run-all prints the
# closing "N passed, N failed, N skipped".
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
SHELL_TESTS := $(sort $(wildcard tests/*/*.t))
# The MediaWiki tests wait on a wiki of their own (PHP, rsvg-convert) for
# minutes; they run in run-all's second lane, beside the others.
WIKI_TESTS := $(filter tests/mediawiki/%,$(SHELL_TESTS))

$(BUILD)/tests/%: tests/unit/%.c $(GEN_LIB_ASAN) $(GEN_HDR) $(wildcard tests/unit/*.h)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(GEN_INC) -o $@ $< $(GEN_LIB_ASAN) $(GEN_LIBS) -lcmocka

.PHONY: test deps-test
deps-test:
	@$(TOP)/mk/install-deps $(DEPS_ALL) $(DEPS_LAVA)
# The tests run without this make's MAKEFLAGS: a make a test starts would
# find the job-server pipes they name closed and fall back to one job with
# a warning on its stderr. (CRYPTOPERF_JOBS_SET stays: those makes run one
# job at a time, beside the two lanes of tests/run-all.)
test: deps-test
	$(MAKE) --no-print-directory $(CRYPTOPERF) $(CRYPTOPERF_ASAN) $(UNIT_BIN) $(TEST_PREREQS)
	@env -u MAKEFLAGS -u MFLAGS tests/run-all $(UNIT_BIN) $(filter-out $(WIKI_TESTS),$(SHELL_TESTS)) $(addprefix --alongside ,$(WIKI_TESTS))
