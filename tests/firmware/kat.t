#!/usr/bin/env bash
# The quick suite of both Mbed TLS versions passes its known-answer checks
# in QEMU: one or two cases per family (AES CBC/CCM/GCM, 3DES, HASH incl.
# SHA-3 on 3.6, ECDSA P-256 sign and verify, X25519 shared secret against
# RFC 7748, RSA-1024 PKCS#1 v1.5 against OpenSSL's signature, DH-1024), each
# reported with a positive instruction count; the run header carries the
# version the library reports, what each configuration label means and the
# families the version lacks.
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
done_testing
