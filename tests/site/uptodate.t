#!/usr/bin/env bash
# site/ is what `cryptoperf render` makes of data/ and templates/ now:
# rendering over a copy of site/ changes nothing (pages and index, whatever
# diff pages site/ holds), a fresh render makes no page site/ lacks, and
# site/ holds no page folder render does not make but diff pages (made by
# cryptoperf diff, listed by the index). Rendering is deterministic (twice
# -> byte-identical) and a second run into the same folder rewrites nothing.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
W=$(toptree)   # relative paths as in the repository: the index links ../data/...
render() { (cd "$W" && "$CRYPTOPERF" render --data data --templates templates --out "$1") 2>>"$W/err"; }
render a
check "render of data/ exits 0" test $? -eq 0
render b
if diff -r "$W/a" "$W/b" >/dev/null; then ok "two renders are byte-identical"; else fail "two renders differ"; fi

cp -R site "$W/site"
render site
if diff -r site "$W/site" >"$W/diff" 2>&1; then
  ok "site/ is up to date with data/ and templates/"
else
  fail "site/ is not up to date (run make site)"; diag "$(head -20 "$W/diff")"
fi
missing=$(cd "$W/a" && find . -type f | while read -r f; do [ -e "$TOP/site/$f" ] || echo "$f"; done)
check "site/ has every file a fresh render makes${missing:+ (missing: $missing)}" test -z "$missing"
stale=$(cd site && find . -mindepth 2 -maxdepth 2 -type d ! -name 'diff-*' | while read -r d; do [ -d "$W/a/$d" ] || echo "$d"; done)
check "site/ has no page folder of a dataset that is gone${stale:+ (stale: $stale)}" test -z "$stale"

find "$W/a" -type f -exec touch -d '2000-01-01' {} +
render a
changed=$(find "$W/a" -type f -newermt '2000-01-02' | wc -l)
check "a second render into the same folder rewrites no file ($changed rewritten)" test "$changed" -eq 0
done_testing
