# The cell of a generated Markdown table, for the page tests (summary.t,
# libraries.t). Source after tests/lib.sh.
# shellcheck shell=bash

# cell FILE CORNER ROW COLUMN: the cell of the first Markdown table whose
# corner starts with CORNER, in row ROW (first cell) and column COLUMN
cell() {
  awk -v corner="$2" -v row="$3" -v col="$4" -F' \\| ' '
    /^\| / { line = substr($0, 3, length($0) - 4)
             n = split(line, c, / \| /)
             if (!intable) { if (index(c[1], corner) == 1 && !done) { intable = 1; for (i = 1; i <= n; i++) h[c[i]] = i }; next }
             if (c[1] == row && (col in h)) { print c[h[col]]; done = 1; exit } next }
    { intable = 0 }' "$1"
}
