#!/usr/bin/env bash
# Footprints charge the library only: the global data an AES footprint
# image has beyond its baseline comes from no harness source (nm -l names
# each symbol's file), and the P-256 signature images of the libraries
# with a per-curve switch (Mbed TLS 3.6.6, LibTomCrypt), built with P-256
# alone, hold neither a DRBG nor the other curves' constants; a BearSSL
# image of one EC implementation variant holds that variant and no other;
# Mbed TLS 3.6.6's p256-m signature holds p256-m behind PSA, no legacy ECC,
# and on its one-curve build no hash but SHA-256. The runner's attribution
# of every input section of the link map (firmware/runner/fpattr.c, through
# its test driver): the port adapter's functions count as the adapter's,
# main as the harness's, and a row's library figure is what the library
# archives' members add, summed here from the map independently.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
IMG=$TOP/build/fw/$FW_BOARD/img
NM=arm-none-eabi-nm
ATTR=${FP_ATTR:-$TOP/build/tests/fp_attr}

# map_bytes MAP ORIGIN-REGEX: "code const data", the bytes of the input
# sections whose file matches the regex, each up to the next input's
# address (a string section merged away takes nothing), by output section
# (firmware/hal/link.ld.in: .vectors and .text code, .rodata and
# .ARM.exidx constants, .data and .bss global data)
map_bytes() {
  awk -v want="$2" '
    function hex(s) { return strtonum(s) }
    function flush() { if (pend_file != "" && pend_sec in col) {
        ext = (nxt - pend_addr < pend_size) ? nxt - pend_addr : pend_size
        if (pend_file ~ want) sum[col[pend_sec]] += ext }
      pend_file = "" }
    function entry(addr, size, file) { nxt = addr; flush(); pend_addr = addr; pend_size = size
      pend_file = file == "" ? "-" : file; pend_sec = sec }
    BEGIN { col[".vectors"] = 1; col[".text"] = 1; col[".rodata"] = 2; col[".ARM.exidx"] = 2
      col[".data"] = 3; col[".bss"] = 3 }
    /^Linker script and memory map/ { inmap = 1; next }
    !inmap { next }
    /^[^ ]/ { nxt = end; flush(); split($0, f, " "); sec = f[1]
      if (f[2] ~ /^0x/) end = hex(f[2]) + hex(f[3]); else { getline; end = hex($1) + hex($2) }
      next }
    /^ [^ *]/ && NF == 1 { name = $1; getline; entry(hex($1), hex($2), substr($0, index($0, $3))); next }
    /^ \*fill\*/ { entry(hex($2), hex($3), ""); next }
    /^ [^ *]/ && $2 ~ /^0x/ && $3 ~ /^0x/ { entry(hex($2), hex($3), substr($0, index($0, $4))); next }
    END { nxt = end; flush(); printf "%d %d %d\n", sum[1], sum[2], sum[3] }' "$1"
}
# fp_row IMAGE BASELINE LIBRARY VERSION FIELD: a figure of the row the
# runner writes
fp_row() { "$ATTR" -r "$3" "$4" "$1" "$2" | awk -v f="$5" '$1 == f { print $2 }'; }
LIBRARY_FILE='/fw/lib-[^/]*/[^/]*[.]a[(]'

if [ ! -x "$ATTR" ]; then
  fail "$ATTR exists (make $ATTR)"
