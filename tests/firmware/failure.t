#!/usr/bin/env bash
# Failure images: a deliberately wrong known answer makes the image exit 3
# naming the case (and the case is not timed); a fault exits 4 through the
# fault handler; a hang is caught by the timeout.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 2.28.3 3.6.6; do
  case_id=$(fw_field "fail-kat-mbedtls-$v.elf" case)
  fw_run "fail-kat-mbedtls-$v.elf" "$d/kat.out" "$d/kat.err"
  rc=$?
  check "mbedtls $v: wrong known answer exits 3 (got $rc)" [ $rc -eq 3 ]
  check "mbedtls $v: error line names $case_id" grep -qx "error: case $case_id: known-answer mismatch" "$d/kat.err"
  # Each case is announced before it runs ("# case ID"); a result record
  # ("- family: ...") follows only when it passed its check.
  check "mbedtls $v: failed case not reported" bash -c "! grep -A1 -x '  # case $case_id' '$d/kat.out' | grep -q '^  - '"
  check "mbedtls $v: other cases still reported" bash -c "grep -A1 -x '  # case sha256-sb-64' '$d/kat.out' | grep -q '^  - family'"

  fw_run "fail-fault-mbedtls-$v.elf" "$d/fault.out" "$d/fault.err"
  rc=$?
  check "mbedtls $v: fault exits 4 (got $rc)" [ $rc -eq 4 ]
  check "mbedtls $v: fault reported" grep -q '^error: fault: ' "$d/fault.err"

  fw_run "fail-hang-mbedtls-$v.elf" "$d/hang.out" "$d/hang.err" 2
  rc=$?
  check "mbedtls $v: hang runs into the timeout (got $rc)" [ $rc -eq 124 ]
done
done_testing
