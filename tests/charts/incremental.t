#!/usr/bin/env bash
# Charts only when changed (issue 16, item 2): with --chart-cache a second
# render with nothing changed is skipped as a whole (its inputs hash as the
# last run's and every file is as that run left it; an edited page or a
# changed template makes it run), starts no gnuplot and draws nothing, leaves
# every file as it was, and the output is byte for byte the output of a
# render without the cache; a changed value, a touched or removed chart
# file, another cryptoperf or another gnuplot make the charts concerned be
# drawn again; --prune keeps the charts that were not drawn; a run that
# fails, early or late, leaves the cache as it was.
. "$(dirname "$0")/../lib.sh"
T=$(tmpdir)
SRC=$TOP/data/stm32l5/cmox-050000b2/dataset.yaml
FOLDER=stm32l5/cmox-050000b2
mkdir -p "$T/data/$FOLDER" "$T/bin"
cp "$SRC" "$T/data/$FOLDER/dataset.yaml"
GNUPLOT_REAL=$(command -v gnuplot)

# a gnuplot on PATH that logs each start
cat >"$T/bin/gnuplot" <<SH
#!/bin/sh
echo started >>"$T/starts"
exec "$GNUPLOT_REAL" "\$@"
SH
chmod +x "$T/bin/gnuplot"

render() {
  PATH="$T/bin:$PATH" "$CRYPTOPERF" render --timing --prune --data "$T/data" --templates "$TOP/templates" \
    --out "$T/site" "$@" >"$T/out" 2>"$T/err"
  rc=$?
  [ "$rc" -eq 0 ] || diag "exit $rc: $(head -c 600 "$T/err")"
  cat "$T/err" >>"$T/all.err"
}
drawn() { sed -n 's/.*(charts: \([0-9]*\) drawn.*/\1/p' "$T/err"; }
kept() { sed -n 's/.*drawn, \([0-9]*\) unchanged and not drawn.*/\1/p' "$T/err"; }
starts() { [ -f "$T/starts" ] && wc -l <"$T/starts" || echo 0; }
snapshot() { (cd "$T/site" && find . -type f -printf '%p %s %T@ %i\n' | sort) >"$1"; }

render --chart-cache "$T/cache"
check "first render: exit 0" [ "$rc" -eq 0 ]
n=$(find "$T/site" -name '*.svg' | wc -l)
check "first render: every chart drawn ($n)" [ "$(drawn)" -eq "$n" ]
check "first render: the cache file is written" [ -s "$T/cache" ]
snapshot "$T/before"
started=$(starts)

render --chart-cache "$T/cache"
check "nothing changed: exit 0" [ "$rc" -eq 0 ]
check "nothing changed: no chart drawn" [ "$(drawn)" -eq 0 ]
check "nothing changed: every chart kept ($(kept))" [ "$(kept)" -eq "$n" ]
check "nothing changed: gnuplot not even started" [ "$(starts)" -eq "$started" ]
check "nothing changed: the run skipped as a whole (its key and files as the last run left them)" \
  grep -q 'nothing changed since the last run' "$T/err"
snapshot "$T/after"
check "nothing changed: every file as it was (name, size, mtime, inode)" diff "$T/before" "$T/after"

# the same bytes as a render without the cache
PATH="$T/bin:$PATH" "$CRYPTOPERF" render --data "$T/data" --templates "$TOP/templates" --out "$T/plain" 2>/dev/null
check "the output is that of a render without the cache" diff -r "$T/site" "$T/plain"
# and the same whatever the number of gnuplot processes
for jobs in 1 3; do
  PATH="$T/bin:$PATH" "$CRYPTOPERF" render --chart-jobs $jobs --data "$T/data" --templates "$TOP/templates" \
    --out "$T/jobs$jobs" 2>/dev/null
  check "--chart-jobs $jobs: the same output" diff -r "$T/plain" "$T/jobs$jobs"
done

# one value changed: its chart (and only the charts showing it) drawn again
sed -i 's/cycles: 3742}/cycles: 3743}/' "$T/data/$FOLDER/dataset.yaml"
render --chart-cache "$T/cache"
check "one value changed: one chart drawn" [ "$(drawn)" -eq 1 ]
check "one value changed: the others kept" [ "$(kept)" -eq $((n - 1)) ]
check "one value changed: the chart shows it" grep -q '>3743<' "$T/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc.svg"
sed -i 's/cycles: 3743}/cycles: 3742}/' "$T/data/$FOLDER/dataset.yaml"
render --chart-cache "$T/cache"
check "value changed back: one chart drawn" [ "$(drawn)" -eq 1 ]
PATH="$T/bin:$PATH" "$CRYPTOPERF" render --data "$T/data" --templates "$TOP/templates" --out "$T/plain2" 2>/dev/null
check "value changed back: the output is that of a render without the cache" diff -r "$T/site" "$T/plain2"