fi
# image:baseline:library:version:adapter function
for row in mbedtls-2.28.3-fast-aes-cbc-enc-sb:mbedtls-2.28.3-fast-baseline:mbedtls:2.28.3:cp_aes_cbc_enc \
  mbedtls-3.6.6-fast-aes-cbc-enc-sb:mbedtls-3.6.6-fast-baseline:mbedtls:3.6.6:cp_aes_cbc_enc \
  wolfssl-5.7.2-fast-aes-cbc-enc-sb:wolfssl-5.7.2-fast-baseline:wolfssl:5.7.2:cp_aes_cbc_enc \
  bearssl-0.6-aes-ct-ctmul-aes-cbc-enc-sb:bearssl-0.6-aes-ct-ctmul-baseline:bearssl:0.6:cp_aes_cbc_enc \
  libtomcrypt-1.18.2-fast-aes-cbc-enc-sb:libtomcrypt-1.18.2-fast-baseline:libtomcrypt:1.18.2:cp_aes_cbc_enc \
  mbedtls-3.6.6-ecc-fast-high-ecdsa-sign-p256:mbedtls-3.6.6-ecc-fast-high-p256-baseline:mbedtls:3.6.6:cp_ecdsa_sign \
  libtomcrypt-1.18.2-ecc-ladder-ecdsa-sign-p256:libtomcrypt-1.18.2-ecc-ladder-p256-baseline:libtomcrypt:1.18.2:cp_ecdsa_sign; do
  IFS=: read -r name base lib ver fn <<<"$row"
  img=$IMG/fp-$name.elf bimg=$IMG/fp-$base.elf
  if [ ! -f "${img%.elf}.map" ] || [ ! -f "${bimg%.elf}.map" ]; then
    fail "$name: the image and its baseline have link maps (make fw-test builds them)"
    continue
  fi
  inputs=$("$ATTR" -i "$lib" "$ver" "$img")
  check "$name: $fn is the port adapter's" \
    grep -qP "^adapter\tcode\t[0-9]+\t\.text\.$fn\t.*/obj/$lib-$ver-[^/]*/adapter_[a-z]+\.o$" <<<"$inputs"
  check "$name: main is the harness's" grep -qP "^harness\tcode\t[0-9]+\t\.text(\.startup)?\.main\t" <<<"$inputs"
  check "$name: the library's code is the library's" grep -qP "^library\tcode\t[0-9]+\t.*$lib-$ver-[^/]*\.a\(" <<<"$inputs"
  read -r ic ir iw <<<"$(map_bytes "${img%.elf}.map" "$LIBRARY_FILE")"
  read -r bc br bw <<<"$(map_bytes "${bimg%.elf}.map" "$LIBRARY_FILE")"
  for k in code:$((ic - bc)) const:$((ir - br)) data:$((iw - bw)); do
    col=${k%%:*}
    figure=$(fp_row "$img" "$bimg" "$lib" "$ver" ${col}_bytes)
    runtime=$(fp_row "$img" "$bimg" "$lib" "$ver" runtime_${col}_bytes)
    check "$name: $col bytes less the C runtime's ($figure - $runtime) = the library archives' members in the map (${k#*:})" \
      [ "$((figure - runtime))" = "${k#*:}" ]
  done
  check "$name: the library has code" [ "$((ic - bc))" -gt 0 ]
  main_growth=$(( $(map_bytes "${img%.elf}.map" '/obj/[^/]*/fp-[^/]*[.]o$' | cut -d' ' -f1) -
                  $(map_bytes "${bimg%.elf}.map" '/obj/[^/]*/fp-[^/]*[.]o$' | cut -d' ' -f1) ))
  check "$name: main grew by the call ($main_growth bytes, from the maps)" [ "$main_growth" -gt 0 ]
  check "$name: the runner gives main's growth to the harness" \
    [ "$(fp_row "$img" "$bimg" "$lib" "$ver" harness_code_bytes)" = "$main_growth" ]
  # the port's objects: its folder's, but the footprint program
  port=() ; for m in "${img%.elf}.map" "${bimg%.elf}.map"; do
    port+=($(( $(map_bytes "$m" "/obj/$lib-$ver-[^/]*/[^/]*[.]o\$" | cut -d' ' -f1) -
               $(map_bytes "$m" '/obj/[^/]*/fp-[^/]*[.]o$' | cut -d' ' -f1) )))
  done
  check "$name: the port's objects grew ($((port[0] - port[1])) bytes of code, from the maps)" \
    [ "$((port[0] - port[1]))" -gt 0 ]
  check "$name: the runner gives that growth to the adapter, apart" \
    [ "$(fp_row "$img" "$bimg" "$lib" "$ver" adapter_code_bytes)" = "$((port[0] - port[1]))" ]
done

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
