#!/usr/bin/env bash
# The chart backend through the real gnuplot: one process for all charts;
# every SVG well-formed, static (viewBox, <title>, no script) and rendered by
# rsvg-convert without a warning; hostile texts stay text and no file lands
# outside the output folder; byte-identical reruns; a gnuplot failure names
# the chart and writes nothing.
. "$(dirname "$0")/../lib.sh"
DRIVER=${CHART_DRIVER:-$TOP/build/tests/chart_render}
T=$(tmpdir)
mkdir -p "$T/tmp" "$T/cwd"
export TMPDIR=$T/tmp
GNUPLOT_REAL=$(command -v gnuplot)

# a gnuplot that logs each start, so the test can count the processes
cat >"$T/counting-gnuplot" <<SH
#!/bin/sh
echo started >>"$T/starts"
exec "$GNUPLOT_REAL" "\$@"
SH
chmod +x "$T/counting-gnuplot"

render() { out=$(cd "$T/cwd" && "$DRIVER" "$@" 2>&1); rc=$?; printf '%s\n' "$out" >>"$T/all.log"; }

GNUPLOT=$T/counting-gnuplot render "$T/site/a"
check "4 sample charts: exit 0" [ "$rc" -eq 0 ]
check "4 sample charts drawn" [ "$out" = "4 charts" ]
[ "$rc" -eq 0 ] || diag "$out"
check "one gnuplot process for all of them" [ "$(wc -l <"$T/starts")" -eq 1 ]
for name in "AES CBC SB Enc" "AES CBC SB Enc FP" "ECDSA Sig"; do
  check "the ST file name Cryptolib STM32L552 $name.svg" [ -f "$T/site/a/Cryptolib STM32L552 $name.svg" ]
done

