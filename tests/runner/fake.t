#!/usr/bin/env bash
# The runner end to end on fake images (tests/runner/fake-qemu plays QEMU):
# datasets assembled, valid and byte-identical across runs and job orders;
# every kind of failure named, exit 1, and nothing written. Takes seconds.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
FAKE=$TOP/tests/runner/fake-qemu
d=$(tmpdir)
# the runner keeps a refused dataset's text under TMPDIR: inside the test's folder
export TMPDIR=$d/tmp
mkdir -p "$TMPDIR"
mkdir -p "$d/img"

. "$TOP/tests/runner/lib-fake.sh"
make_images() {
  for v in 2.28.3 3.6.6; do
    local k=1; [ $v = 3.6.6 ] && k=2
    # decryption first and sizes out of order: the runner must sort
    image "$v-small.elf" $v Small "@sleep 0.2" \
      "$(aes dec-128-64 decryption 128 64 Small $((9000 * k)) 300)" \
      "$(aes enc-128-32 encryption 128 32 Small $((4000 * k)) 280)" \
      "$(aes enc-256-32 encryption 256 32 Small $((5000 * k)) 290)" \
      "$(aes enc-128-64 encryption 128 64 Small $((7000 * k)) 284)"
    image "$v-fast.elf" $v Fast \
      "$(aes enc-128-32 encryption 128 32 Fast $((3000 * k)) 270)" \
      "$(aes enc-128-64 encryption 128 64 Fast $((5000 * k)) 272)" \
      "$(aes dec-128-64 decryption 128 64 Fast $((6000 * k)) 310)" \
      "sha|family: HASH, kind: performance, measure: sole-buffer, hash: sha1, buffer_bytes: 32, operation: digest, instructions: $((2000 * k))"
  done
}
make_images

# Footprint: images with their link maps, one with the call, one without.
for v in 2.28.3 3.6.6; do
  fp_objects "-$v" $v aes
done

manifest() { # FILE then lines "image kind version config [timeout]"
  local out=$1; shift
  printf '#image\tkind\tboard\tmachine\ticount_shift\ttimeout_s\tlibrary\tversion\tpackage\tconfiguration\tbaseline\tfields\texpect\tcase\n' >"$out"
  local l
  for l in "$@"; do
    set -- $l
    local base=- fields=- kind=$2
    if [ "$kind" = footprint ]; then base=img/fp-base-$3.elf; fields=$5; fi
    printf '%s\tbench\tmps2-an505\tmps2-an505\t7\t%s\tmbedtls\t%s\tmbedtls %s-1\t%s\t%s\t%s\t0\t-\n' \
      "$1" "${6:-20}" "$3" "$3" "$4" "$base" "$fields" | sed "s/\tbench\t/\t$kind\t/" >>"$out"
  done
}
good=(
  "img/2.28.3-small.elf bench 2.28.3 small"
  "img/2.28.3-fast.elf bench 2.28.3 fast"
  "img/3.6.6-small.elf bench 3.6.6 small"
  "img/3.6.6-fast.elf bench 3.6.6 fast"
  "img/fp-base-2.28.3.elf baseline 2.28.3 -"
  "img/fp-aes-2.28.3.elf footprint 2.28.3 - family=AES,cipher_mode=CBC,measure=sole-buffer,operation=encryption,configuration=Small"
  "img/fp-base-3.6.6.elf baseline 3.6.6 -"
  "img/fp-aes-3.6.6.elf footprint 3.6.6 - family=AES,cipher_mode=CBC,measure=sole-buffer,operation=encryption,configuration=Small"
)
manifest "$d/m.tsv" "${good[@]}"

run() { # DATA-DIR [options...]
  local data=$1; shift
  "$RUN" --qemu "$FAKE" --top "$d" --data "$data" --schema "$TOP/schema/dataset.schema.json" \
    --revision abc1234 "$@" "$d/m.tsv"
}

