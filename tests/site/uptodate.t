#!/usr/bin/env bash
# site/ is what `cryptoperf render` makes of data/ and templates/ now
# (render to a temp folder, diff -r: pages, diff pages and the index, no
# file more or less), rendering is deterministic (twice -> byte-identical)
# and a second run into the same folder rewrites nothing.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
W=$(toptree)   # relative paths as in the repository: the index links ../data/...
render() { (cd "$W" && "$CRYPTOPERF" render --data data --templates templates --out "$1") 2>>"$W/err"; }
render a
check "render of data/ exits 0" test $? -eq 0
render b
# consecutive versions of one library on one series get their diff page
d=stm32l5/diff-cmox-040000b1-to-050000b2
check "render writes the CMOX 040000B1 -> 050000B2 diff page" \
  test -s "$W/a/$d/index.wiki" -a -s "$W/a/$d/index.md" -a -s "$W/a/$d/index.html"
# one diff page per consecutive pair: versions-1 per library on a series
pairs=$(for d in data/*/*/; do s=${d#data/}; s=${s%%/*}; l=$(basename "$d"); echo "$s ${l%%-*}"; done |
  sort | uniq -c | awk '{ n += $1 - 1 } END { print n + 0 }')
check "one diff page per consecutive version pair, none across libraries or series ($pairs)" \
  test "$(find "$W/a" -maxdepth 2 -name 'diff-*' | wc -l)" -eq "$pairs"
if diff -r "$W/a" "$W/b" >/dev/null; then ok "two renders are byte-identical"; else fail "two renders differ"; fi
if diff -r "$W/a" site >"$W/diff" 2>&1; then
  ok "site/ is up to date with data/ and templates/"
else
  fail "site/ is not up to date (run make site)"; diag "$(head -20 "$W/diff")"
fi
# summary and comparison pages: one summary per ST dataset, one comparison
# per series with two ST datasets or more, each in every format
st=$(grep -l '^layout: st' data/*/*/dataset.yaml | wc -l)
check "a summary page (wiki, Markdown, HTML) per ST dataset ($st)" test "$(find "$W/a" -name 'summary.*' | wc -l)" -eq $(( st * 3 ))
series=$(grep -l '^layout: st' data/*/*/dataset.yaml | cut -d/ -f2 | sort | uniq -d | wc -l)
check "a comparison page per series with two ST datasets or more ($series)" \
  test "$(find "$W/a" -maxdepth 2 -name 'compare.*' | wc -l)" -eq $(( series * 3 ))
find "$W/a" -type f -exec touch -d '2000-01-01' {} +
render a
changed=$(find "$W/a" -type f -newermt '2000-01-02' | wc -l)
check "a second render into the same folder rewrites no file ($changed rewritten)" test "$changed" -eq 0
done_testing
