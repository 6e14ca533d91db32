#!/usr/bin/env bash
# The quick suite of both Mbed TLS versions passes its known-answer checks
# in QEMU: one or two cases per family (AES CBC/CCM/GCM, 3DES, HASH incl.
# SHA-3 on 3.6, ECDSA P-256 sign and verify, X25519 shared secret against
# RFC 7748, RSA-1024 PKCS#1 v1.5 against OpenSSL's signature, DH-1024), each
# reported with a positive instruction count; the run header carries the
# version the library reports, what each configuration label means and the
# families the version lacks. 3.6.6's p256-m configuration (P-256 through
# PSA and p256-m), which no quick image reaches: its bench image runs its
# four P-256 cases, labelled p256-m, against the same vectors, and OpenSSL
# verifies its signature (the runner's check of the evidence).
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 2.28.3 3.6.6; do
  out=$d/$v.out err=$d/$v.err
  fw_check_quick mbedtls "$v" "$out" "$err" 8 AES 3DES ChaCha20-Poly1305 HASH ECDSA ECDH RSA DH
  for id in ecdsa-secp256r1-sha256-sign ecdsa-secp256r1-sha256-verify ecdh-x25519-shared \
    rsa-v1.5-1024-sign dh-1024-keygen; do
    check "mbedtls $v: $id measured" grep -qx "  # case $id" "$out"
  done
  check "mbedtls $v: no empty field" bash -c "! grep -q ': \"\"\$' '$out'"
  check "mbedtls $v: axes say what Fast means" grep -q '^      meaning: "library defaults' "$out"
done
check "mbedtls 3.6.6: SHA-3 measured" grep -q 'hash: "sha3-256"' "$d/3.6.6.out"
check "mbedtls 2.28.3: run header names the families it lacks" \
  grep -qx '  families_absent: "EdDSA, ML-DSA, ML-KEM, HBS-LMS"' "$d/2.28.3.out"
check "mbedtls 3.6.6: LMS, which 3.6 has, is not called absent" \
  grep -qx '  families_absent: "EdDSA, ML-DSA, ML-KEM"' "$d/3.6.6.out"

img=bench-mbedtls-3.6.6-p256-m.elf out=$d/p256m.out
fw_run_as quick-mbedtls-3.6.6.elf "$img" "$out" "$d/p256m.err"
rc=$?
check "mbedtls 3.6.6 p256-m: exits 0 (got $rc)" [ $rc -eq 0 ]
check "mbedtls 3.6.6 p256-m: nothing on stderr" [ ! -s "$d/p256m.err" ]
ids="ecdsa-secp256r1-sha256-sign ecdsa-secp256r1-sha256-verify ecdh-secp256r1-shared ecdh-secp256r1-keygen"
for id in $ids; do
  check "mbedtls 3.6.6 p256-m: $id measured" fw_reported "$out" "$id"
done
check "mbedtls 3.6.6 p256-m: no other case (P-256 only)" [ "$(grep -c '^  # case ' "$out")" -eq 4 ]
check "mbedtls 3.6.6 p256-m: every result labelled math_config p256-m" \
  [ "$(grep -c '^    math_config: "p256-m"$' "$out")" -eq 4 ]
check "mbedtls 3.6.6 p256-m: no curve_definition (p256-m has no such knob)" \
  bash -c "! grep -q '^    curve_definition:' '$out'"
check "mbedtls 3.6.6 p256-m: every case has a positive instruction count" \
  [ "$(grep -c '^    instructions: [1-9][0-9]*$' "$out")" -eq 4 ]
check "mbedtls 3.6.6 p256-m: the axis says what p256-m is" grep -q '^      meaning: "p256-m, the PSA driver TF-M uses' "$out"
check "mbedtls 3.6.6 p256-m: the image holds p256-m and no legacy ECC" \
  bash -c 'arm-none-eabi-nm "$0" | grep -qw p256_ecdsa_sign && ! arm-none-eabi-nm "$0" | grep -qw mbedtls_ecp_mul' \
  "$TOP/build/fw/$FW_BOARD/img/$img"
# The runner's own checks of the document, OpenSSL's of the signature
# included, on a manifest of this one image (nothing written).
awk -F'\t' -v OFS='\t' -v i="$img" 'NR == 1 { print; next }
  { n = split($1, p, "/") } p[n] == "quick-mbedtls-3.6.6.elf" { sub(/[^\/]*$/, i, $1); $2 = "bench"; $10 = "p256-m"; print }' \
  "$FW_TEST_MANIFEST" >"$d/p256m.tsv"
"${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}" --top "$TOP" --data "$d/data" --dry-run --no-footprint \
  "$d/p256m.tsv" >/dev/null 2>"$d/p256m-run.err"
rc=$?
check "mbedtls 3.6.6 p256-m: the runner accepts the document, OpenSSL the signature (exit $rc)" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$d/p256m-run.err"
done_testing
