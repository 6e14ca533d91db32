#!/usr/bin/env bash
# Every generated wikitext page of site/ (the comparison pages as
# Cryptoperf/compare/<series>), published once to a real MediaWiki
# under publish's own titles (Cryptoperf/<series>/<folder>) and parsed by it,
# holds the tables, rows, cells, headings and images its wikitext says, with
# no stray markup (tests/mediawiki/check-pages). Then the site index on the
# same wiki: site/index.wiki saved and checked by wikicheck, its tables as
# written and no red link, i.e. each title the index uses is the title
# publish gave that page. Negative control: a title publish did not make is
# a red link. (One wiki and one publish for both: uploading and drawing the
# site's charts is most of the time.)
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
source tests/mediawiki/wiki.sh
start=$SECONDS
wiki_up_tap
# the cross-core pages last: they link every board's page of their
# version, which must exist on the wiki when they are checked for red links
dirs=()
for d in site/*/*/; do [[ $d == site/cores/* ]] || dirs+=("$d"); done
dirs+=(site/cores/*/)
log=$WIKI_DIR/check.log   # wiki_down removes it (its EXIT trap replaces lib.sh's)
# The comparison pages (site/<series>/compare.wiki, charts beside them) as
# page sets of their own, Cryptoperf/compare/<series>, so that MediaWiki
# shows them with their charts too.
cmp_dirs=()
for c in site/*/compare.wiki; do
  series=$(basename "$(dirname "$c")")
  d=$WIKI_DIR/compare/$series
  mkdir -p "$d"
  cp "$c" "$d/index.wiki"
  find "$(dirname "$c")" -maxdepth 1 -name '*.svg' -exec cp {} "$d/" \;
  cmp_dirs+=("$d/")
done
t0=$SECONDS
# the charts go in first, server-side and in bulk (most of the time was
# their API uploads); publish then saves the pages and must find every
# chart unchanged
imported=$(wiki_import_charts "${dirs[@]}" "${cmp_dirs[@]}")
irc=$?
diag "imported the charts in $((SECONDS - t0)) s: $(tr '\n' ' ' <<<"$imported")"
check "MediaWiki's importImages.php takes the site's charts" test "$irc" -eq 0
t0=$SECONDS
CHECK_PAGES_PREFIX=Cryptoperf/ tests/mediawiki/check-pages "${dirs[@]}" "${cmp_dirs[@]}" >"$log" 2>&1
rc=$?
diag "published and checked $((${#dirs[@]} + ${#cmp_dirs[@]})) page sets in $((SECONDS - t0)) s"
check "the comparison pages are among them (${#cmp_dirs[@]})" test "${#cmp_dirs[@]}" -gt 0
check "publish found every imported chart unchanged (sent none)" grep -q "^cryptoperf publish: charts: 0 uploaded, [1-9][0-9]* unchanged" "$log"
for d in "${dirs[@]}" "${cmp_dirs[@]}"; do
  d=${d%/}
  t="Cryptoperf/$(basename "$(dirname "$d")")/$(basename "$d")"
  if grep -q "^wikicheck: $t: ok" "$log"; then
    ok "MediaWiki renders $d as generated"
  else
    fail "MediaWiki renders $d as generated"
    diag "$(grep -F "$t" "$log" | head -5)"
  fi
done
check "check-pages exits 0" test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag "$(tail -20 "$log")"

wikicheck() { tests/mediawiki/wikicheck --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" "$@"; }
work=$WIKI_DIR/work
mkdir -p "$work"
if wikicheck --title "Cryptoperf" site/index.wiki >"$work/index.check" 2>&1; then
  ok "site/index.wiki in MediaWiki: tables as written, no stray markup, every page link resolves"
else
  fail "site/index.wiki in MediaWiki"; sed 's/^/# /' "$work/index.check"
fi
n=${#dirs[@]}
links=$(grep -o '\[\[Cryptoperf/[^]|]*' site/index.wiki | sort -u | wc -l)
check "the index links each of the $n page sets ($links titles)" test "$links" -eq "$n"
sed 's|\[\[Cryptoperf/stm32l5/|[[Cryptoperf/stm32L5/|' site/index.wiki >"$work/bad.wiki"
if wikicheck --title "Cryptoperf/Bad index" "$work/bad.wiki" >"$work/bad.check" 2>&1; then
  fail "a title publish did not make goes unnoticed (negative control)"
else
  ok "a title publish did not make is a red link (negative control): $(grep -m1 -i 'red' "$work/bad.check")"
fi
diag "site-pages.t took $((SECONDS - start)) s"
done_testing
