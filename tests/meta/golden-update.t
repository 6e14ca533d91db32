#!/usr/bin/env bash
# tests/golden/render.t in update mode (UPDATE_GOLDEN=1, what make golden
# runs) rewrites the expected pages from the render it then compares with:
# such a run proves nothing, so it must never pass. Run on a copy of the
# expected pages (GOLDEN_EXPECTED), so the tree is left alone.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
cp -R tests/golden/expected "$T/expected"
echo "stale" >"$T/expected/index.md"

UPDATE_GOLDEN=1 GOLDEN_EXPECTED=$T/expected tests/golden/render.t >"$T/update.out" 2>&1
check "update mode exits non-zero" [ $? -ne 0 ]
check "update mode reports a 'not ok' saying it compared nothing" \
  grep -q '^not ok .*UPDATE_GOLDEN is set: .* rewritten from this render, not compared' "$T/update.out"
check "update mode reports no comparison as passed" bash -c "! grep -q '^ok .*pages equal' '$T/update.out'"
check "update mode rewrote the expected pages" cmp -s tests/golden/expected/index.md "$T/expected/index.md"

GOLDEN_EXPECTED=$T/expected tests/golden/render.t >"$T/normal.out" 2>&1
check "after the update, a normal run passes" [ $? -eq 0 ]
echo "changed" >>"$T/expected/index.md"
GOLDEN_EXPECTED=$T/expected tests/golden/render.t >"$T/changed.out" 2>&1
check "a normal run fails when an expected page differs" [ $? -ne 0 ]
done_testing
