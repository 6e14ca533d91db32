#!/usr/bin/env bash
# Hash flooding (issue 30, item 4): N results whose identities differ only
# in high bits (buffer_bytes: k << 40) or by multiples of a power of two
# (a hash table's size), the shapes that put every row of the FNV-masked
# identity hash in one slot. Times validate, import (the same rows as CSV)
# and diff (the dataset against itself with one field changed) of each
# shape; every one must grow linearly with N. Not a test; by hand:
#   bench/hash-flood.sh [N...]          (default 100000 1000000)
#   CRYPTOPERF=/path/to/cryptoperf bench/hash-flood.sh 100000   (another build)
# Figures: bench/README.md, "Hash flooding".
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${CRYPTOPERF:-build/gen/cryptoperf}
[ -n "${CRYPTOPERF:-}" ] || make --no-print-directory -s gen
[ $# -gt 0 ] || set -- 100000 1000000
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
header=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml

# rows SHAPE N: CSV rows (no header line) of N distinct AES results
rows() {
  awk -v n="$2" -v shape="$1" 'BEGIN {
    for (i = 1; i <= n; i++) {
      # high: k << 40; table: k * 2^20, a multiple of every table size
      # the loaders use at these sizes
      b = shape == "high" ? sprintf("%.0f", i * 1099511627776) : sprintf("%.0f", i * 1048576)
      printf "AES,performance,sole-buffer,CBC,128,%s,encryption,Small,%d\n", b, 1000 + i % 7
    }
  }'
}
cols=family,kind,measure,cipher_mode,key_bits,buffer_bytes,operation,configuration,instructions
# secs CMD...: wall seconds of CMD (its exit status 0 or 1: data refused
# is still timed, and said)
secs() {
  local s e rc=0
  s=$(date +%s.%N)
  "$@" >/dev/null 2>"$T/err" || rc=$?
  e=$(date +%s.%N)
  [ "$rc" -le 1 ] || { cat "$T/err" >&2; exit 1; }
  awk -v s="$s" -v e="$e" -v rc="$rc" 'BEGIN { printf "%.2f%s", e - s, rc ? " (refused)" : "" }'
}
printf '%-8s %8s %10s %10s %10s\n' shape rows validate import diff
for n in "$@"; do
  for shape in high table; do
    mkdir -p "$T/old/demo/examplelib-1.0" "$T/new/demo/examplelib-1.0"
    sed '/^results:/,$d' "$header" >"$T/header.yaml"
    { echo "$cols"; rows "$shape" "$n"; } >"$T/rows.csv"
    "$BIN" import --header "$T/header.yaml" -o "$T/old/demo/examplelib-1.0/dataset.yaml" "$T/rows.csv" 2>"$T/err" ||
      { cat "$T/err" >&2; exit 1; }
    sed 's/ instructions: 100\([0-9]\)}/ instructions: 200\1}/' "$T/old/demo/examplelib-1.0/dataset.yaml" \
      >"$T/new/demo/examplelib-1.0/dataset.yaml"
    v=$(secs "$BIN" validate "$T/old/demo/examplelib-1.0/dataset.yaml")
    rm -f "$T/again.yaml"
    i=$(secs "$BIN" import --header "$T/header.yaml" -o "$T/again.yaml" "$T/rows.csv")
    df=$(secs "$BIN" diff "$T/old/demo/examplelib-1.0/dataset.yaml" "$T/new/demo/examplelib-1.0/dataset.yaml")
    printf '%-8s %8s %10s %10s %10s\n' "$shape" "$n" "$v" "$i" "$df"
  done
done
