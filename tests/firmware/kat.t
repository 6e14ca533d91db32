#!/usr/bin/env bash
# The quick suite of both Mbed TLS versions passes its known-answer checks
# in QEMU: one or two cases per family (AES CBC/CCM/GCM, 3DES, HASH incl.
# SHA-3 on 3.6), each reported with a positive instruction count; the run
# header carries the version the library reports.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 2.28.3 3.6.6; do
  fw_check_quick mbedtls "$v" "$d/$v.out" "$d/$v.err" 8 AES 3DES HASH
done
check "mbedtls 3.6.6: SHA-3 measured" grep -q 'hash: "sha3-256"' "$d/3.6.6.out"
done_testing
