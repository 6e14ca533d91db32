# Debian packages each part needs; `make` and `make test` install what is
# missing (the README says why each is there). apt-get update runs once, only
# when something is missing.
DEPS_GEN  := gcc make pkg-config libyaml-dev libcsv-dev libcmark-gfm-dev libcmark-gfm-extensions-dev \
  libcurl4-openssl-dev libjansson-dev libssl-dev zlib1g-dev
DEPS_RUNNER := libelf-dev
DEPS_SITE := gnuplot-nox
DEPS_FW   := gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm dpkg-dev libssl-dev openocd
DEPS_TEST := libcmocka-dev cmark-gfm libxml2-utils librsvg2-bin groff-base fonts-dejavu-core strace
# make fuzz (and the smoke run of make test): clang, whose compiler-rt
# (libclang-rt-dev) ships libFuzzer
DEPS_FUZZ := clang libclang-rt-dev
# make deb and its test: dpkg-buildpackage runs debhelper; lintian checks the result
DEPS_DEB := debhelper lintian
# A throw-away MediaWiki for tests/mediawiki (served by `php -S`), curl and
# python3 for the test plumbing, chromium for tests/browser.
DEPS_WIKI := mediawiki php-sqlite3 php-cli curl python3 chromium
# The runner's LAVA back end and its tests (make test; make measure with
# RUNNER=lava-local or lava; plain make does not need them): lava-run (no server), lavacli for a
# server, python3-jinja2 to render device dictionaries from LAVA's templates;
# openocd and telnet so lava-run can validate a Nucleo job (flashing by
# OpenOCD, console through telnet to ser2net) with no board attached.
DEPS_LAVA := lava-dispatcher lavacli python3-jinja2 openocd telnet

# Only for `make bench` (bench/README.md), not in DEPS_ALL: the Python
# pipeline cryptoperf is compared with.
DEPS_BENCH := python3-yaml python3-jsonschema python3-matplotlib

DEPS_ALL := $(DEPS_GEN) $(DEPS_RUNNER) $(DEPS_SITE) $(DEPS_FW) $(DEPS_TEST) $(DEPS_DEB) $(DEPS_WIKI) $(DEPS_FUZZ) $(DEPS_EXTRA)

.PHONY: deps
deps:
	@$(TOP)/mk/install-deps $(DEPS_ALL)
