#!/usr/bin/env bash
# The runner's LAVA back end (firmware/runner/README.md, "LAVA"), everything on
# this machine: images of the test manifest run as jobs by lava-run give the
# direct runner's datasets byte for byte; a known-answer failure, a fault, a
# hang and a signature OpenSSL rejects are reported with the job id and
# nothing is written; a Nucleo job definition passes LAVA's job schema and
# lava-run's validation; the server path through a stand-in lavacli
# (fake-lavacli: records the calls, runs each job with lava-run); a device
# that gives QEMU other arguments than the direct runner is refused.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
M=${FW_TEST_MANIFEST:-$TOP/build/fw/mps2-an505/manifest-test.tsv}
DEVICES=${LAVA_DEVICES:-$TOP/build/lava/devices}
TYPES=${LAVA_TYPES:-$TOP/build/lava/device-types}
board=$(awk -F'\t' 'NR == 2 { print $3 }' "$M" 2>/dev/null)
d=$(tmpdir)
# the runner keeps a refused dataset's text under TMPDIR: inside the test's folder
export TMPDIR=$d/tmp
mkdir -p "$TMPDIR"
# the runner's temporary folders go here, so the last check sees only ours
export TMPDIR=$d/tmp
mkdir -p "$TMPDIR"
for need in "$M" "$DEVICES/$board.yaml" "$TYPES/qemu.jinja2"; do
  if [ ! -f "$need" ]; then
    fail "$need exists (make fw-test lava-devices builds it)"
    done_testing
    exit
  fi
done
check "lava-run is installed (mk/deps.mk DEPS_LAVA)" command -v lava-run
run() { # DATA-DIR [options]: the runner on manifest $MAN (default: the test manifest)
  local data=$1; shift
  "$RUN" --top "$TOP" --data "$data" --schema "$TOP/schema/dataset.schema.json" --kind quick "$@" "${MAN:-$M}"
}
same_sets() { # DIR-A DIR-B: the same datasets, byte for byte, and at least one
  local a=$1 b=$2 n=0 s
  while read -r s; do
    cmp -s "$a/$s" "$b/$s" || { diag "$s differs"; return 1; }
    n=$((n + 1))
  done < <(cd "$a" && find . -name dataset.yaml | sort)
  [ "$n" -ge 1 ] && [ "$(cd "$b" && find . -name dataset.yaml | wc -l)" -eq "$n" ]
}
local_opts=(--backend lava-local --lava "devices=$DEVICES")

