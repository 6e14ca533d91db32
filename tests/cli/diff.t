#!/usr/bin/env bash
# cryptoperf diff: the hand-checked rows of CMOX V4 -> V5 (and of the small
# fixture pair), every row matched or added/removed, self-diff is zero, the
# exit status follows the threshold with a synthetic 10 % regression, and
# bad input gives a clear error and a non-zero exit.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
V4=data/stm32l5/cmox-040000b1/dataset.yaml
V5=data/stm32l5/cmox-050000b2/dataset.yaml
FX=tests/fixtures/diff/stm32l5

# totals KEY FILE: a value of the totals: block
totals() { awk -v k="$1:" '/^totals:/{t=1;next} /^[a-z]|^  metrics:/{t=0} t && $1==k {print $2}' "$2"; }
# rows FILE: one line per table row: "mark: M cipher_mode: CBC ... metric: cycles old: ..."
# (libyaml's layout: a sequence inside a mapping is not indented)
rows() {
  awk '/^tables:/{t=1;next} !t{next}
       /^(- |  )[a-z_]+:/{if(r!="")print r; r=""}
       /^- family:/{fam=$0; sub(/^- /,"",fam)}
       /^  (kind|measure|implementation):/{l=$0; sub(/^ +/,"",l); fam=fam" "l}
       /^  - mark:/{if(r!="")print r; r=fam} r!=""{l=$0; gsub(/^ *(- )?/,"",l); r=r" "l}
       END{if(r!="")print r}' "$1"
}
# results FILE: how many results a dataset has (one flow mapping per line)
results() { grep -c '^  - {family:' "$1"; }

# --- the CMOX pair ---------------------------------------------------------
"$CRYPTOPERF" diff "$V4" "$V5" >"$T/cmox.yaml" 2>"$T/err"
check "CMOX V4 -> V5 diffs (exit 0)" [ $? -eq 0 ]
check "nothing on stderr" [ ! -s "$T/err" ]
rows "$T/cmox.yaml" >"$T/cmox.rows"
check "AES-CBC 128-bit 32 bytes encryption Small: 5299 -> 3742 cycles (-29.4 %)" \
  grep -qx 'family: AES kind: performance measure: sole-buffer mark: better id: cipher_mode: CBC key_bits: 128 buffer_bytes: 32 operation: encryption configuration: Small metrics: metric: cycles old: 5299 new: 3742 change: -1557 relative_percent: -29.38 mark: better' "$T/cmox.rows"
check "SHA256 8000 bytes / 128-byte chunks: 402655 -> 388744 cycles" \
  grep -qx 'family: HASH kind: performance measure: data-flow mark: better id: hash: sha256 message_bytes: 8000 chunk_bytes: 128 operation: digest metrics: metric: cycles old: 402655 new: 388744 change: -13911 relative_percent: -3.45 mark: better' "$T/cmox.rows"
check "AES sole-buffer footprint, encryption Small: byte deltas (global data 1 -> 0 is -1 byte; +28 bytes of stack is within the default 32)" \
  grep -qx 'family: AES kind: footprint measure: sole-buffer mark: better id: cipher_mode: CBC operation: encryption configuration: Small metrics: metric: code_bytes old: 2960 new: 2386 change: -574 relative_percent: -19.39 mark: better metric: const_bytes old: 380 new: 324 change: -56 relative_percent: -14.74 mark: better metric: data_bytes old: 1 new: 0 change: -1 relative_percent: -100.00 mark: unchanged metric: stack_bytes old: 524 new: 552 change: 28 relative_percent: 5.34 mark: unchanged' "$T/cmox.rows"
check "ECDSA P-256 signature Small/Low matches across V4's hash column (2924624 -> 2898200, within 1 %)" \
  grep -qx 'family: ECDSA kind: performance mark: unchanged id: hash: sha256 curve: secp256r1 operation: signature math_config: Small curve_definition: Low metrics: metric: cycles old: 2924624 new: 2898200 change: -26424 relative_percent: -0.90 mark: unchanged' "$T/cmox.rows"
check "the hash column is reported as a note" \
  grep -qx -- '- "field hash present only in OLD for ECDSA; ignored for matching"' "$T/cmox.yaml"
check "ML-DSA (V5 only) rows are added" \
  [ "$(grep -c '^family: ML-DSA .*mark: added id:' "$T/cmox.rows")" -eq 15 ]

# none silently dropped: matched + removed = OLD rows, matched + added = NEW rows
old=$(results "$V4") new=$(results "$V5")
m=$(totals matched "$T/cmox.yaml") a=$(totals added "$T/cmox.yaml") r=$(totals removed "$T/cmox.yaml")
diag "V4 $old rows, V5 $new rows: matched $m, added $a, removed $r"
check "totals name the row counts of both datasets" \
  [ "$(totals old_rows "$T/cmox.yaml")" = "$old" -a "$(totals new_rows "$T/cmox.yaml")" = "$new" ]
