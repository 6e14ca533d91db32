#!/usr/bin/env bash
# A case a board could not run (kind not-run: what it needs and why, no
# figure): the schema accepts it only with a reason and without figures,
# and never a reason on a measured row; the ST page lists it in its
# family's table with the reason in a "Not run" column that pages without
# such rows do not have; no chart draws it.
. "$(dirname "$0")/../lib.sh"
SCHEMA=$TOP/schema/dataset.schema.json
FIXTURE=$TOP/tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
T=$(tmpdir)
DS=$T/data/demo/examplelib-1.0/dataset.yaml
mkdir -p "$(dirname "$DS")"

# with ROW: the fixture plus one ECDSA result (YAML lines, \n between)
with() { cat "$FIXTURE"; printf '  - family: ECDSA\n    curve: secp384r1\n    hash: sha384\n    operation: signature\n%b' "$1"; }
valid() { "$CRYPTOPERF" validate --schema "$SCHEMA" "$DS" >/dev/null 2>&1; }
# exit 1 (invalid data), not a crash or a usage error
invalid() { "$CRYPTOPERF" validate --schema "$SCHEMA" "$DS" >/dev/null 2>&1; [ $? -eq 1 ]; }
lacks() { ! grep -q "$@"; }
REASON='needs 9.7 KiB of heap, the board has 6.1 KiB'

with "    kind: not-run\n    needs_stack_bytes: 1156\n    needs_heap_bytes: 10008\n    reason: \"$REASON\"\n" >"$DS"
check "a not-run result with its needs and reason is valid" valid
with "    kind: not-run\n    needs_heap_bytes: 10008\n" >"$DS"
check "a not-run result without a reason is invalid" invalid
with "    kind: not-run\n    reason: \"$REASON\"\n    instructions: 5\n" >"$DS"
check "a not-run result with a count is invalid" invalid
with "    kind: not-run\n    reason: \"$REASON\"\n    stack_bytes: 5\n" >"$DS"
check "a not-run result with a stack figure is invalid" invalid
with "    kind: performance\n    instructions: 5\n    reason: \"$REASON\"\n" >"$DS"
check "a performance result with a reason is invalid" invalid
with "    kind: performance\n    instructions: 5\n    needs_heap_bytes: 7\n" >"$DS"
check "a performance result with needs is invalid" invalid

# the page: the reason in the ECDSA table, a Not run column there only
with "    kind: not-run\n    needs_stack_bytes: 1156\n    needs_heap_bytes: 10008\n    reason: \"$REASON\"\n" >"$DS"
out=$("$CRYPTOPERF" render --schema "$SCHEMA" --templates "$TOP/templates" --out "$T/site" "$DS" 2>&1); rc=$?
check "the dataset with a not-run result renders" [ "$rc" -eq 0 ]
md=$T/site/demo/examplelib-1.0/index.md
ecdsa=$(awk '/ECDSA/ && /^#/ { on = 1 } on && /^\| / { print } on && /^## / && !/ECDSA/ { on = 0 }' "$md")
check "the ECDSA table has a Not run column" grep -q '| Not run |' <<<"$ecdsa"
check "the ECDSA table gives the reason on the SECP384R1 row" grep -q "SECP384R1 .*$REASON" <<<"$ecdsa"
check "the measured SECP256R1 row leaves the reason empty (n/a)" grep -q 'SECP256R1 .*| n/a |$' <<<"$ecdsa"
check "no other table has the column" [ "$(grep -c '| Not run |' "$md")" -eq 1 ]
check "the wiki page gives the reason" grep -qF "$REASON" "$T/site/demo/examplelib-1.0/index.wiki"
check "the HTML page gives the reason" grep -qF "$REASON" "$T/site/demo/examplelib-1.0/index.html"
svg=$(ls "$T/site/demo/examplelib-1.0/"*ECDSA*Sig*.svg 2>/dev/null | grep -v FP | head -1)
check "the ECDSA chart exists ($svg)" [ -n "$svg" ]
check "the ECDSA chart does not draw the not-run case (no P-384 bar)" lacks 'SECP384R1' "$svg"
cat "$FIXTURE" >"$DS"
"$CRYPTOPERF" render --schema "$SCHEMA" --templates "$TOP/templates" --out "$T/site2" "$DS" >/dev/null 2>&1
check "a page without not-run results has no Not run column" lacks 'Not run' "$T/site2/demo/examplelib-1.0/index.md"
done_testing
