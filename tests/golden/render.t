#!/usr/bin/env bash
# Golden pages: the render fixtures (tests/fixtures/render/data, plus the
# measured demo dataset of tests/fixtures/data, plus the two series of two
# libraries x two versions of tests/fixtures/compare: "quad", one counter
# kind, and "mixed", instructions and cycles) rendered into a temp folder
# must equal tests/golden/expected/ byte for byte: dataset pages, summary
# pages, diff pages and comparison pages.
# After an intended change of the output, refresh the expected pages with
#   make golden        (or: UPDATE_GOLDEN=1 tests/golden/render.t)
# and review the diff before committing it.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT   # (lib.sh tmpdir loses its dir: its trap runs in the $(...) subshell)
EXPECTED=tests/golden/expected
DATASETS=(tests/fixtures/render/data/*/*/dataset.yaml tests/fixtures/data/demo/examplelib-1.0/dataset.yaml
          tests/fixtures/compare/data/*/*/dataset.yaml)

"$CRYPTOPERF" render --out "$T/site" "${DATASETS[@]}" 2>"$T/err"
rc=$?
check "render of the fixtures exits 0" test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag "$(cat "$T/err")"

if [ -n "${UPDATE_GOLDEN:-}" ]; then
  rm -rf "$EXPECTED"
  mkdir -p "$EXPECTED"
  cp -R "$T/site/." "$EXPECTED/"
  diag "expected pages updated in $EXPECTED"
fi

n=$(find "$T/site" -name 'index.*' -not -path '*/diff-*' | wc -l)
check "every fixture gave a wiki and a Markdown page ($n files)" test "$n" -eq $(( ${#DATASETS[@]} * 2 ))
st=$(grep -l '^layout: st' "${DATASETS[@]}" | wc -l)
n=$(find "$T/site" -name 'summary.*' | wc -l)
check "every ST-layout fixture gave a summary page in both formats ($n files)" test "$n" -eq $(( st * 2 ))
cmp_pages=$(cd "$T/site" && find . -name 'compare.*' | sort | tr '\n' ' ')
check "comparison pages for quad and mixed only (series with two ST datasets or more)" \
  test "$cmp_pages" = "./mixed/compare.md ./mixed/compare.wiki ./quad/compare.md ./quad/compare.wiki "

if diff -r "$EXPECTED" "$T/site" >"$T/diff"; then
  ok "pages equal $EXPECTED"
else
  fail "pages differ from $EXPECTED (make golden refreshes them)"
  diag "$(head -40 "$T/diff")"
fi
done_testing
