#!/usr/bin/env bash
# cryptoperf render --prune: what an earlier render wrote and this one does
# not (a chart of a row that is gone, the pages of a removed dataset) is
# deleted, folders left empty go, and nothing else: the pages and charts of
# the run, files of other kinds, a failed run's folder. --prune with named
# datasets is a usage error (it would delete the other datasets' pages).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/data/demo"
cp -R tests/fixtures/data/demo/examplelib-1.0 "$T/data/demo/"
D=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml

"$CRYPTOPERF" render --data "$T/data" --out "$T/site" 2>"$T/err0"
check "first render exits 0" test $? -eq 0
pages=$(cd "$T/site" && find . -type f | sort)
mkdir -p "$T/site/demo/gonelib-0.1" "$T/site/demo/examplelib-1.0/old"
for f in demo/gonelib-0.1/index.md demo/gonelib-0.1/index.wiki "demo/examplelib-1.0/Cryptolib X old chart.svg" \
  demo/examplelib-1.0/old/index.html; do echo stale >"$T/site/$f"; done
echo mine >"$T/site/demo/examplelib-1.0/README.txt"

"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site/" 2>"$T/err1"
check "render --prune exits 0" test $? -eq 0
check "it says how many stale files it removed (4)" grep -q 'removed 4 stale files under' "$T/err1"
check "the stale pages and chart are gone" \
  test ! -e "$T/site/demo/gonelib-0.1/index.md" -a ! -e "$T/site/demo/examplelib-1.0/Cryptolib X old chart.svg"
check "folders left empty are removed" test ! -e "$T/site/demo/gonelib-0.1" -a ! -e "$T/site/demo/examplelib-1.0/old"
check "a file of another kind stays" test -s "$T/site/demo/examplelib-1.0/README.txt"
rm "$T/site/demo/examplelib-1.0/README.txt"
check "the run's own pages and charts are all still there, nothing else" \
  test "$(cd "$T/site" && find . -type f | sort)" = "$pages"

"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site" 2>"$T/err2"
check "a second prune removes nothing" bash -c "! grep -q removed '$T/err2'"

"$CRYPTOPERF" render --prune --out "$T/site" "$D" >/dev/null 2>"$T/err3"
check "--prune with a named dataset: exit 2" test $? -eq 2
check "--prune with a named dataset: says why" grep -q 'takes no DATASET' "$T/err3"

# a failed run prunes nothing
echo stale >"$T/site/demo/stale.md"
sed -i 's/^    key_bits: 128$/    key_bits: -128/' "$T/data/demo/examplelib-1.0/dataset.yaml"
"$CRYPTOPERF" render --prune --data "$T/data" --out "$T/site" >/dev/null 2>&1
check "invalid data: exit 1" test $? -eq 1
check "invalid data: nothing pruned" test -e "$T/site/demo/stale.md"
done_testing