# checks every SVG in a folder; $1 names the set
svg_checks() {
  local what=$1 dir=$2 f bad=0 n=0
  for f in "$dir"/*.svg; do
    n=$((n + 1))
    if ! xmllint --noout "$f" 2>"$T/xmllint.err"; then bad=1; diag "$f: $(cat "$T/xmllint.err")"; fi
  done
  check "$what: some SVG files ($n)" [ "$n" -gt 0 ]
  check "$what: all $n SVG files well-formed XML" [ "$bad" -eq 0 ]
  bad=0
  for f in "$dir"/*.svg; do
    grep -q 'viewBox="0 0 [0-9]* [0-9]*"' "$f" || { bad=1; diag "$f: no viewBox"; }
    [ "$(grep -c '<title>' "$f")" -eq 1 ] || { bad=1; diag "$f: not exactly one <title>"; }
    # an XPath query that finds nothing says so on stderr and exits 10
    xmllint --xpath "//*[local-name()='script' or local-name()='foreignObject'] | //@*[starts-with(local-name(),'on')]
      | //@*[local-name()='href' and not(starts-with(.,'#'))]" "$f" >/dev/null 2>&1
    [ $? -eq 10 ] || { bad=1; diag "$f: active content"; }
    grep -q 'GNUPLOT\|<desc>' "$f" && { bad=1; diag "$f: gnuplot's version line"; }
  done
  check "$what: viewBox, one <title>, no script, handler, outside link or version" [ "$bad" -eq 0 ]
  bad=0
  for f in "$dir"/*.svg; do
    rsvg-convert -o "$T/x.png" "$f" 2>"$T/rsvg.err"
    if [ $? -ne 0 ] || [ -s "$T/rsvg.err" ] || [ ! -s "$T/x.png" ]; then bad=1; diag "$f: $(cat "$T/rsvg.err")"; fi
  done
  check "$what: rsvg-convert renders each to PNG without a word on stderr" [ "$bad" -eq 0 ]
}
svg_checks "samples" "$T/site/a"

check "the title says what the chart is" \
  grep -q '<title>AES CBC encryption, sole buffer (CMOX 050000B2 on STM32L552 at 110 MHz)</title>' \
  "$T/site/a/Cryptolib STM32L552 AES CBC SB Enc.svg"
check "value labels grouped like the tables" grep -q '<text>11 667</text>' "$T/site/a/Cryptolib STM32L552 AES CBC SB Enc.svg"
check "a missing value says n/a" grep -q '<text>n/a</text>' "$T/site/a/Cryptolib STM32L552 ECDSA Sig.svg"

# determinism: another folder, and the same folder again
render "$T/site/b"
same=1
for f in "$T/site/a"/*.svg; do cmp -s "$f" "$T/site/b/$(basename "$f")" || same=0; done
check "a second run exits 0" [ "$rc" -eq 0 ]
check "a second run gives byte-identical SVG" [ "$same" -eq 1 ]
touch -d '2001-01-01' "$T/site/a"/*.svg
render "$T/site/a"
check "a run over unchanged charts exits 0" [ "$rc" -eq 0 ]
check "an unchanged chart keeps its file (and mtime)" [ -z "$(find "$T/site/a" -name '*.svg' -newermt '2001-01-02')" ]

# hostile texts
render "$T/site/h" hostile
check "hostile texts: the chart is drawn" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$out"
check "hostile texts: exactly one file, in the output folder" [ "$(find "$T/site/h" -type f | wc -l)" -eq 1 ]
check "hostile texts: nothing written anywhere else" \
  [ -z "$(find "$T" -type f ! -path "$T/site/*" ! -name starts ! -name counting-gnuplot ! -name '*.err' ! -name x.png ! -name all.log)" ]
svg_checks "hostile" "$T/site/h"
H=$(ls "$T/site/h"/*.svg)
check "hostile texts: markup shows as text" grep -q '&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;' "$H"
check "hostile texts: ]]> escaped" grep -q ']]&gt;&lt;!--' "$H"
check "hostile texts: no backquote command ran, no @macro expanded" grep -q '`id` @m \$x' "$H"
check "hostile texts: doubled quotes survive" grep -q "plot 1  ''''q'' '" "$H"
check "hostile texts: quotes and | kept as text" grep -q "it's \"q\" &lt;b&gt;&amp;amp; a|b" "$H"

# failures: nothing written, the chart named
cat >"$T/breaking-gnuplot" <<SH
#!/bin/sh
# breaks the second chart: each chart is two lines, load and print
exec sed -u '3s/^load .*/set nonsense/' | "$GNUPLOT_REAL" "\$@"
SH
chmod +x "$T/breaking-gnuplot"
GNUPLOT=$T/breaking-gnuplot render "$T/site/f"
check "gnuplot error: exit 1" [ "$rc" -eq 1 ]
check "gnuplot error: the message names the chart and quotes gnuplot" \
  grep -q "chart $T/site/f/Cryptolib STM32L552 AES CBC SB Enc FP.svg: gnuplot complained" <<<"$out"
grep -q "unrecognized option" <<<"$out" || diag "$out"
check "gnuplot error: no chart written, not even the good first one" [ ! -e "$T/site/f" ]

printf '#!/bin/sh\nhead -c 10 >/dev/null\nexit 3\n' >"$T/dying-gnuplot"
chmod +x "$T/dying-gnuplot"
GNUPLOT=$T/dying-gnuplot render "$T/site/d"
check "gnuplot dies: exit 1" [ "$rc" -eq 1 ]
check "gnuplot dies: the chart named" grep -q "Cryptolib STM32L552 AES CBC SB Enc.svg: gnuplot stopped" <<<"$out"
check "gnuplot dies: nothing written" [ ! -e "$T/site/d" ]
[ "$rc" -eq 1 ] || diag "$out"

GNUPLOT=$T/no-such-gnuplot render "$T/site/n"
check "no gnuplot: exit 1" [ "$rc" -eq 1 ]
check "no gnuplot: a message" grep -q "cannot start" <<<"$out"

check "no temporary file left behind in TMPDIR" [ -z "$(ls -A "$T/tmp")" ]
check "no temporary file left behind next to the charts" [ -z "$(find "$T/site" -name '*.tmp*')" ]
check "no sanitizer report in any run" [ "$(grep -c 'Sanitizer\|runtime error' "$T/all.log")" -eq 0 ]
done_testing
