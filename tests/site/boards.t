#!/usr/bin/env bash
# The emulated boards' datasets (README.md, "The emulated boards"): every
# board with a board.mk on the QEMU semihosting lane has a dataset per
# library version the ports support, each valid; the big boards ran every
# case; the micro:bit names the cases that did not fit, each with a reason
# that says what the case needs and what the board has (or that its image
# does not fit), and measured the rest (a version may fit nothing); the
# page shows the reasons. A board measured for no version yet is skipped
# loudly, never passed.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
versions=()
for mk in crypto/*/*.mk; do
  lib=$(basename "$(dirname "$mk")")
  var=$(tr a-z A-Z <<<"$lib")_VERSIONS
  for v in $(sed -n "s/^$var *:= *//p" "$mk"); do versions+=("$lib-$v"); done
done
check "the ports support six library versions or more (${versions[*]})" [ "${#versions[@]}" -ge 6 ]
for mk in firmware/boards/*/board.mk; do
  grep -q '^BOARD_LANE' "$mk" && continue
  b=$(basename "$(dirname "$mk")")
  if ! ls data/"$b"/*/dataset.yaml >/dev/null 2>&1; then
    skip "$b datasets" "no dataset measured yet (BOARD=$b make measure)"
    continue
  fi
  measured=0
  for v in "${versions[@]}"; do
    ds=data/$b/$v/dataset.yaml
    check "$b: $v has a dataset" test -f "$ds"
    [ -f "$ds" ] || continue
    check "$b: $v is valid" "$CRYPTOPERF" validate "$ds"
    # The harness's own post-quantum buffers are said in bytes without the
    # board's heap (firmware/bench/bench_pq.c; to add at the next firmware
    # change): since 6b6afda LMS verification needs no key generation, fits
    # by its measured needs and meets that message on the micro:bit.
    n=$(grep -c 'kind: not-run' "$ds")
    m=$(grep -c 'kind: performance' "$ds")
    if grep -q '^BOARD_NEEDS_PROBE' "$mk"; then
      check "$b: $v names cases that did not fit ($n)" [ "$n" -gt 0 ]
      bad=$(grep 'kind: not-run' "$ds" | grep -v -E 'reason: "?(needs [0-9.]+ (KiB|bytes) of [a-z ]+, the board has [0-9.]+ (KiB|bytes)|the image of its part of the suite does not fit the board: needs|the heap ran out: |the harness.s buffers for [^"]* \([0-9]+ bytes\) do not fit the heap)' | head -1)
      check "$b: $v: every not-run case says what it needs and what the board has${bad:+ (not: $bad)}" [ -z "$bad" ]
      # a version may fit nothing (LibTomCrypt on the micro:bit: its
      # symmetric images need 18 KiB of static data, its public-key cases
      # 4.7 KiB of stack and more); the board as a whole measured some
      measured=$((measured + m))
      [ "$m" -gt 0 ] || diag "$b: $v: no case fits this board ($n not run)"
      bare=$(grep 'kind: not-run' "$ds" | grep -v 'operation: ' | head -1)
      check "$b: $v: every not-run case names its operation (the page places it)${bare:+ (not: $bare)}" [ -z "$bare" ]
      page=site/$b/$v/index.md
      check "$b: $v: the page lists the cases not run in their tables" grep -q '| Not run |' "$page"
    else
      check "$b: $v ran every case (no not-run result)" [ "$n" -eq 0 ]
    fi
  done
  if grep -q '^BOARD_NEEDS_PROBE' "$mk"; then
    check "$b: the cases that fit were measured ($measured results)" [ "$measured" -gt 0 ]
  fi
done
done_testing
