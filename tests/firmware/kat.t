#!/usr/bin/env bash
# The quick suite of both Mbed TLS versions passes its known-answer checks
# in QEMU: one or two cases per family (AES CBC/CCM/GCM, 3DES, HASH incl.
# SHA-3 on 3.6, ECDSA P-256 sign and verify, X25519 shared secret against
# RFC 7748, RSA-1024 PKCS#1 v1.5 against OpenSSL's signature, DH-1024), each
# reported with a positive instruction count; the run header carries the
# version the library reports and what each configuration label means.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 2.28.3 3.6.6; do
  out=$d/$v.out err=$d/$v.err
  fw_run "quick-mbedtls-$v.elf" "$out" "$err"
  rc=$?
  check "mbedtls $v: quick suite exits 0 (got $rc)" [ $rc -eq 0 ]
  check "mbedtls $v: no error lines" [ ! -s "$err" ]
  check "mbedtls $v: library reports version $v" [ "$(yaml_value "$out" version)" = "$v" ]
  check "mbedtls $v: package recorded" grep -q "^    package: \"mbedtls $v-" "$out"
  for fam in AES 3DES HASH ECDSA ECDH RSA DH; do
    check "mbedtls $v: $fam results present" grep -q "^  - family: \"$fam\"" "$out"
  done
  for mode in CBC CCM GCM; do
    check "mbedtls $v: AES $mode results present" grep -q "cipher_mode: \"$mode\"" "$out"
  done
  for id in ecdsa-secp256r1-sha256-sign ecdsa-secp256r1-sha256-verify ecdh-x25519-shared \
    rsa-v1.5-1024-sign dh-1024-keygen; do
    check "mbedtls $v: $id measured" grep -qx "  # case $id" "$out"
  done
  check "mbedtls $v: no empty field" bash -c "! grep -q ': \"\"\$' '$out'"
  check "mbedtls $v: axes say what Fast means" grep -q '^      meaning: "library defaults' "$out"
  cases=$(grep -c '^  # case ' "$out")
  counts=$(grep -c '^    instructions: [1-9][0-9]*$' "$out")
  check "mbedtls $v: every case ($cases) has a positive instruction count" [ "$cases" -ge 8 ] && [ "$cases" = "$counts" ]
  check "mbedtls $v: no figure is called cycles" bash -c "! grep -q '^ *cycles:' '$out'"
done
check "mbedtls 3.6.6: SHA-3 measured" grep -q 'hash: "sha3-256"' "$d/3.6.6.out"
done_testing
