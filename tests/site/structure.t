#!/usr/bin/env bash
# Every page (site/ and the golden pages: dataset, summary, diff and
# comparison pages, every *.wiki and its *.md) is well-formed in its format:
#   index.md   -> cmark-gfm -e table gives as many <table> as the wiki page
#                 has tables, each with the same number of rows (a table
#                 without header gets an empty header row in Markdown), and
#                 every cell reads as the wiki page's cell does
#                 (tests/site/tablecells.py: the text a reader sees);
#   index.wiki -> tables balanced ({| ... |}), every row as many cells as
#                 the header (or as the first row when there is no header).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT   # (lib.sh tmpdir loses its dir: its trap runs in the $(...) subshell)

# "rows[:header]" per table of a wiki page, one line each; exit 1 when the
# page is not well-formed (message on stderr)
wiki_tables() {
  awk '
    function cells(s, sep,   n) { n = split(s, a, sep); return n }
    /^\{\|/ { if (open) { print FILENAME ": nested table at line " NR > "/dev/stderr"; bad = 1 }
              open = 1; rows = 0; head = 0; want = 0; next }
    /^\|\}/ { if (!open) { print FILENAME ": |} without {| at line " NR > "/dev/stderr"; bad = 1 }
              open = 0; print rows ":" head; next }
    !open   { next }
    /^\|-/  { next }
    /^! /   { head = 1; want = cells(substr($0, 3), " !! "); next }
    /^\| /  { rows++; n = cells(substr($0, 3), " \\|\\| ")
              if (!want) want = n
              if (n != want) { print FILENAME ":" NR ": " n " cells, header has " want > "/dev/stderr"; bad = 1 }
              next }
            { print FILENAME ":" NR ": not a table line: " $0 > "/dev/stderr"; bad = 1 }
    END { if (open) { print FILENAME ": table not closed" > "/dev/stderr"; bad = 1 }; exit bad }
  ' "$1"
}

# "rows" (<tr> count) per <table> of cmark-gfm's HTML
md_tables() {
  cmark-gfm -e table "$1" | awk '/<table>/ { n = 0; open = 1 } /<tr>/ { n++ } /<\/table>/ { print n; open = 0 }'
}

# same_cells PAGE.wiki PAGE.md: every table cell of the Markdown page (as
# cmark-gfm renders it) has the text of the wiki page's cell
same_cells() {
  "$CELLS" wiki "$1" >"$T/cells.wiki"
  cmark-gfm -e table "$2" >"$T/cells.html"
  "$CELLS" html "$T/cells.html" >"$T/cells.md"
  if [ ! -s "$T/cells.wiki" ]; then
    ok "$2: no table cell to compare"
  elif diff "$T/cells.wiki" "$T/cells.md" >"$T/cells.diff"; then
    ok "$2: $(wc -l <"$T/cells.md") table rows, every cell as on the wiki page"
  else
    fail "$2: table cells differ from the wiki page (< wiki, > Markdown)"; diag "$(head -6 "$T/cells.diff")"
  fi
}
CELLS=tests/site/tablecells.py

pages=$(find site tests/golden/expected -name '*.wiki' 2>/dev/null | sort)
[ -n "$pages" ] || { fail "no page found under site/ or tests/golden/expected"; done_testing; exit 1; }
for w in $pages; do
  md=${w%.wiki}.md
  if wiki_tables "$w" >"$T/wiki" 2>"$T/err"; then
    ok "$w: tables balanced, rows as wide as their header"
  else
    fail "$w: malformed wiki tables"; diag "$(head -5 "$T/err")"
  fi
  # Markdown rows: wiki rows + 1 (header row, empty when the wiki has none)
  awk -F: '{ print $1 + 1 }' "$T/wiki" >"$T/want"
  md_tables "$md" >"$T/have"
  if cmp -s "$T/want" "$T/have"; then
    ok "$md: $(wc -l <"$T/have") tables in cmark-gfm's HTML, same rows as the wiki page"
  else
    fail "$md: tables in cmark-gfm's HTML differ from the wiki page (rows per table: want $(tr '\n' ' ' <"$T/want"), have $(tr '\n' ' ' <"$T/have"))"
  fi
  same_cells "$w" "$md"
done

# data is text, never markup: the fixture full of markup characters gives no
# emphasis, link, raw HTML or strikethrough in cmark-gfm's HTML
esc=tests/golden/expected/escape/tricky-1.0-rc1/index.md
# (the template's own link to the summary page is not data, nor are the
# site's links under the title: up to the index, this version's pages)
cmark-gfm -e table -e autolink -e strikethrough "$esc" |
  sed 's|<a href="summary.md">summary page</a>||; s|<a href="\.\./\.\./index.md">index</a>||; s|<a href="index.md">full page</a>||; s|<a href="summary.md">summary</a>||' >"$T/esc.html"
if grep -qE '<(em|strong|del|a|b|script)[ >]' "$T/esc.html"; then
  fail "$esc: markup from data reached the HTML"; diag "$(grep -oE '<(em|strong|del|a|b|script)[ >][^<]*' "$T/esc.html" | head -5)"
else
  ok "$esc: markup characters in data stay text in cmark-gfm's HTML"
fi

# the checks can fail
printf '{| class="wikitable"\n! a !! b\n|-\n| 1 || 2 || 3\n|}\n' >"$T/bad.wiki"
if wiki_tables "$T/bad.wiki" >/dev/null 2>&1; then fail "a row wider than its header goes unnoticed"; else ok "a row wider than its header is caught"; fi
printf '{| class="wikitable"\n! a !! b\n|-\n| x&#124;y || 2<ref group="n">note</ref>\n|}\n' >"$T/fixture.wiki"
printf '| a | b |\n| --- | --- |\n| x\\|y | 2[^n1] |\n\n[^n1]: note\n' >"$T/cells-good.md"
printf '| a | b |\n| --- | --- |\n| x | 2[^n1] |\n\n[^n1]: note\n' >"$T/cells-bad.md"
out=$(same_cells "$T/fixture.wiki" "$T/cells-good.md")
check "the cells of a matching Markdown table pass" grep -q "^ok " <<<"$out"
out=$(same_cells "$T/fixture.wiki" "$T/cells-bad.md")
check "a cell that differs in text only (same rows, same columns) is caught" grep -q "^not ok " <<<"$out"
printf '{| class="wikitable"\n! a !! b\n|-\n| 1 || 2\n' >"$T/open.wiki"
if wiki_tables "$T/open.wiki" >/dev/null 2>&1; then fail "an unclosed table goes unnoticed"; else ok "an unclosed table is caught"; fi
done_testing
