#!/usr/bin/env bash
# No dead link, every page of every format within two clicks of the index,
# and every page links back up to it: tests/site/linkwalk.pl starts at
# index.html (then index.md, index.wiki) and follows every relative link and
# image (wiki: every [[Cryptoperf/...]] title, the page <path>/index.wiki or
# <path>.wiki), checking that each target (and #fragment) exists, that every
# page of the tree (dataset, summary, diff, comparison, cross-core pages)
# was reached in at most two clicks and links to the index. Sideways: a
# dataset page links its summary, its other versions, its other cores, its
# series comparison and cross-core page, and they link it back.
# Run on site/ and on the rendered fixtures; the negative controls show the
# walker catches a dead link, a dead fragment, an unreachable page, a page
# three clicks away and a page without its link up.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
walk() { perl "$TOP/tests/site/linkwalk.pl" "$@"; }

# site ROOT NAME: every check on one tree
site() {
  local root=$1 name=$2 kind out
  for kind in html md wiki; do
    if out=$(walk "$root/index.$kind" --clicks 2 --up "$root/index.$kind" --all $(find "$root" -name "*.$kind" | sort)); then
      ok "$name: index.$kind reaches every .$kind page in two clicks, each links up, no dead link ($(tail -1 <<<"$out"))"
    else
      fail "$name: links of the .$kind pages"; diag "$(head -10 <<<"$out")"
    fi
  done
}

site site site/
# sideways, from one dataset page and back, in every format
P=site/mps2-an505/mbedtls-3.6.6
for target in summary.md ../mbedtls-2.28.3/index.md ../../mps2-an385/mbedtls-3.6.6/index.md ../compare.md \
  ../../cores/mbedtls-3.6.6/index.md ../diff-mbedtls-2.28.3-to-3.6.6/index.md; do
  check "$P/index.md links $target" grep -qF "]($target)" "$P/index.md"
done
check "$P/index.html links its summary" grep -qF 'href="summary.html"' "$P/index.html"
check "$P/index.wiki links its summary by title" grep -qF '[[Cryptoperf/mps2-an505/mbedtls-3.6.6/summary|' "$P/index.wiki"
check "its summary links it back" grep -qF '](index.md)' "$P/summary.md"
check "the series comparison links it" grep -qF '](mbedtls-3.6.6/index.md)' site/mps2-an505/compare.md
check "the cross-core page links it" grep -qF '](../../mps2-an505/mbedtls-3.6.6/index.md)' site/cores/mbedtls-3.6.6/index.md
check "the index matrix names core, board and kind" grep -qF '| Cortex-M33 · mps2-an505 · emulated |' site/index.md
check "the index matrix does not repeat 'instructions (QEMU icount)' in its cells" \
  bash -c "! sed -n '/^| Core · board/,/^\$/p' site/index.md | grep -q 'QEMU icount'"
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
if walk "$N/dead/index.wiki" >"$N/out"; then fail "a removed wiki page goes unnoticed"; else ok "a removed wiki page is a dead title: $(grep -m1 dead "$N/out")"; fi
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
if walk "$N/orphan/index.wiki" --all $(find "$N/orphan" -name '*.wiki') >/dev/null; then fail "a wiki page the index does not link goes unnoticed"; else ok "a wiki page the index does not link is caught"; fi
# a page three clicks away: the summary linked only from a page the index does not link
cp -R "$W/site" "$N/far"
sed -i 's|(summary.md)|(nowhere.md)|g' "$N/far/demo/examplelib-1.0/index.md"
printf '[on](summary.md)\n' >"$N/far/demo/examplelib-1.0/nowhere.md"
if walk "$N/far/index.md" --clicks 2 --all $(find "$N/far" -name '*.md') >"$N/out"; then
  fail "a page three clicks from the index goes unnoticed"
else
  ok "a page three clicks from the index is caught: $(grep -m1 'too far' "$N/out")"
fi
# a page without its link up
cp -R "$W/site" "$N/noup"
sed -i 's|\[index\](\.\./\.\./index\.md)|index|' "$N/noup/demo/examplelib-1.0/summary.md"
if walk "$N/noup/index.md" --up "$N/noup/index.md" >"$N/out"; then
  fail "a page without its link up goes unnoticed"
else
  ok "a page without its link up is caught: $(grep -m1 'no link up' "$N/out")"
fi
done_testing
