# make site: regenerate site/ from data/ and templates/ only (no firmware).
DATASETS := $(sort $(wildcard data/*/*/dataset.yaml))

.PHONY: site
site: $(CRYPTOPERF)
	$(CRYPTOPERF) render --data data --templates templates --out site
