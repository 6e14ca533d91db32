#!/usr/bin/env bash
# Footprints charge the library only: the global data an AES footprint
# image has beyond its baseline comes from no harness source (nm -l names
# each symbol's file), and the P-256 signature images of the libraries
# with a per-curve switch (Mbed TLS 3.6.6, LibTomCrypt), built with P-256
# alone, hold neither a DRBG nor the other curves' constants; a BearSSL
# image of one EC implementation variant holds that variant and no other;
# Mbed TLS 3.6.6's p256-m signature holds p256-m behind PSA, no legacy ECC,
# and on its one-curve build no hash but SHA-256.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
IMG=$TOP/build/fw/$FW_BOARD/img
NM=arm-none-eabi-nm

# data symbols (type b, B, d, D) of an image: "name<TAB>file"
data_symbols() {
  $NM -l --defined-only "$1" | awk '$2 ~ /^[bBdD]$/ { f = $4; sub(/:[0-9]+$/, "", f); print $3 "\t" f }' | sort
}
# library-version:home-configuration (mk/fw-ports.mk's fw_home)
for lc in mbedtls-2.28.3:fast mbedtls-3.6.6:fast wolfssl-5.5.4:fast wolfssl-5.7.2:fast \
  bearssl-0.6:aes-ct-ctmul libtomcrypt-1.18.2:fast; do
  lv=${lc%%:*} home=${lc#*:}
  img=$IMG/fp-$lv-$home-aes-cbc-enc-sb.elf base=$IMG/fp-$lv-$home-baseline.elf
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

img=$IMG/fp-mbedtls-3.6.6-p256-m-ecdsa-sign-p256.elf
if [ -f "$img" ]; then
  syms=$($NM "$img")
  for sym in psa_sign_hash p256_transparent_sign_hash p256_ecdsa_sign; do
    check "mbedtls 3.6.6 p256-m ECDSA P-256 signature: $sym is in" grep -qw $sym <<<"$syms"
  done
  for sym in mbedtls_ecp_mul mbedtls_ecdsa_sign mbedtls_mpi_mul_mpi mbedtls_internal_md5_process \
    mbedtls_internal_sha1_process mbedtls_internal_sha512_process keccak_f1600; do
    check "mbedtls 3.6.6 p256-m ECDSA P-256 signature: $sym is not" bash -c '! grep -qw "$1" <<<"$0"' "$syms" $sym
  done
else
  fail "$img exists (make fw-test builds it)"
fi

# LibTomCrypt's curves are the entries of ltc_ecc_sets, named "ECC-<bits>".
img=$IMG/fp-libtomcrypt-1.18.2-ecc-ladder-ecdsa-sign-p256.elf
if [ -f "$img" ]; then
  names=$(arm-none-eabi-strings -a "$img" | grep -x 'ECC-[0-9]*' | sort | tr '\n' ' ')
  check "libtomcrypt ECDSA P-256 signature: only P-256 in the curve table (${names:-none})" [ "$names" = "ECC-256 " ]
  check "libtomcrypt ECDSA P-256 signature: no PRNG of the library (Yarrow, Fortuna, ChaCha20)" \
    bash -c '! '"$NM"' "$0" | grep -qiE "yarrow|fortuna|chacha20_prng"' "$img"
else
  fail "$img exists (make fw-test builds it)"
fi

img=$IMG/fp-bearssl-0.6-ec-p256-m15-ecdsa-sign-p256.elf
if [ -f "$img" ]; then
  syms=$($NM "$img")
  check "bearssl ECDSA P-256 p256_m15: the p256_m15 implementation is in" grep -qw br_ec_p256_m15 <<<"$syms"
  for other in br_ec_p256_m31 br_ec_prime_i15 br_ec_prime_i31 br_ec_all_m31; do
    check "bearssl ECDSA P-256 p256_m15: $other is not" bash -c '! grep -qw "$1" <<<"$0"' "$syms" "$other"
  done
else
  fail "$img exists (make fw-test builds it)"
fi
# No image holds the folder it was built in: LibTomCrypt keeps the source
# file name of each checking function (LTC_ARGCHK), and a footprint must be
# the same wherever the checkout is (crypto/libtomcrypt/libtomcrypt.mk).
# The images make test builds (the footprint images above, those of the
# test manifest), not whatever an older build left in the folder.
scratch=$(tmpdir)/section
built=()
for lc in mbedtls-2.28.3:fast mbedtls-3.6.6:fast wolfssl-5.5.4:fast wolfssl-5.7.2:fast \
  bearssl-0.6:aes-ct-ctmul libtomcrypt-1.18.2:fast; do
  built+=("$IMG/fp-${lc%%:*}-${lc#*:}-aes-cbc-enc-sb.elf" "$IMG/fp-${lc%%:*}-${lc#*:}-baseline.elf")
done
built+=("$IMG"/fp-{mbedtls-3.6.6-ecc-fast-high,libtomcrypt-1.18.2-ecc-ladder,bearssl-0.6-ec-p256-m15,mbedtls-3.6.6-p256-m}-ecdsa-sign-p256.elf)
mapfile -t -O ${#built[@]} built < <(cut -f1 "$TOP/build/fw/$FW_BOARD/manifest-test.tsv" | grep '\.elf$' | sed "s|^|$TOP/|")
check "images to look for the checkout folder in (${#built[@]})" [ ${#built[@]} -ge 30 ]
pathful=()
for elf in "${built[@]}"; do
  [ -f "$elf" ] || continue
  for sec in .rodata .data; do
    arm-none-eabi-objcopy -O binary --only-section=$sec "$elf" "$scratch"
    if grep -qF "$TOP/" "$scratch"; then
      pathful+=("${elf##*/}")
      break
    fi
  done
done
check "no image's constant or initialised data holds the checkout folder $TOP/ (${pathful[*]:0:3})" \
  [ ${#pathful[@]} -eq 0 ]
done_testing
