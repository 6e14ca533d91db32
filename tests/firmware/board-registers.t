#!/usr/bin/env bash
# The board layers of the boards on silicon (board.mk BOARD_LANE serial)
# touch only registers their chips have. Each board's MCU has a register
# table, firmware/hal/<mcu>_regs.h: every register the board layer names,
# its address and the section of the chip's reference manual, and the
# chip's peripheral blocks from the manual's memory map. The STM32L552
# layer once read a DCACHE_CR at 0x40031400, a block only the STM32U5 and
# H5 have: on silicon a reserved address, a BusFault or a meaningless
# figure in every run header, and nothing here would have said so.
#
# No board and no QEMU (QEMU models neither chip): the board layer is
# compiled here with each board's flags from its board.mk, at -O0 so that
# every register access loads its whole address from a literal pool (-O2
# loads a base and adds offsets), and every word of its code in the
# peripheral region 0x40000000-0x5FFFFFFF must be a register of the table.
# A data constant that happens to lie in that region is flagged too: such
# a value is written differently. The build's own objects are not used:
# make test need not have built the Nucleo boards' images first.
source "$(dirname "$0")/../lib.sh"
d=$(tmpdir)
# value of a board.mk variable
fact() { sed -n "s/^$2 *:= *//p" "$TOP/firmware/boards/$1/board.mk"; }
# the reference manual of each MCU that has a table
declare -A manual=([stm32l552]=RM0438 [stm32f446]=RM0390)
# "ADDRESS NAME" per register of a table (lower-case hex); only lines that
# cite a section of the manual count as registers
registers() {
  sed -n "s|^#define \([A-Z0-9_]*\) *CP_REG(0x\([0-9A-Fa-f]\{8\}\)u) */\* $2 [0-9][0-9.]* .*|\2 \1|p" "$1" |
    awk '{ print tolower($1), $2 }'
}
# "ADDRESS NAME" per peripheral block of a table (1 KB each)
blocks() {
  sed -n 's|^ \* block [A-Z0-9]* *\([A-Z0-9_]*\) *0x\([0-9A-Fa-f]\{8\}\)$|\2 \1|p' "$1" | awk '{ print tolower($1), $2 }'
}
# the words of an object's code that the compiler placed as literals
# (objdump disassembles a literal pool as .word lines)
code_words() { arm-none-eabi-objdump -d "$1" | awk '/\.word/ && $NF ~ /^0x[0-9a-f]+$/ { print $NF }'; }
in_peripherals() { local a=$((16#${1#0x})); [ "$a" -ge $((0x40000000)) ] && [ "$a" -lt $((0x60000000)) ]; }
# in_block ADDRESS BLOCKS-FILE: the address lies in one of the blocks
in_block() {
  local a=$((16#$1)) base _
  while read -r base _; do
    [ "$a" -ge $((16#$base)) ] && [ "$a" -lt $((16#$base + 0x400)) ] && return 0
  done <"$2"
  return 1
}

mapfile -t common < <(sed -n 's/^FW_HAL_COMMON *:= *//p' "$TOP/mk/fw-harness.mk" | tr ' ' '\n' | grep .)
check "the board layer every board links is named in mk/fw-harness.mk (${common[*]})" [ ${#common[@]} -ge 3 ]
boards=()
for mk in "$TOP"/firmware/boards/*/board.mk; do
  b=$(basename "$(dirname "$mk")")
  [ "$(fact "$b" BOARD_LANE)" = serial ] && boards+=("$b")
done
check "there are boards on silicon (${boards[*]})" [ ${#boards[@]} -ge 2 ]

tables=()
for b in "${boards[@]}"; do
  mcu=$(fact "$b" BOARD_MCU_SHORT | tr '[:upper:]' '[:lower:]')
  table=firmware/hal/${mcu}_regs.h
  check "$b: its MCU ($mcu) has a register table ($table)" [ -f "$TOP/$table" ]
  [ -f "$TOP/$table" ] || continue
  check "$b: the manual of $mcu is known to this test (${manual[$mcu]:-none})" [ -n "${manual[$mcu]:-}" ]
  [[ " ${tables[*]} " == *" $table "* ]] || tables+=("$table")
  registers "$TOP/$table" "${manual[$mcu]:-RM}" | awk '{ print "0x" $1 }' | sort -u >"$d/$b.table"

  # compile the board layer as the board's images link it
  mkdir -p "$d/$b"
  srcs=() built=0
  for s in "${common[@]}" $(fact "$b" BOARD_HAL); do
    for f in "$TOP/firmware/hal/$s.c" "$TOP/firmware/hal/$s.S"; do [ -f "$f" ] && srcs+=("$f"); done
  done
  for f in "${srcs[@]}"; do
    # shellcheck disable=SC2046 # the board's flags are words
    (cd "$TOP" && arm-none-eabi-gcc $(fact "$b" BOARD_CPU_FLAGS) -O0 -std=c11 -Ifirmware/hal -Ifirmware/bench \
      -DCP_CLOCK_HZ="$(fact "$b" BOARD_CLOCK_HZ)" -DCP_CLOCK_NOTE="\"$(fact "$b" BOARD_CLOCK_NOTE)\"" \
      -DCP_BAUD="$(fact "$b" BOARD_BAUD)ul" $(fact "$b" BOARD_F4_CLOCK) \
      -c "$f" -o "$d/$b/$(basename "$f").o") 2>>"$d/$b.cc" && built=$((built + 1))
  done
  check "$b: the board layer compiles (${built} of ${#srcs[@]} sources)" [ "$built" -eq ${#srcs[@]} ]
  [ "$built" -eq ${#srcs[@]} ] || diag "$(cat "$d/$b.cc")"

  for o in "$d/$b"/*.o; do code_words "$o"; done | sort -u |
    while read -r w; do in_peripherals "$w" && echo "$w"; done >"$d/$b.used"
  check "$b: the board layer's code uses peripheral registers ($(wc -l <"$d/$b.used"))" [ -s "$d/$b.used" ]
  mapfile -t stray < <(comm -23 "$d/$b.used" "$d/$b.table")
  check "$b: every peripheral address in the board layer's code is a register of $table (not: ${stray[*]:-none})" \
    [ ${#stray[@]} -eq 0 ]

  # the board layer names registers only through the table: the sources
  # that include it write no peripheral address of their own
  mapfile -t own < <(cd "$TOP" && grep -l '_regs\.h"' "${srcs[@]#"$TOP"/}" 2>/dev/null)
  check "$b: some source of the board layer names its registers through $table (${own[*]:-none})" [ ${#own[@]} -ge 1 ]
  mapfile -t literal < <(cd "$TOP" && grep -nHE '\b0[xX][45][0-9A-Fa-f]{7}' "${own[@]}" 2>/dev/null)
  check "$b: the board layer writes no peripheral address outside $table (${literal[*]:-none})" \
    [ ${#literal[@]} -eq 0 ]
done

for table in "${tables[@]}"; do
  mcu=$(basename "$table" _regs.h)
  rm=${manual[$mcu]:-RM}
  total=$(grep -c 'CP_REG(0x' "$TOP/$table")
  cited=$(registers "$TOP/$table" "$rm" | wc -l)
  check "$table: every register cites a section of $rm ($cited of $total)" [ "$cited" -eq "$total" ]
  blocks "$TOP/$table" >"$d/$mcu.blocks"
  check "$table: lists the chip's peripheral blocks ($(wc -l <"$d/$mcu.blocks"))" [ "$(wc -l <"$d/$mcu.blocks")" -ge 20 ]
  outside=()
  while read -r addr name; do
    in_block "$addr" "$d/$mcu.blocks" || outside+=("$name=0x$addr")
  done < <(registers "$TOP/$table" "$rm")
  check "$table: every register lies in a peripheral block of the chip (not: ${outside[*]:-none})" \
    [ ${#outside[@]} -eq 0 ]
done

# The trap of the finding: DCACHE1 sits at AHB1 + 0x11400 on the STM32U5
# and H5; the STM32L552 has nothing there (ICACHE at + 0x10400, GTZC at
# + 0x12400).
l5=firmware/hal/stm32l552_regs.h
there=()
while read -r addr name; do
  a=$((16#$addr))
  [ "$a" -ge $((0x40031400)) ] && [ "$a" -lt $((0x40031800)) ] && there+=("$name")
done < <(registers "$TOP/$l5" RM0438; blocks "$TOP/$l5")
check "$l5: no register or block at AHB1 + 0x11400, the DCACHE1 of other chips (${there[*]:-none})" \
  [ ${#there[@]} -eq 0 ]
done_testing
