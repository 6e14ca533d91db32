#!/usr/bin/env bash
# The generated HTML in headless Chromium (tests/browser/chromium.sh), from
# file:// with no network: the site index and a dataset page give
# screenshots that are not blank and show the tables laid out (the header
# cells' colour of templates/html.css, #eaecf0, over many pixels), and the
# DOM after loading holds as many <table> elements as the wiki page has
# tables (and links every page from the index). Screenshots stay in
# build/browser/ for a person to look at.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/browser/chromium.sh"
start=$SECONDS
OUT=$TOP/build/browser
mkdir -p "$OUT"
pngcheck() { "$TOP/tests/browser/pngcheck" "$@"; }

# shot NAME PAGE: screenshot and DOM of site/PAGE/index.html, checked
shot() {
  local name=$1 dir=$TOP/site/$2 url tables want
  url="file://$dir/index.html"
  check "$name: chromium saves a screenshot" browser_screenshot "$url" "$OUT/html-$name.png" 1280 2000
  pngcheck "$OUT/html-$name.png" --min-colors 50 --min-ink 0.05 --color eaecf0:5000 >"$OUT/html-$name.pngcheck" 2>&1
  local rc=$?
  sed 's/^/# /' "$OUT/html-$name.pngcheck"
  if [ $rc -eq 0 ]; then ok "$name: the screenshot shows text and shaded table headers"; else fail "$name: the screenshot shows text and shaded table headers"; fi
  check "$name: chromium dumps the DOM" browser_dom "$url" "$OUT/html-$name.dom.html"
  tables=$(grep -o '<table class="wikitable"' "$OUT/html-$name.dom.html" | wc -l)
  want=$(grep -c '^{|' "$dir/index.wiki")
  check "$name: the DOM holds the $want tables of the wiki page ($tables)" test "$tables" -eq "$want"
}

shot index .
pages=$(cd "$TOP/site" && find . -mindepth 3 -name index.html | wc -l)
links=$(grep -oE 'href="[^"#]*/index.html"' "$OUT/html-index.dom.html" | sort -u | wc -l)
check "index: the DOM links each of the $pages pages ($links)" test "$links" -eq "$pages"
shot cmox stm32l5/cmox-050000b2
# a cross-core page (issue 17): six cores side by side, the micro:bit's
# cases that did not fit among them
shot cores cores/mbedtls-3.6.6

# the index at 1280 px, as a reader's window: neither the page nor any of
# its tables (a wide table scrolls in its own box, html.css) is wider than
# it has room for (the matrix names each row's core, board and kind and its
# cells say what they count in a word or two); a script added to a copy
# writes into the DOM how many px the widest box overflows by
overflow() { # HTML-FILE WINDOW-WIDTH: px the page or its widest table overflows by
  sed 's|</body>|<script>var o = document.documentElement.scrollWidth - document.documentElement.clientWidth; for (const t of document.querySelectorAll("table")) o = Math.max(o, t.scrollWidth - t.clientWidth); document.body.setAttribute("data-overflow", o)</script></body>|' \
    "$1" >"$OUT/html-width.html"
  browser_dom "file://$OUT/html-width.html" "$OUT/html-width.dom.html" "$2" &&
    sed -n 's/.*data-overflow="\(-\{0,1\}[0-9]*\)".*/\1/p' "$OUT/html-width.dom.html" | head -1
}
o=$(overflow "$TOP/site/index.html" 1280)
check "index at 1280 px: nothing overflows (by ${o:-?} px)" test "${o:-99999}" -le 0
# negative control: a window narrower than the matrix overflows
o=$(overflow "$TOP/site/index.html" 600)
check "index at 600 px: the check sees the matrix overflow (by ${o:-?} px)" test "${o:-0}" -gt 0
# every HTML page with sections has its table of contents under its title
missing=0
while IFS= read -r f; do
  [ "$(grep -c '^<h2' "$f")" -ge 2 ] || continue
  grep -q '<nav class="toc"' "$f" || { missing=$((missing + 1)); diag "no contents: $f"; }
done < <(find "$TOP/site" -name '*.html')
check "every HTML page with two or more sections has a table of contents" test "$missing" -eq 0

# charts where readers compare (issue 19), drawn in the page: the diff
# page's summary chart (a family faster: green 009e73) and old-vs-new bars
# (old 0072b2, new e69f00); the comparison page's bars, a library's last
# version in full colour (0072b2) and its earlier one a lighter shade of it
# (99c7e0). Counts are a fraction of what the pages show.
charts() {
  local name=$1 url=$2 height=$3 rc; shift 3
  check "$name: chromium saves a screenshot" browser_screenshot "$url" "$OUT/html-$name.png" 1280 "$height"
  pngcheck "$OUT/html-$name.png" "$@" >"$OUT/html-$name.pngcheck" 2>&1
  rc=$?
  sed 's/^/# /' "$OUT/html-$name.pngcheck"
  check "$name: the screenshot shows the charts' bars in their colours" test "$rc" -eq 0
}
charts diff-charts "file://$TOP/site/stm32l5/diff-cmox-040000b1-to-050000b2/index.html" 6000 \
  --color 009e73:3000 --color 0072b2:20000 --color e69f00:15000
charts compare-charts "file://$TOP/site/stm32l5/compare.html" 2000 --color 0072b2:40000 --color 99c7e0:30000

check "chromium saves a screenshot of an empty page" browser_screenshot "about:blank" "$OUT/html-blank.png" 640 480
if pngcheck "$OUT/html-blank.png" --min-colors 2 >/dev/null; then
  fail "pngcheck rejects a blank screenshot (negative control)"
else
  ok "pngcheck rejects a blank screenshot (negative control)"
fi
# a page whose stylesheet is gone draws no shaded header: the colour check can fail
sed '/<style>/,/<\/style>/d' "$TOP/site/index.html" >"$OUT/html-nostyle.html"
check "chromium saves a screenshot of the index without its stylesheet" \
  browser_screenshot "file://$OUT/html-nostyle.html" "$OUT/html-nostyle.png" 1280 2000
if pngcheck "$OUT/html-nostyle.png" --color eaecf0:5000 >/dev/null; then
  fail "the header colour check rejects a page without the stylesheet (negative control)"
else
  ok "the header colour check rejects a page without the stylesheet (negative control)"
fi
diag "html.t took $((SECONDS - start)) s"
done_testing
