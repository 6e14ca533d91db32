#!/usr/bin/env bash
# Where a document states when a chart is split into parts ("N bar widths
# ... M series"), N and M are the code's: CP_CHART_MAX_SLOTS and
# CP_CHART_MAX_SERIES of gen/lib/model/chart.h (README once said 56 and
# templates/README.md 24).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1

slots=$(sed -n 's/^#define CP_CHART_MAX_SLOTS \([0-9]*\).*/\1/p' gen/lib/model/chart.h)
series=$(sed -n 's/^#define CP_CHART_MAX_SERIES \([0-9]*\).*/\1/p' gen/lib/model/chart.h)
check "chart.h defines both limits ($slots bar widths, $series series)" [ -n "$slots" -a -n "$series" ]
found=0
for f in README.md templates/README.md gen/cryptoperf.1 bench/README.md gen/README.md; do
  # one line per statement: the text joined, roff escapes dropped, then
  # each "N bar widths" with what follows up to the first "M series"
  stmts=$(tr '\n' ' ' <"$f" | sed 's/\\-/-/g' | grep -oE '[0-9]+ bar widths[^.]{0,120}[0-9]+ series' || true)
  while read -r s; do
    [ -n "$s" ] || continue
    found=$((found + 1))
    n=${s%% bar widths*}
    m=$(grep -oE '[0-9]+ series$' <<<"$s"); m=${m% series}
    check "$f: '$s' says $slots bar widths" [ "$n" = "$slots" ]
    check "$f: ... and $series series" [ "$m" = "$series" ]
  done <<<"$stmts"
done
check "the documents state the limit somewhere ($found statements)" [ "$found" -ge 4 ]
done_testing
