#!/usr/bin/env bash
# The site index in a real MediaWiki: every page set of site/ published by
# `cryptoperf publish` (default prefix), then site/index.wiki saved and
# checked by wikicheck: MediaWiki's HTML holds its tables, rows and cells,
# no stray markup, and no red link, i.e. each [[Cryptoperf/<series>/<folder>]]
# title the index uses is the title publish gave that page. Negative
# control: a title publish did not make is a red link.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/mediawiki/wiki.sh"
start=$SECONDS
wiki_up_tap
work=$WIKI_DIR/work
mkdir -p "$work"
wikicheck() { "$TOP/tests/mediawiki/wikicheck" --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" "$@"; }

sets=$(cd "$TOP" && find site -mindepth 2 -maxdepth 2 -type d | sort)
n=$(wc -w <<<"$sets")
t0=$SECONDS
(cd "$TOP" && "$CRYPTOPERF" publish --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" $sets) \
  >"$work/publish.log" 2>&1
check "publish the $n page sets of site/ ($((SECONDS - t0)) s)" test $? -eq 0
if wikicheck --title "Cryptoperf" "$TOP/site/index.wiki" >"$work/index.check" 2>&1; then
  ok "site/index.wiki in MediaWiki: tables as written, no stray markup, every page link resolves"
else
  fail "site/index.wiki in MediaWiki"; sed 's/^/# /' "$work/index.check"
fi
links=$(grep -o '\[\[Cryptoperf/[^]|]*' "$TOP/site/index.wiki" | sort -u | wc -l)
check "the index links each of the $n page sets ($links titles)" test "$links" -eq "$n"

sed 's|\[\[Cryptoperf/stm32l5/|[[Cryptoperf/stm32L5/|' "$TOP/site/index.wiki" >"$work/bad.wiki"
if wikicheck --title "Cryptoperf/Bad index" "$work/bad.wiki" >"$work/bad.check" 2>&1; then
  fail "a title publish did not make goes unnoticed (negative control)"
else
  ok "a title publish did not make is a red link (negative control): $(grep -m1 -i 'red' "$work/bad.check")"
fi
diag "index.t took $((SECONDS - start)) s"
done_testing
