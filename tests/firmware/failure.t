#!/usr/bin/env bash
# Failure images: a deliberately wrong known answer makes the image exit 3
# naming the case (and the case is not timed), also for an ECDSA signature
# that no longer verifies (one byte flipped); a fault exits 4 through the
# fault handler; a hang is caught by the timeout, also in a public-key case.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for v in 2.28.3 3.6.6; do
  fw_check_failures mbedtls "$v" "$d" sha256-sb-64

  img=fail-sig-mbedtls-$v.elf
  id=$(fw_field "$img" case)
  fw_run "$img" "$d/sig.out" "$d/sig.err"
  rc=$?
  check "mbedtls $v: signature that does not verify exits 3 (got $rc)" [ $rc -eq 3 ]
  check "mbedtls $v: error line names $id" grep -qx "error: case $id: known-answer mismatch" "$d/sig.err"
  check "mbedtls $v: failed case $id not reported" fw_unreported "$d/sig.out" "$id"
  check "mbedtls $v: other cases still reported" fw_reported "$d/sig.out" ecdsa-secp256r1-sha256-verify

  pk_case=$(fw_field "fail-pkhang-mbedtls-$v.elf" case)
  fw_run "fail-pkhang-mbedtls-$v.elf" "$d/pkhang.out" "$d/pkhang.err" "$(fw_field "fail-pkhang-mbedtls-$v.elf" timeout_s)"
  rc=$?
  check "mbedtls $v: public-key case $pk_case over its time limit runs into the timeout (got $rc)" [ $rc -eq 124 ]
  last=$(sed -n 's/^  # case //p' "$d/pkhang.out" | tail -n 1)
  check "mbedtls $v: the hung case is the last one announced ($last)" [ "$last" = "$pk_case" ]
  check "mbedtls $v: the hung case has no result" fw_unreported "$d/pkhang.out" $pk_case
done
done_testing
