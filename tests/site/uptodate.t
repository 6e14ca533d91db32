#!/usr/bin/env bash
# site/ is what `cryptoperf render` makes of data/ and templates/ now
# (render to a temp folder, diff -r), rendering is deterministic (twice ->
# byte-identical) and a second run into the same folder rewrites nothing.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT   # (lib.sh tmpdir loses its dir: its trap runs in the $(...) subshell)
"$CRYPTOPERF" render --data data --templates templates --out "$T/a" 2>"$T/err"
check "render of data/ exits 0" test $? -eq 0
"$CRYPTOPERF" render --data data --templates templates --out "$T/b" 2>>"$T/err"
# consecutive versions of one library on one series get their diff page
check "render writes the CMOX 040000B1 -> 050000B2 diff page" \
  test -s "$T/a/stm32l5/diff-cmox-040000b1-to-050000b2/index.wiki" -a -s "$T/a/stm32l5/diff-cmox-040000b1-to-050000b2/index.md"
# one diff page per consecutive pair: versions-1 per library on a series
pairs=$(for d in data/*/*/; do s=${d#data/}; s=${s%%/*}; l=$(basename "$d"); echo "$s ${l%%-*}"; done |
  sort | uniq -c | awk '{ n += $1 - 1 } END { print n + 0 }')
check "one diff page per consecutive version pair, none across libraries or series ($pairs)" \
  test "$(find "$T/a" -maxdepth 2 -name 'diff-*' | wc -l)" -eq "$pairs"
if diff -r "$T/a" "$T/b" >/dev/null; then ok "two renders are byte-identical"; else fail "two renders differ"; fi
if diff -r "$T/a" site >"$T/diff" 2>&1; then
  ok "site/ is up to date with data/ and templates/"
else
  fail "site/ is not up to date (run make site)"; diag "$(head -20 "$T/diff")"
fi
touch -d '2000-01-01' "$T/a"/*/*/index.*
"$CRYPTOPERF" render --data data --templates templates --out "$T/a" 2>>"$T/err"
changed=$(find "$T/a" -name 'index.*' -newermt '2000-01-02' | wc -l)
check "a second render into the same folder rewrites no file ($changed rewritten)" test "$changed" -eq 0
done_testing
