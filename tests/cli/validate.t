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
done_testing
