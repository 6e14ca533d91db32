# The host generator: build/gen/cryptoperf (optimised) and
# build/asan/cryptoperf (AddressSanitizer + UndefinedBehaviorSanitizer, used by
# the tests). The command layer (gen/cli/*.c) over a library (gen/lib/<stage>/
# *.c, gen/README.md) that the unit tests, the runner and bench/ link too.
# Includes name the layer ("data/dataset.h") from -Igen/lib; the runner and
# bench/ include only gen/lib/cryptoperf.h (tests/meta/layers.t).
GEN_PKGS := yaml-0.1 libcmark-gfm libcurl jansson libcrypto
# build/config holds paths.h, the install paths (mk/install.mk)
GEN_CFLAGS_COMMON := -std=c11 -pthread -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror \
  -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 -Igen/lib -I$(BUILD)/config
# the optimised build takes the user's (or dpkg-buildflags') CPPFLAGS,
# CFLAGS and LDFLAGS after ours: hardening for the Debian package
GEN_CFLAGS = $(GEN_CFLAGS_COMMON) -O2 -g $(CPPFLAGS) $(CFLAGS)
ASAN_CFLAGS := $(GEN_CFLAGS_COMMON) -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
GEN_LIBS = $(shell pkg-config --libs $(GEN_PKGS) 2>/dev/null) -lcmark-gfm-extensions -lcsv -lm -pthread
GEN_INC = $(shell pkg-config --cflags $(GEN_PKGS) 2>/dev/null)

GEN_CLI_SRC := $(sort $(wildcard gen/cli/*.c))
GEN_LIB_SRC := $(sort $(wildcard gen/lib/*/*.c))
GEN_SRC := $(GEN_CLI_SRC) $(GEN_LIB_SRC)
GEN_HDR := $(wildcard gen/cli/*.h gen/lib/*.h gen/lib/*/*.h gen/lib/*/*.def)

CRYPTOPERF := $(BUILD)/gen/cryptoperf
CRYPTOPERF_ASAN := $(BUILD)/asan/cryptoperf
GEN_LIB := $(BUILD)/gen/libcryptoperf.a
GEN_LIB_ASAN := $(BUILD)/asan/libcryptoperf.a

# build/gen/lib/data/node.o from gen/lib/data/node.c; the archives keep
# only base names, which are unique under gen/ (tests/meta/layers.t)
$(BUILD)/gen/%.o: gen/%.c $(GEN_HDR) | deps-gen
	@mkdir -p $(@D)
	$(CC) $(GEN_CFLAGS) $(GEN_INC) -c $< -o $@
$(BUILD)/asan/%.o: gen/%.c $(GEN_HDR) | deps-gen
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) $(GEN_INC) -c $< -o $@

$(GEN_LIB): $(patsubst gen/%.c,$(BUILD)/gen/%.o,$(GEN_LIB_SRC))
	@rm -f $@; ar rcs $@ $^
$(GEN_LIB_ASAN): $(patsubst gen/%.c,$(BUILD)/asan/%.o,$(GEN_LIB_SRC))
	@rm -f $@; ar rcs $@ $^

$(CRYPTOPERF): $(patsubst gen/%.c,$(BUILD)/gen/%.o,$(GEN_CLI_SRC)) $(GEN_LIB)
	$(CC) $(GEN_CFLAGS) $(LDFLAGS) -o $@ $^ $(GEN_LIBS)
$(CRYPTOPERF_ASAN): $(patsubst gen/%.c,$(BUILD)/asan/%.o,$(GEN_CLI_SRC)) $(GEN_LIB_ASAN)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(GEN_LIBS)

.PHONY: gen deps-gen
gen: $(CRYPTOPERF)
deps-gen:
	@$(TOP)/mk/install-deps $(DEPS_GEN)
