# Builds one static library from the C sources of a fetched source tree; run
# by mk/firmware.mk as a sub-make once the sources are fetched (so the source
# list is known). Variables: SRC_DIR, OBJ_DIR, LIB, CC, AR, CFLAGS; SRC_SUBDIR
# (default library/, Mbed TLS) and SRC_FILES (names in it, those present;
# default every *.c); CONFIG_FILE, the Mbed TLS configuration header, when given;
# HDRS, the port's configuration headers and its .mk, whose flags compile
# the objects (every object depends on them, also before the first build
# has written the dependency lists); DEPS, the prerequisites of the
# caller's rule for LIB; FINGERPRINTS, the configurations the archive is
# built for, as <library>-<version>-<configuration> (default: the archive's
# own name).
SRC_SUBDIR ?= library
FINGERPRINTS ?= $(basename $(notdir $(LIB)))
SRCS := $(if $(SRC_FILES),$(wildcard $(addprefix $(SRC_DIR)/$(SRC_SUBDIR)/,$(SRC_FILES))),$(wildcard $(SRC_DIR)/$(SRC_SUBDIR)/*.c))
OBJS := $(patsubst $(SRC_DIR)/$(SRC_SUBDIR)/%.c,$(OBJ_DIR)/%.o,$(SRCS))
# The archive's fingerprint object (mk/fw-fingerprint): the configurations
# it is built for and a hash of what built it (the compiler options, the
# configuration header named, the sources, the port's headers and .mk),
# with the checkout's folder left out so that two clones build the same
# image.
FP_SRC := $(OBJ_DIR)/cp-fingerprint.s
FP_OBJ := $(OBJ_DIR)/cp-fingerprint.o
FP_TEXT := $(subst $(CURDIR)/,,$(CFLAGS) $(CONFIG_FILE) $(sort $(SRCS)))
# The archive is remade whenever the caller's rule runs this make (it
# depends on DEPS as that rule does), so the caller never touches it
# afterwards: a `make -n` runs every line of a recipe that calls $(MAKE),
# and a `touch` there made an empty archive that later builds linked
# without a word (issue 28).
$(LIB): $(OBJS) $(firstword $(MAKEFILE_LIST)) mk/fw-fingerprint $(DEPS)
	@rm -f $@
	@mkdir -p $(OBJ_DIR)
	@mk/fw-fingerprint $$({ printf '%s\n' '$(FP_TEXT)'; cat $(HDRS) /dev/null; } | sha256sum | cut -c1-16) \
	  $(FINGERPRINTS) >$(FP_SRC)
	@$(CC) $(filter -m%,$(CFLAGS)) -c $(FP_SRC) -o $(FP_OBJ)
	@$(AR) rcs $@ $(OBJS) $(FP_OBJ)
$(OBJ_DIR)/%.o: $(SRC_DIR)/$(SRC_SUBDIR)/%.c $(HDRS)
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS) $(if $(CONFIG_FILE),-DMBEDTLS_CONFIG_FILE='"$(CONFIG_FILE)"') -MD -MP -c $< -o $@
# -MD, not -MMD: the library's headers come in through -isystem and include
# the configuration header; -MMD would leave both out of the lists.
-include $(OBJS:.o=.d)
