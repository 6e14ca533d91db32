#!/usr/bin/env bash
# The quick suite of LibTomCrypt 1.18.2 (with LibTomMath) passes its
# known-answer checks in QEMU in its home image (LibTomCrypt's defaults):
# every family it has; LTC_SMALL_CODE's axis on AES, 3DES and SHA-2 but
# not SHA-3; GCM labelled with its table variant; the version from SCRYPT
# and LibTomMath's from its Debian package, both packages recorded.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)
out=$d/q.out

fw_check_quick libtomcrypt 1.18.2 "$out" "$d/q.err" 14 AES 3DES ChaCha20-Poly1305 HASH ECDSA RSA DH
check "libtomcrypt: both packages recorded" grep -qE '^    package: "libtomcrypt 1\.18\.2-[^,]+, libtommath 1\.2\.0-' "$out"
check "libtomcrypt: version note names LibTomMath's source" grep -q '^    version_note: ".*LibTomMath has no version macro' "$out"
check "libtomcrypt: 3DES on the LTC_SMALL_CODE axis" \
  bash -c "grep -A10 '# case 3des-cbc-enc-sb-64' '$out' | grep -q 'configuration: \"Fast\"'"
check "libtomcrypt: SHA-256 on the LTC_SMALL_CODE axis" \
  bash -c "grep -A8 '# case sha256-sb-64' '$out' | grep -q 'configuration: \"Fast\"'"
check "libtomcrypt: SHA-3 not on it" \
  bash -c "! grep -A8 '# case sha3-256-sb-64' '$out' | grep -q 'configuration:'"
check "libtomcrypt: AES-GCM labelled with the GCM table variant" \
  bash -c "grep -A14 '# case aes-128-gcm-enc-1024' '$out' | grep -q 'variant: \"Tables\"'"
check "libtomcrypt: ChaCha20-Poly1305 carries no label (no knob changes it)" \
  bash -c "! grep -A14 '# case chacha20-poly1305-enc-64' '$out' | grep -qE '(configuration|variant):'"
check "libtomcrypt: run header names the families it lacks" \
  grep -qx '  families_absent: "EdDSA, ML-DSA, ML-KEM, HBS-LMS"' "$out"
done_testing
