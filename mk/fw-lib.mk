# Builds one static library from every library/*.c of a source tree, or only
# from the files named in ONLY (those that exist); run by mk/firmware.mk as a
# sub-make once the sources are fetched (so the source list is known).
# Variables: SRC_DIR, OBJ_DIR, LIB, CC, AR, CFLAGS, CONFIG_FILE (the Mbed TLS
# configuration header) and ONLY (base names, optional).
SRCS := $(if $(ONLY),$(wildcard $(patsubst %,$(SRC_DIR)/library/%.c,$(ONLY))),$(wildcard $(SRC_DIR)/library/*.c))
OBJS := $(patsubst $(SRC_DIR)/library/%.c,$(OBJ_DIR)/%.o,$(SRCS))
$(LIB): $(OBJS)
	@rm -f $@
	$(AR) rcs $@ $^
$(OBJ_DIR)/%.o: $(SRC_DIR)/library/%.c
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS) -DMBEDTLS_CONFIG_FILE='"$(CONFIG_FILE)"' -MD -MP -c $< -o $@
# -MD, not -MMD: the configuration header is included from the library's
# own headers, which come in through -isystem; -MMD would leave it out and a
# configuration change would not rebuild the objects.
-include $(OBJS:.o=.d)