run "$d/data1" -j 4 >"$d/out1" 2>"$d/err1"
rc=$?
check "good run exits 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed "s/^/# /" "$d/err1"
ds1=$d/data1/mps2-an505/mbedtls-2.28.3/dataset.yaml
ds3=$d/data1/mps2-an505/mbedtls-3.6.6/dataset.yaml
check "writes one dataset per library version" [ -f "$ds1" -a -f "$ds3" ]
check "the datasets validate" "$CRYPTOPERF" validate --schema "$TOP/schema/dataset.schema.json" "$ds1" "$ds3"
check "progress: one line per image when not a terminal" \
  [ "$(grep -cE '^\[[ 0-9]+/4\] [0-9]{2}:[0-9]{2} elapsed, ETA [0-9]{2}:[0-9]{2}  mbedtls-' "$d/err1")" -eq 4 ]
run "$d/data2" -j 1 2>/dev/null
check "a second run (-j 1, other completion order) is byte-identical" cmp "$ds1" "$d/data2/mps2-an505/mbedtls-2.28.3/dataset.yaml"
check "... for both versions" cmp "$ds3" "$d/data2/mps2-an505/mbedtls-3.6.6/dataset.yaml"
check "no date or timing in the dataset" bash -c "! grep -qE 'date:|elapsed|seconds' '$ds1'"
# a FIFO where a dataset goes (issue 30 item 1): refused, named, left a FIFO
mkdir -p "$d/data-fifo/mps2-an505/mbedtls-2.28.3"
mkfifo "$d/data-fifo/mps2-an505/mbedtls-2.28.3/dataset.yaml"
timeout 60 bash -c "$(declare -f run); RUN='$RUN' FAKE='$FAKE' d='$d' TOP='$TOP' run '$d/data-fifo'" >/dev/null 2>"$d/err-fifo"
check "a FIFO at a dataset's path: exit 2" [ $? -eq 2 ]
check "... the message says what is there" \
  grep -qF "$d/data-fifo/mps2-an505/mbedtls-2.28.3/dataset.yaml: cannot write: expected a regular file or nothing there, found a FIFO (named pipe)" "$d/err-fifo"
check "... still a FIFO" [ -p "$d/data-fifo/mps2-an505/mbedtls-2.28.3/dataset.yaml" ]
modeline=$(head -n1 "$ds1")
check "the first line names the schema for editors (yaml-language-server)" \
  grep -qE '^# yaml-language-server: \$schema=[^ ]+$' <<<"$modeline"
check "... by the path from the dataset's folder to the schema" \
  [ "${modeline#*\$schema=}" = "$(realpath -s -m --relative-to="$(dirname "$ds1")" "$TOP/schema/dataset.schema.json")" ]

rows() { grep -E '^  - \{' "$1" | sed -E 's/.*operation: ([a-z]+).*key_bits: ([0-9]+).*|.*/\1/' >/dev/null; grep -E '^  - \{' "$1"; }
order=$(rows "$ds1" | grep 'kind: performance' | grep AES |
  sed -E 's/.*key_bits: ([0-9]+), buffer_bytes: ([0-9]+), operation: ([a-z]+), configuration: ([A-Za-z]+).*/\3 \1 \2 \4/' | tr '\n' ';')
check "ST row order: operation, key size, buffer size, configuration in appearance order" \
  [ "$order" = "encryption 128 32 Small;encryption 128 32 Fast;encryption 128 64 Small;encryption 128 64 Fast;encryption 256 32 Small;decryption 128 64 Small;decryption 128 64 Fast;" ]
check "families in schema order, footprint after performance" \
  [ "$(rows "$ds1" | sed -E 's/.*family: ([A-Z0-9]+), kind: ([a-z]+).*/\1 \2/' | uniq | tr '\n' ';')" = "AES performance;AES footprint;HASH performance;" ]
check "header: version as reported, package, emulator, revision, axes" bash -c "
  grep -q '^  version: \"2.28.3\"' '$ds1' && grep -q '^  package: mbedtls 2.28.3-1' '$ds1' &&
  grep -q '^  emulator: QEMU 0.0.0-fake mps2-an505' '$ds1' && grep -q '^  firmware_revision: abc1234' '$ds1' &&
  grep -q '^  overhead: 11' '$ds1' && grep -q '^    label: Small' '$ds1' &&
  grep -qF \"  compiler: \\\"$(arm-none-eabi-gcc --version | head -1)\\\"\" '$ds1'"

