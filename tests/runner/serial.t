#!/usr/bin/env bash
# The runner's serial lane against a fake board (tests/runner/fake-board: a
# pseudo-terminal pair) and a fake OpenOCD: the same images give the same
# datasets as through QEMU's stdout; stale bytes before the document are
# dropped; a corrupted byte is caught by the CRC and the run is repeated
# (and said so); a line that stays corrupted, a silent port, a cut document,
# a failed flash and a missing port are each a clear error with nothing
# written.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
d=$(tmpdir)
mkdir -p "$d/img" "$d/board"
. "$TOP/tests/runner/lib-fake.sh"

image 3.6.6-small.elf 3.6.6 Small "$(aes dec-128-64 decryption 128 64 Small 9000 300)" \
  "$(aes enc-128-32 encryption 128 32 Small 4000 280)"
image 3.6.6-fast.elf 3.6.6 Fast "$(aes enc-128-32 encryption 128 32 Fast 3000 270)" \
  "sha|family: HASH, kind: performance, measure: sole-buffer, hash: sha1, buffer_bytes: 32, operation: digest, instructions: 2000"
cp "$d/img/3.6.6-fast.elf" "$d/fast.good"
printf '#image\tkind\tboard\tmachine\ticount_shift\ttimeout_s\tlibrary\tversion\tpackage\tconfiguration\tbaseline\tfields\texpect\tcase\n' >"$d/m.tsv"
for c in small fast; do
  printf 'img/3.6.6-%s.elf\tbench\tmps2-an505\tmps2-an505\t7\t20\tmbedtls\t3.6.6\tmbedtls 3.6.6-1\t%s\t-\t-\t0\t-\n' $c $c >>"$d/m.tsv"
done

"$TOP/tests/runner/fake-board" "$d/board" >"$d/port" &
board=$!
trap 'touch "$d/board/stop"; wait $board 2>/dev/null' EXIT
for _ in $(seq 100); do [ -s "$d/port" ] && break; sleep 0.05; done
port=$(head -n 1 "$d/port")
check "the fake board has a port ($port)" [ -c "$port" ]

run() { # DATA-DIR [options]
  local data=$1; shift
  FAKE_BOARD_DIR=$d/board "$RUN" --top "$d" --data "$data" --schema "$TOP/schema/dataset.schema.json" \
    --revision abc1234 --qemu "$TOP/tests/runner/fake-qemu" "$@" "$d/m.tsv"
}
serial() { run "$@" --serial "$port" --openocd "$TOP/tests/runner/fake-openocd" --openocd-cfg board/fake.cfg --silence 2; }
ds=mps2-an505/mbedtls-3.6.6/dataset.yaml

run "$d/qemu" >/dev/null 2>"$d/err-qemu"
check "through QEMU's stdout: exit 0" [ $? -eq 0 ]
serial "$d/serial" >/dev/null 2>"$d/err-serial"
rc=$?
check "through the serial port: exit 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$d/err-serial"
check "the dataset validates" "$CRYPTOPERF" validate --schema "$TOP/schema/dataset.schema.json" "$d/serial/$ds"
# the results only: the QEMU lane's notes say how QEMU ran (the run cache)
results() { sed -n '/^results:/,$p' "$1"; }
check "the results are there" grep -q '^  - ' <(results "$d/serial/$ds")
check "the same results as through QEMU" cmp <(results "$d/qemu/$ds") <(results "$d/serial/$ds")

FAKE_BOARD_NOISE=1 serial "$d/noise" >/dev/null 2>"$d/err-noise"
check "stale bytes before the document: exit 0" [ $? -eq 0 ]
check "stale bytes before the document: dropped, the same dataset" cmp "$d/serial/$ds" "$d/noise/$ds"

sum=$(md5sum <"$d/serial/$ds")
sed -i 's/^  - {family: HASH/@flip-once &/' "$d/img/3.6.6-fast.elf"
serial "$d/serial" >/dev/null 2>"$d/err-once"
check "a byte corrupted once: exit 0" [ $? -eq 0 ]
check "a byte corrupted once: the retry is said" grep -q "broken document (expected CRC-32 .*); running it again (attempt 2 of 3)" "$d/err-once"
check "a byte corrupted once: the dataset is the right one" [ "$(md5sum <"$d/serial/$ds")" = "$sum" ]

# fails NAME WANT [options]: exit 1, WANT said, nothing written
fails() {
  local name=$1 want=$2; shift 2
  local start=$SECONDS
  serial "$d/serial" "$@" >/dev/null 2>"$d/err-$name"
  local rc=$?
  check "$name: exit 1" [ $rc -eq 1 ]
  check "$name: says why" grep -qE -- "$want" "$d/err-$name"
  grep -qE -- "$want" "$d/err-$name" || sed 's/^/# /' "$d/err-$name"
  check "$name: nothing written" [ "$(md5sum <"$d/serial/$ds")" = "$sum" ]
  check "$name: over within seconds" [ $((SECONDS - start)) -lt 15 ]
}
cp "$d/fast.good" "$d/img/3.6.6-fast.elf"
sed -i 's/^  - {family: HASH/@flip &/' "$d/img/3.6.6-fast.elf"
fails corrupted "img/3.6.6-fast.elf: serial: the document was broken in all 3 attempts \(expected CRC-32 [0-9a-f]{8} of the [0-9]+ bytes before the end line as it says, found [0-9a-f]{8}: the output was corrupted on the way\)$"
# it got to its end line every time: no case is to blame (issue 28)
check "corrupted: names no case" bash -c "! grep -qE 'in (the )?case|case after' '$d/err-corrupted'"
cp "$d/fast.good" "$d/img/3.6.6-fast.elf"
printf '@silent\n' >"$d/img/3.6.6-fast.elf"
fails silent "img/3.6.6-fast.elf: .*the port stayed silent for 2 s: no document"
sed '/family: HASH/,$d' "$d/fast.good" >"$d/img/3.6.6-fast.elf"
echo @silent >>"$d/img/3.6.6-fast.elf"
fails truncated "the port fell silent for 2 s after [0-9]+ bytes, before the end of the document"
cp "$d/fast.good" "$d/img/3.6.6-fast.elf"
{ sed '/^@end/d' "$d/fast.good"; echo "@stderr error: case sha: known-answer mismatch"; echo "@end"; echo "@exit 3"; } >"$d/img/3.6.6-fast.elf"
fails kat "img/3.6.6-fast.elf: exit status 3"
check "kat: the firmware's error line is passed on" grep -qF "says 'error: case sha: known-answer mismatch'" "$d/err-kat"
cp "$d/fast.good" "$d/img/3.6.6-fast.elf"
FAKE_OPENOCD_FAIL=1 fails flash "could not flash and reset the board \(exit status 1\): 'Error: open failed'"
port_kept=$port
port=/dev/cryptoperf-no-such-port
fails no-port "/dev/cryptoperf-no-such-port: cannot open the serial port: No such file or directory"
port=$port_kept
check "--serial without --openocd-cfg is a usage error" bash -c "'$RUN' --serial '$port' '$d/m.tsv' 2>&1 >/dev/null | grep -q 'expected --openocd-cfg'"
done_testing