check "matched + removed = V4 rows ($old)" [ $((m + r)) -eq "$old" ]
check "matched + added = V5 rows ($new)" [ $((m + a)) -eq "$new" ]
check "every row is listed once: matched + added + removed table rows" \
  [ "$(wc -l <"$T/cmox.rows")" -eq $((m + a + r)) ]
check "the listed rows carry their marks: $a added, $r removed" \
  [ "$(grep -c ' mark: added id:' "$T/cmox.rows")" -eq "$a" -a "$(grep -c ' mark: removed id:' "$T/cmox.rows")" -eq "$r" ]

# --- the fixture pair: a removed and an added row --------------------------
"$CRYPTOPERF" diff "$FX/cmox-040000b1" "$FX/cmox-050000b2" >"$T/fx.yaml" 2>"$T/err"
check "fixture pair diffs (folders stand for their dataset.yaml)" [ $? -eq 0 ]
rows "$T/fx.yaml" >"$T/fx.rows"
check "fixture: 9 + 9 rows = 8 matched, 1 added, 1 removed" \
  [ "$(totals matched "$T/fx.yaml") $(totals added "$T/fx.yaml") $(totals removed "$T/fx.yaml")" = "8 1 1" ]
check "fixture: the row only V4 has is removed, with its old value" \
  grep -qx 'family: AES kind: performance measure: sole-buffer mark: removed id: cipher_mode: CBC key_bits: 128 buffer_bytes: 64 operation: encryption configuration: Small metrics: metric: cycles old: 8692 new: null change: null relative_percent: null mark: removed' "$T/fx.rows"
check "fixture: the row only V5 has is added, with its new value" \
  grep -q 'mark: added id: cipher_mode: CBC key_bits: 128 buffer_bytes: 128 .* old: null new: 11667 ' "$T/fx.rows"

"$CRYPTOPERF" diff --fail-on added,removed "$FX/cmox-040000b1" "$FX/cmox-050000b2" >/dev/null 2>"$T/addrem.err"
check "fixture: --fail-on added,removed exits 4" [ $? -eq 4 ]
check "... the added row is named at its line in NEW" \
  grep -qxF "$FX/cmox-050000b2/dataset.yaml:29: added: AES performance sole-buffer: cipher_mode=CBC key_bits=128 buffer_bytes=128 operation=encryption configuration='Small': cycles none -> 11667" "$T/addrem.err"
check "... the removed row at its line in OLD" \
  grep -qxF "$FX/cmox-040000b1/dataset.yaml:30: removed: AES performance sole-buffer: cipher_mode=CBC key_bits=128 buffer_bytes=64 operation=encryption configuration='Small': cycles 8692 -> none" "$T/addrem.err"

# --- formats and determinism -----------------------------------------------
"$CRYPTOPERF" diff "$V4" "$V5" >"$T/again.yaml"
check "same input, byte-identical output" cmp -s "$T/cmox.yaml" "$T/again.yaml"
"$CRYPTOPERF" diff --format yaml -o "$T/o/diff.yaml" "$V4" "$V5" >"$T/stdout"
check "-o writes the file (parents created), nothing on stdout" [ $? -eq 0 -a ! -s "$T/stdout" ]
check "-o FILE equals stdout" cmp -s "$T/o/diff.yaml" "$T/cmox.yaml"
"$CRYPTOPERF" diff --format json "$V4" "$V5" >"$T/cmox.json"
check "JSON: same marks as YAML" \
  [ "$(grep -c '"mark": "better"' "$T/cmox.json")" -eq "$(grep -c 'mark: better$' "$T/cmox.yaml")" ]
check "JSON: one document, braces balanced" \
  [ "$(head -c1 "$T/cmox.json")" = "{" -a "$(tail -n1 "$T/cmox.json")" = "}" ]
check "JSON: the hand-checked row" \
  grep -q '"old": 5299,' "$T/cmox.json"

# --- self-diff -------------------------------------------------------------
"$CRYPTOPERF" diff --fail-on worse,better,added,removed,not-comparable "$V5" "$V5" >"$T/self.yaml" 2>"$T/err"
check "self-diff exits 0, even failing on every change" [ $? -eq 0 ]
check "self-diff: all rows matched" [ "$(totals matched "$T/self.yaml")" = "$(results "$V5")" ]
check "self-diff: no change anywhere" \
  bash -c "! grep -E '^ +change: ' '$T/self.yaml' | grep -vqx ' *change: 0'"
check "self-diff: every metric unchanged" \
  bash -c "! grep -E '^ +mark: ' '$T/self.yaml' | grep -vqx ' *mark: unchanged'"