# footprint: the library's bytes (its archive member), the adapter's apart,
# main's growth nowhere; the sizes of the objects' sections computed here
# with readelf, independently of the runner
. "$(dirname "$0")/lib-elf.sh"   # classes
read -r lc lr lw <<<"$(classes "$d/fw/lib-fake/lib.o")"
read -r ac ar aw <<<"$(classes "$d/fw/fake/obj/mbedtls-2.28.3-fake/adapter.o")"
fp=$(grep 'kind: footprint' "$ds1")
check "footprint row: code, const, data = the library object's sections (readelf)" \
  grep -q "code_bytes: $lc, const_bytes: $lr, data_bytes: $lw," <<<"$fp"
check "footprint row: the library has code" [ "$lc" -gt 0 ]
check "footprint row: the library has its 300-byte table" [ "$lr" -ge 300 ]
check "footprint row: the library has its 44 bytes of data" [ "$lw" -ge 44 ]
check "footprint row: the port adapter's code apart (readelf)" \
  grep -q "adapter_code_bytes: $ac, adapter_const_bytes: $ar, adapter_data_bytes: $aw" <<<"$fp"
check "footprint row: the adapter has code" [ "$ac" -gt 0 ]
check "footprint row: no C runtime linked" \
  grep -q "runtime_code_bytes: 0, runtime_const_bytes: 0, runtime_data_bytes: 0" <<<"$fp"
check "footprint stack: the most any matching run used" grep -q "stack_bytes: 290, heap_bytes: 0" <<<"$fp"

# Failures: nothing written, the existing datasets untouched, the case named.
check "the datasets to keep exist" [ -s "$ds1" -a -s "$ds3" ]
sum_before=$(cat "$ds1" "$ds3" | md5sum)
fails() { # NAME EXPECTED-MESSAGE-REGEX [run options]
  local name=$1 want=$2; shift 2
  run "$d/data1" -j 4 "$@" >/dev/null 2>"$d/err-$name"
  local rc=$?
  check "$name: exit 1" [ $rc -eq 1 ]
  check "$name: says why" grep -qE "$want" "$d/err-$name"
  grep -qE "$want" "$d/err-$name" || sed "s/^/# /" "$d/err-$name"
  check "$name: datasets untouched" [ "$(cat "$ds1" "$ds3" | md5sum)" = "$sum_before" ]
  check "$name: says nothing was written" grep -q 'no dataset written\|nothing written' "$d/err-$name"
}
keep=$(cat "$d/img/3.6.6-fast.elf")
restore() { printf '%s\n' "$keep" >"$d/img/3.6.6-fast.elf"; make_images; }

{ printf '%s\n' "$keep"; echo "@stderr error: case aes-128-cbc-enc-sb-64: known-answer mismatch"; echo "@exit 3"; } >"$d/img/3.6.6-fast.elf"
fails kat 'img/3.6.6-fast.elf: exit status 3' ; check "kat: names the case" grep -q "img/3.6.6-fast.elf: says 'error: case aes-128-cbc-enc-sb-64: known-answer mismatch'" "$d/err-kat"
{ printf '%s\n' "$keep" | sed '/# case dec-128-64/q'; printf '@stderr error: fault: UsageFault (pc 0x10001234)\033[2J\n'; echo "@exit 4"; } >"$d/img/3.6.6-fast.elf"
fails fault 'img/3.6.6-fast.elf: exit status 4 in case dec-128-64'
check "fault: passes on the firmware's reason, control characters escaped" \
  grep -qF "img/3.6.6-fast.elf: says 'error: fault: UsageFault (pc 0x10001234)\\x1b[2J'" "$d/err-fault"
# bidi and C1 characters too (issue 30, item 8): U+202E would turn the
# rest of the line around, U+009B is a terminal's CSI
{ printf '%s\n' "$keep" | sed '/# case dec-128-64/q'; printf '@stderr error: fault \xe2\x80\xaeevil\xc2\x9b2J\n'; echo "@exit 4"; } >"$d/img/3.6.6-fast.elf"
fails bidi 'img/3.6.6-fast.elf: exit status 4 in case dec-128-64'
check "bidi: the firmware's U+202E and U+009B are escaped" \
  grep -qF "img/3.6.6-fast.elf: says 'error: fault \u202eevil\u009b2J'" "$d/err-bidi"
