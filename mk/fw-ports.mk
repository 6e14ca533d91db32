# Firmware, part of mk/firmware.mk (included from there, in pipeline order):
# the ports' contract and the libraries, versions and packages they name.
FW_CACHE := $(TOP)/cache
# Each port's .mk defines, with its upper-case prefix (FW_UC_<lib>):
# _VERSIONS, _SUITE_<v>, _CONFIGS (or _CONFIGS_<v>, a version's own list:
# Mbed TLS 3.6's p256-m), _CONFIG_LABEL_<c>, _PACKAGE/_SRC (of a
# version), _MARKER, _DEFS and _PORT_DEFS (of a version and configuration:
# compiler options of the library and of the port sources), _LIB_VARS (what
# mk/fw-lib.mk needs besides CFLAGS), _BENCH_EXTRA_<v> (drivers of families
# only it has, under obj/), _PORT_SRC, _CONFIG_HDR, _HASHES_AXIS, _HASHES_PLAIN_<v> and
# _FP_EXTRA_<v> (footprint operations of families only it has). Optional:
# _HOME_CONFIG (the configuration of the quick and failure images, default
# fast), _ARCHIVE (of a version and configuration: the configuration whose
# library archive it links, when configurations differ only in the port's
# sources, as BearSSL's implementation variants do; default its own) and
# _PACKAGE_MORE (of a version: package files of further Debian source
# packages the port builds, LibTomCrypt's LibTomMath, fetched by the port's
# own rule), _LINK_MORE (of a version and configuration: archives linked
# after the library's, LibTomCrypt's LibTomMath) and _RULES (make rules of
# its own, evaluated once the common variables below are set: LibTomMath's
# fetch and archive).
# The curves and moduli of the public-key footprint rows (the ports' .mk
# files use them, so they come first).
FP_CURVES := p256 p384 p521
FP_CURVE_ENUM_p256 := CP_P256
FP_CURVE_ENUM_p384 := CP_P384
FP_CURVE_ENUM_p521 := CP_P521
FP_CURVE_NAME_p256 := secp256r1
FP_CURVE_NAME_p384 := secp384r1
FP_CURVE_NAME_p521 := secp521r1
FP_RSA_MODULI := 1024 2048 3072
FP_DH_MODULI := 1024 2048
FW_LIBS := mbedtls wolfssl bearssl libtomcrypt
FW_UC_mbedtls := MBEDTLS
FW_UC_wolfssl := WOLFSSL
FW_UC_bearssl := BEARSSL
FW_UC_libtomcrypt := LIBTOMCRYPT
FW_PORT_MK := $(foreach l,$(FW_LIBS),crypto/$(l)/$(l).mk)
include $(FW_PORT_MK)
fw_uc = $(FW_UC_$(1))
# The configuration of library $(1) whose images hold every family (quick
# and failure images), and the archive configuration $(3) of version $(2)
# links (prefix $(1)).
fw_home = $(or $($(call fw_uc,$(1))_HOME_CONFIG),fast)
fw_archive = $(or $(call $(1)_ARCHIVE,$(2),$(3)),$(3))
# The package files of version $(2) (prefix $(1)), and the shell words that
# print them as one line ("libtomcrypt 1.18.2-6, libtommath 1.2.0-6+deb12u1").
fw_package_files = $(call $(1)_PACKAGE,$(2)) $(call $(1)_PACKAGE_MORE,$(2))
fw_package_text = `cat $(1) | paste -sd, - | sed 's/,/, /g'`

