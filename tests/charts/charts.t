#!/usr/bin/env bash
# The chart backend through the real gnuplot: one process for all charts,
# or several drawing the same bytes;
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

CHART_JOBS=1 GNUPLOT=$T/counting-gnuplot render "$T/site/a"
check "4 sample charts: exit 0" [ "$rc" -eq 0 ]
check "4 sample charts drawn" [ "$out" = "4 charts" ]
[ "$rc" -eq 0 ] || diag "$out"
check "one gnuplot process for all of them (CHART_JOBS=1)" [ "$(wc -l <"$T/starts")" -eq 1 ]
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
  [ -z "$(find "$T" -type f ! -path "$T/site/*" ! -name starts ! -name counting-gnuplot ! -name slow-gnuplot ! -name '*.err' ! -name x.png ! -name all.log)" ]
svg_checks "hostile" "$T/site/h"
H=$(ls "$T/site/h"/*.svg)
check "hostile texts: markup shows as text" grep -q '&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;' "$H"
check "hostile texts: ]]> escaped" grep -q ']]&gt;&lt;!--' "$H"
check "hostile texts: no backquote command ran, no @macro expanded" grep -q '`id` @m \$x' "$H"
check "hostile texts: doubled quotes survive" grep -q "plot 1  ''''q'' '" "$H"
check "hostile texts: quotes and | kept as text" grep -q "it's \"q\" &lt;b&gt;&amp;amp; a|b" "$H"
# gnuplot reads tic labels as printf formats and, unless told not to, texts
# as enhanced-text markup: neither may touch a text from data
check "hostile texts: '%' in a category label is drawn as it is" grep -q '>100%Small %x %n<' "$H"
check "hostile texts: '}' in a category label is drawn as it is" grep -q '>x}Small<' "$H"
check "hostile texts: enhanced-text markup in a category label is drawn as it is" grep -qF '>a{b}^c_d@e&amp;f~g\h<' "$H"
check "hostile texts: a value label '%n' is drawn as it is" grep -q '>%n<' "$H"
check "hostile texts: a value label '{/Symbol a}' is drawn as it is" grep -qF '>{/Symbol a}<' "$H"
check "hostile texts: a key entry 'x}Small %n' is drawn as it is" grep -q '>x}Small %n<' "$H"

# ratio charts (a diff summary): drawn, checked like the others, texts as text
render "$T/site/r" ratio
check "ratio charts: drawn" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$out"
svg_checks "ratio" "$T/site/r"
R="$T/site/r/Cryptolib ratio.svg"
check "ratio: '%' in a family name is drawn as it is" grep -q '>100%Small %x %n<' "$R"
check "ratio: enhanced-text markup in a family name is drawn as it is" grep -qF '>a{b}^c_d@e&amp;f~g\h<' "$R"
check "ratio: markup in a family name shows as text (cut to fit)" grep -q '>&lt;/text&gt;&lt;script&gt;alert(1)&lt;/sc…<' "$R"
check "ratio: a label '{/Symbol a}' is drawn as it is" grep -qF '>{/Symbol a}<' "$R"
check "ratio: doubled quotes in a label survive" grep -q "plot 1  ''''q'' '" "$R"
check "ratio: no backquote command ran, no @macro expanded" grep -q 'Geometric mean `id` @m' "$R"
check "ratio: a family without a value says so" grep -q '>no counts compared<' "$R"
check "ratio: a chart without any value is drawn with its texts" grep -q '>no counts compared<' "$T/site/r/Cryptolib ratio empty.svg"

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

# two charts of one name: the later ones get " (2)", " (3)"
render "$T/site/c" clash
check "one name three times: exit 0" [ "$rc" -eq 0 ]
check "one name three times: told apart in order" diff <(ls "$T/site/c") - <<'EOF'
Cryptolib STM32L552 AES CBC SB Enc (2).svg
Cryptolib STM32L552 AES CBC SB Enc (3).svg
Cryptolib STM32L552 AES CBC SB Enc.svg
EOF

# linear in the bars: 20 000 bars in one chart (render would split it;
# the backend draws what it gets) take seconds, where one `set label` and
# one datablock per bar or series took minutes
start=$(date +%s%N)
render "$T/site/big" bars 20000 1
took=$(( ($(date +%s%N) - start) / 1000000 ))
check "20 000 bars in one chart: drawn" [ "$rc" -eq 0 ]
check "20 000 bars in one chart: in under 20 s (${took} ms)" [ "$took" -lt 20000 ]
start=$(date +%s%N)
render "$T/site/big2" bars 8000 8000
took=$(( ($(date +%s%N) - start) / 1000000 ))
check "8000 bars in 8000 series: in under 20 s (${took} ms)" [ "$took" -lt 20000 ]

# charts are queued: gnuplot gets chart 2 before it has answered chart 1
# (we prepare chart n + 1 while gnuplot draws chart n); this gnuplot says
# nothing until it has both, and gives up after 10 s
cat >"$T/two-first-gnuplot" <<SH
#!/bin/bash
lines=()
for i in 1 2 3 4; do IFS= read -r -t 10 line || exit 4; lines+=("\$line"); done
{ printf '%s\n' "\${lines[@]}"; cat; } | "$GNUPLOT_REAL" "\$@"
SH
chmod +x "$T/two-first-gnuplot"
CHART_JOBS=1 GNUPLOT=$T/two-first-gnuplot render "$T/site/q"
check "queued charts: gnuplot had chart 2 before answering chart 1" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || diag "$out"

# scripts go through a few files, each written again for the next chart,
# not a new file (mkstemp and rename) per chart: a file is its inode and
# its birth time (nanoseconds; an inode number can be reused at once)
cat >"$T/logging-gnuplot" <<SH
#!/bin/bash
while IFS= read -r line; do
  if [[ \$line == load* ]]; then f=\${line#load \'}; f=\${f%\'}; stat -c '%i %w' "\$f" >>"$T/scripts"; stat -c '%i %s' "\$f" >>"$T/sizes"; fi
  printf '%s\n' "\$line"
done | "$GNUPLOT_REAL" "\$@"
SH
chmod +x "$T/logging-gnuplot"
# (a worker has 256 slots, each a script file: more charts than that, so
# some file must serve two)
CHART_JOBS=1 GNUPLOT=$T/logging-gnuplot render "$T/site/r" repeat 75
check "300 charts: drawn" [ "$rc" -eq 0 ]
check "300 charts: their scripts loaded" [ "$(wc -l <"$T/scripts")" -eq 300 ]
if grep -q ' -$' "$T/scripts"; then
  diag "no file birth times on this file system: cannot tell a reused script file from a new one"
  ok "# SKIP script files reused (no birth times here)"
else
  check "300 charts: at most 256 script files, reused ($(sort -u "$T/scripts" | wc -l))" [ "$(sort -u "$T/scripts" | wc -l)" -le 256 ]
fi
# a script file is never cut (ext4 writes a file cut and written again to
# disk on close): a shorter script is padded with empty lines
: >"$T/sizes"
CHART_JOBS=1 GNUPLOT=$T/logging-gnuplot render "$T/site/shrinking" shrinking 300
check "300 charts, each smaller: drawn" [ "$rc" -eq 0 ]
reused=$(awk '{ n[$1]++ } END { r = 0; for (f in n) r += n[f] > 1; print r }' "$T/sizes")
check "300 charts, each smaller: some script file written more than once ($reused)" [ "$reused" -gt 0 ]
shrunk=$(awk '{ if ($1 in size && $2 < size[$1]) n++; size[$1] = $2 } END { print n + 0 }' "$T/sizes")
check "300 charts, each smaller: no script file ever shorter than before ($shrunk)" [ "$shrunk" -eq 0 ]

# several gnuplot processes draw the same bytes as one: each chart script
# sets everything it uses (reset session), whoever drew the chart before
CHART_JOBS=1 render "$T/site/w1" repeat 10
# a gnuplot slow to start (half a second): the charts queue on the first,
# so a second and third start whatever the machine's load (with a quick
# one, a loaded machine sometimes never had two charts waiting)
cat >"$T/slow-gnuplot" <<SH
#!/bin/sh
echo started >>"$T/starts"
sleep 0.5
exec "$GNUPLOT_REAL" "\$@"
SH
chmod +x "$T/slow-gnuplot"
: >"$T/starts"
CHART_JOBS=3 GNUPLOT=$T/slow-gnuplot render "$T/site/w3" repeat 10
check "40 charts, 3 gnuplot processes: drawn" [ "$rc" -eq 0 ]
check "40 charts, 3 gnuplot processes: more than one started ($(wc -l <"$T/starts"))" [ "$(wc -l <"$T/starts")" -gt 1 ]
check "40 charts, 3 gnuplot processes: at most 3 started" [ "$(wc -l <"$T/starts")" -le 3 ]
check "40 charts, 3 gnuplot processes: the same files as one" diff <(ls "$T/site/w1") <(ls "$T/site/w3")
differ=0
for f in "$T/site/w1"/*.svg; do cmp -s "$f" "$T/site/w3/$(basename "$f")" || { differ=1; diag "differs: $f"; }; done
check "40 charts, 3 gnuplot processes: byte-identical to one process" [ "$differ" -eq 0 ]

GNUPLOT=$T/no-such-gnuplot render "$T/site/n"
check "no gnuplot: exit 1" [ "$rc" -eq 1 ]
check "no gnuplot: a message" grep -q "cannot start" <<<"$out"

check "no temporary file left behind in TMPDIR" [ -z "$(ls -A "$T/tmp")" ]
check "no temporary file left behind next to the charts" [ -z "$(find "$T/site" -name '*.tmp*')" ]
check "no sanitizer report in any run" [ "$(grep -c 'Sanitizer\|runtime error' "$T/all.log")" -eq 0 ]
done_testing