check "bidi: no raw U+202E is echoed" bash -c '! grep -q "$(printf "\xe2\x80\xae")" "$1"' _ "$d/err-bidi"
{ printf '%s\n' "$keep" | sed '/# case enc-128-64/{n;q}'; echo "@sleep 30"; } >"$d/img/3.6.6-fast.elf"
start=$SECONDS
fails hang 'img/3.6.6-fast.elf: timed out after 1 s in the case after enc-128-64 \(the last that reported\)' --timeout 1
check "hang: killed at the time limit, not waited for" [ $((SECONDS - start)) -lt 10 ]
restore
# An assembled dataset the schema refuses (an invisible character in the
# configuration's meaning): its problems are told at their places in a
# kept copy of its text, not in a dataset.yaml that was never written
# (issue 30, item 11).
printf '%s\n' "$keep" | sed 's/configuration_meaning: "Fast tables"/configuration_meaning: "Fast\xe2\x80\x8btables"/' \
  >"$d/img/3.6.6-fast.elf"
fails assembled 'the assembled dataset is invalid'
kept=$(sed -n 's/.*at their places in \(.*\), kept for inspection.*/\1/p' "$d/err-assembled")
diag "kept copy: ${kept:-none}"
check "assembled: its problems are in a kept copy that exists" test -f "$kept"
check "assembled: a position names the kept copy" grep -qE "^$kept:[0-9]+:[0-9]+: " "$d/err-assembled"
check "assembled: no position in the dataset.yaml never written" \
  bash -c '! grep -qE "mbedtls-3.6.6/dataset.yaml:[0-9]+:[0-9]+" "$1"' _ "$d/err-assembled"