"$CRYPTOPERF" diff --out "$T/selfpage" "$V5" "$V5" >/dev/null 2>&1
SP=$T/selfpage/index.md
grep -E '\| (better|worse|unchanged|not-comparable|added|removed) \|$' "$SP" >"$T/selfpage.rows"
check "self-diff page: all $(results "$V5") rows listed, all unchanged" \
  [ "$(wc -l <"$T/selfpage.rows")" -eq "$(results "$V5")" -a "$(grep -c '| unchanged |$' "$T/selfpage.rows")" -eq "$(results "$V5")" ]
check "self-diff page: every change reads '0 (0.0 %) unchanged', never a signed zero" \
  bash -c "! grep -qE '(better|worse)( \\||$)|[-+]0[ .]' '$SP' && grep -qF '| 3742 | 3742 | 0 (0.0 %) unchanged |' '$SP'"

# --- the exit status follows the threshold ---------------------------------
mkdir -p "$T/a/stm32l5/cmox-050000b2" "$T/b/stm32l5/cmox-050000b2" "$T/c/stm32l5/cmox-050000b2"
cp "$V5" "$T/a/stm32l5/cmox-050000b2/dataset.yaml"
# 10 % slower: 388744 -> 427619 cycles (SHA256 8000 bytes, 128-byte chunks)
sed 's/cycles: 388744}/cycles: 427619}/' "$V5" >"$T/b/stm32l5/cmox-050000b2/dataset.yaml"
# 0.5 % slower: within the default 1 %
sed 's/cycles: 388744}/cycles: 390688}/' "$V5" >"$T/c/stm32l5/cmox-050000b2/dataset.yaml"
check "the regression fixture differs in exactly one row" \
  [ "$(diff "$V5" "$T/b/stm32l5/cmox-050000b2/dataset.yaml" | grep -c '^>')" -eq 1 ]
"$CRYPTOPERF" diff --fail-on worse "$T/a/stm32l5/cmox-050000b2" "$T/b/stm32l5/cmox-050000b2" >"$T/reg.yaml" 2>"$T/err"
check "10 % slower row: --fail-on worse exits 4 (not 1: the data is valid)" [ $? -eq 4 ]
check "... and counts the metrics" grep -q 'fail-on worse: 1 metric marked worse' "$T/err"
check "... and names the row: file:line, table, row, old -> new, change" \
  grep -qxF "$T/b/stm32l5/cmox-050000b2/dataset.yaml:$(grep -n 'cycles: 427619}' "$T/b/stm32l5/cmox-050000b2/dataset.yaml" | cut -d: -f1): worse: HASH performance data-flow: hash=sha256 message_bytes=8000 chunk_bytes=128 operation=digest: cycles 388744 -> 427619 (+38875, +10.00 %)" "$T/err"
check "... one line per worse row, then the count" [ "$(wc -l <"$T/err")" -eq 2 ]
rows "$T/reg.yaml" >"$T/reg.rows"
check "... the row is worse by 10 %" \
  grep -q 'metric: cycles old: 388744 new: 427619 change: 38875 relative_percent: 10.00 mark: worse' "$T/reg.rows"
"$CRYPTOPERF" diff "$T/a/stm32l5/cmox-050000b2" "$T/b/stm32l5/cmox-050000b2" >/dev/null 2>&1
check "without --fail-on the same diff exits 0" [ $? -eq 0 ]
"$CRYPTOPERF" diff --fail-on worse --threshold cycles=11% "$T/a/stm32l5/cmox-050000b2" "$T/b/stm32l5/cmox-050000b2" >/dev/null 2>&1
check "with --threshold cycles=11% it is within the threshold: exit 0" [ $? -eq 0 ]
"$CRYPTOPERF" diff --fail-on worse "$T/a/stm32l5/cmox-050000b2" "$T/c/stm32l5/cmox-050000b2" >/dev/null 2>&1
check "0.5 % slower is within the default 1 %: exit 0" [ $? -eq 0 ]
"$CRYPTOPERF" diff --fail-on worse --threshold cycles=0.4% "$T/a/stm32l5/cmox-050000b2" "$T/c/stm32l5/cmox-050000b2" >/dev/null 2>&1
check "... and worse with --threshold cycles=0.4%: exit 4" [ $? -eq 4 ]
"$CRYPTOPERF" diff --fail-on worse "$V4" "$V5" >/dev/null 2>&1
check "CMOX V4 -> V5 has worse rows (V5 footprints grew): --fail-on worse exits 4" [ $? -eq 4 ]
"$CRYPTOPERF" diff --fail-on worse "$V4" "$V5" 2>&1 >/dev/null | grep -v '^cryptoperf diff: ' >"$T/cmox.worse"
check "... each worse row named once on stderr, as many as the YAML has worse rows" \
  [ "$(wc -l <"$T/cmox.worse")" -eq "$(grep -c ' mark: worse id:' "$T/cmox.rows")" ]
