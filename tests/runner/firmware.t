#!/usr/bin/env bash
# The runner on real firmware in QEMU: the quick images of mk/firmware.mk's
# test manifest (both Mbed TLS versions) give valid datasets, byte-identical
# across runs; the known-answer, fault and hang images each make it exit 1
# naming the image and case, and leave existing datasets untouched.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
M=${FW_TEST_MANIFEST:-$TOP/build/fw/mps2-an505/manifest-test.tsv}
d=$(tmpdir)
if [ ! -f "$M" ]; then
  fail "test manifest $M exists (make fw-test builds it)"
  done_testing
  exit
fi
run() { # DATA-DIR [options]
  local data=$1; shift
  "$RUN" --top "$TOP" --data "$data" --schema "$TOP/schema/dataset.schema.json" "$@" "$M"
}
run "$d/a" --kind quick >/dev/null 2>"$d/err-a"
rc=$?
check "quick images: exit 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$d/err-a"
mapfile -t sets < <(cd "$d/a" 2>/dev/null && ls -d */*/dataset.yaml 2>/dev/null | sort)
check "one dataset per library version" [ "${#sets[@]}" -ge 2 ]
diag "datasets: ${sets[*]}"
check "datasets validate" "$CRYPTOPERF" validate --schema "$TOP/schema/dataset.schema.json" "${sets[@]/#/$d/a/}"
run "$d/b" --kind quick -j 1 >/dev/null 2>&1
same=1
for s in "${sets[@]}"; do cmp -s "$d/a/$s" "$d/b/$s" || same=0; done
check "a second run (-j 1) gives byte-identical datasets" [ $same -eq 1 ]
ds0=$d/a/${sets[0]}
# twelve hex digits whatever the clone (git's own %h grows with its objects)
rev=$(git -C "$TOP" log -1 --format=%H -- firmware crypto mk/firmware.mk ':(glob)mk/fw-*' ':(exclude)firmware/runner' ':(exclude,glob)**/*.md')
rev=${rev:0:12}
check "firmware_revision is the last firmware commit, its first 12 hex digits" grep -qE "^  firmware_revision: \"?$rev(-dirty)?\"?$" "$ds0"
check "counts are instructions" grep -q '^  kind: instructions' "$ds0"
check "the counter names the QEMU version and machine" grep -qE '^  emulator: QEMU [0-9.]+ mps2-' "$ds0"
check "results carry instruction counts" grep -q 'instructions: [0-9]' "$ds0"
check "no result calls them cycles" bash -c '! grep -qE "cycles: [0-9]" "$1"' _ "$ds0"
sed -n '/^axes:/,/^[a-z]/p' "$ds0" >"$d/axes"
check "axes: the firmware's labels with their family" grep -q '^  - family: "\{0,1\}AES' "$d/axes"
check "axes: ... and their field" grep -q '^    field: "\{0,1\}configuration' "$d/axes"

# The same images under the cycle model (the board of the test manifest,
# mps2-an505 by default, has a modelled core): every performance result gets
# its estimate beside its instruction count, the same count as without the
# model (the runner refuses a window whose instructions differ), and the
# header names the model.
PLUGIN=${CYCLES_PLUGIN:-$TOP/build/cycles/cpcycles.so}
run "$d/m" --kind quick --cycles-plugin "$PLUGIN" >/dev/null 2>"$d/err-m"
rc=$?
check "quick images under the cycle model: exit 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$d/err-m"
dm=$d/m/${sets[0]}
check "the header names the model as modelled" grep -qx '  status: modelled' "$dm"
check "... with its name" grep -qx '  name: cryptoperf-cycles' "$dm"
perf=$(grep -c 'kind: performance' "$dm")
est=$(grep -c 'kind: performance.*cycles_estimated: [0-9]' "$dm")
check "the model's dataset has performance results ($perf)" [ "$perf" -gt 0 ]
check "every performance result carries cycles_estimated ($est of $perf)" [ "$est" = "$perf" ]
check "the instruction counts are those of the run without the model" \
  cmp -s <(grep -o 'instructions: [0-9]*' "$ds0") <(grep -o 'instructions: [0-9]*' "$dm")
check "datasets under the model validate" "$CRYPTOPERF" validate --schema "$TOP/schema/dataset.schema.json" "$dm"
check "every estimate lies between 0 and a thousand cycles an instruction" \
  awk '/cycles_estimated/ { match($0, /instructions: [0-9]+/); i = substr($0, RSTART + 14, RLENGTH - 14);
       match($0, /cycles_estimated: [0-9]+/); c = substr($0, RSTART + 18, RLENGTH - 18);
       if (c + 0 <= 0 || c + 0 > 1000 * (i + 1)) bad = 1 } END { exit bad }' "$dm"

