#!/usr/bin/env bash
# The quick suite of BearSSL 0.6 passes its known-answer checks in QEMU, in
# the home image of its implementation variants (aes_ct, ctmul; outside
# their group its default ec_all_m31, c25519_m31, rsa_i31): every family it
# has, GCM and ChaCha20-Poly1305 labelled with the multiplier variant, AES
# with the AES variant; no X448 case even announced (0.6 has no Curve448);
# the version established from the Debian package and said so, as BearSSL
# reports none; the families it lacks named.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)
out=$d/q.out

fw_check_quick bearssl 0.6 "$out" "$d/q.err" 12 AES 3DES ChaCha20-Poly1305 HASH ECDSA ECDH RSA
check "bearssl: version note says where 0.6 comes from" \
  grep -qE '^    version_note: "BearSSL has no version call or macro: 0\.6 is the upstream version of the Debian source package the build unpacked \(bearssl 0\.6\+dfsg' "$out"
check "bearssl: AES-GCM labelled with the AES variant ct" \
  bash -c "grep -A14 '# case aes-128-gcm-enc-1024' '$out' | grep -q 'configuration: \"ct\"'"
check "bearssl: AES-GCM labelled with the GHASH variant ctmul" \
  bash -c "grep -A14 '# case aes-128-gcm-enc-1024' '$out' | grep -q 'variant: \"ctmul\"'"
check "bearssl: ChaCha20-Poly1305 labelled with the Poly1305 variant ctmul" \
  bash -c "grep -A14 '# case chacha20-poly1305-enc-64' '$out' | grep -q 'variant: \"ctmul\"'"
check "bearssl: X25519 shared secret (RFC 7748) measured" fw_reported "$out" x25519-shared-secret
check "bearssl: no X448 case announced" bash -c "! grep -q '# case x448' '$out'"
check "bearssl: run header names the families it lacks" \
  grep -qx '  families_absent: "EdDSA, DH, ML-DSA, ML-KEM, HBS-LMS"' "$out"
check "bearssl: the working buffer is 0 (BearSSL never allocates)" \
  bash -c "! grep -q '^    heap_bytes: [1-9]' '$out'"
done_testing