check "... e.g. V5's CBC decryption Fast constants (+712 bytes)" \
  grep -qxF "$V5:92: worse: AES footprint sole-buffer: cipher_mode=CBC operation=decryption configuration='Fast': const_bytes 1660 -> 2372 (+712, +42.89 %)" "$T/cmox.worse"
check "... a stderr line shows free-text values quoted (no raw control characters)" \
  bash -c "! grep -q \"configuration=[^']\" '$T/cmox.worse'"
# footprint: a release manager's default, not every byte
"$CRYPTOPERF" diff --threshold stack_bytes=0,data_bytes=0 "$V4" "$V5" >"$T/cmox0.yaml"
rows "$T/cmox0.yaml" >"$T/cmox0.rows"
check "footprint default is 32 bytes: +28 bytes of stack is unchanged, with stack_bytes=0 it is worse" \
  grep -q 'configuration: Small metrics: metric: code_bytes old: 2960 .* metric: stack_bytes old: 524 new: 552 change: 28 relative_percent: 5.34 mark: worse' "$T/cmox0.rows"
check "... the default is in the YAML's thresholds" \
  bash -c "grep -A1 '^  code_bytes:' '$T/cmox.yaml' | grep -qx '    bytes: 32'"
mkdir -p "$T/c33/stm32l5/cmox-050000b2"
sed '/configuration: Small, code_bytes: 2386,/s/stack_bytes: 552}/stack_bytes: 557}/' "$V5" >"$T/c33/stm32l5/cmox-050000b2/dataset.yaml"
"$CRYPTOPERF" diff "$V4" "$T/c33/stm32l5/cmox-050000b2" >"$T/c33.yaml"
rows "$T/c33.yaml" >"$T/c33.rows"
check "... +33 bytes (past 32) is worse" \
  grep -q 'configuration: Small metrics: metric: code_bytes old: 2960 .* metric: stack_bytes old: 524 new: 557 change: 33 relative_percent: 6.30 mark: worse' "$T/c33.rows"

# --- bad input -------------------------------------------------------------
expect() { # description, wanted status, stderr pattern, command...
  local d=$1 want=$2 pat=$3; shift 3
  "$@" >"$T/out" 2>"$T/err"
  local rc=$?
  if [ "$rc" -eq "$want" ] && grep -qE -- "$pat" "$T/err"; then ok "$d"; else
    fail "$d (exit $rc, wanted $want; stderr:)"; sed 's/^/#   /' "$T/err"; fi
}
mkdir -p "$T/bad/stm32l5/cmox-050000b2" "$T/other/stm32l4/cmox-050000b2"
sed 's/cycles: 3742}/cycles: -5}/' "$FX/cmox-050000b2/dataset.yaml" >"$T/bad/stm32l5/cmox-050000b2/dataset.yaml"
expect "a dataset that does not validate: exit 1, file:line:column and path" 1 \
  'bad/stm32l5/cmox-050000b2/dataset.yaml:[0-9]+:[0-9]+: results\[0\]\.cycles: ' \
  "$CRYPTOPERF" diff "$FX/cmox-040000b1" "$T/bad/stm32l5/cmox-050000b2"
check "... and nothing on stdout" [ ! -s "$T/out" ]
expect "... with --fail-on worse still exit 1: invalid input is not a regression" 1 \
  'bad/stm32l5/cmox-050000b2/dataset.yaml:[0-9]+:[0-9]+: results\[0\]\.cycles: ' \
  "$CRYPTOPERF" diff --fail-on worse "$FX/cmox-040000b1" "$T/bad/stm32l5/cmox-050000b2"
