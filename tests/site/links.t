#!/usr/bin/env bash
# No dead link, every page reachable from the index: tests/site/linkwalk.pl
# starts at index.html (then index.md) and follows every relative link and
# image, checking that each target (and #fragment) exists and that every
# page of the tree was reached. index.wiki: each [[Cryptoperf/...]] link
# names a page folder with an index.wiki, and every page folder is linked.
# Run on site/ and on the rendered fixtures; the negative controls show the
# walker catches a dead link, a dead fragment and an unreachable page.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
walk() { perl "$TOP/tests/site/linkwalk.pl" "$@"; }

# wiki_links ROOT: the index's page titles name existing pages, all of them
wiki_links() {
  local root=$1 t bad=0
  for t in $(grep -o '\[\[Cryptoperf/[^]|]*' "$root/index.wiki" | sed 's/^\[\[Cryptoperf\///' | sort -u); do
    [ -f "$root/$t/index.wiki" ] || { echo "dead: [[Cryptoperf/$t]]"; bad=1; }
  done
  for t in $(cd "$root" && find . -mindepth 3 -maxdepth 3 -name index.wiki | sed 's|^\./||; s|/index.wiki$||' | sort); do
    grep -qF "[[Cryptoperf/$t|" "$root/index.wiki" || { echo "unreachable: $t"; bad=1; }
  done
  return $bad
}

# site ROOT NAME: every check on one tree
site() {
  local root=$1 name=$2 kind out
  for kind in html md; do
    if out=$(walk "$root/index.$kind" --all $(find "$root" -name "index.$kind" | sort)); then
      ok "$name: index.$kind reaches every page, no dead link ($(tail -1 <<<"$out"))"
    else
      fail "$name: links of index.$kind"; diag "$(head -10 <<<"$out")"
    fi
  done
  if out=$(wiki_links "$root"); then
    ok "$name: index.wiki links every page by an existing title"
  else
    fail "$name: index.wiki links"; diag "$out"
  fi
}

site site site/
W=$(toptree)
(cd "$W" && "$CRYPTOPERF" render --out site tests/fixtures/render/data/*/*/dataset.yaml \
  tests/fixtures/data/demo/examplelib-1.0/dataset.yaml) 2>"$W/err"
check "render of the fixtures exits 0" test $? -eq 0
site "$W/site" "fixtures"
check "the fixtures' index links their dataset.yaml files" \
  grep -qF 'href="../tests/fixtures/render/data/escape/tricky-1.0-rc1/dataset.yaml"' "$W/site/index.html"

# negative controls, on copies of the rendered fixtures next to it (so
# that the links to ../tests/... still hold)
N=$W
cp -R "$W/site" "$N/dead"
rm "$N/dead/demo/examplelib-1.0/index.html" "$N/dead/demo/examplelib-1.0/index.wiki"
if walk "$N/dead/index.html" >"$N/out"; then fail "a removed page goes unnoticed"; else ok "a removed page is a dead link: $(grep -m1 dead "$N/out")"; fi
if wiki_links "$N/dead" >"$N/out"; then fail "a removed wiki page goes unnoticed"; else ok "a removed wiki page is a dead title: $(head -1 "$N/out")"; fi
cp -R "$W/site" "$N/frag"
sed -i 's/id="note-ver-1"/id="elsewhere"/' "$N/frag/escape/tricky-1.0-rc1/index.html"
if walk "$N/frag/index.html" >"$N/out"; then fail "a footnote without its target goes unnoticed"; else ok "a footnote without its target is caught: $(grep -m1 dead "$N/out")"; fi
check "(and only that)" test "$(grep -c dead "$N/out")" -eq 1
cp -R "$W/site" "$N/orphan"
mkdir -p "$N/orphan/demo/orphan-1.0"
for k in html md wiki; do echo "orphan" >"$N/orphan/demo/orphan-1.0/index.$k"; done
if walk "$N/orphan/index.html" --all $(find "$N/orphan" -name index.html) >"$N/out"; then
  fail "a page the index does not link goes unnoticed"
else
  ok "a page the index does not link is caught: $(grep -m1 unreachable "$N/out")"
fi
if wiki_links "$N/orphan" >/dev/null; then fail "a wiki page the index does not link goes unnoticed"; else ok "a wiki page the index does not link is caught"; fi
done_testing
