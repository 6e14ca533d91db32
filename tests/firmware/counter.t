#!/usr/bin/env bash
# The instruction counter and stack painting on the emulated boards: the
# calibrated empty measurement reads 0, hand-written loops of 1, 1000 and
# 10 000 000 instructions read exactly that (the last one crosses SysTick
# wraps), a 1000-byte local buffer shows in the stack figure.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/lib-fw.sh"
d=$(tmpdir)

for board in mps2-an505 mps2-an386; do
  FW_BOARD=$board FW_TEST_MANIFEST=$TOP/build/fw/$board/manifest-test.tsv
  out=$d/$board.out
  fw_run selftest.elf "$out" "$d/$board.err"
  check "$board: selftest exits 0" [ $? -eq 0 ]
  overhead=$(yaml_value "$out" overhead)
  check "$board: calibrated overhead is positive ($overhead)" [ "${overhead:-0}" -gt 0 ]
  check "$board: calibrated overhead is a few instructions, below 40 ($overhead)" [ "${overhead:-40}" -lt 40 ]
  for n in empty:0 loop_1:1 loop_1000:1000 loop_10000000:10000000; do
    got=$(yaml_value "$out" "${n%%:*}")
    check "$board: ${n%%:*} reads exactly ${n#*:} instructions (got $got)" [ "$got" = "${n#*:}" ]
  done
  t0=$(yaml_value "$out" stack_empty_timed) t1=$(yaml_value "$out" stack_1000_timed)
  s0=$(yaml_value "$out" stack_empty) s1=$(yaml_value "$out" stack_1000)
  check "$board: a timed call measures the same stack as a call of its own ($t0/$t1 vs $s0/$s1)" \
    [ "$t0:$t1" = "$s0:$s1" ]
  check "$board: 1000-byte local buffer adds at least 1000 stack bytes ($s0 -> $s1)" [ $((s1 - s0)) -ge 1000 ]
  check "$board: 1000-byte local buffer adds at most 1064 stack bytes ($s0 -> $s1)" [ $((s1 - s0)) -le 1064 ]
done
done_testing
