#!/usr/bin/env bash
# Failure images of BearSSL and LibTomCrypt, hooked on a ChaCha20-Poly1305
# case (the family both bring a port-side tag comparison to): a wrong known
# answer exits 3 with the case named, half the buffer processed fails its
# known answer, a fault exits 4, a hang runs into the timeout.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for lv in bearssl:0.6:chacha20-poly1305-enc-64 libtomcrypt:1.18.2:chacha20-poly1305-dec-1024; do
  IFS=: read -r lib v hook <<<"$lv"
  check "$lib $v: failure images hook $hook" [ "$(fw_field "fail-kat-$lib-$v.elf" case)" = "$hook" ]
  fw_check_failures "$lib" "$v" "$d" sha256-sb-64
done
done_testing
