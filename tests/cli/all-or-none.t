#!/usr/bin/env bash
# A render places every file or none (issue 30, item 6):
#   - a rename failing at commit (an immutable page, chattr +i) leaves every
#     file as it was: those placed before it are put back;
#   - a page swapped for a symlink after it was staged is not replaced at
#     commit (the kind is checked again there), and nothing is placed;
#   - SIGTERM or SIGINT while charts are drawn (a gnuplot that never
#     answers) leaves no staged file in --out and no scratch folder in
#     TMPDIR; SIGXFSZ (ulimit -f) makes the writes fail with "File too
#     large" and nothing is left; a chart that cannot be staged says why;
#   - what a SIGKILLed run left (its staged files, its scratch folder) is
#     removed by the next render;
#   - a run killed while placing its files (its journal, OUT/.cryptoperf-
#     journal, left: one file placed, one not) is completed by the next
#     render, even one of another dataset.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
FIXTURE=tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
D=$T/data/demo/examplelib-1.0
mkdir -p "$D" "$T/scratch" "$T/bin"
cp "$FIXTURE" "$D/dataset.yaml"
export TMPDIR=$T/scratch
render() { "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$1" "$D/dataset.yaml"; }
sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
temps() { find "$1" -name '*.tmp.*' 2>/dev/null | wc -l; }
scratch() { find "$T/scratch" -mindepth 1 | wc -l; }

# --- a rename that fails at commit ------------------------------------------------
render "$T/out1" >"$T/log1" 2>&1
check "a first render: exit 0" [ $? -eq 0 ]
sums "$T/out1" >"$T/before"
sed -i 's/^    instructions: 12011/    instructions: 12345/' "$D/dataset.yaml"
P=$T/out1/demo/examplelib-1.0/index.wiki   # a page: placed after the charts that changed
if chattr +i "$P" 2>/dev/null; then
  render "$T/out1" >"$T/log2" 2>&1
  rc=$?
  chattr -i "$P"
  check "an immutable page: exit 2" [ $rc -eq 2 ]
  check "an immutable page: the message names it" grep -q "$P: cannot write: .*Operation not permitted" "$T/log2"
  check "an immutable page: the message says the files placed before it were put back" \
    grep -Eq "nothing written: the [1-9][0-9]* files? placed before it (was|were) put back" "$T/log2"
  sums "$T/out1" >"$T/after"
  check "an immutable page: every file as it was" cmp -s "$T/before" "$T/after"
  check "an immutable page: no staged or kept file left" [ "$(temps "$T/out1")" -eq 0 ]
else
  skip "a rename that fails at commit" "chattr +i does not work here (not root, or no support for it on $T)"
fi
cp "$FIXTURE" "$D/dataset.yaml"

# --- a page swapped for a symlink after it was staged, before the commit ----------
GNUPLOT_REAL=$(command -v gnuplot)
mkdir -p "$T/bin-held"
printf '#!/bin/sh\nwhile [ ! -e "%s/go" ]; do sleep 0.05; done\nexec "%s" "$@"\n' "$T" "$GNUPLOT_REAL" >"$T/bin-held/gnuplot"
chmod +x "$T/bin-held/gnuplot"
echo "shared" >"$T/shared"
sums "$T/out1" >"$T/before-swap"
sed -i 's/^    instructions: 12011/    instructions: 12345/' "$D/dataset.yaml"
PATH=$T/bin-held:$PATH "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$T/out1" \
  "$D/dataset.yaml" >"$T/log-swap" 2>&1 &
pid=$!
P=$T/out1/demo/examplelib-1.0/index.md
for _ in $(seq 200); do compgen -G "$P.tmp.*" >/dev/null && break; sleep 0.05; done
check "a page staged while the charts are held" compgen -G "$P.tmp.*"
rm "$P" && ln -s "$T/shared" "$P"
touch "$T/go"
wait "$pid"
check "the page swapped for a symlink before the commit: exit 2" [ $? -eq 2 ]
check "... the message says what is there now" grep -q "$P: cannot write: expected a regular file or nothing there, found a symbolic link" "$T/log-swap"
check "... still a symlink" [ -L "$P" ]
check "... its target unchanged" grep -qx shared "$T/shared"
sums "$T/out1" | grep -v ' ./demo/examplelib-1.0/index.md$' >"$T/after-swap"
grep -v ' ./demo/examplelib-1.0/index.md$' "$T/before-swap" >"$T/before-swap-rest"
check "... every other file as it was" cmp -s "$T/before-swap-rest" "$T/after-swap"
check "... no staged or kept file left" [ "$(temps "$T/out1")" -eq 0 ]
rm -f "$T/go"
cp "$FIXTURE" "$D/dataset.yaml"