"$CRYPTOPERF" diff -o "$T/never.yaml" "$FX/cmox-040000b1" "$T/bad/stm32l5/cmox-050000b2" 2>/dev/null
check "... and no -o file written" [ ! -e "$T/never.yaml" ]
# both invalid: the two are loaded at once (NEW on a second thread, and the
# small NEW is done first), yet OLD's problems come first, then its summary
# line, then NEW's, as if one after the other
mkdir -p "$T/bad/stm32l5/cmox-040000b1"
sed 's/cycles: \([0-9]*\)}/cycles: -\1}/' "$V4" >"$T/bad/stm32l5/cmox-040000b1/dataset.yaml"
"$CRYPTOPERF" diff "$T/bad/stm32l5/cmox-040000b1" "$T/bad/stm32l5/cmox-050000b2" >/dev/null 2>"$T/both.err"
# line numbers in stderr: the last of OLD's messages, OLD's summary, the
# first of NEW's, NEW's summary
order=$(awk '/cmox-040000b1\/dataset.yaml:[0-9]+:[0-9]+: /{o=NR} /\(OLD\) is invalid/{os=NR}
             /cmox-050000b2\/dataset.yaml:[0-9]+:[0-9]+: /&&!n{n=NR} /\(NEW\) is invalid/{ns=NR}
             END{print o+0, os+0, n+0, ns+0}' "$T/both.err")
diag "OLD last, OLD summary, NEW first, NEW summary at stderr lines: $order"
read -r old_last old_sum new_first new_sum <<<"$order"
check "both invalid: OLD's problems (many) are all reported" [ "$(grep -c 'cmox-040000b1/dataset.yaml:[0-9]*:[0-9]*: ' "$T/both.err")" -gt 100 ]
check "... OLD's summary line follows its last problem" [ "$old_sum" -eq $((old_last + 1)) ]
check "... NEW's first problem follows OLD's summary" [ "$new_first" -eq $((old_sum + 1)) ]
check "... NEW's summary is the last line" [ "$new_sum" -eq "$(wc -l <"$T/both.err")" ]
sed 's/^series: stm32l5$/series: stm32l4/' "$FX/cmox-050000b2/dataset.yaml" >"$T/other/stm32l4/cmox-050000b2/dataset.yaml"
expect "two different series without the flag: exit 2, names both and the flag" 2 \
  "series 'stm32l5' .* series 'stm32l4'; to compare across series, add --cross-series" \
  "$CRYPTOPERF" diff "$FX/cmox-040000b1" "$T/other/stm32l4/cmox-050000b2"
"$CRYPTOPERF" diff --cross-series "$FX/cmox-040000b1" "$T/other/stm32l4/cmox-050000b2" >/dev/null 2>&1
check "... and with --cross-series: exit 0" [ $? -eq 0 ]
# a page across series names each side by series, part and clock (issue
# 12, item 12): the same library version on two series read "CMOX 040000B1
# to 040000B1", and the versions table left out core and clock
mkdir -p "$T/other/stm32u5/cmox-040000b1"
sed -e 's/^series: stm32l5$/series: stm32u5/' -e 's/^  core_clock_hz: .*/  core_clock_hz: 160000000/' \
    -e 's/^  mcu: .*/  mcu: STM32U585AII6Q/' -e 's/^  core: .*/  core: Cortex-M33F/' \
  "$FX/cmox-040000b1/dataset.yaml" >"$T/other/stm32u5/cmox-040000b1/dataset.yaml"
grep -q '^  core_clock_hz: 160000000' "$T/other/stm32u5/cmox-040000b1/dataset.yaml" || diag "the clock was not changed"
"$CRYPTOPERF" diff --cross-series --out "$T/xs" "$FX/cmox-040000b1" "$T/other/stm32u5/cmox-040000b1" >/dev/null 2>"$T/err"
check "cross-series page: exit 0" [ $? -eq 0 ]
title=$(sed -n 's/^# //p' "$T/xs/index.md" | head -1)
check "cross-series page: the title names both sides by series, MCU and clock ($title)" \
  [ "$title" = "CMOX 040000B1 on STM32L552ZET6Q (stm32l5, 110 MHz) to CMOX 040000B1 on STM32U585AII6Q (stm32u5, 160 MHz): what changed" ]
check "cross-series page: the versions table has the series" grep -q '^| Series | stm32l5 | stm32u5 |$' "$T/xs/index.md"
check "cross-series page: the versions table has the core" grep -q '^| Core | Cortex-M33 | Cortex-M33F |$' "$T/xs/index.md"
check "cross-series page: the versions table has the clock" grep -q '^| Core clock | 110 MHz | 160 MHz |$' "$T/xs/index.md"
check "README's command list has diff --cross-series" grep -q '^cryptoperf diff .*\[--cross-series\]' README.md
expect "an unknown metric in a threshold: exit 2, naming it" 2 "unknown metric 'speed'" \
  "$CRYPTOPERF" diff --threshold speed=2% "$V4" "$V5"
expect "a byte metric with percent: exit 2" 2 "threshold code_bytes: expected a non-negative number of bytes \(e.g. 32\), found '3%'" \
  "$CRYPTOPERF" diff --threshold code_bytes=3% "$V4" "$V5"
expect "an unreadable dataset: exit 2" 2 "$T/missing/dataset.yaml: cannot read" \
  "$CRYPTOPERF" diff "$V4" "$T/missing/dataset.yaml"
expect "an unknown --fail-on mark: exit 2" 2 "unknown mark 'slower'" \
  "$CRYPTOPERF" diff --fail-on slower "$V4" "$V5"
expect "an unknown format: exit 2" 2 "expected yaml or json, found 'xml'" \
  "$CRYPTOPERF" diff --format xml "$V4" "$V5"
expect "one dataset only: exit 2" 2 "expected two datasets" "$CRYPTOPERF" diff "$V4"
expect "three datasets: exit 2" 2 "expected two datasets, found another" "$CRYPTOPERF" diff "$V4" "$V5" "$V5"
expect "an unknown option: exit 2" 2 "unknown option or missing value: --frobnicate" \
  "$CRYPTOPERF" diff --frobnicate "$V4" "$V5"
expect "an unwritable -o: exit 2" 2 "/proc/cryptoperf-diff.yaml: cannot write" \
  "$CRYPTOPERF" diff -o /proc/cryptoperf-diff.yaml "$V4" "$V5"

# --- a large report is written by two threads --------------------------------
# Past 2,000 rows the YAML report's second half is written on a second
# thread (diff_emit.c) and appended: read back by an independent YAML
# reader, it must hold what the JSON report (one writer) holds.
big() { # side, rows per shape
  sed '/^results:/q' "$V5"
  awk -v n="$2" -v side="$1" 'BEGIN {
    for (i = 1; i <= n; i++) {
      printf "  - {family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: %d, operation: encryption, configuration: Small, cycles: %d}\n", i, 1000 + i + (side == "new" && i % 7 == 0 ? 90 : 0)
      printf "  - {family: HASH, kind: footprint, measure: sole-buffer, hash: sha256, configuration: \"C %d: x\", code_bytes: %d, const_bytes: 280, data_bytes: 0, stack_bytes: 532}\n", i, 1000 + i
      printf "  - {family: ECDSA, kind: performance, curve: secp256r1, %soperation: signature, math_config: M%d, curve_definition: Low, cycles: %d}\n", side == "old" ? "hash: sha256, " : "", i, 2000000 + i
      printf "  - {family: ML-DSA, kind: performance, parameter_set: ML-DSA-44, operation: signature, variant: %s, cycles: %d, stack_bytes: 772, heap_bytes: 30796}\n", (i > n - 3 ? side i : "V" i), 3000000 + i
    }
  }'
}
big old 600 >"$T/big-old.yaml"
big new 600 >"$T/big-new.yaml"
"$CRYPTOPERF" diff -o "$T/big.yaml" "$T/big-old.yaml" "$T/big-new.yaml" 2>"$T/big.err"
check "large pair (2,400 rows a side): diff exits 0" [ $? -eq 0 ]
"$CRYPTOPERF" diff --format json -o "$T/big.json" "$T/big-old.yaml" "$T/big-new.yaml" 2>>"$T/big.err"
check "... also as JSON" [ $? -eq 0 ]
check "... the YAML lists every row (2,403 marks)" [ "$(grep -c '^  - mark: ' "$T/big.yaml")" -eq 2403 ]
# past 1,000 rows the matching works on two threads as well (diff.c):
# the totals as counted from the generator (every 7th AES row 90 cycles,
# over 5 %, slower; the last 3 ML-DSA variants of each side its own; the
# ECDSA hash only OLD has ignored)
by_mark() { awk -v k="$1:" '/^  metrics:/{t=1;next} /^[a-z]/{t=0} t && $1==k {print $2}' "$2"; }
check "... matched 2,397, added 3, removed 3" \
  [ "$(totals matched "$T/big.yaml") $(totals added "$T/big.yaml") $(totals removed "$T/big.yaml")" = "2397 3 3" ]
