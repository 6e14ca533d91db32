# make bench: the benchmarks of bench/ (bench/README.md), not tests: they
# print figures and ratios, they do not pass or fail. The Python reference
# pipeline's packages are installed here, never by make test.
.PHONY: bench deps-bench
deps-bench:
	@$(TOP)/mk/install-deps $(DEPS_BENCH)
bench: deps-bench $(CRYPTOPERF)
	bench/python-reference.sh 3
	bench/scale.sh 10000 100000 1000000
	bench/validate-bench.sh
