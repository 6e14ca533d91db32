#!/usr/bin/env bash
# Adding a board from README: its table "Board variables" names every
# variable a board.mk sets (a board copied from a Nucleo one must find each
# of them explained), and a board may carry its own OpenOCD script:
# BOARD_OPENOCD_CFG naming a file of the board's folder reaches the runner
# by its full path, one of OpenOCD's own stays as it is.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
T=$(tmpdir)

# the table's rows: every `BOARD_...` in its first column
awk '/^### Board variables$/ { on = 1; next } on && /^#/ { on = 0 } on && /^\| `BOARD_/' README.md |
  cut -d'|' -f2 | grep -o 'BOARD_[A-Z0-9_]*' | sort -u >"$T/listed"
check "README has the board variables table" [ -s "$T/listed" ]
for bm in firmware/boards/*/board.mk; do
  sed -n 's/^\(BOARD_[A-Z0-9_]*\) *[:?+]\?=.*/\1/p' "$bm" | sort -u >"$T/set"
  missing=$(comm -23 "$T/set" "$T/listed" | tr '\n' ' ')
  check "$bm: every variable it sets is in README's table${missing:+ (missing: $missing)}" [ -z "$missing" ]
done
# the check itself: a variable README does not list is caught
printf 'BOARD_CORE := Cortex-M0\nBOARD_FROBNICATE := 1\n' | sed -n 's/^\(BOARD_[A-Z0-9_]*\) *[:?+]\?=.*/\1/p' | sort -u >"$T/set"
check "a board.mk setting BOARD_FROBNICATE would be caught" [ "$(comm -23 "$T/set" "$T/listed")" = BOARD_FROBNICATE ]
check "README says where the MCU file goes" grep -qF '`firmware/hal/<mcu>.c`' README.md

# the OpenOCD script the serial lane's measure passes (make -n: nothing runs)
ocd_cfg() { # BOARD [BOARD_OPENOCD_CFG]
  make -n measure RUNNER=direct BOARD="$1" ${2:+BOARD_OPENOCD_CFG="$2"} 2>/dev/null |
    grep -o -- "--openocd-cfg '[^']*'" | head -1
}
check "nucleo-l552ze-q: OpenOCD's own script is passed as it is" \
  [ "$(ocd_cfg nucleo-l552ze-q)" = "--openocd-cfg 'board/st_nucleo_l5.cfg'" ]
# a file of the board's folder (board.mk stands in for an openocd.cfg there:
# the folder is the firmware revision's, the test writes nothing into it)
check "a file of the board's folder is passed by its full path" \
  [ "$(ocd_cfg nucleo-l552ze-q board.mk)" = "--openocd-cfg '$TOP/firmware/boards/nucleo-l552ze-q/board.mk'" ]
check "a name the board's folder does not have is left to OpenOCD's search path" \
  [ "$(ocd_cfg nucleo-l552ze-q interface/stlink.cfg)" = "--openocd-cfg 'interface/stlink.cfg'" ]
done_testing
