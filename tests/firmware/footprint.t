#!/usr/bin/env bash
# Footprints charge the library only: the global data an AES footprint
# image has beyond its baseline comes from no harness source (nm -l names
# each symbol's file), and Mbed TLS 3.6.6's P-256 signature image, built
# with P-256 alone, holds neither a DRBG nor the other curves' constants.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
IMG=$TOP/build/fw/$FW_BOARD/img
NM=arm-none-eabi-nm

# data symbols (type b, B, d, D) of an image: "name<TAB>file"
data_symbols() {
  $NM -l --defined-only "$1" | awk '$2 ~ /^[bBdD]$/ { f = $4; sub(/:[0-9]+$/, "", f); print $3 "\t" f }' | sort
}
for lv in mbedtls-2.28.3 mbedtls-3.6.6 wolfssl-5.5.4 wolfssl-5.7.2; do
  img=$IMG/fp-$lv-fast-aes-cbc-enc-sb.elf base=$IMG/fp-$lv-fast-baseline.elf
  if [ ! -f "$img" ]; then
    fail "$lv: $img exists (make fw-test builds it)"
    continue
  fi
  extra=$(join -t $'\t' -v 1 <(data_symbols "$img") <(data_symbols "$base"))
  harness=$(grep -E $'\t.*/firmware/' <<<"$extra" | cut -f1 | tr '\n' ' ')
  check "$lv: AES footprint's extra global data holds no harness variable (${harness:-none})" [ -z "$harness" ]
  check "$lv: the harness scalars are in the baseline" grep -qw cp_fp_len <(data_symbols "$base")
done

img=$IMG/fp-mbedtls-3.6.6-ecc-fast-high-ecdsa-sign-p256.elf
if [ -f "$img" ]; then
  syms=$($NM "$img")
  check "mbedtls 3.6.6 ECDSA P-256 signature: no CTR_DRBG in the image (the harness's stream is the RNG)" \
    bash -c '! grep -q mbedtls_ctr_drbg <<<"$0"' "$syms"
  check "mbedtls 3.6.6 ECDSA P-256 signature: P-256's constants are in" grep -qw secp256r1_p <<<"$syms"
  check "mbedtls 3.6.6 ECDSA P-256 signature: P-384's are not" bash -c '! grep -qw secp384r1_p <<<"$0"' "$syms"
  check "mbedtls 3.6.6 ECDSA P-256 signature: P-521's are not" bash -c '! grep -qw secp521r1_p <<<"$0"' "$syms"
else
  fail "$img exists (make fw-test builds it)"
fi
done_testing
