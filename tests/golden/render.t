#!/usr/bin/env bash
# Golden pages: the render fixtures (tests/fixtures/render/data, plus the
# measured demo dataset of tests/fixtures/data, plus the two series of two
# libraries x two versions of tests/fixtures/compare: "quad", one counter
# kind, and "mixed", instructions and cycles, plus the estimated cycles of
# tests/fixtures/cycles: a Cortex-M0 board with a cycle model in both
# versions, a Cortex-M4 board with one in the newer version only, a
# Cortex-M7 board whose core is not modelled) rendered into a temp folder
# must equal tests/golden/expected/ byte for byte: dataset pages, summary
# pages, diff pages, comparison and cross-core pages in each format (wiki,
# Markdown, HTML) and the site index. The demo dataset's rows carry the
# notes of tests/fixtures/notes (a shared footnote, hostile text).
# After an intended change of the output, refresh the expected pages with
#   make golden        (or: UPDATE_GOLDEN=1 tests/golden/render.t)
# and review the diff before committing it. In update mode the test rewrites
# the expected pages from this very render, so comparing them would prove
# nothing: it reports a failure instead of the comparison, and never passes
# (make golden runs it again without UPDATE_GOLDEN). GOLDEN_EXPECTED names
# another folder of expected pages (tests/meta/golden-update.t).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
EXPECTED=${GOLDEN_EXPECTED:-tests/golden/expected}
DATASETS=(tests/fixtures/render/data/*/*/dataset.yaml tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
          tests/fixtures/compare/data/*/*/dataset.yaml tests/fixtures/cycles/data/*/*/dataset.yaml)
# rendered in a tree like the repository: the index's links to the
# datasets (../tests/fixtures/...) do not depend on where the repository is
W=$(toptree)

(cd "$W" && "$CRYPTOPERF" render --notes tests/fixtures/notes --out site "${DATASETS[@]}") 2>"$W/err"
rc=$?
check "render of the fixtures exits 0" test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag "$(cat "$W/err")"

if [ -n "${UPDATE_GOLDEN:-}" ]; then
  rm -rf "$EXPECTED"
  mkdir -p "$EXPECTED"
  cp -R "$W/site/." "$EXPECTED/"
  fail "UPDATE_GOLDEN is set: $EXPECTED was rewritten from this render, not compared with it (review the diff, then run the test without UPDATE_GOLDEN)"
fi

n=$(find "$W/site" -mindepth 3 -name 'index.*' -not -path '*/diff-*' -not -path '*/cores/*' | wc -l)
check "every fixture gave a wiki, a Markdown and an HTML page ($n files)" test "$n" -eq $(( ${#DATASETS[@]} * 3 ))
check "the site index in each format" test -f "$W/site/index.wiki" -a -f "$W/site/index.md" -a -f "$W/site/index.html"
st=$(grep -l '^layout: st' "${DATASETS[@]}" | wc -l)
n=$(find "$W/site" -name 'summary.*' | wc -l)
check "every ST-layout fixture gave a summary page in each format ($n files)" test "$n" -eq $(( st * 3 ))
cmp_pages=$(cd "$W/site" && find . -name 'compare.*' | sort | tr '\n' ' ')
check "comparison pages for quad, mixed, m0board and m4board only (series with two ST datasets or more)" \
  test "$cmp_pages" = "./m0board/compare.html ./m0board/compare.md ./m0board/compare.wiki ./m4board/compare.html ./m4board/compare.md ./m4board/compare.wiki ./mixed/compare.html ./mixed/compare.md ./mixed/compare.wiki ./quad/compare.html ./quad/compare.md ./quad/compare.wiki "
cores_pages=$(cd "$W/site" && find cores -name 'index.md' | sort | tr '\n' ' ')
check "cross-core pages for the versions counting instructions on two series (A-Lib: quad and mixed; B-Lib counts cycles in mixed; C-Lib: m0board, m4board and m7board): $cores_pages" \
  test "$cores_pages" = "cores/alib-1.0/index.md cores/alib-2.0/index.md cores/clib-1.0/index.md cores/clib-2.0/index.md "
if [ -n "${UPDATE_GOLDEN:-}" ]; then
  : # compared with itself: no verdict (the failure above)
elif diff -r "$EXPECTED" "$W/site" >"$W/diff"; then
  ok "pages equal $EXPECTED"
else
  fail "pages differ from $EXPECTED (make golden refreshes them)"
  diag "$(head -40 "$W/diff")"
fi
done_testing
