# Firmware, part of mk/firmware.mk: a small board's needs probe (its bench
# images run on a roomier core to tell what each case needs).
# ---- needs probe (board.mk BOARD_NEEDS_PROBE; FW_PROBE above) ----
# One sub-make builds every probe image (objects shared between them must
# not be built by two makes at once); each runs once in QEMU on the probe's
# machine, and its "# needs" lines become the image's table (cp_needs,
# bench/case.h). A probe image that does not exit 0 with its end line stops
# the build: the board would have nothing to decide with.
ifneq ($(FW_NEEDS),)
FW_PROBE_MACHINE := $(shell sed -n 's/^BOARD_QEMU_MACHINE *:= *//p' firmware/boards/$(FW_NEEDS)/board.mk)
FW_PROBE_SHIFT := $(shell sed -n 's/^BOARD_ICOUNT_SHIFT *:= *//p' firmware/boards/$(FW_NEEDS)/board.mk)
.PHONY: fw-probe-images
fw-probe-images:
	+@$(MAKE) --no-print-directory BOARD=$(BOARD) FW_PROBE=1 fw-bench
# The sub-make relinks probe images after this make has looked at their
# times, so the recipe compares them itself (FW_FORCE): a table older than
# its probe image is measured again, a current one is left as it is (its
# time unchanged, nothing after it is rebuilt).
$(FW_DIR)/needs/%.out: FW_FORCE | fw-probe-images
	@elf=$(FW_PROBE_DIR)/img/$*.elf; [ -e $@ ] && [ $@ -nt $$elf ] && exit 0; \
	mkdir -p $(@D); \
	echo "  PROBE $*.elf on $(FW_PROBE_MACHINE)"; \
	timeout $(FW_TIMEOUT_PROBE) $(FW_QEMU) -M $(FW_PROBE_MACHINE) -display none -serial none -monitor none \
	  -semihosting-config enable=on,target=native -icount shift=$(FW_PROBE_SHIFT) -kernel $$elf >$@.tmp 2>$@.err || \
	  { echo "error: the needs probe $$elf failed (exit $$?):"; cat $@.err; exit 1; }; \
	grep -q '^end: {results: ' $@.tmp || { echo "error: the needs probe $$elf printed no end line"; exit 1; }; \
	mv $@.tmp $@
$(FW_DIR)/needs/%.c: $(FW_DIR)/needs/%.out firmware/bench/needs.awk
	@awk -f firmware/bench/needs.awk $< >$@.tmp && mv $@.tmp $@
$(FW_DIR)/needs/%.o: $(FW_DIR)/needs/%.c
	@echo "  CC   needs/$(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -c $< -o $@
endif
