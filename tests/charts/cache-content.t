#!/usr/bin/env bash
# The chart cache is keyed on content and locked (issue 30, item 3):
#   - a chart edited in place with its size, mtime and inode kept (what a
#     second render replacing files under a first one looked like to a
#     cache of size/mtime/inode) is drawn again: the cache remembers the
#     SHA-256 of the bytes written, and the output equals a render without
#     the cache; the same for a page, which makes the run not skipped;
#   - a second render on the same cache waits for the first (flock on
#     CACHE.lock): it says so and starts no gnuplot until the first ended,
#     and the cache then pairs each key with its own file (a third render
#     with nothing changed keeps all and equals a render without cache).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
SRC=data/stm32l5/cmox-050000b2/dataset.yaml
FOLDER=stm32l5/cmox-050000b2
CHART="$FOLDER/Cryptolib STM32L552 cmox-050000B2 AES CBC SB Enc.svg"
mkdir -p "$T/a/$FOLDER" "$T/b/$FOLDER" "$T/bin"
cp "$SRC" "$T/a/$FOLDER/dataset.yaml"
sed 's/cycles: 3742}/cycles: 3743}/' "$SRC" >"$T/b/$FOLDER/dataset.yaml"
check "dataset b differs from a" bash -c "! cmp -s '$T/a/$FOLDER/dataset.yaml' '$T/b/$FOLDER/dataset.yaml'"
GNUPLOT_REAL=$(command -v gnuplot)
# a gnuplot that logs its start and waits for $T/go when $T/hold exists
cat >"$T/bin/gnuplot" <<SH
#!/bin/sh
echo started >>"$T/starts"
while [ -e "$T/hold" ] && [ ! -e "$T/go" ]; do sleep 0.05; done
exec "$GNUPLOT_REAL" "\$@"
SH
chmod +x "$T/bin/gnuplot"
starts() { [ -f "$T/starts" ] && wc -l <"$T/starts" || echo 0; }
render() { # data out log [cache]
  PATH="$T/bin:$PATH" "$CRYPTOPERF" render --timing --data "$1" --templates templates --out "$2" \
    ${4:+--chart-cache "$4"} >"$3" 2>&1
}
drawn() { sed -n 's/.*(charts: \([0-9]*\) drawn.*/\1/p' "$1"; }

render "$T/a" "$T/plain-a" "$T/log0"
render "$T/b" "$T/plain-b" "$T/log0b"
render "$T/a" "$T/site" "$T/log1" "$T/cache"
check "first render with the cache: exit 0" [ $? -eq 0 ]

# --- a chart edited in place, size, mtime and inode kept ---------------------------
F=$T/site/$CHART
stat -c '%s %Y %i' "$F" >"$T/stat-before"
mtime=$(stat -c '%y' "$F")
cp "$T/plain-a/$CHART" "$T/chart.orig"
sed 's/>3742</>9999</' "$T/chart.orig" >"$T/chart.edited"
cat "$T/chart.edited" >"$F"   # in place: the inode stays
touch -d "$mtime" "$F"
check "the edit changed the chart" bash -c "! cmp -s '$F' '$T/chart.orig'"
stat -c '%s %Y %i' "$F" >"$T/stat-after"
check "... and kept its size, mtime and inode" cmp -s "$T/stat-before" "$T/stat-after"
render "$T/a" "$T/site" "$T/log2" "$T/cache"
check "the next render: exit 0" [ $? -eq 0 ]
check "the next render: not skipped as a whole" grep -q 'load+validate' "$T/log2"
check "the next render: the edited chart drawn again (1 chart)" [ "$(drawn "$T/log2")" = 1 ]
check "the next render: the output is that of a render without the cache" diff -r -x .cryptoperf-manifest "$T/plain-a" "$T/site"

P=$T/site/$FOLDER/index.md
stat -c '%s %Y %i' "$P" >"$T/pstat-before"
mtime=$(stat -c '%y' "$P")
sed 's/Cryptolib/Cryptolic/' "$T/plain-a/$FOLDER/index.md" >"$T/page.edited"
cat "$T/page.edited" >"$P"
touch -d "$mtime" "$P"
stat -c '%s %Y %i' "$P" >"$T/pstat-after"
check "a page edited in place, size, mtime and inode kept" cmp -s "$T/pstat-before" "$T/pstat-after"
render "$T/a" "$T/site" "$T/log3" "$T/cache"
check "... the run not skipped" grep -q 'load+validate' "$T/log3"
check "... the page restored" cmp -s "$T/plain-a/$FOLDER/index.md" "$P"

# --- two renders on one cache --------------------------------------------------------
rm -f "$T/starts"
touch "$T/hold"
sed -i 's/cycles: 3742}/cycles: 3744}/' "$T/a/$FOLDER/dataset.yaml"   # a: one chart to draw
render "$T/a" "$T/site" "$T/log-a" "$T/cache" &
pa=$!
for _ in $(seq 200); do [ "$(starts)" -ge 1 ] && break; sleep 0.05; done
check "render a started its gnuplot (held)" [ "$(starts)" -ge 1 ]
n_a=$(starts)
render "$T/b" "$T/site" "$T/log-b" "$T/cache" &
pb=$!
for _ in $(seq 200); do grep -q 'waiting for it to end' "$T/log-b" 2>/dev/null && break; sleep 0.05; done
check "render b says it waits for the other render on the cache" grep -q 'cache.lock: another render is using the chart cache: waiting for it to end' "$T/log-b"
sleep 0.5
check "render b started no gnuplot while a holds the cache" [ "$(starts)" -eq "$n_a" ]
touch "$T/go"
wait "$pa"
check "render a: exit 0" [ $? -eq 0 ]
wait "$pb"
check "render b: exit 0" [ $? -eq 0 ]
rm -f "$T/hold" "$T/go"
check "the site is b's" diff -r -x .cryptoperf-manifest "$T/plain-b" "$T/site"
render "$T/b" "$T/site" "$T/log-b2" "$T/cache"
check "b again, nothing changed: skipped as a whole" grep -q 'nothing changed since the last run' "$T/log-b2"
check "b again: the output is that of a render without the cache" diff -r -x .cryptoperf-manifest "$T/plain-b" "$T/site"
done_testing
