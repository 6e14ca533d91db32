#!/usr/bin/env bash
# The cycle model times exactly what the icount counter counts, on every
# board it models: the firmware's selftest image (hand-written loops of 0,
# 1, 1000 and 10 000 000 instructions, the last one across SysTick wraps)
# under cryptoperf-cycles with the sweep's window function and the wrap
# handler excluded, as the runner runs it: each figure's window minus the
# calibration window has exactly the instructions the firmware reports,
# and the same run twice gives the same cycles. The boards whose core has
# no model are refused.
source "$(dirname "$0")/../lib.sh"
CYCLES=${CYCLES:-$TOP/build/cycles-launch-asan/cryptoperf-cycles}
PLUGIN=${CYCLES_PLUGIN:-$TOP/build/cycles/cpcycles.so}
dir=$(tmpdir)

# window <file> <n> <field>: instructions or cycles of window n
window() { sed -n "s/^window $2: instructions \([0-9]*\) cycles \([0-9]*\)\$/\1 \2/p" "$1" | cut -d' ' -f"$3"; }
value() { sed -n "s/^  $2: //p" "$1" | head -n 1; }

for board in microbit mps2-an385 mps2-an386 mps2-an505; do
  elf=$TOP/build/fw/$board/img/selftest.elf
  if [ ! -f "$elf" ]; then
    fail "$board: $elf exists (make test builds it: fw-selftest-boards)"
    continue
  fi
  for run in 1 2; do
    "$CYCLES" --plugin "$PLUGIN" --machine "$board" --window cp_window_mark --exclude SysTick_Handler \
      --timeout 120 "$elf" >"$dir/$board.$run.out" 2>"$dir/$board.$run.err"
    echo $? >"$dir/$board.$run.rc"
  done
  check "$board: the selftest ran to its exit (status $(cat "$dir/$board.1.rc"))" [ "$(cat "$dir/$board.1.rc")" = 0 ]
  ow=$(value "$dir/$board.1.err" overhead_window)
  base=$(window "$dir/$board.1.out" "${ow:-x}" 1)
  for loop in empty loop_1 loop_1000 loop_10000000; do
    want=$(value "$dir/$board.1.err" "$loop")
    w=$(value "$dir/$board.1.err" "${loop}_window")
    got=$(window "$dir/$board.1.out" "${w:-x}" 1)
    # a window or figure that is missing reads as an impossible count
    check "$board: $loop: the model counts the icount figure's $want instructions (window $w minus $ow: ${got:-?} - ${base:-?})" \
      [ "$(( ${got:--1} - ${base:-0} ))" = "${want:-missing}" ]
  done
  check "$board: a second run gives the same windows, cycles included" cmp -s "$dir/$board.1.out" "$dir/$board.2.out"
done
for board in mps2-an500 mps3-an547; do
  elf=$TOP/build/fw/$board/img/selftest.elf
  "$CYCLES" --plugin "$PLUGIN" --machine "$board" --window cp_window_mark "$elf" >"$dir/$board.out" 2>"$dir/$board.err"
  rc=$?
  check "$board: no model of its core, refused with status 2 (got $rc)" [ $rc -eq 2 ]
done
done_testing
