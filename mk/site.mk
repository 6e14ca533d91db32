# make site: regenerate site/ from data/ and templates/ only (no firmware).
# The chart cache under build/ keeps charts that would be drawn the same
# (README "Charts"): a second make site with nothing changed draws none.
DATASETS := $(sort $(wildcard data/*/*/dataset.yaml))
# the notes source (data/notes.h): validated with the datasets it annotates
NOTES := $(sort $(wildcard data/notes/*.yaml))

.PHONY: site
site: $(CRYPTOPERF)
	$(CRYPTOPERF) render --strict --prune --chart-cache $(BUILD)/chart-cache --data data --templates templates --out site

# Refresh the golden pages of tests/golden/render.t after an intended change
# of the output (review the diff before committing). In update mode the test
# always reports a failure (it compared nothing), so its verdict is ignored
# and the test runs again as make test runs it.
.PHONY: golden
golden: $(CRYPTOPERF_ASAN)
	-@UPDATE_GOLDEN=1 tests/golden/render.t >/dev/null
	tests/golden/render.t

# A throw-away local MediaWiki with site/ published to it, until Ctrl-C
# (README "Publishing to a wiki"); WIKI_SITE=DIR another site,
# WIKI_PORT=N a fixed port.
WIKI_SITE ?= site
.PHONY: wiki-preview
wiki-preview: $(CRYPTOPERF)
	CRYPTOPERF=$(CRYPTOPERF) mk/wiki-preview $(WIKI_SITE)
