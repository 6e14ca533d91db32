#!/usr/bin/env bash
# make wiki-preview (mk/wiki-preview): a throw-away MediaWiki set up as the
# tests set theirs up, a site published to it with `cryptoperf publish
# SITE`, its index answering at the address printed. README "Publishing to
# a wiki" names the LocalSettings.php lines that setup uses.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

awk '$0 == "<!-- wiki-settings -->" { want = 1; next }
     want && /^```/ { if (inside) exit; inside = 1; next }
     inside { print }' README.md >"$T/settings"
check "README names the wiki settings" [ "$(grep -c . "$T/settings")" -ge 4 ]
missing=0
while IFS= read -r line; do
  grep -qF "${line//\$/\\\$}" tests/mediawiki/wiki.sh || { missing=$((missing + 1)); diag "not in wiki.sh: $line"; }
done <"$T/settings"
check "each setting README names is one the test wikis have" [ "$missing" -eq 0 ]
check "make wiki-preview runs mk/wiki-preview" bash -c "make -n wiki-preview 2>/dev/null | grep -q 'mk/wiki-preview site'"

"$CRYPTOPERF" render --out "$T/site" tests/fixtures/data/demo/examplelib-1.0/dataset.yaml 2>"$T/render.err"
check "a small site to preview" [ -f "$T/site/index.wiki" ]
n=$(find "$T/site" -name '*.wiki' | wc -l)
WIKI_PREVIEW_ONCE=1 CRYPTOPERF=$CRYPTOPERF mk/wiki-preview "$T/site" >"$T/out" 2>&1
check "mk/wiki-preview: exit 0" [ $? -eq 0 ]
check "it published every page of the site ($n)" grep -q "pages: $n edited, 0 unchanged, of $n\$" "$T/out"
check "it prints the address of the site's index" grep -q "^wiki-preview: the site is at http://127.0.0.1:[0-9]*/index.php/Cryptoperf " "$T/out"
check "the index answers there" grep -q "index.php/Cryptoperf answers" "$T/out"
grep -v '^ok' "$T/out" | sed 's/^/# /'
check "no site there: exit 2, says so" bash -c "mk/wiki-preview '$T/none' 2>&1 | grep -q 'no site there'"
done_testing
