# Firmware, part of mk/firmware.mk: the board layer and the harness (case
# runner and its variants, the counter self test).
# ---- board layer and harness ----
$(FW_DIR)/link.ld: firmware/hal/link.ld.in $(FW_BOARD_MK)
	@mkdir -p $(@D)
	$(FW_CC) -E -P -x c -DCP_CODE_ORIGIN=$(BOARD_CODE_ORIGIN) -DCP_CODE_LENGTH=$(BOARD_CODE_LENGTH) \
	  -DCP_RAM_ORIGIN=$(BOARD_RAM_ORIGIN) -DCP_RAM_LENGTH=$(BOARD_RAM_LENGTH) \
	  -DCP_STACK_BYTES=$(BOARD_STACK_BYTES) $< -o $@
$(FW_DIR)/link-fp.ld: firmware/hal/link.ld.in $(FW_BOARD_MK)
	@mkdir -p $(@D)
	$(FW_CC) -E -P -x c -DCP_CODE_ORIGIN=$(BOARD_CODE_ORIGIN) -DCP_CODE_LENGTH=$(BOARD_CODE_LENGTH) \
	  -DCP_RAM_ORIGIN=$(BOARD_RAM_ORIGIN) -DCP_RAM_LENGTH=$(BOARD_FP_RAM_LENGTH) \
	  -DCP_STACK_BYTES=$(BOARD_STACK_BYTES) $< -o $@
$(FW_DIR)/obj/%.o: firmware/%.c $(FW_BOARD_MK)
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -c $< -o $@
$(FW_DIR)/obj/%.o: firmware/%.S
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(BOARD_CPU_FLAGS) -c $< -o $@
$(patsubst mk%,$(FW_DIR)/obj/%.o,$(FW_VEC_TOOLS)) $(FW_DIR)/obj/pk_vectors.o: $(FW_DIR)/obj/%.o: $(FW_VEC_DIR)/%.c
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -c $< -o $@

# The board layer: what every board has, and the board's own (board.mk
# BOARD_HAL: its console, its counter, its clock code).
FW_HAL_COMMON := startup console stack board empty
FW_HAL_OBJ := $(patsubst %,$(FW_DIR)/obj/hal/%.o,$(FW_HAL_COMMON) $(BOARD_HAL))
# What every image of a library links from the harness besides the board
# layer: the counting allocator and the random stream.
FW_HARNESS_OBJ := $(FW_DIR)/obj/bench/heap.o $(FW_DIR)/obj/bench/rand.o
FW_BENCH_OBJ := $(patsubst %,$(FW_DIR)/obj/bench/%.o,main report heap bench_cbc bench_aead bench_hash) \
  $(FW_DIR)/obj/vectors.o
# Parts of the suite and their masks (bench/case.h CP_PART_*).
FW_PART_MASK_sym := 1
FW_PART_MASK_ec := 2
FW_PART_MASK_rsa := 4
FW_PART_MASK_pq := 8
$(FW_DIR)/obj/bench/main@%.o: firmware/bench/main.c $(FW_BOARD_MK)
	@mkdir -p $(@D)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -DCP_PART=$(FW_PART_MASK_$*) -c $< -o $@
# The bench images of library $(1) (prefix $(2)), version $(3), configuration
# $(4): one, or one per part the board splits the suite into and the port's
# configuration has cases of (_BENCH_PARTS_<v>_<c>, default all four).
fw_port_parts = $(or $($(2)_BENCH_PARTS_$(3)_$(4)),$($(2)_BENCH_PARTS_$(4)),$($(2)_BENCH_PARTS_$(3)),sym ec rsa pq)
fw_bench_images = $(if $(filter all,$(BOARD_BENCH_PARTS)),$(call fw_img,bench,$(1),$(3),$(4)),\
  $(foreach p,$(filter $(BOARD_BENCH_PARTS),$(call fw_port_parts,$(1),$(2),$(3),$(4))),$(call fw_img,bench,$(1),$(3),$(4),$(p))))

# The case runner in its variants: full suite, quick suite, quick + a hook.
FW_HOOKS := kat=$(FW_BREAK_KAT) fault=$(FW_FAULT_CASE) hang=$(FW_HANG_CASE) half=$(FW_HALF_CASE)
$(FW_DIR)/obj/hooks.stamp: FW_FORCE
	@mkdir -p $(@D)
	@echo '$(FW_HOOKS)' | cmp -s - $@ || echo '$(FW_HOOKS)' >$@
.PHONY: FW_FORCE
FW_FORCE:
$(FW_DIR)/obj/case-full.o: firmware/bench/case.c $(FW_BOARD_MK) $(FW_DIR)/obj/hooks.stamp
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) $(if $(FW_NEEDS),-DCP_FIT_CHECK) -MMD -MP -c $< -o $@ \
	  $(if $(FW_BREAK_KAT),-DCP_BREAK_KAT='"$(FW_BREAK_KAT)"') \
	  $(if $(FW_FAULT_CASE),-DCP_FAULT_CASE='"$(FW_FAULT_CASE)"') \
	  $(if $(FW_HANG_CASE),-DCP_HANG_CASE='"$(FW_HANG_CASE)"') \
	  $(if $(FW_HALF_CASE),-DCP_HALF_CASE='"$(FW_HALF_CASE)"')
$(FW_DIR)/obj/case-quick.o: firmware/bench/case.c $(FW_BOARD_MK)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -DCP_SUITE_QUICK -c $< -o $@
fw_x = $(word $(2),$(subst :, ,$(1)))
# Failure variants: case-<hook>@<case id>.o breaks that case (the case id
# differs per library: each port names one of its own cases, _HOOK_CASE).
FW_HOOK_DEF_kat := CP_BREAK_KAT
FW_HOOK_DEF_fault := CP_FAULT_CASE
FW_HOOK_DEF_hang := CP_HANG_CASE
FW_HOOK_DEF_half := CP_HALF_CASE
FW_HOOK_DEF_halfdigest := CP_HALF_CASE
# (A static pattern: a plain one would offer make a way to "remake" the .d
# files it includes, through case-*.d.o.)
FW_CASE_HOOK_OBJ = $(sort $(foreach l,$(FW_LIBS),$(foreach k,kat fault hang half,$(FW_DIR)/obj/case-$(k)@$(call fw_hook_case_of,$(l),$(k)).o) \
  $(foreach x,$($(call fw_uc,$(l))_QUICK_EXTRA),$(FW_DIR)/obj/case-$(call fw_x,$(x),2)@$(call fw_x,$(x),3).o)))
$(FW_CASE_HOOK_OBJ): $(FW_DIR)/obj/case-%.o: firmware/bench/case.c $(FW_BOARD_MK)
	@echo "  CC   $(notdir $@)"
	@$(FW_CC) $(FW_CFLAGS) -MMD -MP -DCP_SUITE_QUICK \
	  -D$(FW_HOOK_DEF_$(firstword $(subst @, ,$*)))='"$(word 2,$(subst @, ,$*))"' -c $< -o $@

$(FW_IMG_DIR)/selftest.elf: $(FW_HAL_OBJ) $(FW_DIR)/obj/bench/selftest.o $(FW_DIR)/obj/bench/selftest_loops.o $(FW_DIR)/link.ld
	@mkdir -p $(@D)
	@echo "  LD   $(notdir $@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $@ $(filter %.o,$^)

