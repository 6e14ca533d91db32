#!/usr/bin/env bash
# cryptoperf render with hostile data (issue 12, item 3): control and
# bidirectional formatting characters in a dataset (U+0001, ESC, DEL,
# U+0085, U+202E "right-to-left override", written as YAML escapes) never
# reach a page raw, in any format: .wiki, .md, .html, the site index, the
# SVG charts. The pages show U+FFFD where they were, so a reader sees that
# something was there.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
FIXTURE=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
D=$T/data/demo/examplelib-1.0
mkdir -p "$D"
# every hostile character in the library name (title, tables, index, chart
# subtitles), a note, a configuration label (tables, chart bars) and the MCU
sed -e 's/^  name: Example Crypto Library/  name: "Evil\\x01Lib\\e[31m\\x7f\\u0085 \\u202Eexe.txt"/' \
    -e 's/^    configuration: Small/    configuration: "Sm\\u202Eall\\e"/' \
    -e 's/^  mcu: \(.*\)/  mcu: "\1\\u202E\\x01"/' "$FIXTURE" >"$D/dataset.yaml"
cat >"$T/notes" <<'NOTES'
notes: ["a note \u202Egnp.exe \x01\e\x7f\u0085 end"]
NOTES
NOTES=$(cat "$T/notes") awk '/^notes:/ { print ENVIRON["NOTES"]; skip = 1; next } skip && /^  - / { next } { skip = 0; print }' \
  "$D/dataset.yaml" >"$D/d2" && mv "$D/d2" "$D/dataset.yaml"
"$CRYPTOPERF" validate --schema schema/dataset.schema.json "$D/dataset.yaml" >"$T/validate" 2>&1
check "the hostile dataset is valid data (escapes are legal YAML)" [ $? -eq 0 ]
"$CRYPTOPERF" render --schema schema/dataset.schema.json --out "$T/site" "$D/dataset.yaml" >"$T/render" 2>&1
check "it renders (exit 0)" [ $? -eq 0 ]
[ -s "$T/render" ] && diag "$(cat "$T/render")"

# raw FILE: the file holds a C0 control (but tab, LF, CR), DEL, a C1
# control or a bidi formatting character
raw() { LC_ALL=C grep -qP '[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]|\xd8\x9c' "$1"; }
clean() { ! raw "$1"; }
n=0
for f in "$T"/site/index.* "$T"/site/demo/examplelib-1.0/*; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  check "${f#"$T"/site/}: no control or bidi character" clean "$f"
done
check "pages, index and charts were checked ($n files)" [ "$n" -gt 8 ]
for ext in wiki md html; do
  check "index.$ext shows U+FFFD where the characters were" grep -q $'Evil\xef\xbf\xbdLib\xef\xbf\xbd' "$T/site/index.$ext"
  check "the page's .$ext shows U+FFFD for the override in the note" grep -q $'note \xef\xbf\xbdgnp.exe' "$T/site/demo/examplelib-1.0/index.$ext"
done
printf 'a\u202eb' >"$T/x"
check "the test can fail: raw() sees U+202E" raw "$T/x"
printf 'a\033b' >"$T/y"
check "the test can fail: raw() sees ESC" raw "$T/y"
# U+2028 and U+2029 (line and paragraph separators; issue 30, item 10):
# never raw in SVG text, where a renderer may break the line on them
L=$T/ls/data/demo/examplelib-1.0
mkdir -p "$L"
sed -e 's/^    configuration: Small/    configuration: "Small\\u2028X\\u2029Y"/' "$FIXTURE" >"$L/dataset.yaml"
"$CRYPTOPERF" render --schema schema/dataset.schema.json --out "$T/ls/site" "$L/dataset.yaml" >"$T/ls/render" 2>&1
check "a label with U+2028 and U+2029 renders (exit 0)" [ $? -eq 0 ]
svgs=$(find "$T/ls/site" -name '*.svg' | wc -l)
check "... into charts ($svgs SVG files)" [ "$svgs" -gt 0 ]
check "... no SVG holds a raw U+2028 or U+2029" \
  bash -c '! find "$1" -name "*.svg" -exec grep -l "$(printf "\xe2\x80\xa8\|\xe2\x80\xa9")" {} + | grep -q .' _ "$T/ls/site"
check "... the label is there, spaces where each was (one a byte)" \
  bash -c 'grep -rqF "Small   X   Y" --include="*.svg" "$1"' _ "$T/ls/site"
done_testing
