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
fw_run() {
  local img=$1 machine shift
  machine=$(fw_field "$img" machine)
  shift=$(fw_field "$img" icount_shift)
  [ -n "$machine" ] || { echo "# $img is not in $FW_TEST_MANIFEST"; return 99; }
  timeout "${4:-20}" qemu-system-arm -M "$machine" -nographic -monitor none \
    -semihosting-config enable=on,target=native -icount "shift=$shift" \
    -kernel "$TOP/build/fw/$FW_BOARD/img/$img" >"$2" 2>"$3"
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
fw_unreported() { ! fw_reported "$@"; }
