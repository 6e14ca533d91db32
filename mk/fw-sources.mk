# Firmware, part of mk/firmware.mk: the library sources (Debian source
# packages) and the known answers the images check against (OpenSSL).
# ---- sources: fetch (crypto/fetch-source serialises them with a lock: all
# share the private apt lists) ----
# The fetch runs once per version (a new revision needs `rm -r cache/<lib>`).
define fw_fetch
$(call $(2)_PACKAGE,$(3)): | crypto/fetch-source
	crypto/fetch-source $(1) $(3) $$($(2)_SUITE_$(3)) $(FW_CACHE) $$($(2)_MARKER)
$(BUILD)/fw/$(1)-$(3)/package.h: $(call fw_package_files,$(2),$(3))
	@mkdir -p $$(@D)
	printf '#define CP_PACKAGE "%s"\n' "$(call fw_package_text,$$^)" >$$@.tmp && mv $$@.tmp $$@
endef
$(foreach l,$(FW_LIBS),$(foreach v,$($(call fw_uc,$(l))_VERSIONS),$(eval $(call fw_fetch,$(l),$(call fw_uc,$(l)),$(v)))))
# Every (library, version) pair as lib:version, and the fetched package files.
FW_LIB_VERSIONS := $(foreach l,$(FW_LIBS),$(addprefix $(l):,$($(call fw_uc,$(l))_VERSIONS)))
fw_lv = $(word $(2),$(subst :, ,$(1)))
FW_PACKAGES := $(foreach l,$(FW_LIBS),$(foreach v,$($(call fw_uc,$(l))_VERSIONS),$(call fw_package_files,$(call fw_uc,$(l)),$(v))))

# ---- known answers (host tool, OpenSSL) ----
FW_VEC_TOOLS := mkvectors mkvectors_edwards mkvectors_lms
# mkpkvectors also links the runner's OpenSSL signature check, to verify the
# signatures it makes for the firmware to accept.
FW_VEC_EXTRA_mkpkvectors := firmware/runner/sigcheck.c
$(addprefix $(FW_VEC_DIR)/,$(FW_VEC_TOOLS) mkpkvectors): $(FW_VEC_DIR)/%: firmware/vectors/%.c firmware/vectors/emit.c \
    firmware/vectors/emit.h firmware/bench/vectors.h firmware/bench/vectors_edwards.h firmware/bench/vectors_lms.h \
    firmware/bench/pk_vectors.h \
    firmware/runner/sigcheck.c firmware/runner/sigcheck.h
	@mkdir -p $(@D)
	$(CC) -std=c11 -O2 -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes -Ifirmware/runner -o $@ $< \
	  firmware/vectors/emit.c $(FW_VEC_EXTRA_$*) -lcrypto
$(patsubst mk%,$(FW_VEC_DIR)/%.c,$(FW_VEC_TOOLS)): $(FW_VEC_DIR)/%.c: $(FW_VEC_DIR)/mk%
	$< $@.tmp && mv $@.tmp $@
$(FW_VEC_DIR)/pk_vectors.c: $(FW_VEC_DIR)/mkpkvectors
	$< $@.tmp && mv $@.tmp $@

