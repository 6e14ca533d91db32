#!/usr/bin/env bash
# Failure images of wolfSSL, hooked on a case of a family Mbed TLS lacks
# (WOLFSSL_HOOK_CASE, Ed25519 signature): a wrong known answer exits 3 with
# the case named, a fault exits 4, a hang runs into the timeout.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 5.5.4 5.7.2; do
  check "wolfssl $v: failure images hook ed25519-sign-1023" \
    [ "$(fw_field "fail-kat-wolfssl-$v.elf" case)" = ed25519-sign-1023 ]
  fw_check_failures wolfssl "$v" "$d" sha256-sb-64
done
done_testing
