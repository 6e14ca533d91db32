# make deb: the Debian package (debian/), built with dpkg-buildpackage -us -uc
# -b from a copy of the tree's files (tracked and new, as git lists them; all
# but build/ and cache/ outside git) in
# build/deb/src, so the checkout's own build/ is left alone. The result is
# build/deb/cryptoperf_<version>_<arch>.deb, remade only when a file it is
# built from changed; build/deb/build.log has dpkg-buildpackage's output.
DEB_VERSION := $(shell dpkg-parsechangelog -l debian/changelog -S Version 2>/dev/null)
DEB_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
DEB := $(BUILD)/deb/cryptoperf_$(DEB_VERSION)_$(DEB_ARCH).deb
# what the package is made from (site/ only checks it: its chart names have
# spaces, which a make prerequisite cannot); the runner links the host's
# vectors, which firmware/vectors/ writes (mk/runner.mk)
DEB_INPUTS := Makefile README.md $(wildcard mk/*.mk) $(GEN_SRC) $(GEN_HDR) $(RUNNER_SRC) $(wildcard firmware/runner/*.h) \
  $(wildcard firmware/vectors/*.[ch]) $(RUNNER_VEC_HDR) \
  $(MAN_PAGES) $(BASH_COMPLETION) schema/dataset.schema.json schema/notes.schema.json $(TEMPLATE_FILES) $(DATASETS) $(NOTES) \
  $(wildcard debian/* debian/source/*)
# their folders too: a file removed or added changes its folder's time
DEB_INPUT_DIRS := $(filter-out ./,$(sort $(dir $(DEB_INPUTS))))

.PHONY: deb deps-deb
deb: $(DEB)
deps-deb:
	@$(TOP)/mk/install-deps $(DEPS_GEN) $(DEPS_RUNNER) $(DEPS_SITE) $(DEPS_DEB)

$(DEB): $(DEB_INPUTS) $(DEB_INPUT_DIRS) | deps-deb
	@rm -rf $(BUILD)/deb && mkdir -p $(BUILD)/deb/src
	@echo "deb: copying the tree to $(BUILD)/deb/src"
	@cd $(TOP) && { if git rev-parse --git-dir >/dev/null 2>&1; then \
	    git ls-files -z --cached --others --exclude-standard | grep -zvx 'cache'; \
	  else find . -path ./build -prune -o -path ./cache -prune -o -type f -print0; fi; } | \
	  tar --null -T - -cf - | tar -C $(BUILD)/deb/src -xf -
	@echo "deb: dpkg-buildpackage -us -uc -b (log: $(BUILD)/deb/build.log)"
	@cd $(BUILD)/deb/src && dpkg-buildpackage -us -uc -b >$(BUILD)/deb/build.log 2>&1 || \
	  { tail -40 $(BUILD)/deb/build.log; echo "deb: dpkg-buildpackage failed, see $(BUILD)/deb/build.log"; exit 1; }
	@rm -rf $(BUILD)/deb/src
	@test -f $@ || { echo "deb: $@ was not made"; ls $(BUILD)/deb; exit 1; }
	@echo "deb: wrote $@"
