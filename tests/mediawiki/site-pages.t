#!/usr/bin/env bash
# Every generated wikitext page of site/, saved to a real MediaWiki and
# parsed by it, holds the tables, rows, cells, headings and images its
# wikitext says, with no stray markup (tests/mediawiki/check-pages).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
source tests/mediawiki/wiki.sh
wiki_up || { fail "a throw-away MediaWiki starts"; done_testing; exit 1; }
ok "a throw-away MediaWiki starts"
dirs=(site/*/*/)
log=$WIKI_DIR/check.log   # wiki_down removes it (its EXIT trap replaces lib.sh's)
tests/mediawiki/check-pages "${dirs[@]}" >"$log" 2>&1
rc=$?
for d in "${dirs[@]}"; do
  d=${d%/}
  t="Checked/$(basename "$(dirname "$d")")/$(basename "$d")"
  if grep -q "^wikicheck: $t: ok" "$log"; then
    ok "MediaWiki renders $d as generated"
  else
    fail "MediaWiki renders $d as generated"
    diag "$(grep -F "$t" "$log" | head -5)"
  fi
done
check "check-pages exits 0" test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag "$(tail -20 "$log")"
done_testing
