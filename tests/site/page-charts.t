#!/usr/bin/env bash
# The pages where readers compare have charts (issue 19): in every diff page
# and every comparison page of site/, in each format (wiki, Markdown,
# HTML), each table of results is followed by at least one chart (the
# diff summary included; the tables of versions, thresholds and largest
# changes are not charted), every chart a page refers to exists next to it,
# and every one is well-formed SVG that rsvg-convert draws without a word.
# The three formats of a page refer to the same charts in the same order.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)

# tables without a chart, by their first two header cells (chartrefs.pl)
chartless() {
  case $1 in
    'Family|Table' | '|Old' | 'Metric|Unchanged up to' | 'Library|Version') return 0 ;;
  esac
  return 1
}

pages=$(find site -mindepth 2 -maxdepth 3 \( -path '*/diff-*/index.wiki' -o -name compare.wiki \) | sort)
npages=0
: >"$T/all"
for wiki in $pages; do
  npages=$((npages + 1))
  dir=$(dirname "$wiki")
  base=${wiki%.wiki}
  for ext in wiki md html; do
    page=$base.$ext
    tests/site/chartrefs.pl "$page" >"$T/refs" || { fail "$page: chartrefs.pl reads it"; continue; }
    tables=0 bare=0 missing=0
    while IFS=$'\t' read -r kind head n olds; do
      [ "$kind" = table ] || continue
      chartless "$head" && continue
      # a diff table whose rows have no figure on either side (cases the
      # board did not run in both versions) has nothing to chart
      [[ $page == */diff-* ]] && [ "$olds" -eq 0 ] && continue
      tables=$((tables + 1))
      [ "$n" -gt 0 ] || { bare=$((bare + 1)); diag "$page: the table headed '$head' has no chart after it"; }
    done <"$T/refs"
    while IFS=$'\t' read -r kind name; do
      [ "$kind" = chart ] || continue
      [ -f "$dir/$name" ] || { missing=$((missing + 1)); diag "$page: $name does not exist"; }
      printf '%s\n' "$dir/$name" >>"$T/all"
    done <"$T/refs"
    check "$page: $tables tables of results, each followed by a chart" test "$bare" -eq 0
    check "$page: has tables of results" test "$tables" -gt 0
    check "$page: every chart it refers to exists" test "$missing" -eq 0
    grep '^chart' "$T/refs" >"$T/charts.$ext"
  done
  check "$base: wiki and Markdown refer to the same charts" cmp -s "$T/charts.wiki" "$T/charts.md"
  check "$base: wiki and HTML refer to the same charts" cmp -s "$T/charts.wiki" "$T/charts.html"
done
check "site/ has diff and comparison pages ($npages)" test "$npages" -gt 0

sort -u "$T/all" >"$T/unique"
n=$(wc -l <"$T/unique")
mapfile -t files < <(while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done <"$T/unique")
# one xmllint and one rsvg-convert (a page of a PDF per chart) for all:
# starting rsvg-convert costs more than drawing a chart
xmllint --noout "${files[@]}" 2>"$T/err"
rc=$?
[ "$rc" -eq 0 ] || diag "$(head -5 "$T/err")"
check "the $n charts of these pages are well-formed XML (xmllint)" test "$rc" -eq 0
rsvg-convert -f pdf -o "$T/all.pdf" "${files[@]}" 2>"$T/err"
rc=$?
[ "$rc" -eq 0 ] || diag "rsvg-convert exit status $rc"
[ ! -s "$T/err" ] || diag "$(head -5 "$T/err")"
check "rsvg-convert draws each of them" test "$rc" -eq 0
check "rsvg-convert has no warning about any of them" test ! -s "$T/err"
done_testing