# Datasets: the direct runner and lava-run on the quick images.
run "$d/direct" -j 2 >/dev/null 2>"$d/err-direct"
check "direct runner, quick images: exit 0" [ $? -eq 0 ]
start=$SECONDS
run "$d/lava" -j 2 "${local_opts[@]}" --lava "jobs=$d/jobs" >/dev/null 2>"$d/err-lava"
rc=$?
check "lava-local, quick images: exit 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$d/err-lava"
diag "lava-local ran $(grep -c '^wrote' "$d/err-lava") datasets in $((SECONDS - start)) s"
check "lava-local datasets are the direct runner's, byte for byte" same_sets "$d/direct" "$d/lava"
check "job definitions kept in jobs=DIR" [ "$(ls "$d/jobs"/*.yaml 2>/dev/null | wc -l)" -eq "$(awk -F'\t' '$2 == "quick"' "$M" | wc -l)" ]
check "job definitions pass LAVA's job schema (strict)" "$TOP/tests/runner/lava-validate" "$d"/jobs/*.yaml
check "QEMU jobs run on device type qemu with the direct runner's options in the context" \
  grep -qx -- '  - "-icount shift=7"' "$d/jobs/$(ls "$d/jobs" | head -1)"
check "no -nographic anywhere" bash -c "! grep -q nographic '$d'/jobs/*.yaml '$DEVICES/$board.yaml'"

# One image of a kind, alone (like tests/runner/firmware.t).
one() { # KIND LIBRARY: a manifest with the first image of KIND for LIBRARY, as kind quick
  awk -F'\t' -v k="$1" -v l="$2" 'NR == 1 { print; next } $2 == k && ($7 "-" $8) == l && !done { print; done = 1 }' "$M" |
    awk -F'\t' 'BEGIN { OFS = "\t" } NR > 1 { $2 = "quick" } 1'
}
before=$(cd "$d/lava" && find . -name dataset.yaml -exec cat {} + | md5sum)
while IFS='|' read -r kind lib want; do
  one "$kind" "$lib" >"$d/one.tsv"
  case_id=$(awk -F'\t' 'NR == 2 { print $14 }' "$d/one.tsv")
  image=$(awk -F'\t' 'NR == 2 { print $1 }' "$d/one.tsv")
  want=${want//@CASE@/$case_id}
  MAN=$d/one.tsv run "$d/lava" "${local_opts[@]}" >/dev/null 2>"$d/err-$kind"
  rc=$?
  check "$kind $lib through lava-run: exit 1" [ $rc -eq 1 ]
  check "$kind $lib: names the image and its LAVA job" grep -qE -- "^$image \\(LAVA job local-[0-9]+-1\\)(:[0-9]+:[0-9]+)?: " "$d/err-$kind"
  check "$kind $lib: says why ($want)" grep -qF -- "$want" "$d/err-$kind"
  grep -qF -- "$want" "$d/err-$kind" || sed 's/^/# /' "$d/err-$kind"
  check "$kind $lib: no dataset written" grep -q 'no dataset written' "$d/err-$kind"
done <<'LIST'
fail-kat|mbedtls-3.6.6|says 'error: case @CASE@: known-answer mismatch'
fail-fault|wolfssl-5.7.2|incomplete, Infrastructure error 'Connection closed': the image stopped before its end line in case @CASE@
fail-hang|mbedtls-2.28.3|timed out after 2 s in case @CASE@
fail-halfdigest|mbedtls-3.6.6|case '@CASE@': evidence: expected a 'ecdsa' signature that OpenSSL verifies
LIST
check "failed runs left existing datasets untouched" \
  [ "$(cd "$d/lava" && find . -name dataset.yaml -exec cat {} + | md5sum)" = "$before" ]

# Each real board (board.mk BOARD_LANE serial) has a LAVA device type whose
# OpenOCD script is the board's own (BOARD_OPENOCD_CFG).
for bm in "$TOP"/firmware/boards/*/board.mk; do
  grep -qE '^BOARD_LANE *:= *serial$' "$bm" || continue
  b=$(basename "$(dirname "$bm")")
  cfg=$(sed -n 's/^BOARD_OPENOCD_CFG *:= *//p' "$bm")
  check "$b: device type firmware/runner/lava/$b.jinja2 flashes with its board.mk's OpenOCD script ($cfg)" \
    grep -qxF "{% set openocd_board_cfg = '$cfg' %}" "$TOP/firmware/runner/lava/$b.jinja2"
done

# A Nucleo board: its job definition (no board attached) against LAVA's job
# schema and lava-run's validation with a device dictionary as an admin
# would write it for the device type firmware/runner/lava/nucleo-l552ze-q.jinja2.
one quick mbedtls-3.6.6 | awk -F'\t' 'BEGIN { OFS = "\t" } NR > 1 { $3 = "nucleo-l552ze-q"; $4 = "-"; $5 = "-"; $6 = 120 } 1' \
  >"$d/nucleo.tsv"
