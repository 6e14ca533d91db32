#!/usr/bin/env bash
# Six library versions on each emulated board: the committed BearSSL and
# LibTomCrypt datasets validate and have AES, SHA-256, ECDSA P-256 and
# ChaCha20-Poly1305 rows (BearSSL's labelled with its implementation
# variants); every library version has ChaCha20-Poly1305 rows; the
# comparison page shows the six versions side by side, its ChaCha20-Poly1305
# cells follow from the data (derive.pl's own arithmetic); each dataset page
# has the ChaCha20-Poly1305 section with its chart; a diff page exists only
# between versions of one library.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib-cell.sh"
cd "$TOP" || exit 1

# rows DATASET FIELD=VALUE...: how many results have every field
rows() {
  local ds=$1; shift
  awk -v crit="$*" 'BEGIN { n = split(crit, c, " ") }
    /^  - \{/ { line = $0; sub(/\{/, "{ ", line); ok = 1
               for (i = 1; i <= n; i++) { split(c[i], kv, "="); if (index(line, " " kv[1] ": " kv[2] ",") == 0) ok = 0 }
               if (ok) hits++ }
    END { print hits + 0 }' "$ds"
}

for board in mps2-an505 mps2-an386; do
  short=$(tr a-z A-Z <<<"${board#mps2-}")
  for lv in bearssl-0.6 libtomcrypt-1.18.2; do
    ds=data/$board/$lv/dataset.yaml
    check "$board/$lv: dataset validates" "$CRYPTOPERF" validate "$ds"
    for crit in "family=AES cipher_mode=CBC" "family=HASH hash=sha256" "family=ECDSA curve=secp256r1" \
      "family=ChaCha20-Poly1305"; do
      # shellcheck disable=SC2086
      check "$board/$lv: has rows with $crit" [ "$(rows "$ds" $crit)" -gt 0 ]
    done
  done
  ds=data/$board/bearssl-0.6/dataset.yaml
  for lab in configuration=big configuration=small configuration=ct variant=ctmul32 math_config=p256_m15 \
    math_config=prime_i31 math_config=c25519_m31 math_config=i15 math_config=i32; do
    check "$board/bearssl-0.6: rows labelled $lab" [ "$(rows "$ds" "$lab")" -gt 0 ]
  done
  check "$board/bearssl-0.6: no RSA-PSS row (0.6 has none)" [ "$(rows "$ds" family=RSA pkcs1=v2.1)" -eq 0 ]

  n=0
  for ds in data/$board/*/dataset.yaml; do
    lv=$(basename "$(dirname "$ds")")
    n=$((n + 1))
    check "$board/$lv: ChaCha20-Poly1305 encryption and decryption of 1024 bytes" \
      [ "$(rows "$ds" family=ChaCha20-Poly1305 buffer_bytes=1024 aad_bytes=16)" -ge 2 ]
    check "$board/$lv: its page has the ChaCha20-Poly1305 section" \
      grep -q '^### .*ChaCha20-Poly1305 authenticated encryption$' "site/$board/$lv/index.md"
    lib=${lv%-*} ver=${lv##*-}
    check "$board/$lv: and its chart" test -f "site/$board/$lv/Cryptolib $short $lib-$ver ChaCha20-Poly1305 SB Enc.svg"
  done
  check "$board: six library versions measured ($n)" [ "$n" -eq 6 ]

  C=site/$board/compare.md
  cols=$(awk '/^\| Library \| Version/ { t = 1; next } t && !/^\|/ { exit } t && !/^\| ---/ { n++ } END { print n + 0 }' "$C")
  check "$board: the comparison page lists six versions ($cols)" [ "$cols" -eq 6 ]
  for v in "Mbed TLS 2.28.3:mbedtls-2.28.3" "Mbed TLS 3.6.6:mbedtls-3.6.6" "wolfSSL 5.5.4:wolfssl-5.5.4" \
    "wolfSSL 5.7.2:wolfssl-5.7.2" "BearSSL 0.6:bearssl-0.6" "LibTomCrypt 1.18.2:libtomcrypt-1.18.2"; do
    col=${v%%:*} ds=data/$board/${v#*:}/dataset.yaml
    want=$(tests/site/derive.pl rate "$ds" family=ChaCha20-Poly1305 kind=performance operation=encryption)
    have=$(cell "$C" "Algorithm, operation (Kbytes/s)" "ChaCha20-Poly1305 Encrypt" "$col")
    check "$board compare, ChaCha20-Poly1305 Encrypt, $col: '$have' = '$want'" test "$have" = "$want"
  done
  diffs=$(cd "site/$board" && ls -d diff-* | tr '\n' ' ')
  check "$board: diff pages only within a library ($diffs)" test "$diffs" = "diff-mbedtls-2.28.3-to-3.6.6 diff-wolfssl-5.5.4-to-5.7.2 "
done
done_testing