sums() { cat "${sets[@]/#/$d/a/}" | md5sum; }
sum=$(sums)
# kind timeout-option expected-message
while read -r kind opt want; do
  image=$(awk -F'\t' -v k="$kind" '$2 == k { print $1; exit }' "$M")
  case_id=$(awk -F'\t' -v k="$kind" '$2 == k { print $14; exit }' "$M")
  want=${want//@IMAGE@/$image}; want=${want//@CASE@/$case_id}
  [ "$opt" = - ] && opt=
  start=$SECONDS
  # shellcheck disable=SC2086
  run "$d/a" --kind "$kind" $opt >/dev/null 2>"$d/err-$kind"
  rc=$?
  check "$kind: exit 1" [ $rc -eq 1 ]
  check "$kind: names image and reason" grep -qF -- "$want" "$d/err-$kind"
  grep -qF -- "$want" "$d/err-$kind" || sed 's/^/# /' "$d/err-$kind"
  # The firmware announces each case before running it, so a fault or a
  # hang names the case it stopped in.
  check "$kind: says which case" grep -qE "case $case_id" "$d/err-$kind"
  check "$kind: existing datasets untouched" [ "$(sums)" = "$sum" ]
  check "$kind: done in seconds, not at a time limit (under 60 s on a loaded machine)" [ $((SECONDS - start)) -lt 60 ]
done <<'LIST'
fail-kat - @IMAGE@: says 'error: case @CASE@: known-answer mismatch'
fail-fault - @IMAGE@: exit status 4
fail-hang --timeout=3 @IMAGE@: timed out after 3 s
LIST

# A port that hands the library half the digest in both signing and
# verifying: the image's own checks agree with themselves, so only OpenSSL
# can tell. Signing: the host's check of the evidence; verification:
# OpenSSL's signature no longer verifies in the firmware.
for lib in mbedtls-3.6.6 wolfssl-5.7.2 bearssl-0.6 libtomcrypt-1.18.2; do
  for img in fail-hostsig fail-halfver; do
    line=$(awk -F'\t' -v i="$img-$lib.elf" '{ n = split($1, p, "/") } p[n] == i' "$M")
    case_id=$(cut -f14 <<<"$line")
    awk -F'\t' -v i="$img-$lib.elf" 'NR == 1 { print; next } { n = split($1, p, "/") } p[n] == i' "$M" |
      sed 's/\tfail-halfdigest\t/\tquick\t/' >"$d/one.tsv"
    "$RUN" --top "$TOP" --data "$d/a" --schema "$TOP/schema/dataset.schema.json" --kind quick "$d/one.tsv" \
      >/dev/null 2>"$d/err-$img"
    rc=$?
    check "$img $lib (digest halved in sign and verify): exit 1" [ $rc -eq 1 ]
    if [ "$img" = fail-hostsig ]; then
      want="case '$case_id': evidence: expected a 'ecdsa' signature that OpenSSL verifies"
    else
      want="says 'error: case $case_id: known-answer mismatch'"
    fi
    check "$img $lib: names $case_id and OpenSSL's verdict" grep -qF -- "$want" "$d/err-$img"
    grep -qF -- "$want" "$d/err-$img" || sed 's/^/# /' "$d/err-$img"
    check "$img $lib: no dataset written" grep -q 'no dataset written' "$d/err-$img"
    check "$img $lib: existing datasets untouched" [ "$(sums)" = "$sum" ]
  done
done
done_testing