MAN=$d/nucleo.tsv run "$d/none" --backend lava-jobs --lava "jobs=$d/nucleo" >/dev/null 2>"$d/err-nucleo"
check "lava-jobs writes the Nucleo job definition: exit 0" [ $? -eq 0 ]
job=$(ls "$d"/nucleo/*.yaml 2>/dev/null | head -1)
check "Nucleo job: device type nucleo-l552ze-q, flashed by OpenOCD, image as {BINARY}" bash -c "
  grep -qx 'device_type: nucleo-l552ze-q' '$job' && grep -qx '    method: openocd' '$job' && grep -qx '      binary:' '$job'"
check "Nucleo job passes LAVA's job schema (strict)" "$TOP/tests/runner/lava-validate" "$job"
sed 's/^    method: openocd$/    method: openocd\n    flash: yes/' "$job" >"$d/broken.yaml"
check "the schema check refuses a job with a key LAVA does not know" bash -c "! '$TOP/tests/runner/lava-validate' '$d/broken.yaml' >/dev/null"
printf '%s\n' "{% extends 'nucleo-l552ze-q.jinja2' %}" "{% set board_id = '0039003F3438510B34313939' %}" \
  "{% set connection_command = 'telnet localhost 7001' %}" >"$d/rack1-l552.jinja2"
/usr/bin/python3 "$TOP/mk/lava-render" -I "$TYPES" -I "$TOP/firmware/runner/lava" -I "$d" rack1-l552.jinja2 >"$d/nucleo-device.yaml" 2>"$d/err-render"
check "the Nucleo device dictionary renders from LAVA's base.jinja2 and passes its device schema" [ $? -eq 0 ]
lava-run --validate --job-id "validate-$$" --output-dir "$d/validate" --device "$d/nucleo-device.yaml" "$job" >/dev/null 2>"$d/err-validate"
rc=$?
check "lava-run --validate accepts the Nucleo job on that device" [ $rc -eq 0 ]
check "… and says it would flash with OpenOCD" grep -q '"/usr/bin/openocd, version' "$d/err-validate"
sed 's/^board_id: .*/board_id: '"'"'00000000'"'"'/' "$d/nucleo-device.yaml" >"$d/nucleo-unset.yaml"
lava-run --validate --job-id "validate-$$-b" --output-dir "$d/validate-b" --device "$d/nucleo-unset.yaml" "$job" >/dev/null 2>&1
check "lava-run --validate refuses a device whose ST-LINK serial is unset" [ $? -ne 0 ]

# The server path, through a stand-in lavacli.
export FAKE_LAVACLI_DIR=$d/server FAKE_LAVACLI_DEVICE=$DEVICES/$board.yaml
mkdir -p "$FAKE_LAVACLI_DIR"
one quick mbedtls-3.6.6 >"$d/quick1.tsv"
cp "$d/quick1.tsv" "$d/q1.tsv"
one quick wolfssl-5.7.2 | tail -n +2 >>"$d/quick1.tsv"
MAN=$d/quick1.tsv run "$d/direct1" >/dev/null 2>&1
server_opts=(--backend lava --lava "lavacli=$TOP/tests/runner/fake-lavacli" --lava poll=1)
MAN=$d/quick1.tsv run "$d/server" "${server_opts[@]}" --lava url=https://lava.invalid/RPC2 --lava tags=cryptoperf,rack1 \
  --lava "jobs=$d/server-jobs" >/dev/null 2>"$d/err-server"
rc=$?
check "server: exit 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$d/err-server"
check "server: datasets are the direct runner's, byte for byte" same_sets "$d/direct1" "$d/server"
check "server: two submissions with --uri" [ "$(grep -c $'^--uri\thttps://lava.invalid/RPC2\tjobs\tsubmit\t' "$d/server/calls")" -eq 2 ]
check "server: each job's log fetched raw, following it" grep -qxF -e $'--uri\thttps://lava.invalid/RPC2\tjobs\tlogs\t102\t--raw\t--polling\t1' "$d/server/calls"
check "server: says which jobs it submitted" grep -q 'jobs submitted to https://lava.invalid/RPC2 (ids 101 to 102)' "$d/err-server"
tags=$(cat "$d"/server-jobs/*.yaml | grep -cxE -- '- "?(cryptoperf|rack1)"?')
check "server: the jobs ask for the device tags ($tags)" [ "$tags" -eq 4 ]
rm -f "$d/server/count"
one fail-kat mbedtls-3.6.6 | awk -F'\t' 'BEGIN { OFS = "\t" } NR > 1 { $2 = "quick" } 1' >"$d/kat.tsv"
MAN=$d/kat.tsv run "$d/server" "${server_opts[@]}" --lava identity=farm >/dev/null 2>"$d/err-server-kat"
check "server, known-answer failure: exit 1" [ $? -eq 1 ]
check "server, known-answer failure: named with the server's job id" \
  grep -qE "\\(LAVA job 101\\): says 'error: case [a-z0-9-]+: known-answer mismatch'" "$d/err-server-kat"
check "server: --identity given to lavacli" grep -q $'^--identity\tfarm\tjobs\tsubmit\t' "$d/server/calls"
rm -f "$d/server/count"
FAKE_LAVACLI_QEMU=1:8.2.2+ds-0ubuntu1 MAN=$d/q1.tsv run "$d/server" "${server_opts[@]}" --lava identity=farm \
  >/dev/null 2>"$d/err-qemu"
check "server, a worker with another QEMU: exit 1" [ $? -eq 1 ]
check "server, a worker with another QEMU: names both versions" \
  grep -q "(LAVA job 101): LAVA ran QEMU '1:8.2.2+ds-0ubuntu1', but the dataset would name this machine's ('QEMU emulator version" "$d/err-qemu"
rm -f "$d/server/count"
FAKE_LAVACLI_REFUSE=2 MAN=$d/quick1.tsv run "$d/server" "${server_opts[@]}" --lava identity=farm >/dev/null 2>"$d/err-refused"
check "server refuses a job: exit 2" [ $? -eq 2 ]
check "server refuses a job: names the job definition and what lavacli said" grep -q "did not take the job definition.*Unable to submit" "$d/err-refused"
check "server refuses a job: the one it took is cancelled" grep -qx 101 "$d/server/cancelled"

# A device that runs QEMU its own way (LAVA's stock qemu.jinja2: -nographic,
# a network card, -cpu) is refused even though every result arrived.
mkdir -p "$d/stock"
/usr/bin/python3 "$TOP/mk/lava-render" -I "$TYPES" qemu.jinja2 arch='"arm"' machine='"mps2-an505"' cpu='"cortex-m33"' \
  memory='"16M"' model='"model=lan9118"' serial='"-serial none"' \
  extra_options='["-semihosting-config enable=on,target=native", "-icount shift=7"]' >"$d/stock/$board.yaml"
one quick mbedtls-3.6.6 >"$d/q.tsv"
MAN=$d/q.tsv run "$d/stockdata" --backend lava-local --lava "devices=$d/stock" >/dev/null 2>"$d/err-stock"
check "stock qemu device: exit 1" [ $? -eq 1 ]
check "stock qemu device: names the QEMU command LAVA ran and the direct runner's" \
  grep -qF "LAVA ran QEMU otherwise than the direct runner: argument 1 is '-cpu', expected '-M'" "$d/err-stock"

# Settings
run "$d/x" --backend lava >/dev/null 2>"$d/err-noserver"
check "lava without url or identity: exit 2" [ $? -eq 2 ]
check "lava without url or identity: says so" grep -q 'expected the server as url=URL or identity=NAME' "$d/err-noserver"
printf 'url: https://lava.invalid/RPC2\ntags: [a, b]\npoll: never\n' >"$d/lava.yaml"
run "$d/x" --backend lava --lava-config "$d/lava.yaml" >/dev/null 2>"$d/err-config"
check "config file: a bad value is named file:line:column" grep -qF "$d/lava.yaml:3:7: poll: expected seconds 1..3600, found 'never'" "$d/err-config"
run "$d/x" --backend lava --lava colour=blue >/dev/null 2>"$d/err-key"
check "--lava with an unknown key: says which keys there are" grep -q "colour=blue'*: expected one of url, identity" "$d/err-key"
check "no temporary folders left" [ -z "$(ls -A "$TMPDIR")" ]
done_testing
