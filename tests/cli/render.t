#!/usr/bin/env bash
# cryptoperf render on the command line: help, usage errors (exit 2), an
# invalid dataset among good ones (exit 1, file:line:column, nothing
# written), a broken template (exit 2, file:line, nothing written), only the
# named datasets rendered.
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
check "named dataset: its pages and its summary (ST layout), nothing else" \
  test "$(cd "$T/out4" && find . -type f | sort | tr '\n' ' ')" = "./demo/examplelib-1.0/index.md ./demo/examplelib-1.0/index.wiki ./demo/examplelib-1.0/summary.md ./demo/examplelib-1.0/summary.wiki "
done_testing
