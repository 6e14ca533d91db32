#!/usr/bin/env bash
# Golden pages: the render fixtures (tests/fixtures/render/data, plus the
# measured demo dataset of tests/fixtures/data) rendered into a temp folder
# must equal tests/golden/expected/ byte for byte: every page in each format
# (wiki, Markdown, HTML) and the site index.
# After an intended change of the output, refresh the expected pages with
#   make golden        (or: UPDATE_GOLDEN=1 tests/golden/render.t)
# and review the diff before committing it.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
EXPECTED=tests/golden/expected
DATASETS=(tests/fixtures/render/data/*/*/dataset.yaml tests/fixtures/data/demo/examplelib-1.0/dataset.yaml)
# rendered in a tree like the repository: the index's links to the
# datasets (../tests/fixtures/...) do not depend on where the repository is
W=$(toptree)

(cd "$W" && "$CRYPTOPERF" render --out site "${DATASETS[@]}") 2>"$W/err"
rc=$?
check "render of the fixtures exits 0" test "$rc" -eq 0
[ "$rc" -eq 0 ] || diag "$(cat "$W/err")"

if [ -n "${UPDATE_GOLDEN:-}" ]; then
  rm -rf "$EXPECTED"
  mkdir -p "$EXPECTED"
  cp -R "$W/site/." "$EXPECTED/"
  diag "expected pages updated in $EXPECTED"
fi

n=$(find "$W/site" -mindepth 3 -name 'index.*' | wc -l)
check "every fixture gave a wiki, a Markdown and an HTML page ($n files)" test "$n" -eq $(( ${#DATASETS[@]} * 3 ))
check "the site index in each format" test -f "$W/site/index.wiki" -a -f "$W/site/index.md" -a -f "$W/site/index.html"
if diff -r "$EXPECTED" "$W/site" >"$W/diff"; then
  ok "pages equal $EXPECTED"
else
  fail "pages differ from $EXPECTED (make golden refreshes them)"
  diag "$(head -40 "$W/diff")"
fi
done_testing
