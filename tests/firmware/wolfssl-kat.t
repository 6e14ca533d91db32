#!/usr/bin/env bash
# The quick suite of both wolfSSL versions passes its known-answer checks in
# QEMU: one case or two per family, each with a positive instruction count.
# ECDSA and RSA run on wolfSSL's single-precision math with the Fast label.
# 5.7.2 has the post-quantum families; 5.5.4 has none of them and says so in
# its run header. The sources come from the pinned Debian packages.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 5.5.4 5.7.2; do
  pkg=$(cat "$TOP/cache/wolfssl/$v/package" 2>/dev/null)
  check "wolfssl $v: revision recorded ($pkg)" bash -c "[[ '$pkg' =~ ^wolfssl\ ${v//./\\.}-[0-9A-Za-z.+~]+\$ ]]"
  out=$d/$v.out
  fw_check_quick wolfssl "$v" "$out" "$d/$v.err" 16 AES 3DES ChaCha20-Poly1305 HASH EdDSA ECDH ECDSA RSA
  check "wolfssl $v: ECDSA P-256 signature labelled with the math configuration" \
    bash -c "grep -A8 '# case ecdsa-secp256r1-sha256-sign' '$out' | grep -q 'math_config: \"Fast\"'"
  check "wolfssl $v: RSA signature says CRT and its math configuration" \
    bash -c "grep -A10 '# case rsa-v1.5-1024-sign' '$out' | grep -q 'modexp_method: \"crt\"' &&
             grep -A10 '# case rsa-v1.5-1024-sign' '$out' | grep -q 'math_config: \"Fast\"'"
  for what in 'hash: "sha3-256"' 'curve: "ed25519"' 'curve: "ed448"' 'curve: "x25519"' 'curve: "x448"'; do
    check "wolfssl $v: $what measured" grep -q "^    $what\$" "$out"
  done
done

for fam in ML-DSA ML-KEM HBS-LMS; do
  check "wolfssl 5.7.2: $fam results present" grep -q "^  - family: \"$fam\"" "$d/5.7.2.out"
  check "wolfssl 5.5.4: no $fam results" bash -c "! grep -q '^  - family: \"$fam\"' '$d/5.5.4.out'"
done
check "wolfssl 5.7.2: ML-DSA carries its parameter set and variant" \
  bash -c "grep -A4 '# case ml-dsa-44-verification' '$d/5.7.2.out' | grep -q 'parameter_set: \"ML-DSA-44\"' &&
           grep -A8 '# case ml-dsa-44-verification' '$d/5.7.2.out' | grep -q 'variant: \"Fast\"'"
check "wolfssl 5.5.4: run header names the absent families" \
  grep -qx '  families_absent: "ML-DSA, ML-KEM, HBS-LMS"' "$d/5.5.4.out"
check "wolfssl 5.7.2: no absent families" bash -c "! grep -q families_absent '$d/5.7.2.out'"
done_testing
