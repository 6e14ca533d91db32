#!/usr/bin/env bash
# cryptoperf render on the command line: help, usage errors (exit 2), an
# invalid dataset among good ones (exit 1, file:line:column, nothing
# written), a broken template (exit 2, file:line, nothing written), only the
# named datasets rendered, the site index with diff pages, the HTML
# stylesheet required.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT   # (lib.sh tmpdir loses its dir: its trap runs in the $(...) subshell)
GOOD=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml

"$CRYPTOPERF" help render >"$T/help"
check "help render exits 0" test $? -eq 0
check "help render names the options" grep -q -- '--templates DIR' "$T/help"

"$CRYPTOPERF" render --bogus >/dev/null 2>&1
check "unknown option: exit 2" test $? -eq 2
"$CRYPTOPERF" render --out >/dev/null 2>&1
check "option without value: exit 2" test $? -eq 2
# strictly digits (issue 30, item 11): strtol took ' 3', +3 and 08
for n in 0 9 2x '' ' 3' '+3' 08 '3 ' 0x2; do
  "$CRYPTOPERF" render --chart-jobs "$n" --out "$T/jobs" "$GOOD" >/dev/null 2>"$T/jobs.err"
  check "--chart-jobs '$n': exit 2" test $? -eq 2
  check "--chart-jobs '$n': the message says what is expected" grep -q "expects a number from 1 to 8, found '$n'" "$T/jobs.err"
done
check "--chart-jobs out of range: nothing written" [ ! -e "$T/jobs" ]

# a success says what it made, in one line (a silent render left users
# wondering whether it did anything); --quiet says nothing
"$CRYPTOPERF" render --out "$T/said" "$GOOD" >"$T/said.out" 2>"$T/said.err"
check "render: exit 0" test $? -eq 0
pages=$(find "$T/said" \( -name '*.wiki' -o -name '*.md' -o -name '*.html' \) | wc -l)
charts=$(find "$T/said" -name '*.svg' | wc -l)
diag "rendered: $pages pages, $charts charts"
check "render prints one line on stderr" [ "$(wc -l <"$T/said.err")" -eq 1 ]
# files written: the pages, the charts and the folder's manifest (--prune)
check "... counting the datasets, pages ($pages) and charts ($charts) and naming the folder" \
  grep -qxF "cryptoperf render: 1 dataset: $pages pages and $charts charts in $T/said ($((pages + charts + 1)) files written, the rest up to date)" "$T/said.err"
check "... nothing on stdout" [ ! -s "$T/said.out" ]
"$CRYPTOPERF" render --out "$T/said" "$GOOD" 2>"$T/said2.err"
check "again: the line says nothing was written" grep -qF "($((0)) files written, the rest up to date)" "$T/said2.err"
"$CRYPTOPERF" render --quiet --out "$T/quiet" "$GOOD" >"$T/quiet.out" 2>"$T/quiet.err"
check "--quiet: exit 0" test $? -eq 0
check "--quiet: nothing on stderr" [ ! -s "$T/quiet.err" ]
check "--quiet: the same files" diff -r -q "$T/said" "$T/quiet"

# an invalid dataset among good ones
mkdir -p "$T/data/demo/examplelib-1.0"
sed 's/^    key_bits: 128$/    key_bits: -128/' "$GOOD" >"$T/data/demo/examplelib-1.0/dataset.yaml"
"$CRYPTOPERF" render --out "$T/out1" "$GOOD" "$T/data/demo/examplelib-1.0/dataset.yaml" 2>"$T/err1"
check "invalid dataset: exit 1" test $? -eq 1
check "invalid dataset: file:line:column reported" grep -qE 'dataset\.yaml:[0-9]+:[0-9]+: results\[[0-9]+\]\.key_bits' "$T/err1"
check "invalid dataset: nothing written, not even the good page" test ! -e "$T/out1"

