#!/usr/bin/env bash
# cryptoperf-cycles' contract on programs this test builds (tests/cycles/
# prog.S): one line "window N: instructions I cycles C" per closed window,
# in order, on stdout and nothing else there; the program's UART text on
# stderr; the three endings (semihosting exit, lockup, timeout) with the
# windows printed before them kept; exit 2 for a missing function, an ELF
# for another machine and a machine without a model.
source "$(dirname "$0")/../lib.sh"
CYCLES=${CYCLES:-$TOP/build/cycles-launch-asan/cryptoperf-cycles}
PLUGIN=${CYCLES_PLUGIN:-$TOP/build/cycles/cpcycles.so}
dir=$(tmpdir)
[ -x "$CYCLES" ] || { fail "$CYCLES is built (make test builds it)"; done_testing; exit; }
[ -r "$PLUGIN" ] || { fail "$PLUGIN is built (make test builds it)"; done_testing; exit; }

# build <name> <cpu> <defines...>: an image with the vector table at 0
build() {
  local name=$1 cpu=$2
  shift 2
  arm-none-eabi-gcc -mcpu="$cpu" -mthumb -nostdlib -nostartfiles -x assembler-with-cpp "$@" \
    -Wl,-e,reset -Wl,-Ttext=0x100 -Wl,--section-start=.vectors=0 -o "$dir/$name.elf" \
    "$TOP/tests/cycles/prog.S"
}
# cycles <name> <machine> [options]: runs it; stdout, stderr, status in $d
cycles() {
  local name=$1 machine=$2
  shift 2
  "$CYCLES" --plugin "$PLUGIN" --machine "$machine" "$@" "$dir/$name.elf" >"$dir/$name.out" 2>"$dir/$name.err"
  echo $? >"$dir/$name.rc"
}
lines() { grep -c '' "$1"; }

check "builds the exiting program" build exit cortex-m4 -DENDING_EXIT -DEXIT_STATUS=0 -DUART
cycles exit mps2-an386 --window mark
check "semihosting exit 0: exit status 0 (got $(cat "$dir/exit.rc"))" [ "$(cat "$dir/exit.rc")" = 0 ]
check "two closed windows, two lines on stdout (got $(lines "$dir/exit.out"))" [ "$(lines "$dir/exit.out")" = 2 ]
check "every stdout line is a window line" \
  bash -c "! grep -vqE '^window [0-9]+: instructions [0-9]+ cycles [0-9]+\$' '$dir/exit.out'"
check "the first line is window 0 with its 5 instructions" grep -qE '^window 0: instructions 5 cycles [0-9]+$' \
  <(sed -n 1p "$dir/exit.out")
check "the second line is window 1 with its 3 instructions" grep -qE '^window 1: instructions 3 cycles [0-9]+$' \
  <(sed -n 2p "$dir/exit.out")
c0=$(sed -n 's/^window 0: .* cycles //p' "$dir/exit.out")
check "window 0 takes at least a cycle an instruction (got $c0)" [ "${c0:-0}" -ge 5 ]
check "the program's UART text goes to stderr" grep -qx 'hi' "$dir/exit.err"
check "stderr says how the program ended" grep -q 'ended: exit status 0' "$dir/exit.err"

check "builds a program exiting with status 3" build exit3 cortex-m4 -DENDING_EXIT -DEXIT_STATUS=3
cycles exit3 mps2-an386 --window mark
check "semihosting exit 3: exit status 1 (got $(cat "$dir/exit3.rc"))" [ "$(cat "$dir/exit3.rc")" = 1 ]
check "its windows are printed all the same" [ "$(lines "$dir/exit3.out")" = 2 ]

check "builds the program ending in a lockup" build lockup cortex-m4 -DENDING_LOCKUP -DEXIT_STATUS=0
cycles lockup mps2-an386 --window mark
check "lockup: exit status 0 (got $(cat "$dir/lockup.rc"))" [ "$(cat "$dir/lockup.rc")" = 0 ]
check "lockup: the windows closed before it are on stdout" [ "$(lines "$dir/lockup.out")" = 2 ]
check "lockup: stderr says the core locked up" grep -q 'ended: the core locked up' "$dir/lockup.err"

check "builds the program that never ends" build loop cortex-m4 -DENDING_LOOP -DEXIT_STATUS=0
start=$SECONDS
cycles loop mps2-an386 --window mark --timeout 2
check "timeout: exit status 0 (got $(cat "$dir/loop.rc"))" [ "$(cat "$dir/loop.rc")" = 0 ]
check "timeout: stopped within 10 s (took $((SECONDS - start)) s)" [ $((SECONDS - start)) -lt 10 ]
check "timeout: the windows are on stdout" [ "$(lines "$dir/loop.out")" = 2 ]
check "timeout: stderr names the timeout" grep -q 'ended: stopped after the timeout of 2 s' "$dir/loop.err"

check "builds the program for the Cortex-M0" build m0 cortex-m0 -DENDING_EXIT -DEXIT_STATUS=0
cycles m0 microbit --window mark
check "Cortex-M0 (microbit): exit status 0 (got $(cat "$dir/m0.rc"))" [ "$(cat "$dir/m0.rc")" = 0 ]
check "Cortex-M0: window 0 has its 5 instructions" grep -qE '^window 0: instructions 5 cycles [0-9]+$' "$dir/m0.out"

cycles exit mps2-an386 --window no_such_function
check "a function the ELF lacks: exit status 2 (got $(cat "$dir/exit.rc"))" [ "$(cat "$dir/exit.rc")" = 2 ]
check "a function the ELF lacks: named on stderr" grep -q "no function named 'no_such_function'" "$dir/exit.err"
check "a function the ELF lacks: nothing on stdout" [ ! -s "$dir/exit.out" ]

cp "$(type -P true)" "$dir/host.elf"
cycles host mps2-an386 --window main
check "an ELF for another architecture: exit status 2 (got $(cat "$dir/host.rc"))" [ "$(cat "$dir/host.rc")" = 2 ]
check "an ELF for another architecture: said so" grep -q 'expected an ELF32 little-endian image for Arm' "$dir/host.err"

for m in mps2-an500 mps3-an547; do
  cycles exit "$m" --window mark
  check "$m: no model, exit status 2 (got $(cat "$dir/exit.rc"))" [ "$(cat "$dir/exit.rc")" = 2 ]
  check "$m: says there is no cycle model" grep -q 'no cycle model' "$dir/exit.err"
done
cycles exit mps2-an999 --window mark
check "a machine we don't support: exit status 2 (got $(cat "$dir/exit.rc"))" [ "$(cat "$dir/exit.rc")" = 2 ]
done_testing
