#!/usr/bin/env bash
# A page published to the test MediaWiki, opened in headless Chromium: the
# screenshot is not blank, the wikitables and the charts are drawn (their
# colours cover the pixels they should), and the DOM holds the tables.
# Screenshots stay in build/browser/ for a person to look at.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/mediawiki/wiki.sh"
source "$TOP/tests/browser/chromium.sh"
start=$SECONDS
OUT=$TOP/build/browser
mkdir -p "$OUT"
CMOX=$TOP/tests/fixtures/wiki/stm32l5/cmox-5.0.0
pngcheck() { "$TOP/tests/browser/pngcheck" "$@"; }

wiki_up_tap
publish() { "$CRYPTOPERF" publish --api "$WIKI_API" --user "$WIKI_USER" --password-file "$WIKI_PASSFILE" "$@" >"$OUT/publish.log" 2>&1; }
check "publish the fixture page set" publish "$CMOX"
page="$WIKI_URL/index.php?title=Cryptoperf/stm32l5/cmox-5.0.0"

t0=$SECONDS
check "chromium saves a screenshot of the page" browser_screenshot "$page" "$OUT/wiki-cmox.png" 1280 1600
diag "screenshot: $((SECONDS - t0)) s"
# eaecf0: the header cells of a wikitable; 1f77b4 and 9467bd: a bar of each
# chart (tests/fixtures/wiki/…/*.svg), 60x80 and 200x30 pixels.
pngcheck "$OUT/wiki-cmox.png" --min-colors 50 --min-ink 0.05 --color eaecf0:5000 \
  --color 1f77b4:4800 --color 9467bd:6000 >"$OUT/wiki-cmox.pngcheck" 2>&1
rc=$?
sed 's/^/# /' "$OUT/wiki-cmox.pngcheck"
if [ $rc -eq 0 ]; then ok "the screenshot shows the tables and both charts"; else fail "the screenshot shows the tables and both charts"; fi

check "chromium saves a screenshot of an empty page" browser_screenshot "about:blank" "$OUT/blank.png" 640 480
if pngcheck "$OUT/blank.png" --min-colors 2 >/dev/null; then
  fail "pngcheck rejects a blank screenshot (negative control)"
else
  ok "pngcheck rejects a blank screenshot (negative control)"
fi

check "chromium dumps the page's DOM" browser_dom "$page" "$OUT/wiki-cmox.html"
tables=$(grep -o '<table class="wikitable"' "$OUT/wiki-cmox.html" | wc -l)
check "the DOM holds the 4 wikitables of the fixture ($tables)" test "$tables" = 4
charts=$(grep -o '<img alt="Cryptolib STM32L552[^"]*"' "$OUT/wiki-cmox.html" | wc -l)
check "the DOM holds an <img> for each of the 2 charts ($charts)" test "$charts" = 2

diag "wiki-page.t took $((SECONDS - start)) s"
done_testing