check "... metrics 85 worse, 5,306 unchanged, 9 added, 9 removed" \
  [ "$(for m in worse unchanged added removed; do by_mark $m "$T/big.yaml"; done | tr '\n' ' ')" = "85 5306 9 9 " ]
# the two parts are staged as one file: an up-to-date file is left alone,
# one whose second half differs (same size) is replaced
cp "$T/big.yaml" "$T/big.keep"
touch -d '2001-01-01 00:00' "$T/big.yaml"
"$CRYPTOPERF" diff -o "$T/big.yaml" "$T/big-old.yaml" "$T/big-new.yaml" 2>>"$T/big.err"
check "... written again unchanged: the file is left alone (its mtime kept)" [ "$(stat -c %Y "$T/big.yaml")" = "$(date -d '2001-01-01 00:00' +%s)" ]
sed -i '$ s/mark/MARK/' "$T/big.yaml"
check "... (the test changed the last line)" [ "$(tail -1 "$T/big.yaml" | grep -c MARK)" -eq 1 ]
check "... (not the size)" [ "$(stat -c %s "$T/big.yaml")" = "$(stat -c %s "$T/big.keep")" ]
"$CRYPTOPERF" diff -o "$T/big.yaml" "$T/big-old.yaml" "$T/big-new.yaml" 2>>"$T/big.err"
check "... a file whose end differs is written again" cmp -s "$T/big.yaml" "$T/big.keep"
if /usr/bin/python3 -c 'import yaml' 2>/dev/null; then
  check "... the YAML (two writers) reads back as the JSON (one writer)" /usr/bin/python3 -c '
