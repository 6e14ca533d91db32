# cryptoperf — one Makefile ties the pipeline together.
#   make        install missing packages, fetch library sources, build firmware
#               and generator, run the benchmark suite in QEMU, validate,
#               regenerate site/
#   make test   every test; ends with "N passed, N failed, N skipped"
#   make site   regenerate site/ from data/ only (fast, no firmware)
#   make bench  the benchmarks of bench/ (not tests: bench/README.md)
# The pieces live in mk/*.mk, one concern each.

.DEFAULT_GOAL := all
SHELL := /bin/bash
.DELETE_ON_ERROR:

# Every core unless the command line says how many (make -jN, -j1): the
# README's `make` is a plain `make`, and one compiler at a time made a
# fresh machine's build take twice as long. Sub-makes share the top one's
# jobs (CRYPTOPERF_JOBS_SET keeps them from asking again).
ifeq ($(filter -j%,$(MAKEFLAGS))$(CRYPTOPERF_JOBS_SET),)
MAKEFLAGS += -j$(shell nproc)
endif
export CRYPTOPERF_JOBS_SET := 1

TOP := $(CURDIR)
BUILD := $(TOP)/build

include mk/deps.mk
include mk/gen.mk
include mk/import.mk
-include mk/firmware.mk
include mk/cycles-cli.mk
include mk/runner.mk
include mk/cycles.mk
include mk/lava.mk
include mk/install.mk
include mk/site.mk
include mk/charts.mk
include mk/fuzz.mk
include mk/test.mk
include mk/bench.mk
include mk/deb.mk

.PHONY: all
all: deps $(CRYPTOPERF) $(ALL_EXTRA)
	$(MAKE) --no-print-directory measure
	$(MAKE) --no-print-directory validate site

.PHONY: validate
validate: $(CRYPTOPERF)
	$(CRYPTOPERF) validate $(DATASETS) $(NOTES)

.PHONY: clean
clean:
	rm -rf $(BUILD)
