# make install / make uninstall with the GNU conventions: PREFIX (or prefix,
# default /usr/local), DESTDIR for staging, and bindir, datadir, mandir...
# overridable one by one. Installed: cryptoperf, cryptoperf-run and
# cryptoperf-cycles, their man pages, the cycle model's QEMU plugin under
# $(pkglibdir), the schema and the templates under $(pkgdatadir), and the bash
# completion. The installed cryptoperf finds its schema and templates there
# by itself (gen/lib/base/datadir.h): pkgdatadir, and the way from bindir to it,
# are compiled in (build/config/paths.h, rewritten only when they change).
PREFIX ?= /usr/local
prefix ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir ?= $(exec_prefix)/bin
datarootdir ?= $(prefix)/share
datadir ?= $(datarootdir)
mandir ?= $(datarootdir)/man
man1dir ?= $(mandir)/man1
pkgdatadir = $(datadir)/cryptoperf
libdir ?= $(exec_prefix)/lib
# the cycle model's QEMU plugin (a shared object: architecture-dependent)
pkglibdir = $(libdir)/cryptoperf
bashcompdir ?= $(datarootdir)/bash-completion/completions
INSTALL ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA ?= $(INSTALL) -m 644

# the paths go into a C string and a shell word
$(foreach v,bindir pkgdatadir pkglibdir,$(if $(findstring ",$($(v)))$(findstring ',$($(v)))$(findstring \,$($(v))),\
  $(error $(v) '$($(v))': no quotes or backslashes in install paths)))

PATHS_H := $(BUILD)/config/paths.h
BINDIR_TO_PKGDATADIR = $(shell realpath -s -m --relative-to='$(bindir)' '$(pkgdatadir)')
BINDIR_TO_PKGLIBDIR = $(shell realpath -s -m --relative-to='$(bindir)' '$(pkglibdir)')
$(PATHS_H): FORCE
	@mkdir -p $(@D)
	@printf '#define CP_PKGDATADIR "%s"\n#define CP_BINDIR_TO_PKGDATADIR "%s"\n#define CP_PKGLIBDIR "%s"\n#define CP_BINDIR_TO_PKGLIBDIR "%s"\n' \
	  '$(pkgdatadir)' '$(BINDIR_TO_PKGDATADIR)' '$(pkglibdir)' '$(BINDIR_TO_PKGLIBDIR)' >$@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi
$(BUILD)/gen/lib/base/datadir.o $(BUILD)/asan/lib/base/datadir.o: $(PATHS_H)

TEMPLATE_FILES := $(sort $(shell find templates -type f))
MAN_PAGES := gen/cryptoperf.1 firmware/runner/cryptoperf-run.1 firmware/cycles/cryptoperf-cycles.1
BASH_COMPLETION := gen/bash-completion/cryptoperf

.PHONY: install uninstall FORCE
FORCE:
install: $(CRYPTOPERF) $(RUNNER_PROG) $(CYCLES_CMD) $(CYCLES_PLUGIN)
	$(INSTALL) -d '$(DESTDIR)$(bindir)' '$(DESTDIR)$(man1dir)' '$(DESTDIR)$(pkgdatadir)/schema' \
	  '$(DESTDIR)$(bashcompdir)' '$(DESTDIR)$(pkglibdir)'
	$(INSTALL_PROGRAM) $(CRYPTOPERF) $(RUNNER_PROG) $(CYCLES_CMD) '$(DESTDIR)$(bindir)/'
	$(INSTALL_DATA) $(CYCLES_PLUGIN) '$(DESTDIR)$(pkglibdir)/'
	$(INSTALL_DATA) $(MAN_PAGES) '$(DESTDIR)$(man1dir)/'
	$(INSTALL_DATA) schema/dataset.schema.json schema/notes.schema.json '$(DESTDIR)$(pkgdatadir)/schema/'
	@for f in $(TEMPLATE_FILES); do \
	  $(INSTALL) -d "$(DESTDIR)$(pkgdatadir)/$${f%/*}" && $(INSTALL_DATA) "$$f" "$(DESTDIR)$(pkgdatadir)/$$f" || exit 1; \
	done
	@echo "installed $(words $(TEMPLATE_FILES)) template files in $(DESTDIR)$(pkgdatadir)/templates"
	$(INSTALL_DATA) $(BASH_COMPLETION) '$(DESTDIR)$(bashcompdir)/cryptoperf'

uninstall:
	rm -f '$(DESTDIR)$(bindir)/cryptoperf' '$(DESTDIR)$(bindir)/cryptoperf-run' '$(DESTDIR)$(bindir)/cryptoperf-cycles' \
	  $(foreach m,$(MAN_PAGES),'$(DESTDIR)$(man1dir)/$(notdir $(m))') '$(DESTDIR)$(bashcompdir)/cryptoperf'
	rm -rf '$(DESTDIR)$(pkgdatadir)' '$(DESTDIR)$(pkglibdir)'

# tests/cli/install.t installs what make test has built
TEST_PREREQS += $(RUNNER_PROG)
