#!/usr/bin/env bash
# QEMU's output cannot be lost on the way to the runner (issue: -nographic
# makes QEMU's stdout non-blocking, and semihosting writes are dropped when
# the reader falls behind, with exit status 0). The runner's own QEMU
# command, replayed under a reader that stalls on a 4 KiB pipe, delivers
# every byte its end line counts; the same image with -nographic loses
# bytes under that reader, so the check can fail.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
M=${FW_TEST_MANIFEST:-$TOP/build/fw/mps2-an505/manifest-test.tsv}
d=$(tmpdir)
if [ ! -f "$M" ]; then
  fail "test manifest $M exists (make fw-test builds it)"
  done_testing
  exit
fi
# A QEMU that records the argv the runner gives it, then is the real one.
cat >"$d/qemu" <<SH
#!/usr/bin/env bash
[ "\${1:-}" = --version ] || [ -f "$d/argv" ] || printf '%s\0' "\$@" >"$d/argv"
exec qemu-system-arm "\$@"
SH
chmod +x "$d/qemu"
image=$(awk -F'\t' '$2 == "quick" { print $1; exit }' "$M")
awk -F'\t' -v i="$image" 'NR == 1 || $1 == i' "$M" >"$d/m.tsv"
"$RUN" --qemu "$d/qemu" --top "$TOP" --data "$d/data" --schema "$TOP/schema/dataset.schema.json" \
  --kind quick --dry-run "$d/m.tsv" >/dev/null 2>"$d/err"
check "the runner ran $image" [ -s "$d/argv" ]
mapfile -d '' args <"$d/argv"
check "the runner does not give QEMU -nographic" bash -c "! grep -qz '^-nographic$' '$d/argv'"

# bytes the end line of an output says came before it, and what arrived
expected() { sed -n 's/^end: {results: [0-9]*, bytes: \([0-9]*\), .*/\1/p' "$1"; }
"$TOP/tests/runner/slowread" qemu-system-arm "${args[@]}" >"$d/slow" 2>"$d/slow.err"
want=$(expected "$d/slow")
got=$(($(wc -c <"$d/slow") - $(tail -n 1 "$d/slow" | wc -c)))
check "runner's QEMU command, stalled reader: the end line arrives" [ -n "$want" ]
check "runner's QEMU command, stalled reader: every byte before it arrives ($got of ${want:-?})" [ "$got" = "${want:-x}" ]

nographic=()
for a in "${args[@]}"; do
  case $a in -display|-serial) skip=1 ;; none) [ "${skip:-0}" = 1 ] && { skip=0; continue; } ;; esac
  [ "${skip:-0}" = 1 ] && continue
  nographic+=("$a")
done
"$TOP/tests/runner/slowread" qemu-system-arm "${nographic[@]}" -nographic >"$d/lossy" 2>"$d/lossy.err"
lossy=$(wc -c <"$d/lossy")
check "control: -nographic under the same reader loses output ($lossy bytes of about $(wc -c <"$d/slow"))" \
  [ "$lossy" -lt "$(wc -c <"$d/slow")" ]
done_testing
