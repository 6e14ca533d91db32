#!/usr/bin/env bash
# Failure images: a deliberately wrong known answer makes the image exit 3
# naming the case (and the case is not timed), also for an ECDSA signature
# that no longer verifies (one byte flipped); a fault exits 4 through the
# fault handler; a hang is caught by the timeout, also in a public-key case.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

# kat_failure <version> <image> <what> <case that must still be reported>
kat_failure() {
  local v=$1 img=$2 what=$3 other=$4 id rc
  id=$(fw_field "$img" case)
  fw_run "$img" "$d/kat.out" "$d/kat.err"
  rc=$?
  check "mbedtls $v: $what exits 3 (got $rc)" [ $rc -eq 3 ]
  check "mbedtls $v: error line names $id" grep -qx "error: case $id: known-answer mismatch" "$d/kat.err"
  check "mbedtls $v: failed case $id not reported" fw_unreported "$d/kat.out" "$id"
  check "mbedtls $v: other cases still reported" fw_reported "$d/kat.out" "$other"
}

for v in 2.28.3 3.6.6; do
  kat_failure $v "fail-kat-mbedtls-$v.elf" "wrong known answer" sha256-sb-64
  kat_failure $v "fail-sig-mbedtls-$v.elf" "signature that does not verify" ecdsa-secp256r1-sha256-verify

  fw_run "fail-fault-mbedtls-$v.elf" "$d/fault.out" "$d/fault.err"
  rc=$?
  check "mbedtls $v: fault exits 4 (got $rc)" [ $rc -eq 4 ]
  check "mbedtls $v: fault reported" grep -q '^error: fault: ' "$d/fault.err"

  fw_run "fail-hang-mbedtls-$v.elf" "$d/hang.out" "$d/hang.err" 2
  rc=$?
  check "mbedtls $v: hang runs into the timeout (got $rc)" [ $rc -eq 124 ]

  pk_case=$(fw_field "fail-pkhang-mbedtls-$v.elf" case)
  fw_run "fail-pkhang-mbedtls-$v.elf" "$d/pkhang.out" "$d/pkhang.err" "$(fw_field "fail-pkhang-mbedtls-$v.elf" timeout_s)"
  rc=$?
  check "mbedtls $v: public-key case $pk_case over its time limit runs into the timeout (got $rc)" [ $rc -eq 124 ]
  last=$(sed -n 's/^  # case //p' "$d/pkhang.out" | tail -n 1)
  check "mbedtls $v: the hung case is the last one announced ($last)" [ "$last" = "$pk_case" ]
  check "mbedtls $v: the hung case has no result" fw_unreported "$d/pkhang.out" $pk_case
done
done_testing
