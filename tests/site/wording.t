#!/usr/bin/env bash
# Cross-core wording claims only what the figures support: estimated cycles
# compare clock cycles between modelled cores, executed instructions do not
# compare time at all. So no cross-core page, no site index and no chart of
# instructions says "fastest", "buys" or "faster core"; a page that says
# "fastest" (a summary or comparison page, one core) says what it means
# when its counts are not clock cycles.
# Checked on the cycle fixtures (tests/fixtures/cycles: a modelled Cortex-M0
# and M4, an unmodelled Cortex-M7: one cross-core page with both kinds of
# figure) rendered with the templates, and on the committed site/.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)
CLAIM='fastest|buys|faster core|bigger core'

# the pages that compare cores, and the charts of instructions: no claim
no_claim() {   # $1: what, $2: a site folder
  local f bad=""
  for f in "$2"/index.md "$2"/index.wiki "$2"/index.html "$2"/cores/*/index.*; do
    [ -f "$f" ] || continue
    grep -qiE "$CLAIM" "$f" && bad="$bad ${f#"$2"/}"
  done
  check "$1: the site index and cross-core pages make no claim of speed (${CLAIM}):${bad:- none}" test -z "$bad"
  bad=""
  while IFS= read -r -d '' f; do
    grep -qE 'Instructions|executed instructions' "$f" || continue
    grep -qiE "$CLAIM" "$f" && bad="$bad ${f#"$2"/}"
  done < <(find "$2" -name '*.svg' -print0)
  check "$1: no chart of instructions says which is fastest:${bad:- none}" test -z "$bad"
  bad=""
  # the summary and comparison pages of counts that are not clock cycles
  # (a dataset page's "fastest" is the dataset's own note)
  while IFS= read -r -d '' f; do
    grep -qi 'fastest' "$f" || continue
    grep -qE 'executed instructions|estimated cycles' "$f" || continue
    grep -qF '"fastest" means the fewest' "$f" || bad="$bad ${f#"$2"/}"
  done < <(find "$2" \( -name 'summary.md' -o -name 'compare.md' \) -print0)
  check "$1: a summary or comparison page of instructions or estimates that says \"fastest\" says what it means:${bad:- none}" test -z "$bad"
}

"$CRYPTOPERF" render --out "$T/site" tests/fixtures/cycles/data/*/*/dataset.yaml 2>"$T/err"
check "render of the cycle fixtures exits 0" test $? -eq 0
[ -s "$T/err" ] && diag "$(cat "$T/err")"
P=$T/site/cores/clib-2.0/index.md
check "the fixtures have a cross-core page with estimated cycles and instructions" grep -q 'estimated cycles' "$P"
check "it says what a cell of estimated cycles is" grep -qF 'the configuration with the fewest estimated cycles on that modelled core' "$P"
check "it says instruction counts are not time between cores" grep -qF 'not comparable as time between cores' "$P"
check "the site index says instruction counts are not time" grep -qF 'not the cores' "$T/site/index.md"
n=$(grep -l 'fewest estimated cycles on each modelled core' "$T/site/cores/clib-2.0/"*.svg | wc -l)
check "the charts of estimated cycles say so in their subtitle ($n)" test "$n" -gt 0
no_claim "fixtures" "$T/site"

if [ -f site/index.md ]; then
  no_claim "site/" site
else
  skip "site/" "no committed site/ in this tree"
fi
done_testing