# a chart file edited, or removed, is drawn again
F="$T/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 ECDSA Sig.svg"
echo '<!-- edited -->' >>"$F"
rm "$T/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 EdDSA Sig.svg"
render --chart-cache "$T/cache"
check "edited and removed charts: both drawn again" [ "$(drawn)" -eq 2 ]
check "edited and removed charts: restored" diff -r "$T/site" "$T/plain2"

# a page edited: the run is not skipped, the page is restored
echo 'edited' >>"$T/site/$FOLDER/index.md"
render --chart-cache "$T/cache"
check "an edited page: the run not skipped" grep -q 'load+validate' "$T/err"
check "an edited page: no chart drawn" [ "$(drawn)" -eq 0 ]
check "an edited page: restored" diff -r "$T/site" "$T/plain2"

# a template changed: the run is not skipped, the pages show it
cp -r "$TOP/templates" "$T/tpl"
render --chart-cache "$T/cache" --templates "$T/tpl"
render --chart-cache "$T/cache" --templates "$T/tpl"
check "own templates, nothing changed: the run skipped" grep -q 'nothing changed since the last run' "$T/err"
printf '\nA line the template gained.\n' >>"$T/tpl/st/page.md"
render --chart-cache "$T/cache" --templates "$T/tpl"
check "a template changed: the run not skipped" grep -q 'load+validate' "$T/err"
check "a template changed: the page shows it" grep -q 'A line the template gained.' "$T/site/$FOLDER/index.md"
render --chart-cache "$T/cache"
check "the templates of before: the page as before" diff -r "$T/site" "$T/plain2"

# another gnuplot (a new package, say) draws every chart again
cat >"$T/bin/gnuplot" <<SH
#!/bin/sh
# another gnuplot: another file
echo started >>"$T/starts"
exec "$GNUPLOT_REAL" "\$@"
SH
render --chart-cache "$T/cache"
check "another gnuplot: every chart drawn again" [ "$(drawn)" -eq "$n" ]

# --prune keeps the charts it did not draw and removes a stale one (one
# an earlier render wrote: listed in the folder's manifest)
touch "$T/site/$FOLDER/Cryptolib stale.svg"
echo "$FOLDER/Cryptolib stale.svg" >>"$T/site/.cryptoperf-manifest"
render --chart-cache "$T/cache"
check "--prune with kept charts: exit 0" [ "$rc" -eq 0 ]
check "--prune with kept charts: none drawn" [ "$(drawn)" -eq 0 ]
check "--prune with kept charts: the stale chart removed" [ ! -e "$T/site/$FOLDER/Cryptolib stale.svg" ]
check "--prune with kept charts: every kept chart still there" [ "$(find "$T/site" -name '*.svg' | wc -l)" -eq "$n" ]

# a failed run leaves the cache as it was
cp "$T/cache" "$T/cache.before"
sed -i 's/cycles: 3742}/cycles: 3744}/' "$T/data/$FOLDER/dataset.yaml"
cat >"$T/bin/gnuplot" <<'SH'
#!/bin/sh
exit 3
SH
render --chart-cache "$T/cache"
check "a failed run: exit 2" [ "$rc" -eq 2 ]
check "a failed run: the cache file unchanged" cmp -s "$T/cache" "$T/cache.before"
check "a failed run: the chart file unchanged" grep -q '>3742<' "$T/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc.svg"

# a run that fails after its charts were drawn (a page cannot be written:
# nothing of the run is renamed into place) leaves the cache as it was, so
# the next run draws the changed chart, not keeps the old file
cp "$GNUPLOT_REAL" "$T/bin/gnuplot" 2>/dev/null || ln -sf "$GNUPLOT_REAL" "$T/bin/gnuplot"
render --chart-cache "$T/cache"
check "gnuplot back: exit 0" [ "$rc" -eq 0 ]
cp "$T/cache" "$T/cache.before"
sed -i 's/cycles: 3744}/cycles: 3745}/' "$T/data/$FOLDER/dataset.yaml"
rm "$T/site/index.md" && mkdir "$T/site/index.md"
render --chart-cache "$T/cache"
check "a late failure: exit 2" [ "$rc" -eq 2 ]
check "a late failure: the cache file unchanged" cmp -s "$T/cache" "$T/cache.before"
check "a late failure: the chart file unchanged" grep -q '>3744<' "$T/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc.svg"
rmdir "$T/site/index.md"
render --chart-cache "$T/cache"
check "after a late failure: exit 0" [ "$rc" -eq 0 ]
check "after a late failure: the changed chart drawn again" [ "$(drawn)" -eq 1 ]
check "after a late failure: the chart shows the new value" grep -q '>3745<' "$T/site/$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc.svg"

# a cache file that is not one is ignored (everything drawn), then rewritten
printf 'garbage\n' >"$T/cache"
render --chart-cache "$T/cache"
check "a garbage cache file: exit 0" [ "$rc" -eq 0 ]
check "a garbage cache file: every chart drawn" [ "$(drawn)" -eq "$n" ]
check "a garbage cache file: rewritten" grep -q '^cryptoperf chart cache 3$' "$T/cache"

check "no sanitizer report in any run" [ -z "$(grep 'Sanitizer\|runtime error' "$T/all.err")" ]
done_testing
