#!/usr/bin/env bash
# The runner with a small board's not-run results (firmware/README.md,
# "Small boards"): a record of kind not-run (needs and reason, no figure)
# reaches the dataset as it is, after the measured rows of its family; the
# dataset validates and says in a note how many cases did not fit; a
# not-run record without its reason is refused by the schema check, and
# nothing is written.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
FAKE=$TOP/tests/runner/fake-qemu
d=$(tmpdir)
# the runner keeps a refused dataset's text under TMPDIR: inside the test's folder
export TMPDIR=$d/tmp
mkdir -p "$TMPDIR"
mkdir -p "$d/img"
. "$TOP/tests/runner/lib-fake.sh"
REASON='needs 9.7 KiB of heap, the board has 6.1 KiB'
notrun() { # id curve, optional reason (default REASON; "-" for none)
  local why=${2:-$REASON} r=""
  [ "$why" = - ] || r=", reason: \"$why\""
  echo "ecdsa-$1-sign|family: ECDSA, kind: not-run, hash: sha384, curve: $1, operation: signature, needs_stack_bytes: 1156, needs_heap_bytes: 10008$r"
}
image fast.elf 3.6.6 Fast \
  "$(notrun secp384r1)" \
  "$(aes enc-128-32 encryption 128 32 Fast 3000 270)" \
  "$(notrun secp521r1 'the image of its part of the suite does not fit the board: needs 17.1 KiB of static data and a 3 KiB stack, the board has 16 KiB of RAM')"
printf '#image\tkind\tboard\tmachine\ticount_shift\ttimeout_s\tlibrary\tversion\tpackage\tconfiguration\tbaseline\tfields\texpect\tcase\n' >"$d/m.tsv"
printf 'img/fast.elf\tbench\tmps2-an505\tmps2-an505\t7\t20\tmbedtls\t3.6.6\tmbedtls 3.6.6-1\tfast\t-\t-\t0\t-\n' >>"$d/m.tsv"
run() { "$RUN" --qemu "$FAKE" --top "$d" --data "$1" --schema "$TOP/schema/dataset.schema.json" --revision abc1234 "$d/m.tsv"; }

run "$d/data" >"$d/out" 2>"$d/err"
rc=$?
check "a run with not-run results exits 0" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$d/err"
ds=$d/data/mps2-an505/mbedtls-3.6.6/dataset.yaml
check "the dataset validates" "$CRYPTOPERF" validate --schema "$TOP/schema/dataset.schema.json" "$ds"
check "the P-384 record is there with its needs and reason" \
  grep -qF "{family: ECDSA, kind: not-run, hash: sha384, curve: secp384r1, operation: signature, needs_stack_bytes: 1156, needs_heap_bytes: 10008, reason: \"$REASON\"}" "$ds"
check "the P-521 record gives its image's reason" grep -qF 'curve: secp521r1, operation: signature, needs_stack_bytes: 1156, needs_heap_bytes: 10008, reason: "the image of its part' "$ds"
check "a note counts the cases that did not fit" grep -q '2 cases of the suite did not fit this board' "$ds"
image fast.elf 3.6.6 Fast "$(aes enc-128-32 encryption 128 32 Fast 3000 270)" "$(notrun secp384r1 -)"
rm -rf "$d/data2"
run "$d/data2" >"$d/out2" 2>"$d/err2"
rc=$?
check "a not-run record without a reason fails the run (exit 1)" [ "$rc" -eq 1 ]
check "... naming the required reason" grep -q "expected the required field 'reason'" "$d/err2"
check "... and nothing is written" [ ! -e "$d/data2/mps2-an505" ]
image fast.elf 3.6.6 Fast "$(aes enc-128-32 encryption 128 32 Fast 3000 270)"
run "$d/data3" >/dev/null 2>&1
check "a board where everything ran has no such note" bash -c "! grep -q 'did not fit' '$d/data3/mps2-an505/mbedtls-3.6.6/dataset.yaml'"

# A part of a split suite with no case of its configuration (the micro:bit's
# BearSSL AES images have no public-key case) ends with a bare `results:`:
# no results, not a malformed document. Beside it, a footprint image of an
# operation that only has not-run rows: its sizes are written, without a
# stack or heap figure (none was measured on this board).
fp_objects "" 3.6.6 sign
image fast.elf 3.6.6 Fast "$(aes enc-128-32 encryption 128 32 Fast 3000 270)" "$(notrun secp384r1)"
image empty.elf 3.6.6 Fast
split() { # FILE, then the footprint image's fields
  cp "$d/m.tsv" "$1"
  printf 'img/empty.elf\tbench\tmps2-an505\tmps2-an505\t7\t20\tmbedtls\t3.6.6\tmbedtls 3.6.6-1\tfast\t-\t-\t0\t-\n' >>"$1"
  printf 'img/fp-base.elf\tbaseline\tmps2-an505\tmps2-an505\t7\t-\tmbedtls\t3.6.6\tmbedtls 3.6.6-1\tfast\t-\t-\t-\t-\n' >>"$1"
  printf 'img/fp-sign.elf\tfootprint\tmps2-an505\tmps2-an505\t7\t-\tmbedtls\t3.6.6\tmbedtls 3.6.6-1\tfast\timg/fp-base.elf\t%s\t-\t-\n' "$2" >>"$1"
}
split "$d/m4.tsv" family=ECDSA,curve=secp384r1,operation=signature
"$RUN" --qemu "$FAKE" --top "$d" --data "$d/data4" --schema "$TOP/schema/dataset.schema.json" --revision abc1234 "$d/m4.tsv" >"$d/out4" 2>"$d/err4"
rc=$?
check "an image with a bare 'results:' (no case in its part) is accepted (exit 0)" [ "$rc" -eq 0 ]
[ "$rc" -eq 0 ] || sed 's/^/# /' "$d/err4"
ds4=$d/data4/mps2-an505/mbedtls-3.6.6/dataset.yaml
check "... the dataset validates" "$CRYPTOPERF" validate --schema "$TOP/schema/dataset.schema.json" "$ds4"
fp4=$(grep 'kind: footprint' "$ds4")
check "the footprint of an operation that did not run is written" grep -q "curve: secp384r1, operation: signature, code_bytes: [1-9]" <<<"$fp4"
check "... without a stack figure" [ -z "$(grep -o 'stack_bytes' <<<"$fp4")" ]
check "... and without a heap figure" [ -z "$(grep -o 'heap_bytes' <<<"$fp4")" ]
split "$d/m5.tsv" family=ECDSA,curve=secp521r1,operation=signature
"$RUN" --qemu "$FAKE" --top "$d" --data "$d/data5" --schema "$TOP/schema/dataset.schema.json" --revision abc1234 "$d/m5.tsv" >/dev/null 2>"$d/err5"
rc=$?
check "a footprint matching no row at all still fails the run (exit 1)" [ "$rc" -eq 1 ]
check "... saying what it expected" grep -q "expected a measured performance result matching" "$d/err5"
done_testing