[ -n "$kept" ] && rm -rf "$(dirname "$kept")"
restore
image "3.6.6-fast.elf" 3.6.6 Fast "x|family: AES, kind: performance, sizzle: 3, instructions: 5"
fails unknown-field "3.6.6-fast.elf:[0-9]+:[0-9]+: 'sizzle': expected a result field"
image "3.6.6-fast.elf" 3.6.6 Fast "$(aes a encryption 128 32 Fast 10 1)" "$(aes b encryption 128 32 Fast 11 1)"
fails duplicate 'duplicate result'
restore
OVERHEAD=12 image "3.6.6-fast.elf" 3.6.6 Fast "$(aes a encryption 128 32 Fast 10 1)"
sed -i 's/-O2/-Os/' "$d/img/3.6.6-fast.elf"
fails header-mismatch "run.toolchain.flags: expected '-mcpu=cortex-m33 -mthumb -O2' as in .*, found '-mcpu=cortex-m33 -mthumb -Os'"
restore
# The library archive an image ran (its fingerprint, mk/fw-fingerprint)
# must be the one built for the manifest line's configuration: another
# configuration's archive, or none at all, is refused (issue 28).
sed -i 's/fingerprint: "mbedtls-3.6.6-fast /fingerprint: "mbedtls-3.6.6-small /' "$d/img/3.6.6-fast.elf"
fails fingerprint-other "3.6.6-fast.elf: run.library.fingerprint: expected the fingerprint of the library archive built for 'mbedtls-3.6.6-fast' \(manifest line [0-9]+\) and the hash of its build, found 'mbedtls-3.6.6-small 0123456789abcdef'"
restore
sed -i '/^    fingerprint: /d' "$d/img/3.6.6-fast.elf"
fails fingerprint-none "3.6.6-fast.elf: run.library.fingerprint: expected the fingerprint of the library archive built for 'mbedtls-3.6.6-fast' .*, found nothing"
restore
# A document must prove itself whole (frame.c): end line last, length and
# CRC-32 of the bytes before it, result count. With exit status 0 the
# firmware ran every case: a document that arrived cut or corrupted says
# what it knows of the bytes and names no case (issue 28).
no_case() { ! grep -qE 'in (the )?case|case after|before the first case' "$1"; }
grep -v '^@end' "$d/img/3.6.6-fast.elf" >"$d/t" && mv "$d/t" "$d/img/3.6.6-fast.elf"
fails truncated "img/3.6.6-fast.elf: exit status 0 but an incomplete document: expected the end line .* last, found '  - \{family: HASH.*' after [0-9]+ bytes: the output was cut short or lost$"
check "truncated: names no case (the firmware exited 0)" no_case "$d/err-truncated"
restore
sed -i 's/^  - {family: HASH/@lost &/' "$d/img/3.6.6-fast.elf"
fails lost-line "img/3.6.6-fast.elf: exit status 0 but a corrupted document: expected [0-9]+ bytes before the end line as it says, found [0-9]+: bytes were lost or added on the way$"
check "lost-line: names no case (the document got to its end line)" no_case "$d/err-lost-line"
restore
sed -i 's/^  - {family: HASH/@flip &/' "$d/img/3.6.6-fast.elf"
fails flipped-byte "img/3.6.6-fast.elf: exit status 0 but a corrupted document: expected CRC-32 [0-9a-f]{8} of the [0-9]+ bytes before the end line as it says, found [0-9a-f]{8}: the output was corrupted on the way$"
check "flipped-byte: names no case (the document got to its end line)" no_case "$d/err-flipped-byte"
# the figures are those of what arrived: fake-qemu's bytes, the CRC-32 its
# end line says and the one of the bytes before it, computed here
"$FAKE" -kernel "$d/img/3.6.6-fast.elf" >"$d/flipped.out"
said=$(python3 -c 'import re, sys, zlib
b = open(sys.argv[1], "rb").read()
body = b[:b.rindex(b"\n", 0, len(b) - 1) + 1]
crc = re.search(rb"crc32: \"([0-9a-f]{8})\"", b[len(body):]).group(1).decode()
print("expected CRC-32 %s of the %d bytes before the end line as it says, found %08x" % (crc, len(body), zlib.crc32(body)))' "$d/flipped.out")
check "flipped-byte: says the byte count, the CRC-32 the end line says and the one found" \
  grep -qF "img/3.6.6-fast.elf: exit status 0 but a corrupted document: $said:" "$d/err-flipped-byte"
restore
sed -i 's/^@end$/@end 5/' "$d/img/3.6.6-fast.elf"
fails wrong-count "3.6.6-fast.elf:[0-9]+:[0-9]+: results: expected 5 results as the end line says, found 4"
restore
sed -i 's/^@end$/@end/; $a end: {results: 4}' "$d/img/3.6.6-fast.elf"
fails half-end-line "img/3.6.6-fast.elf: exit status 0 but a corrupted document: expected the end line .*, found 'end: \{results: 4\}'$"
check "half-end-line: names no case (the document got to its end line)" no_case "$d/err-half-end-line"
restore
printf "results: [\n@end\n" >"$d/img/2.28.3-small.elf"
fails unparsable '2.28.3-small.elf:[0-9]+:[0-9]+: '
restore
image "3.6.6-fast.elf" 3.6.6 Fast "$(aes a encryption 128 32 Fast 10 1 | sed 's/key_bits: 128/key_bits: 0/')"
fails schema 'mps2-an505.mbedtls-3.6.6.refused.yaml:[0-9]+:[0-9]+: .*key_bits'
restore
sed -i 's/gcc 12.2.1 20221205/gcc 9.9.9 20190101/' "$d"/img/[0-9]*.elf
fails old-compiler "run.toolchain.compiler: expected the installed compiler"
restore
rm "$d/img/2.28.3-fast.elf"
fails missing-image "img/2.28.3-fast.elf: says 'qemu-system-arm: could not load kernel"
restore
cp "$d/m.tsv" "$d/m.good"
sed -i '2s/\t7\t20\t/\t7\tsoon\t/' "$d/m.tsv"
fails bad-manifest "m.tsv:2:[0-9]+: timeout_s: expected an integer 1..86400 or '-', found 'soon'"
cp "$d/m.good" "$d/m.tsv"
sed -i 's|img/fp-base-3.6.6.elf\tfam|img/nothere.elf\tfam|' "$d/m.tsv"
fails no-baseline "m.tsv:[0-9]+:1: img/fp-aes-3.6.6.elf: expected a baseline image listed in the manifest, found 'img/nothere.elf'"
cp "$d/m.good" "$d/m.tsv"
mv "$d/img/fp-aes-3.6.6.map" "$d/fp-aes-3.6.6.map"
fails no-map "m.tsv:[0-9]+: img/fp-aes-3.6.6.elf: .*img/fp-aes-3.6.6.map: expected a GNU ld map, No such file or directory \\(the link writes it: make fw relinks an image whose map is missing\\)"
cp "$d/img/fp-base-3.6.6.map" "$d/img/fp-aes-3.6.6.map"
fails other-map "m.tsv:[0-9]+: img/fp-aes-3.6.6.elf: .*img/fp-aes-3.6.6.map: expected the link map of .*img/fp-aes-3.6.6.elf, found one of '.*img/fp-base-3.6.6.elf'"
mv "$d/fp-aes-3.6.6.map" "$d/img/fp-aes-3.6.6.map"
sed -i 's|/obj/mbedtls-3.6.6-fake/adapter.o|/obj/elsewhere/adapter.o|' "$d/img/fp-aes-3.6.6.map"
fails unplaced-input "m.tsv:[0-9]+: img/fp-aes-3.6.6.elf: .*img/fp-aes-3.6.6.map:[0-9]+: input section '.text.cp_enc' of '.*/obj/elsewhere/adapter.o': expected an object of the harness"
sed -i 's|/obj/elsewhere/adapter.o|/obj/mbedtls-3.6.6-fake/adapter.o|' "$d/img/fp-aes-3.6.6.map"
run "$d/data1" >/dev/null 2>&1
check "after the failures a good run still gives the same bytes" [ "$(cat "$ds1" "$ds3" | md5sum)" = "$sum_before" ]

# The run cache (--run-cache): a passing run of an unchanged image is reused,
# with every check again; a changed image runs; the order of the next sweep
# is longest first.
cache=$d/run-cache
run "$d/cache1" --run-cache "$cache" >/dev/null 2>"$d/err-cache1"
check "run cache, first sweep: exit 0" [ $? -eq 0 ]
check "run cache, first sweep: nothing reused" grep -q "sweep: 4 images, 0 reused" "$d/err-cache1"
check "run cache, first sweep: durations kept" [ "$(wc -l <"$cache/durations.tsv")" -eq 4 ]
run "$d/cache2" --run-cache "$cache" >/dev/null 2>"$d/err-cache2"
check "run cache, second sweep: every image reused" grep -q "sweep: 4 images, 4 reused" "$d/err-cache2"
check "run cache, second sweep: no image started" bash -c "! grep -q '^\[' '$d/err-cache2'"
check "run cache, second sweep: the same datasets" cmp "$d/cache1/mps2-an505/mbedtls-2.28.3/dataset.yaml" "$d/cache2/mps2-an505/mbedtls-2.28.3/dataset.yaml"
echo "# a changed image" >>"$d/img/3.6.6-fast.elf"
run "$d/cache3" --run-cache "$cache" >/dev/null 2>"$d/err-cache3"
check "run cache: a changed image runs again, the others are reused" grep -q "sweep: 4 images, 3 reused" "$d/err-cache3"
restore
# the longest images (the two small ones sleep 0.2 s) start first next time
rm -f "$cache"/*.run
run "$d/cache4" --run-cache "$cache" -j 1 >/dev/null 2>"$d/err-cache4"
check "run cache: the longest images of the last sweep start first" \
  grep -q "small" <(grep '^\[' "$d/err-cache4" | head -n 1)
# An image that reports no result (issue 30, item 8): no crash, and no
# file:line:column of a dataset that is not written
image "empty.elf" 9.9.9 Small
printf '#image\tkind\tboard\tmachine\ticount_shift\ttimeout_s\tlibrary\tversion\tpackage\tconfiguration\tbaseline\tfields\texpect\tcase\nimg/empty.elf\tbench\tmps2-an505\tmps2-an505\t7\t20\tmbedtls\t9.9.9\tmbedtls 9.9.9-1\tsmall\t-\t-\t0\t-\n' >"$d/m-empty.tsv"
"$RUN" --qemu "$FAKE" --top "$d" --data "$d/data-empty" --schema "$TOP/schema/dataset.schema.json" \
  --revision abc1234 "$d/m-empty.tsv" >/dev/null 2>"$d/err-empty"
rc=$?
check "no result: exit 1" [ $rc -eq 1 ]
check "no result: says so" grep -qF "library 'mbedtls' '9.9.9' (series 'mps2-an505'): no result collected; no dataset written" "$d/err-empty"
check "no result: names no place in an unwritten dataset" bash -c '! grep -q "dataset.yaml:[0-9]" "$1"' _ "$d/err-empty"
check "no result: writes nothing" [ ! -e "$d/data-empty" ]
done_testing
