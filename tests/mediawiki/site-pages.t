#!/usr/bin/env bash
# The whole site published as its users publish it: `cryptoperf publish
# site` once, to a real MediaWiki. Every generated wikitext page of site/
# (dataset, summary, diff, comparison, cross-core pages and the index) is on
# the wiki under the title a reader would look for (the prefix and the
# page's own heading; the index the prefix alone), shows that heading as its
# display title, and MediaWiki renders it as its wikitext says: tables,
# rows, cells, headings and images, no stray markup, no error, no red link
# (so every link between pages names a title publish gave), checked by
# tests/mediawiki/wikicheck. A second publish changes nothing. Negative
# control: a title publish did not make is a red link. (One wiki and one
# publish: uploading and drawing the site's charts is most of the time.)
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
source tests/mediawiki/wiki.sh
start=$SECONDS
wiki_up_tap
log=$WIKI_DIR/check.log   # wiki_down removes it (its EXIT trap replaces lib.sh's)
work=$WIKI_DIR/work
mkdir -p "$work"
mapfile -t pages < <(find site -name '*.wiki' | LC_ALL=C sort)
mapfile -t folders < <(find site -type d | LC_ALL=C sort)
# the title of a page, derived here from its Markdown twin's heading, not
# from publish's code: "Cryptoperf/" + the heading, '#<>[]|{}' -> '-'
heading() { sed -n '1s/^# //p' "${1%.wiki}.md" | sed -E 's/\\([][!"#$%&'"'"'()*+,./:;<=>?@\\^_`{|}~-])/\1/g'; }
title_of() {
  if [ "$1" = site/index.wiki ]; then echo Cryptoperf; else echo "Cryptoperf/$(heading "$1" | tr '#<>[]|{}' '--------')"; fi
}
untitled=0
for p in "${pages[@]}"; do [ -n "$(heading "$p")" ] || untitled=$((untitled + 1)); done
check "every page has a heading to be titled by" [ "$untitled" -eq 0 ]
t0=$SECONDS
# the charts go in first, server-side and in bulk (most of the time was
# their API uploads); publish then saves the pages and must find every
# chart unchanged
imported=$(wiki_import_charts "${folders[@]}")
irc=$?
diag "imported the charts in $((SECONDS - t0)) s: $(tr '\n' ' ' <<<"$imported")"
check "MediaWiki's importImages.php takes the site's charts" test "$irc" -eq 0
t0=$SECONDS
publish() { "$CRYPTOPERF" publish --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" "$@"; }
publish site >"$log" 2>&1
check "cryptoperf publish site: exit 0" test $? -eq 0
diag "published the site (${#pages[@]} pages) in $((SECONDS - t0)) s: $(tail -1 "$log")"
check "publish found every imported chart unchanged (sent none)" grep -q "^cryptoperf publish: charts: 0 uploaded, [1-9][0-9]* unchanged" "$log"
check "publish saved every page of the site (${#pages[@]})" grep -q "pages: ${#pages[@]} edited, 0 unchanged, of ${#pages[@]}\$" "$log"
for kind in "site/index.wiki" "site/*/*/index.wiki" "site/*/*/summary.wiki" "site/*/diff-*/index.wiki" \
  "site/*/compare.wiki" "site/cores/*/index.wiki"; do
  n=0; for p in "${pages[@]}"; do [[ $p == $kind ]] && n=$((n + 1)); done
  check "the site has pages $kind ($n)" [ "$n" -gt 0 ]
done
t0=$SECONDS
failed=0
for p in "${pages[@]}"; do
  t=$(title_of "$p")
  rows=()
  [ -f "$p.rows" ] && rows=(--expect-rows "$(head -n1 "$p.rows")")
  if tests/mediawiki/wikicheck --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" \
      --no-save --published --title "$t" --expect-display-title "$(heading "$p")" "${rows[@]}" "$p" >>"$log" 2>&1; then
    ok "MediaWiki renders $p as generated, as \"$t\""
  else
    fail "MediaWiki renders $p as generated, as \"$t\""
    failed=$((failed + 1))
    diag "$(grep -F "$t" "$log" | head -5)"
  fi
done
diag "checked ${#pages[@]} pages in $((SECONDS - t0)) s"
publish site >"$log.2" 2>&1
check "publishing the site again: exit 0" test $? -eq 0
check "publishing the site again changes nothing" grep -q "charts: 0 uploaded, [0-9]* unchanged, of [0-9]*; pages: 0 edited, ${#pages[@]} unchanged" "$log.2"

wikicheck() { tests/mediawiki/wikicheck --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" "$@"; }
good=$(title_of site/stm32l5/cmox-050000b2/index.wiki)
printf '[[%s|the page]], [[%s|a title one letter off]]\n' "$good" "${good}s" >"$work/bad.wiki"
if wikicheck --title "Cryptoperf/Bad index" "$work/bad.wiki" >"$work/bad.check" 2>&1; then
  fail "a title publish did not make goes unnoticed (negative control)"
else
  ok "a title publish did not make is a red link (negative control): $(grep -m1 -i 'red' "$work/bad.check")"
fi
diag "site-pages.t took $((SECONDS - start)) s"
done_testing
