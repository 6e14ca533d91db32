#!/usr/bin/env bash
# cryptoperf validate on the command line: exit status, message format
# (file:line:column: path: what was expected, what was found) and robustness
# against hostile input, under the ASan+UBSan build.
. "$(dirname "$0")/../lib.sh"
SCHEMA=$TOP/schema/dataset.schema.json
FIXTURE=$TOP/tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
T=$(tmpdir)
DS=$T/data/demo/examplelib-1.0/dataset.yaml   # same folder shape as data/

run() { out=$("$CRYPTOPERF" validate --schema "$SCHEMA" "$@" 2>&1); rc=$?; }

# mutate 'sed script': the fixture, edited, at $DS
mutate() { mkdir -p "$(dirname "$DS")"; sed -e "$1" "$FIXTURE" >"$DS"; }

# expect_invalid WHAT WORDS: exit 1 and a line "$DS:L:C: ..." containing WORDS
expect_invalid() {
  local what=$1 words=$2 line found=0
  run "$DS"
  while IFS= read -r line; do
    [[ $line == "$DS":* ]] || continue
    [[ ${line#"$DS"} =~ ^:[0-9]+:[0-9]+:\  ]] || continue
    [[ $line == *"$words"* ]] && found=1
  done <<<"$out"
  if [ "$rc" -eq 1 ] && [ "$found" -eq 1 ]; then ok "$what"; else fail "$what"; diag "exit $rc, wanted a line with: $words" "$out"; fi
}

# survives WHAT: exit 1 (invalid), no sanitizer report
survives() {
  run "$DS"
  if [ "$rc" -eq 1 ] && ! grep -q 'Sanitizer\|runtime error' <<<"$out"; then ok "$1"; else fail "$1"; diag "exit $rc" "$(head -c 2000 <<<"$out")"; fi
}

run "$FIXTURE"
check "the demo dataset is valid" [ "$rc" -eq 0 ]
check "a valid run says so" grep -qx '1 dataset valid' <<<"$out"

mutate ''
run "$DS" "$FIXTURE"
check "two valid datasets" grep -qx '2 datasets valid' <<<"$out"

out=$(cd "$TOP" && env -u CRYPTOPERF_SCHEMA "$CRYPTOPERF" validate "$FIXTURE" 2>&1); rc=$?
check "default schema is schema/dataset.schema.json in the current folder" [ "$rc" -eq 0 ]
out=$(cd "$T" && CRYPTOPERF_SCHEMA=$SCHEMA "$CRYPTOPERF" validate "$FIXTURE" 2>&1); rc=$?
check "CRYPTOPERF_SCHEMA names the schema" [ "$rc" -eq 0 ]

mutate 's/^  core_clock_hz: .*/  core_clock_hz: [1, 2/'
expect_invalid "malformed YAML" "YAML syntax error"
mutate 's/^  core_clock_hz: .*/  core_clock_hz: fast/'
expect_invalid "a wrong type" "system.core_clock_hz: expected an integer >= 1, found 'fast'"
mutate '/^  compiler:/d'
expect_invalid "a missing field" "toolchain: expected the required field 'compiler', found none"
mutate 's/^    operation: digest/    operation: digest\n    colour: blue/'
expect_invalid "an unknown field" "results[3]: expected a known field (family, kind,"
mutate 's/^    instructions: 12011/    instructions: -12011/'
expect_invalid "a negative count" "results[1].instructions: expected an integer >= 0, found -12011"
mutate 's/^    operation: decryption/    operation: encryption/'
expect_invalid "a duplicate result" "results[1]: expected a result with its own identifying fields, found a duplicate of results[0] at $DS:50:5"
mutate 's/^    instructions: 98012/    cycles: 98012/'
expect_invalid "cycles in an instructions dataset" "results[3].cycles: expected no cycles in a dataset with counter.kind 'instructions', found cycles: 98012"
mutate 's/^series: demo/series: stm32l5/'
expect_invalid "series does not match its folder" "series: expected 'demo' (the series folder name), found 'stm32l5'"
mutate 's/^  version: "1.0"/  version: "1.1"/'
expect_invalid "library version does not match its folder" "library.version: expected <library.slug>-<lower-case library.version> to be the folder name 'examplelib-1.0'"
mutate 's/^  mcu: .*/  mcu: ""/; s/^  core_clock_hz: .*/  core_clock_hz: 0/; s/- family: HASH/- family: SHA/'
run "$DS"
check "every problem is reported (3 here)" [ "$(grep -c "^$DS:[0-9]*:[0-9]*: " <<<"$out")" -eq 3 ]
check "the summary counts them" grep -qx '1 of 1 dataset invalid (3 problems)' <<<"$out"
run "$DS" "$FIXTURE"
check "one invalid among valid ones gives exit 1" [ "$rc" -eq 1 ]

# --- the cycle model (schema/README.md, "Estimated cycles") -----------------
# A dataset with estimated cycles (tests/fixtures/cycles), edited at $DS; each
# case: exit 1, and the problem at its file:line:column.
CYC=$TOP/tests/fixtures/cycles/data/m4board/clib-2.0/dataset.yaml
# expect_problem WHAT LINE: exit 1, and LINE ("L:C: path: message") among the
# messages, after "$DS:"
expect_problem() {
  local what=$1 want="$DS:$2"
  run "$DS"
  check "$what: exit 1" [ "$rc" -eq 1 ]
  if grep -qxF -- "$want" <<<"$out"; then ok "$what: said at its place"; else
    fail "$what: said at its place"; diag "wanted: $want" "$out"; fi
}
run "$CYC"
check "a dataset whose cycle model estimated its cycles is valid" [ "$rc" -eq 0 ]
run "$TOP/tests/fixtures/cycles/data/m7board/clib-2.0/dataset.yaml"
check "a dataset whose core is not modelled is valid" [ "$rc" -eq 0 ]
DS=$T/data/m4board/clib-2.0/dataset.yaml
mutate_cyc() { mkdir -p "$(dirname "$DS")"; sed -e "$1" "$CYC" >"$DS"; }
mutate_cyc 's/instructions: 5003, //'
expect_problem "cycles_estimated without instructions" \
  "39:5: results[0]: expected the required field 'instructions', found none (as cycles_estimated is present)"
mutate_cyc 's/instructions: 5003, /instructions: 5003, cycles: 7000, /'
expect_problem "cycles_estimated beside silicon cycles" "39:190: results[0]: expected cycles or cycles_estimated, not both, found both"
mutate_cyc 's/code_bytes: 2301,/code_bytes: 2301, instructions: 5, cycles_estimated: 6,/'
expect_problem "cycles_estimated on a footprint result" \
  "42:25: results[3].kind: expected 'performance', found 'footprint' (as cycles_estimated is present)"
mutate_cyc '/^cycle_model:/,/^  sources:/d'
expect_problem "cycles_estimated in a dataset without a cycle_model" \
  "32:194: results[0].cycles_estimated: expected no cycles_estimated in a dataset without cycle_model.status 'modelled' (the dataset has no cycle_model), found cycles_estimated: 6003"
mutate_cyc 's/^  status: modelled/  status: not-modelled\n  note: no table/; /^  memory:/d; /^  sources:/d'
expect_problem "cycles_estimated in a dataset whose core is not modelled" \
  "38:194: results[0].cycles_estimated: expected no cycles_estimated in a dataset without cycle_model.status 'modelled' (cycle_model.status is 'not-modelled'), found cycles_estimated: 6003"
mutate_cyc 's/, cycles_estimated: 6003//'
expect_problem "a result of a modelled dataset without cycles_estimated" \
  "39:5: results[0]: expected the field 'cycles_estimated' beside instructions (cycle_model.status is 'modelled'), found none"
mutate_cyc '/^  sources:/d'
expect_problem "a modelled cycle_model without its sources" \
  "32:3: cycle_model: expected the required field 'sources', found none (as status is 'modelled')"
mutate_cyc 's/^  status: modelled/  status: guessed/'
expect_problem "a cycle_model of unknown status" "32:11: cycle_model.status: expected one of modelled, not-modelled, found 'guessed'"
run "$DS"
check "... said once, not again on every estimated result" [ "$(grep -c "^$DS:" <<<"$out")" -eq 1 ]
mutate_cyc 's/^  version: "1"/  version: 1/'
expect_problem "a model version that is a number, not a string" \
  "34:12: cycle_model.version: expected a non-empty string of at most 64 characters, found 1 (unquoted, so not a string: put it in quotes)"
mutate_cyc 's/^  status: modelled/  status: not-modelled\n  note: no table/; s/cycles_estimated: [0-9]*//; s/, }/}/'
expect_problem "a not-modelled cycle_model that names its memory system" \
  "37:11: cycle_model.memory: expected nothing here (the schema allows no value) (as status is 'not-modelled')"
# Footprint parts (schema/README.md, "Footprint parts"): the C runtime's
# bytes are part of the figure, the adapter's beside it, both on
# footprint rows only and in threes.
PARTS='runtime_code_bytes: 100, runtime_const_bytes: 8, runtime_data_bytes: 0, adapter_code_bytes: 144, adapter_const_bytes: 0, adapter_data_bytes: 0'
mutate_cyc "s/code_bytes: 2301, const_bytes: 2600, data_bytes: 20, stack_bytes: 528, heap_bytes: 0/&, $PARTS/"
run "$DS"
check "a footprint row with its runtime and adapter parts is valid" [ "$rc" -eq 0 ]
mutate_cyc "s/code_bytes: 2301, const_bytes: 2600, data_bytes: 20, stack_bytes: 528, heap_bytes: 0/&, ${PARTS/runtime_const_bytes: 8/runtime_const_bytes: 2601}/"
expect_problem "a runtime part larger than its figure" \
  "42:253: results[3].runtime_const_bytes: expected at most const_bytes (2600: the C runtime's bytes are part of it), found 2601"
mutate_cyc "s/code_bytes: 2301, const_bytes: 2600, data_bytes: 20, stack_bytes: 528, heap_bytes: 0/&, ${PARTS/, adapter_data_bytes: 0/}/"
expect_invalid "adapter parts not in threes" \
  "42:5: results[3]: expected the required field 'adapter_data_bytes', found none (as the condition at schema line"
mutate_cyc 's/instructions: 5003, /instructions: 5003, adapter_code_bytes: 1, adapter_const_bytes: 0, adapter_data_bytes: 0, /'
expect_invalid "adapter parts on a performance row" \
  "39:25: results[0].kind: expected 'footprint', found 'performance' (as the condition at schema line"

DS=$T/data/mixed/blib-1.0/dataset.yaml
mkdir -p "$(dirname "$DS")"
sed -e 's/^provenance:/cycle_model: {status: not-modelled, core: Cortex-M33, note: silicon}\nprovenance:/' \
  "$TOP/tests/fixtures/compare/data/mixed/blib-1.0/dataset.yaml" >"$DS"
expect_problem "a cycle_model in a dataset of silicon cycles" \
  "25:14: cycle_model: expected no cycle_model in a dataset with counter.kind 'cycles' (a cycle model estimates cycles from the instructions QEMU executed), found one"
DS=$T/data/demo/examplelib-1.0/dataset.yaml

run "$T/nonexistent.yaml"
check "an unreadable dataset gives exit 2" [ "$rc" -eq 2 ]
check "... and names it" grep -q "nonexistent.yaml: cannot read" <<<"$out"
out=$("$CRYPTOPERF" validate --schema "$T/none.json" "$FIXTURE" 2>&1); rc=$?
check "a missing schema gives exit 2" [ "$rc" -eq 2 ]
# (CRYPTOPERF_DATADIR: an installed copy on this machine must not answer)
out=$(cd "$T" && env -u CRYPTOPERF_SCHEMA CRYPTOPERF_DATADIR="$T/none" "$CRYPTOPERF" validate "$FIXTURE" 2>&1); rc=$?
check "no schema where it is looked for gives exit 2" [ "$rc" -eq 2 ]
printf '{"type": "object", "uniqueItems": true}\n' >"$T/odd.json"
out=$("$CRYPTOPERF" validate --schema "$T/odd.json" "$FIXTURE" 2>&1); rc=$?
check "a schema with an unsupported keyword gives exit 2" [ "$rc" -eq 2 ]
check "... naming the keyword" grep -q "odd.json:1:20: schema: unsupported JSON Schema keyword 'uniqueItems'" <<<"$out"
out=$("$CRYPTOPERF" validate 2>&1); rc=$?
check "no dataset is a usage error" [ "$rc" -eq 2 ]
out=$("$CRYPTOPERF" validate --frobnicate "$FIXTURE" 2>&1); rc=$?
check "an unknown option is a usage error" [ "$rc" -eq 2 ]
out=$("$CRYPTOPERF" help validate 2>&1); rc=$?
check "help validate exits 0" [ "$rc" -eq 0 ]
check "help validate explains --schema" grep -q -- "--schema FILE" <<<"$out"
check "help validate explains the exit status" grep -q "exit status" <<<"$out"

: >"$DS"
survives "an empty file"
head -c 4096 /dev/urandom >"$DS"
survives "binary garbage"
printf 'a: 1\n\0b: 2\n' >"$DS"
survives "a NUL byte"
awk 'BEGIN { printf "results: "; for (i = 0; i < 5000; i++) printf "["; for (i = 0; i < 5000; i++) printf "]"; print "" }' >"$DS"
survives "deeply nested flow input"
awk 'BEGIN { print "results:"; for (i = 1; i <= 200; i++) printf "%*s- k:\n", i * 2, "" }' >"$DS"
survives "deeply nested block input"
# many N ROW: the fixture plus N results, ROW a printf format of the row number
many() { cat "$FIXTURE"; awk -v n="$1" -v row="$2" 'BEGIN { for (i = 1; i <= n; i++) printf row, i }'; }
many 12000 '  - family: HASH\n    kind: performance\n    buffer_bytes: %d\n    instructions: 7\n' >"$DS"
size=$(wc -c <"$DS")
run "$DS"
check "a ${size}-byte dataset is checked (valid, exit 0)" [ "$rc" -eq 0 ]
many 3000 '  - family: HASH\n    kind: performance\n    buffer_bytes: 5\n    colour: %d\n' >"$DS"
run "$DS"
# each row: an unknown field, no metric, and (but the first) a duplicate;
# the first 1000 are shown (CP_MAX_REPORTS), every one is counted
check "a dataset full of errors shows the first 1000 problems" [ "$(grep -c "^$DS:" <<<"$out")" -eq 1000 ]
check "... says the others are counted, not shown" grep -q "^(more problems are counted, not shown: the first 1000 are)" <<<"$out"
check "... and counts every one" grep -q "(8999 problems)" <<<"$out"
# Invisible characters (issue 30, item 10): "Small" plus a zero width space
# would be a second row that reads "Small"; each is refused, and named
for ch in 'e2 80 8b:U+200B (ZERO WIDTH SPACE)' 'e2 81 a0:U+2060 (WORD JOINER)' \
  'ef bb bf:U+FEFF (ZERO WIDTH NO-BREAK SPACE (a byte order mark))' 'c2 ad:U+00AD (SOFT HYPHEN)' \
  'f3 a0 80 81:U+E0001 (a tag character)'; do
  bytes=$(printf '\\x%s' ${ch%%:*})
  mutate "0,/configuration: Small/s//configuration: \"Small$(printf "$bytes")\"/"
  expect_invalid "validate refuses ${ch#*:} in a value" "expected text without invisible characters, found ${ch#*:} as character 6 of 'Small"
done
# Messages escape data (issue 30, item 10): a right-to-left override in a
# value the schema refuses (C1 controls the loader refuses, unquoted)
mutate "0,/cipher_mode: CBC/s//cipher_mode: \"CBC$(printf '\xe2\x80\xae')xyz\"/"
run "$DS"
check "validate refuses the value" [ "$rc" -eq 1 ]
check "its message shows U+202E escaped" grep -qF 'CBC\u202exyz' <<<"$out"
check "no raw U+202E reaches the terminal" bash -c '! grep -q "$(printf "\xe2\x80\xae")" <<<"$1"' _ "$out"
# Contradictions (issue 30, item 9). cycles_min <= cycles <= cycles_max:
# the demo counted in cycles, its first result given a spread
spread() { # MIN MAX
  mutate "s/^  kind: instructions/  kind: cycles/; s/^    instructions: /    cycles: /; 0,/cycles: 11667/s//cycles: 11667\n    cycles_min: $1\n    cycles_max: $2/"
}
spread 11000 12000
run "$DS"
check "a spread around cycles is valid" [ "$rc" -eq 0 ]
spread 11667 11667
run "$DS"
check "a spread of one value, cycles itself, is valid" [ "$rc" -eq 0 ]
spread 11668 12000
expect_invalid "cycles_min above cycles is refused" "results[0].cycles_min: expected at most cycles (11667, the median of the runs), found 11668"
spread 11000 11666
expect_invalid "cycles_max below cycles is refused" "results[0].cycles_max: expected at least cycles (11667, the median of the runs), found 11666"
spread 12500 12000
expect_invalid "cycles_max below cycles_min is refused" "results[0].cycles_max: expected at least cycles_min (12500), found 12000"
# a case both measured and not run
mutate '$a\  - {family: AES, kind: not-run, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: 64, operation: encryption, configuration: Small, reason: "too big"}'
expect_invalid "a not-run result beside the measured one of its case is refused" "expected a case either measured or not run, found kind not-run here and kind performance for the same case at results[0]"
mutate '$a\  - {family: AES, kind: not-run, measure: sole-buffer, cipher_mode: CBC, key_bits: 128, buffer_bytes: 4096, operation: encryption, configuration: Small, reason: "too big"}'
run "$DS"
check "a not-run result of a case not measured is valid" [ "$rc" -eq 0 ]
# time and throughput only without counts: beside instructions a page
# showed one of the two, in a counted dataset's tables "n/a"
mutate '0,/instructions: 11667/s//instructions: 11667\n    time_ms: 1.5/'
expect_invalid "time_ms beside instructions is refused" "results[0].time_ms: expected no time_ms in a dataset with counter.kind 'instructions'"
mutate '0,/    instructions: 11667/s//    time_ms: 1.5/'
expect_invalid "a time_ms-only result in a counted dataset is refused" "results[0].time_ms: expected no time_ms in a dataset with counter.kind 'instructions'"
mutate '0,/instructions: 11667/s//instructions: 11667\n    throughput_mbyte_s: 1.5/'
expect_invalid "throughput_mbyte_s beside instructions is refused" "results[0].throughput_mbyte_s: expected no throughput_mbyte_s in a dataset with counter.kind 'instructions'"
# AEAD parameters only on an AEAD result (issues 30, items 7 and 9)
for f in aad_bytes nonce_bytes tag_bytes; do
  mutate "0,/buffer_bytes: 64/s//buffer_bytes: 64\n    $f: 12/"
  expect_invalid "$f on a CBC result is refused" "results[0].$f: expected $f only on an AEAD result (cipher_mode CCM or GCM, family ChaCha20-Poly1305), found it on cipher_mode 'CBC'"
done
mutate "0,/cipher_mode: CBC/s//cipher_mode: GCM/; 0,/buffer_bytes: 64/s//buffer_bytes: 64\n    nonce_bytes: 12/"
run "$DS"
check "nonce_bytes on a GCM result is valid" [ "$rc" -eq 0 ]
# A tag or an anchor is one problem (issue 30, item 11): the key it refuses
# the value of is not reported missing as well, at the mapping's start
mutate 's/^series: demo/series: !!str demo/; 0,/^    kind: performance/s//    kind: !!binary cGVyZm9ybWFuY2U=/'
run "$DS"
check "a tag: exit 1" [ "$rc" -eq 1 ]
check "a tag: said at the value" grep -qF "$DS:5:9: series: expected a value without a YAML tag, found the tag '!!str'" <<<"$out"
check "a tag on a result's field: said at the value" grep -qF "results[0].kind: expected a value without a YAML tag, found the tag '!!binary'" <<<"$out"
check "a tag: no follow-on 'required field' message" bash -c '! grep -q "expected the required field" <<<"$1"' _ "$out"
check "a tag: two problems, two messages" grep -qx '1 of 1 dataset invalid (2 problems)' <<<"$out"
done_testing