# --- a gnuplot that never answers, and a signal ----------------------------------------
printf '#!/bin/sh\nexec cat >/dev/null\n' >"$T/bin/gnuplot"
chmod +x "$T/bin/gnuplot"
# start a render with the stuck gnuplot into $1; wait until it staged files
start_stuck() {
  # env: a background job of a script starts with SIGINT ignored
  PATH=$T/bin:$PATH env --default-signal=INT "$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$1" \
    "$D/dataset.yaml" >"$1.log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    [ "$(temps "$1" 2>/dev/null)" -gt 0 ] && [ "$(scratch)" -gt 0 ] && return 0
    sleep 0.1
  done
  return 1
}
for sig in TERM INT; do
  start_stuck "$T/out-$sig"
  check "SIG$sig: the run had staged files and a scratch folder before the signal" [ $? -eq 0 ]
  kill -s "$sig" "$pid"
  wait "$pid"
  rc=$?
  check "SIG$sig: the run ended by the signal (status $rc)" [ $rc -gt 128 ]
  check "SIG$sig: no staged file left in --out" [ "$(temps "$T/out-$sig")" -eq 0 ]
  check "SIG$sig: no file at all in --out" [ "$(find "$T/out-$sig" -type f 2>/dev/null | wc -l)" -eq 0 ]
  check "SIG$sig: no scratch folder left" [ "$(scratch)" -eq 0 ]
  check "SIG$sig: the message says so" grep -q "stopped, nothing placed" "$T/out-$sig.log"
done

# --- SIGXFSZ: a file size limit ---------------------------------------------------
(ulimit -f 8 && render "$T/out-xfsz") >"$T/log-xfsz" 2>&1
rc=$?
check "a file size limit: exit 2 (status $rc)" [ $rc -eq 2 ]
check "a file size limit: a page cannot be written, and why" grep -q "index.html: cannot write: File too large" "$T/log-xfsz"
check "a file size limit: no staged file left" [ "$(temps "$T/out-xfsz")" -eq 0 ]
check "a file size limit: no file placed" [ "$(find "$T/out-xfsz" -type f 2>/dev/null | wc -l)" -eq 0 ]
check "a file size limit: no scratch folder left" [ "$(scratch)" -eq 0 ]

# --- a chart that cannot be staged says why ------------------------------------------
mkdir -p "$T/out-svg/demo/examplelib-1.0/Cryptolib AN505 examplelib-1.0 HASH SB Dig.svg"
render "$T/out-svg" >"$T/log-svg" 2>&1
check "a chart's path is a folder: exit 2" [ $? -eq 2 ]
grep -A1 "HASH SB Dig.svg: cannot stage its SVG:" "$T/log-svg" >"$T/log-svg-said"
check "a chart's path is a folder: cannot stage its SVG, with the reason (on the next line)" grep -qx "Is a directory" "$T/log-svg-said"

# --- SIGKILL: the next render removes what is left -----------------------------------
start_stuck "$T/out-kill"
kill -s KILL "$pid"
wait "$pid" 2>/dev/null
left=$(temps "$T/out-kill")
check "SIGKILL: staged files left ($left), as nothing can catch it" [ "$left" -gt 0 ]
check "SIGKILL: a scratch folder left" [ "$(scratch)" -gt 0 ]
render "$T/out-kill" >"$T/log-next" 2>&1
check "the next render: exit 0" [ $? -eq 0 ]
check "the next render: the staged files are gone" [ "$(temps "$T/out-kill")" -eq 0 ]
check "the next render: the scratch folder is gone" [ "$(scratch)" -eq 0 ]
check "the next render: it says what it removed" grep -q "removed $left temporary files under $T/out-kill left by a run that was killed" "$T/log-next"

# --- a run killed while placing its files: the journal -------------------------------
render "$T/out-j" >/dev/null 2>&1
sh -c 'exit 0' &
dead=$!
wait "$dead"
J=$T/out-j/demo/examplelib-1.0
cp "$J/index.md" "$J/index.md.tmp.$dead.AAAAAA.old"     # placed: its old file kept
echo "the new page" >"$J/index.md"
echo "the new summary" >"$J/summary.md.tmp.$dead.BBBBBB"   # not placed yet
printf 'cryptoperf journal 1 %s\n%s\t%s\n%s\t%s\n' "$dead" \
  "demo/examplelib-1.0/index.md.tmp.$dead.AAAAAA" demo/examplelib-1.0/index.md \
  "demo/examplelib-1.0/summary.md.tmp.$dead.BBBBBB" demo/examplelib-1.0/summary.md >"$T/out-j/.cryptoperf-journal"
"$CRYPTOPERF" render --schema schema/dataset.schema.json --templates templates --out "$T/out-j" \
  tests/fixtures/diff/stm32l5/cmox-040000b1/dataset.yaml >"$T/log-j" 2>&1
check "the next render (another dataset): exit 0" [ $? -eq 0 ]
check "... the file the killed run had not placed is placed" grep -qx "the new summary" "$J/summary.md"
check "... the one it had placed stays" grep -qx "the new page" "$J/index.md"
check "... no staged or kept file left" [ "$(temps "$T/out-j")" -eq 0 ]
check "... the journal removed" [ ! -e "$T/out-j/.cryptoperf-journal" ]
check "... it says so" grep -q "placed 1 file a run killed while placing its files had left under $T/out-j" "$T/log-j"
done_testing