# a broken template
cp -R templates "$T/templates"
printf '::table no_such_table\n' >>"$T/templates/st/page.md"
"$CRYPTOPERF" render --templates "$T/templates" --out "$T/out2" "$GOOD" 2>"$T/err2"
check "unknown table in page.md: exit 2" test $? -eq 2
check "unknown table: page.md:line reported" grep -qE 'templates/st/page\.md:[0-9]+:1: .*no_such_table' "$T/err2"
check "broken template: nothing written" test ! -e "$T/out2"
cp templates/st/page.md "$T/templates/st/page.md"
printf 'tables: {x: {columns: [["A", "{key_bits|nosuchfilter}"]]}}\n' >"$T/templates/st/tables.yaml"
printf '::table x\n' >>"$T/templates/st/page.md"
"$CRYPTOPERF" render --templates "$T/templates" --out "$T/out3" "$GOOD" 2>"$T/err3"
check "unknown filter: exit 2" test $? -eq 2
check "unknown filter: tables.yaml:line:column reported" grep -qE 'tables\.yaml:[0-9]+:[0-9]+: .*nosuchfilter' "$T/err3"

# only the named dataset, into OUT/<series>/<slug>-<version>/
"$CRYPTOPERF" render --out "$T/out4" "$GOOD" 2>/dev/null
check "named dataset rendered: exit 0" test $? -eq 0
check "named dataset: wiki, Markdown and HTML pages, its summary (ST layout), the site index and the manifest, nothing else but charts" \
  test "$(cd "$T/out4" && find . -type f ! -name '*.svg' | sort | tr '\n' ' ')" = "./.cryptoperf-manifest ./demo/examplelib-1.0/index.html ./demo/examplelib-1.0/index.md ./demo/examplelib-1.0/index.wiki ./demo/examplelib-1.0/summary.html ./demo/examplelib-1.0/summary.md ./demo/examplelib-1.0/summary.wiki ./index.html ./index.md ./index.wiki "

# the index lists the diff page of two consecutive versions, in each format
D=tests/fixtures/diff/stm32l5
"$CRYPTOPERF" render --out "$T/out6" "$D/cmox-050000b2/dataset.yaml" "$D/cmox-040000b1/dataset.yaml" 2>"$T/err6"
check "two versions rendered: exit 0" test $? -eq 0
check "their diff page in each format" \
  test -s "$T/out6/stm32l5/diff-cmox-040000b1-to-050000b2/index.html" -a -s "$T/out6/stm32l5/diff-cmox-040000b1-to-050000b2/index.md"
check "index.md links the diff page" grep -qF '[from 040000B1](stm32l5/diff-cmox-040000b1-to-050000b2/index.md)' "$T/out6/index.md"
check "index.html links the diff page" grep -qF 'href="stm32l5/diff-cmox-040000b1-to-050000b2/index.html"' "$T/out6/index.html"
check "index.wiki links the diff page by its title" \
  grep -qF '[[Cryptoperf/stm32l5/diff-cmox-040000b1-to-050000b2|040000B1 to 050000B2]]' "$T/out6/index.wiki"
check "the older version comes first in the matrix" \
  grep -q '^| Core · board · how counted | CMOX 040000B1 | CMOX 050000B2 |$' "$T/out6/index.md"

# the HTML stylesheet is part of the templates
cp -R templates "$T/templates-nocss"
rm "$T/templates-nocss/html.css"
"$CRYPTOPERF" render --templates "$T/templates-nocss" --out "$T/out5" "$GOOD" 2>"$T/err5"
check "no html.css: exit 2" test $? -eq 2
check "no html.css: the file is named" grep -q 'templates-nocss/html.css: cannot read' "$T/err5"
check "no html.css: nothing written" test ! -e "$T/out5"
printf 'p { content: "<b>"; }\n' >"$T/templates-nocss/html.css"
"$CRYPTOPERF" render --templates "$T/templates-nocss" --out "$T/out5" "$GOOD" 2>"$T/err5"
check "a '<' in html.css: exit 2" test $? -eq 2
check "named dataset: its charts are next to the pages" \
  test "$(cd "$T/out4" && find . -name '*.svg' ! -path './demo/examplelib-1.0/*' | wc -l)" -eq 0
done_testing
