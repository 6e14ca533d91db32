#!/usr/bin/env bash
# Failure images of Mbed TLS: a deliberately wrong known answer makes the
# image exit 3 naming the case (and the case is not timed); a fault exits 4
# through the fault handler; a hang is caught by the timeout.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 2.28.3 3.6.6; do
  fw_check_failures mbedtls "$v" "$d" sha256-sb-64
done
done_testing
