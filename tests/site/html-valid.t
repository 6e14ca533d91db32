#!/usr/bin/env bash
# Every HTML page (site/ and the golden pages) is a standalone document:
#   - well-formed XML (xmllint --noout): the writer emits polyglot HTML5,
#     which a strict parser checks completely. (xmllint --html is libxml2's
#     HTML 4 parser: it rejects HTML5 elements such as <main> and quietly
#     repairs unclosed elements, so "no error" there would prove little.)
#   - <!DOCTYPE html>, <meta charset="utf-8" />, a non-empty <title>;
#   - no script and no network resource: no <script>, no <link>, no src=
#     or CSS url() with a scheme or "//", no @import;
#   - as many <table> elements as its wiki page has tables.
# Data is text: the fixture full of markup characters yields no element
# from data. Negative controls show each check can fail.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)

# problems of one page on stdout; exit 1 when there is one
page_problems() {
  local f=$1 bad=0
  xmllint --noout --nonet "$f" 2>&1 | head -3 | grep . && bad=1
  head -1 "$f" | grep -qx '<!DOCTYPE html>' || { echo "no <!DOCTYPE html> first"; bad=1; }
  grep -q '<meta charset="utf-8" />' "$f" || { echo "no <meta charset=\"utf-8\" />"; bad=1; }
  grep -q '<title>[^<]' "$f" || { echo "no title"; bad=1; }
  grep -qiE '<script|<link |@import' "$f" && { echo "a script, <link> or @import"; bad=1; }
  grep -qiE 'src="([a-z][a-z0-9+.-]*:|//)|url\(' "$f" && { echo "a resource that is not a relative file"; bad=1; }
  return $bad
}

pages=$(find site tests/golden/expected -name index.html | sort)
[ -n "$pages" ] || { fail "no index.html under site/ or tests/golden/expected"; done_testing; exit 1; }
for f in $pages; do
  if out=$(page_problems "$f"); then
    ok "$f: well-formed, standalone, no script or network resource"
  else
    fail "$f: $(tr '\n' ' ' <<<"$out")"
  fi
  w=${f%.html}.wiki
  want=$(grep -c '^{|' "$w") have=$(grep -c '<table' "$f")
  check "$f: $have tables, as its wiki page" test "$want" -eq "$have"
done

esc=tests/golden/expected/escape/tricky-1.0-rc1/index.html
n=$(xmllint --xpath 'count(//b|//script|//em|//strong|//template)' "$esc" 2>/dev/null)
check "$esc: markup characters in data make no element (found ${n:-?})" test "${n:-x}" = 0
check "$esc: they are shown as text" grep -qF 'Tricky | page &lt;b&gt;bold&lt;/b&gt; &amp; {{template}}' "$esc"

# the checks can fail
f=tests/golden/expected/demo/examplelib-1.0/index.html
sed '0,/<\/p>/s/<\/p>//' "$f" >"$T/unclosed.html"
if page_problems "$T/unclosed.html" >/dev/null; then fail "an unclosed <p> goes unnoticed"; else ok "an unclosed <p> is caught"; fi
sed 's|</title>|</title><script src="https://example.invalid/x.js"></script>|' "$f" >"$T/script.html"
if page_problems "$T/script.html" >/dev/null; then fail "a remote script goes unnoticed"; else ok "a remote script is caught"; fi
sed 's|<meta charset="utf-8" />||' "$f" >"$T/nocharset.html"
if page_problems "$T/nocharset.html" >/dev/null; then fail "a page without charset goes unnoticed"; else ok "a page without charset is caught"; fi
done_testing
