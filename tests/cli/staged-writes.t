#!/usr/bin/env bash
# All or nothing (issue 12, item 6): render and diff stage every output of
# the run beside its destination and rename only when all were written.
#   - a destination that cannot be written (OUT/index.md is a folder):
#     exit 2, no file of the run written, no temporary file left;
#   - a hard link on an output file keeps the old content after a run that
#     changes the file: the new content came by rename, not by writing
#     through the old file (a write in place would change both names).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
FIXTURE=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
D=$T/data/demo/examplelib-1.0
mkdir -p "$D"
cp "$FIXTURE" "$D/dataset.yaml"
render() { "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$1" "$D/dataset.yaml" \
  >"$T/render.out" 2>&1; }
files() { find "$1" -type f | wc -l; }
temps() { find "$1" -name '*.tmp.*' | wc -l; }
sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }

# --- a late failure writes nothing ---------------------------------------------
mkdir -p "$T/out1/index.md"
render "$T/out1"
check "OUT/index.md a folder: exit 2" [ $? -eq 2 ]
check "OUT/index.md a folder: the message names it" grep -q "$T/out1/index.md: cannot write: expected a regular file or nothing there, found a folder" "$T/render.out"
check "OUT/index.md a folder: not one file of the run written ($(files "$T/out1"))" [ "$(files "$T/out1")" -eq 0 ]
check "OUT/index.md a folder: no temporary file left" [ "$(temps "$T/out1")" -eq 0 ]
check "OUT/index.md a folder: no folder made for the pages left behind" [ ! -e "$T/out1/demo" ]

render "$T/out2"
check "a good render: exit 0" [ $? -eq 0 ]
sums "$T/out2" >"$T/before"
sed -i 's/^    instructions: 12011/    instructions: 12345/' "$D/dataset.yaml"
rm "$T/out2/index.html" && mkdir "$T/out2/index.html"
render "$T/out2"
check "a changed dataset, OUT/index.html a folder: exit 2" [ $? -eq 2 ]
rmdir "$T/out2/index.html"
grep -v ' ./index.html$' "$T/before" >"$T/before-but-index"
sums "$T/out2" >"$T/after"
check "... every other file as it was (pages and charts of the dataset unchanged)" cmp -s "$T/before-but-index" "$T/after"
check "... no temporary file left" [ "$(temps "$T/out2")" -eq 0 ]

# --- the hard link: written by rename -------------------------------------------
cp "$FIXTURE" "$D/dataset.yaml"
render "$T/out3"
P=$T/out3/demo/examplelib-1.0
chart=$(grep -l '12 011' "$P"/*.svg | head -1)
check "a chart to link to ($chart)" [ -f "$chart" ]
ln "$P/index.md" "$T/page-link"
ln "$chart" "$T/chart-link"
cp "$P/index.md" "$T/page-old"
cp "$chart" "$T/chart-old"
sed -i 's/^    instructions: 12011/    instructions: 12345/' "$D/dataset.yaml"
render "$T/out3"
check "re-render of a changed dataset: exit 0" [ $? -eq 0 ]
check "the page changed" grep -q '12 345' "$P/index.md"
check "the page's other hard link keeps the old content (written by rename, not in place)" cmp -s "$T/page-link" "$T/page-old"
check "the chart changed" bash -c "! cmp -s '$chart' '$T/chart-old'"
check "the chart's other hard link keeps the old content" cmp -s "$T/chart-link" "$T/chart-old"

# --- diff --out and -o: together or not at all -----------------------------------
OLD=tests/fixtures/diff/stm32l5/cmox-040000b1/dataset.yaml
NEW=tests/fixtures/diff/stm32l5/cmox-050000b2/dataset.yaml
mkdir -p "$T/diff/index.md"
"$CRYPTOPERF" diff --schema schema/dataset.schema.json --out "$T/diff" -o "$T/diff.yaml" "$OLD" "$NEW" >"$T/diff.out" 2>&1
check "diff --out with DIR/index.md a folder: exit 2" [ $? -eq 2 ]
check "... index.wiki not written" [ ! -e "$T/diff/index.wiki" ]
check "... index.html not written" [ ! -e "$T/diff/index.html" ]
check "... -o FILE not written" [ ! -e "$T/diff.yaml" ]
check "... no temporary file left" [ "$(temps "$T/diff")" -eq 0 ]
check "... it says nothing was written" grep -q "nothing written" "$T/diff.out"
rmdir "$T/diff/index.md"
"$CRYPTOPERF" diff --schema schema/dataset.schema.json --out "$T/diff" -o "$T/diff.yaml" "$OLD" "$NEW" >"$T/diff.out" 2>&1
check "diff --out -o: exit 0" [ $? -eq 0 ]
ln "$T/diff/index.wiki" "$T/diff-link"
cp "$T/diff/index.wiki" "$T/diff-old"
"$CRYPTOPERF" diff --schema schema/dataset.schema.json --threshold cycles=50% --out "$T/diff" "$OLD" "$NEW" >"$T/diff.out" 2>&1
check "diff with other thresholds: the page changed" bash -c "! cmp -s '$T/diff/index.wiki' '$T/diff-old'"
check "... and its other hard link kept the old page" cmp -s "$T/diff-link" "$T/diff-old"
done_testing