import json, sys, yaml
y = yaml.load(open(sys.argv[1]), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
sys.exit(0 if y == json.load(open(sys.argv[2])) else 1)' "$T/big.yaml" "$T/big.json"
else
  skip "... the YAML (two writers) reads back as the JSON (one writer)" "python3-yaml is not installed"
fi

# --- the diff page, through the page engine ---------------------------------
"$CRYPTOPERF" diff --out "$T/page" "$V4" "$V5" >"$T/stdout" 2>"$T/err"
check "--out writes the page (exit 0), nothing on stdout" [ $? -eq 0 -a ! -s "$T/stdout" ]
check "... index.wiki and index.md" [ -s "$T/page/index.wiki" -a -s "$T/page/index.md" ]
MD=$T/page/index.md WIKI=$T/page/index.wiki
check "page: the summary comes first" [ "$(grep -m1 '^## ' "$MD")" = "## 1. Summary" ]
check "page: AES summary row with its geometric mean" \
  grep -qxF '| AES | 89 | 3 | 0 | 0 | 0 | 0 | 0.7093 (-29.1 %, 84 rows) |' "$MD"
check "page (md): AES-CBC 128 32 bytes encryption Small 5299 -> 3742 (-29.4 %)" \
  grep -qxF '| AES CBC | 128 bits | 32 bytes | Encryption | Small | 5299 | 3742 | -1557 (-29.4 %) better | better |' "$MD"
check "page (wiki): the same row" \
  grep -qxF '| AES CBC || 128 bits || 32 bytes || Encryption || Small || 5299 || 3742 || style="background:#d4edda" | -1557 (-29.4 %) better || style="background:#d4edda" | better' "$WIKI"
HTML=$T/page/index.html
check "page (html): a better change is shaded (class better) and says so" \
  grep -qF '<td class="better">-1557 (-29.4 %) better</td>' "$HTML"
check "page (html): a worse change is shaded (class worse) and says so" \
  grep -qF '<td class="worse">+712 (+42.9 %) worse</td>' "$HTML"
check "page (html): the stylesheet colours the two" grep -qE 'td\.worse \{ background: #[0-9a-f]{6}; \}' "$HTML"
check "page (html): an unchanged change is not shaded" grep -qF '<td>+28 (+5.3 %) unchanged</td>' "$HTML"
check "page (wiki): a worse change is shaded by the cell's own style, and says so" \
  grep -qF '|| style="background:#f8d0cc" | +712 (+42.9 %) worse ||' "$WIKI"
# a wiki cell: its own attributes, then "| better" (a literal pattern)
shaded_better='|| style="background:#d4edda" | better'
check "page (wiki): a better row mark is shaded" grep -qF "$shaded_better" "$WIKI"
check "page (md): without colour, the words say it" \
  grep -qF '| -1557 (-29.4 %) better | better |' "$MD"
"$CRYPTOPERF" diff --only-changed --out "$T/changed" "$V4" "$V5" >/dev/null 2>"$T/err"
check "--only-changed: exit 0" [ $? -eq 0 ]
CH=$T/changed/index.md
check "--only-changed: no unchanged row in the tables" \
  bash -c "! grep -qE '\| unchanged \|$' '$CH'"
check "--only-changed: every other row is still there" \
  [ "$(grep -cE '\| (better|worse|not-comparable|added|removed) \|$' "$CH")" -eq "$(grep -cE '\| (better|worse|not-comparable|added|removed) \|$' "$MD")" ]
check "--only-changed: a line says how many rows a table left out" \
  grep -qE '^[0-9]+ unchanged rows? of [0-9]+ not shown \(--only-changed\)' "$CH"
check "--only-changed: the summary still counts the unchanged rows" \
  [ "$(grep -m1 '^| ECDSA |' "$CH")" = "$(grep -m1 '^| ECDSA |' "$MD")" ]
check "page: SHA256 8000 bytes / 128-byte chunks, digits grouped as on the pages" \
  grep -qxF '| SHA256 | 8000 bytes | 128 bytes | Digest | 402 655 | 388 744 | -13 911 (-3.5 %) better | better |' "$MD"
check "page: footprint row with byte deltas (global data 1 -> 0)" \
  grep -qxF '| AES CBC | Encryption | Small | 2960 | 2386 | -574 (-19.4 %) better | 380 | 324 | -56 (-14.7 %) better | 1 | 0 | -1 (-100.0 %) unchanged | 524 | 552 | +28 (+5.3 %) unchanged | better |' "$MD"
check "page: the matching note" grep -qxF -- '- field hash present only in OLD for ECDSA; ignored for matching' "$MD"
check "page: ECDSA keeps V4's hash column (old values)" \
  grep -qxF '| SECP256R1 | SHA256 | Signature | Small | Low | 2 924 624 | 2 898 200 | -26 424 (-0.9 %) unchanged | unchanged |' "$MD"
check "page: every row of both versions in the tables (matched + added + removed)" \
  [ "$(grep -cE '\| (better|worse|unchanged|not-comparable|added|removed) \|$' "$MD")" -eq $((m + a + r)) ]
check "page (wiki): as many table rows" \
  [ "$(grep -cE '\|\| (style="[^"]*" \| )?(better|worse|unchanged|not-comparable|added|removed)$' "$WIKI")" -eq $((m + a + r)) ]
cp "$MD" "$T/page.md.1"; cp "$WIKI" "$T/page.wiki.1"
"$CRYPTOPERF" diff --format json --out "$T/page" "$V4" "$V5" >"$T/both.json"
check "--out with --format: page unchanged (deterministic) and JSON on stdout" \
  bash -c "cmp -s '$T/page.md.1' '$MD' && cmp -s '$T/page.wiki.1' '$WIKI' && cmp -s '$T/both.json' '$T/cmox.json'"
TRICKY=tests/fixtures/render/data/escape/tricky-1.0-rc1
"$CRYPTOPERF" diff --out "$T/tricky" "$TRICKY" "$TRICKY" >/dev/null 2>&1
check "page: data text is escaped (Markdown)" grep -qF 'a\|b \<c\> \& {{x}} \[\[y\]\]' "$T/tricky/index.md"
check "page: data text is escaped (wiki)" \
  bash -c "grep -qF 'a&#124;b &lt;c&gt; &amp; &#123;&#123;x&#125;&#125; &#91;&#91;y&#93;&#93;' '$T/tricky/index.wiki' && ! grep -qF '[[y]]' '$T/tricky/index.wiki'"
expect "--out with a layout that cannot be loaded: exit 2" 2 "cannot use the layout $T/none/st" \
  "$CRYPTOPERF" diff --templates "$T/none" --out "$T/nopage" "$V4" "$V5"
check "... and no page written" [ ! -e "$T/nopage" ]

# --- cycles vs instructions are never compared ------------------------------
mkdir -p "$T/icount/stm32l5/cmox-050000b2"
sed -e 's/^  kind: cycles$/  kind: instructions/' -e 's/ cycles: / instructions: /' \
  "$FX/cmox-050000b2/dataset.yaml" >"$T/icount/stm32l5/cmox-050000b2/dataset.yaml"
"$CRYPTOPERF" diff --fail-on not-comparable --out "$T/icpage" --format yaml "$FX/cmox-040000b1" \
  "$T/icount/stm32l5/cmox-050000b2" >"$T/ic.yaml" 2>"$T/err"
check "cycles vs instructions: --fail-on not-comparable exits 4 and says so" \
  bash -c "[ $? -eq 4 ] && grep -q 'fail-on not-comparable: 5 metrics marked not-comparable' '$T/err'"
rows "$T/ic.yaml" >"$T/ic.rows"
check "... the count is not comparable, with both values and no change" \
  grep -q 'mark: not-comparable id: cipher_mode: CBC key_bits: 128 buffer_bytes: 32 operation: encryption configuration: Small metrics: metric: cycles new_metric: instructions old: 5299 new: 3742 change: null relative_percent: null mark: not-comparable$' "$T/ic.rows"
check "... and no geometric mean" bash -c "! grep -q 'geomean_ratio: [0-9]' '$T/ic.yaml'"
check "... the page says so" \
  bash -c "grep -qxF 'The old version counts cycles, the new one instructions: their counts are not comparable and are not compared.' '$T/icpage/index.md' && grep -qF '| 5299 cycles | 3742 instructions | not comparable |' '$T/icpage/index.md'"
check "page title: library, both versions, the part" \
  [ "$(head -n1 "$MD")" = "# CMOX 040000B1 to 050000B2 on STM32L552ZET6Q: what changed" ]

# --- help ------------------------------------------------------------------
"$CRYPTOPERF" help diff >"$T/help" 2>&1
check "cryptoperf help diff: exit 0, options and matching rules" \
  bash -c "[ $? -eq 0 ] && grep -q -- '--fail-on MARK' '$T/help' && grep -q -- '--threshold METRIC=VALUE' '$T/help' && grep -q 'ignored for matching' '$T/help'"
for o in $("$CRYPTOPERF" help diff | grep -o -- '--[a-z-]*' | sort -u); do
  check "the man page documents diff $o" grep -q -- "$(sed 's/-/\\\\-/g' <<<"$o")" gen/cryptoperf.1
done
check "cryptoperf --help lists diff" bash -c "'$CRYPTOPERF' --help | grep -q '^  diff '"

done_testing
