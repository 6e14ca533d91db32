# Debian packages each part needs; `make` and `make test` install what is
# missing (the README says why each is there). apt-get update runs once, only
# when something is missing.
DEPS_GEN  := gcc make pkg-config libyaml-dev libcsv-dev libcmark-gfm-dev libcmark-gfm-extensions-dev
DEPS_SITE := gnuplot-nox
DEPS_FW   := gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm dpkg-dev libssl-dev
DEPS_TEST := libcmocka-dev cmark-gfm libxml2-utils librsvg2-bin groff-base fonts-dejavu-core

DEPS_ALL := $(DEPS_GEN) $(DEPS_SITE) $(DEPS_FW) $(DEPS_TEST) $(DEPS_EXTRA)

.PHONY: deps
deps:
	@$(TOP)/mk/install-deps $(DEPS_ALL)
