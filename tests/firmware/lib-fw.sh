# Helpers for the firmware tests: find images in the test manifest and run
# them in QEMU under a timeout. Source after tests/lib.sh.
# shellcheck shell=bash
FW_BOARD=${BOARD:-mps2-an505}
FW_TEST_MANIFEST=$TOP/build/fw/$FW_BOARD/manifest-test.tsv

# fw_field <image-file-name> <column-name>: a column of the manifest row.
fw_field() {
  awk -F'\t' -v img="$1" -v col="$2" '
    NR == 1 { sub(/^#/, ""); for (i = 1; i <= NF; i++) c[$i] = i; next }
    { n = split($1, p, "/") } p[n] == img { print $c[col]; exit }' "$FW_TEST_MANIFEST"
}

# fw_run <image-file-name> <stdout-file> <stderr-file> [timeout]: runs it;
# returns QEMU's exit status (124 when the timeout hit).
fw_run() { fw_run_as "$1" "$@"; }

# fw_run_as <listed-image> <image-file-name> <stdout-file> <stderr-file>
# [timeout]: runs an image of the board that the test manifest does not
# list (a bench image make test builds) as <listed-image> would be run.
fw_run_as() {
  local img=$2 machine shift
  machine=$(fw_field "$1" machine)
  shift=$(fw_field "$1" icount_shift)
  [ -n "$machine" ] || { echo "# $1 is not in $FW_TEST_MANIFEST"; return 99; }
  timeout "${5:-20}" qemu-system-arm -M "$machine" -display none -serial none -monitor none \
    -semihosting-config enable=on,target=native -icount "shift=$shift" \
    -kernel "$TOP/build/fw/$FW_BOARD/img/$img" >"$3" 2>"$4"
}

# yaml_value <file> <key>: the value of the first "key: value" line.
yaml_value() {
  sed -n "s/^ *$2: \"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$1" | head -n 1
}

# fw_reported <stdout-file> <case-id>: the case has a result record (the
# "# case" line is printed before a case runs, its record only once it passed).
fw_reported() {
  awk -v id="$2" '/^  # case / { c = $3; next } /^  - family:/ && c == id { found = 1 } END { exit !found }' "$1"
}
# (an output that does not exist proves nothing: it is not "unreported")
fw_unreported() { [ -s "$1" ] && ! fw_reported "$@"; }

# fw_check_failures <library> <version> <dir> <other-case>: the failure
# images of one library version (firmware/README.md, test hooks): a wrong
# known answer exits 3 naming the hooked case, which is not reported while
# <other-case> still is; a fault exits 4 through the fault handler with the
# case announced last; a hang runs into the timeout.
fw_check_failures() {
  local lib=$1 v=$2 d=$3 other=$4 case_id rc
  case_id=$(fw_field "fail-kat-$lib-$v.elf" case)
  fw_run "fail-kat-$lib-$v.elf" "$d/kat.out" "$d/kat.err"
  rc=$?
  check "$lib $v: wrong known answer exits 3 (got $rc)" [ $rc -eq 3 ]
  check "$lib $v: error line names $case_id" grep -qx "error: case $case_id: known-answer mismatch" "$d/kat.err"
  check "$lib $v: failed case announced" grep -qx "  # case $case_id" "$d/kat.out"
  check "$lib $v: failed case $case_id not reported" fw_unreported "$d/kat.out" "$case_id"
  check "$lib $v: other cases still reported" fw_reported "$d/kat.out" "$other"

  # A port that processes half the buffer (the half hook) fails the known
  # answer computed over the full length.
  case_id=$(fw_field "fail-half-$lib-$v.elf" case)
  fw_run "fail-half-$lib-$v.elf" "$d/half.out" "$d/half.err"
  rc=$?
  check "$lib $v: half the buffer processed exits 3 (got $rc)" [ $rc -eq 3 ]
  check "$lib $v: half the buffer: error line names $case_id" grep -qx "error: case $case_id: known-answer mismatch" "$d/half.err"
  check "$lib $v: half the buffer: $case_id not reported" fw_unreported "$d/half.out" "$case_id"

  case_id=$(fw_field "fail-fault-$lib-$v.elf" case)
  fw_run "fail-fault-$lib-$v.elf" "$d/fault.out" "$d/fault.err"
  rc=$?
  check "$lib $v: fault in $case_id exits 4 (got $rc)" [ $rc -eq 4 ]
  check "$lib $v: fault reported" grep -q '^error: fault: ' "$d/fault.err"
  check "$lib $v: the faulting case $case_id is the last one announced" \
    [ "$(tail -n 1 "$d/fault.out")" = "  # case $case_id" ]

  case_id=$(fw_field "fail-hang-$lib-$v.elf" case)
  fw_run "fail-hang-$lib-$v.elf" "$d/hang.out" "$d/hang.err" 2
  rc=$?
  check "$lib $v: hang in $case_id runs into the timeout (got $rc)" [ $rc -eq 124 ]
}

# fw_check_quick <library> <version> <out> <err> <min-cases> <family>...: the
# quick image of one library version ran: exit 0, no error lines, the
# version and package it reports, every family given present, at least
# <min-cases> cases each with a positive instruction count, never cycles.
fw_check_quick() {
  local lib=$1 v=$2 out=$3 err=$4 min=$5 rc fam cases counts
  shift 5
  fw_run "quick-$lib-$v.elf" "$out" "$err"
  rc=$?
  check "$lib $v: quick suite exits 0 (got $rc)" [ $rc -eq 0 ]
  check "$lib $v: nothing on stderr" [ ! -s "$err" ]
  check "$lib $v: library reports version $v" [ "$(yaml_value "$out" version)" = "$v" ]
  check "$lib $v: package recorded" grep -qE "^    package: \"$lib ${v//./\\.}[-+]" "$out"
  for fam in "$@"; do
    check "$lib $v: $fam results present" grep -q "^  - family: \"$fam\"" "$out"
  done
  for mode in CBC CCM GCM; do
    check "$lib $v: AES $mode results present" grep -q "cipher_mode: \"$mode\"" "$out"
  done
  cases=$(grep -c '^  # case ' "$out")
  counts=$(grep -c '^    instructions: [1-9][0-9]*$' "$out")
  check "$lib $v: at least $min cases ($cases)" [ "$cases" -ge "$min" ]
  check "$lib $v: every case ($cases) has a positive instruction count ($counts)" [ "$cases" = "$counts" ]
  check "$lib $v: no figure is called cycles" bash -c "! grep -q '^ *cycles:' '$out'"
}
