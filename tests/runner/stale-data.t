#!/usr/bin/env bash
# Every committed dataset of a board this tree can measure was measured by
# the current firmware: its firmware_revision is the revision the runner
# would record now (cryptoperf-run --print-revision). `make` measures only
# the default board, so a firmware change must come with the datasets of
# every board re-measured (BOARD=<board> make measure), or this fails.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
if ! git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
  echo "ok 1 # SKIP $TOP is not a git checkout: the firmware revision cannot be told"
  echo "1..1"
  exit 0
fi
cur=$("$RUN" --top "$TOP" --print-revision)
check "the runner tells the current firmware revision ($cur)" [ -n "$cur" ]
full_cur=$(git -C "$TOP" rev-parse --verify --quiet "${cur%-dirty}^{commit}")
# current REV: REV names the commit the runner would record now, and
# neither REV nor the tree is dirty (abbreviations may differ in length).
current() {
  local full
  full=$(git -C "$TOP" rev-parse --verify --quiet "${1%-dirty}^{commit}") || return 1
  [ "$1" = "${1%-dirty}" ] || return 1
  [ "$cur" = "${cur%-dirty}" ] || return 1
  [ "$full" = "$full_cur" ]
}
n=0
for board_mk in "$TOP"/firmware/boards/*/board.mk; do
  board=$(basename "$(dirname "$board_mk")")
  for ds in "$TOP"/data/"$board"/*/dataset.yaml; do
    [ -f "$ds" ] || continue
    n=$((n + 1))
    rev=$(sed -n 's/^  firmware_revision: "\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$ds")
    rel=${ds#$TOP/}
    check "$rel: measured at the current firmware revision (dataset ${rev:-none}, firmware $cur)" current "$rev"
  done
done
check "found the measured datasets ($n)" [ "$n" -ge 2 ]
done_testing
