#!/usr/bin/env bash
# The boards on silicon (firmware/boards/*/board.mk with BOARD_LANE serial):
# make test builds their images without a board (fw-bench-fast); each has a
# vector table whose initial stack pointer is the top of the board's RAM and
# whose reset vector is a Thumb address in its flash, and fits both (the
# linker's memory map is the board's). Every part of the suite has an image
# where the board splits it. On QEMU's netduinoplus2 (an STM32F4 whose DWT
# does not count) the nucleo-f446re firmware refuses to measure and says why.
source "$(dirname "$0")/../lib.sh"
d=$(tmpdir)
# value of a board.mk variable
fact() { sed -n "s/^$2 *:= *//p" "$TOP/firmware/boards/$1/board.mk"; }
bytes() { # 512K, 2M, 0x100 -> bytes
  local v=$1
  case $v in *K) echo $(( ${v%K} * 1024 )) ;; *M) echo $(( ${v%M} * 1048576 )) ;; *) echo $((v)) ;; esac
}
boards=()
for mk in "$TOP"/firmware/boards/*/board.mk; do
  b=$(basename "$(dirname "$mk")")
  [ "$(fact "$b" BOARD_LANE)" = serial ] && boards+=("$b")
done
check "there are boards on silicon (${boards[*]})" [ ${#boards[@]} -ge 2 ]
vectors=$(tmpdir)/vectors
for b in "${boards[@]}"; do
  img=$TOP/build/fw/$b/img
  flash=$(( $(fact "$b" BOARD_CODE_ORIGIN) )) flash_len=$(bytes "$(fact "$b" BOARD_CODE_LENGTH)")
  ram=$(( $(fact "$b" BOARD_RAM_ORIGIN) )) ram_len=$(bytes "$(fact "$b" BOARD_RAM_LENGTH)")
  mapfile -t elfs < <(ls "$img"/bench-*.elf "$img"/fp-*-baseline.elf "$img"/selftest.elf 2>/dev/null)
  check "$b: images built (${#elfs[@]})" [ ${#elfs[@]} -ge 10 ]
  bad_sp=() bad_reset=() bad_fit=()
  for e in "${elfs[@]}"; do
    # a file of our own: objcopy run as root may replace its output by
    # rename, and /dev/stdout once became a regular file that way
    arm-none-eabi-objcopy -O binary -j .vectors "$e" "$vectors"
    read -r sp reset < <(od -An -tu4 -N8 "$vectors")
    [ "$sp" = $((ram + ram_len)) ] || bad_sp+=("$(basename "$e")")
    [ $((reset & 1)) = 1 ] && [ $((reset & ~1)) -ge $flash ] && [ $((reset & ~1)) -lt $((flash + flash_len)) ] ||
      bad_reset+=("$(basename "$e")")
    read -r text data bss _ < <(arm-none-eabi-size "$e" | awk 'NR == 2 { print $1, $2, $3 }')
    [ $((text + data)) -le "$flash_len" ] && [ $((data + bss)) -le "$ram_len" ] || bad_fit+=("$(basename "$e")")
  done
  check "$b: every initial stack pointer is the top of RAM (${bad_sp[*]:-all})" [ ${#bad_sp[@]} -eq 0 ]
  check "$b: every reset vector is a Thumb address in flash (${bad_reset[*]:-all})" [ ${#bad_reset[@]} -eq 0 ]
  check "$b: every image fits flash and RAM (${bad_fit[*]:-all})" [ ${#bad_fit[@]} -eq 0 ]
  for p in sym ec rsa pq; do
    check "$b: wolfSSL 5.7.2's suite part $p has its image" [ -f "$img/bench-wolfssl-5.7.2-fast-$p.elf" ]
  done
  check "$b: the firmware prints on the serial port, not through semihosting" \
    bash -c "! arm-none-eabi-nm '$img/selftest.elf' | grep -qw initialise_monitor_handles"
done

f4=$TOP/build/fw/nucleo-f446re/img/selftest.elf
if [ -f "$f4" ]; then
  timeout 3 qemu-system-arm -M netduinoplus2 -display none -monitor none -serial null -serial file:"$d/f4.out" \
    -kernel "$f4" >/dev/null 2>&1
  check "nucleo-f446re in QEMU: the cycle counter that does not count is refused" \
    grep -q '^error: harness: the cycle counter (DWT CYCCNT) does not count' "$d/f4.out"
  check "nucleo-f446re in QEMU: and the run ends with exit status 5 (harness)" grep -qx 'exit: 5' "$d/f4.out"
  check "nucleo-f446re in QEMU: no figure was printed" bash -c "! grep -q 'cycles:\\|loop_' '$d/f4.out'"
else
  fail "$f4 exists (make fw-test builds it)"
fi
done_testing
