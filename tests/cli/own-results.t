#!/usr/bin/env bash
# README "Your own results", run exactly as printed: its header, CSV and
# commands are read out of README.md, imported, rendered (--strict) and
# diffed. Families the CSV does not measure are said to be "not measured in
# this dataset", never missing from the library. A footprint row that no
# table shows (no `measure:`) is reported by render with its file:line and
# what the nearest table wants, is an error with --strict, and is never
# dropped in silence.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

block() { # name: the fenced block after "<!-- own-results: name -->" in README.md
  awk -v m="<!-- own-results: $1 -->" '
    $0 == m { want = 1; next }
    want && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' README.md
}
mkdir -p "$T/bin" "$T/share" "$T/w/data/myboard/mylib-1.0/import" "$T/w/data/myboard/mylib-1.1/import"
ln -s "$(realpath "$CRYPTOPERF")" "$T/bin/cryptoperf"
ln -s "$TOP/schema" "$T/share/schema"
ln -s "$TOP/templates" "$T/share/templates"
block header.yaml >"$T/w/data/myboard/mylib-1.0/import/header.yaml"
block results.csv >"$T/w/data/myboard/mylib-1.0/import/results.csv"
block commands >"$T/commands.sh"
check "README has the header block" [ -s "$T/w/data/myboard/mylib-1.0/import/header.yaml" ]
check "README has the CSV block" [ -s "$T/w/data/myboard/mylib-1.0/import/results.csv" ]
check "README has the commands block" grep -q '^cryptoperf diff ' "$T/commands.sh"

# mylib-1.1: the same header and CSV, one count changed (as README says)
sed 's/version: "1.0"/version: "1.1"/' "$T/w/data/myboard/mylib-1.0/import/header.yaml" \
  >"$T/w/data/myboard/mylib-1.1/import/header.yaml"
sed '2s/,41250,/,39800,/' "$T/w/data/myboard/mylib-1.0/import/results.csv" >"$T/w/data/myboard/mylib-1.1/import/results.csv"
run() { (cd "$T/w" && PATH="$T/bin:$PATH" CRYPTOPERF_DATADIR="$T/share" "$@"); }
run cryptoperf import --header data/myboard/mylib-1.1/import/header.yaml -o data/myboard/mylib-1.1/dataset.yaml \
  data/myboard/mylib-1.1/import/results.csv 2>"$T/import11.err"
check "mylib-1.1 imports" [ $? -eq 0 ]
run bash -e "$T/commands.sh" >"$T/out" 2>"$T/err"
check "README's commands run (import, render --strict, diff: exit 0)" [ $? -eq 0 ]
check "render of README's example warns of nothing" bash -c "! grep -q 'warning' '$T/err'"
page=$T/w/site/myboard/mylib-1.0/index.md
check "its page is written" [ -s "$page" ]
check "the site index links it" grep -q 'myboard/mylib-1.0/index.md' "$T/w/site/index.md"
check "the diff names the changed count" grep -q '41250' "$T/out"
check "the diff names the new count" grep -q '39800' "$T/out"
check "a family not in the CSV: 'ECDSA is not measured in this dataset.'" \
  grep -qx 'ECDSA is not measured in this dataset.' "$page"
check "no section claims the library lacks a family it was not measured for" \
  bash -c "! grep -q 'no implementation' '$page'"
check "no section is 'under construction'" bash -c "! grep -qi 'under construction' '$page'"
check "the AES footprint (sole-buffer) is on the page" grep -q '2380 bytes' "$page"

# a footprint row without `measure:` is on no table: told, not dropped
W=$T/w/data/myboard/mylib-1.0
printf 'HASH,footprint,,,,sha256,,digest,,,7777,64,0,200,0\n' >>"$W/import/results.csv"
run cryptoperf import --header data/myboard/mylib-1.0/import/header.yaml -o data/myboard/mylib-1.0/dataset.yaml \
  data/myboard/mylib-1.0/import/results.csv 2>>"$T/import11.err"
check "a footprint row without measure imports (the schema cannot tell)" [ $? -eq 0 ]
line=$(grep -n 'code_bytes: 7777' "$W/dataset.yaml" | cut -d: -f1)
run cryptoperf render --data data --out site2 2>"$T/warn"
check "render without --strict: exit 0" [ $? -eq 0 ]
check "render tells the row's file:line" grep -q "^data/myboard/mylib-1.0/dataset.yaml:$line:[0-9]*: warning: results\[4\]" "$T/warn"
check "render says what the nearest table wants" grep -q "wants measure 'sole-buffer', found none" "$T/warn"
check "one warning for one row" [ "$(grep -c warning "$T/warn")" -eq 1 ]
check "the row is on no page (what the warning is about)" bash -c "! grep -rq '7777' '$T/w/site2/myboard/mylib-1.0/'"
# a warned run is not remembered as done: the next one warns again
run cryptoperf render --chart-cache cache --data data --out site3 2>/dev/null
run cryptoperf render --chart-cache cache --data data --out site3 2>"$T/warn2"
check "a second run (chart cache, nothing changed) warns again" grep -q "warning: results\[4\]" "$T/warn2"
run cryptoperf render --strict --chart-cache cache --data data --out site4 2>"$T/strict"
check "render --strict: exit 1 (invalid data)" [ $? -eq 1 ]
check "render --strict: the error names the row's line" grep -q "^data/myboard/mylib-1.0/dataset.yaml:$line:[0-9]*: results\[4\]: " "$T/strict"
check "render --strict: nothing written" [ ! -e "$T/w/site4" ]

check "schema/README.md states the footprint rule" grep -q 'needs its `measure`' schema/README.md
check "render --help names --strict" bash -c "'$CRYPTOPERF' help render | grep -q -- '--strict'"
done_testing
