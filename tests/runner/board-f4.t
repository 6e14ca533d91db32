#!/usr/bin/env bash
# The STM32F4 board layer end to end without a board: netduinoplus2 (QEMU's
# STM32F405) runs the quick images of every library version with the
# console on USART2, which the runner reads through a pty (--qemu-serial,
# the serial lane's code: raw port, document, exit line, CRC). The datasets
# validate and name what was counted and at what clock truthfully: QEMU
# instructions, the clock the RCC registers read back (HSI, the PLL did not
# lock). The timed code is the mps2-an386's (the same Cortex-M4 libraries
# and port, the same cases in the same order), so every result equals what
# the same quick images give on mps2-an386 through QEMU's semihosting.
. "$(dirname "$0")/../lib.sh"
RUN=${CRYPTOPERF_RUN:-$TOP/build/runner-asan/cryptoperf-run}
M=$TOP/build/fw/netduinoplus2/manifest-test.tsv
M386=$TOP/build/fw/mps2-an386/manifest-test.tsv
d=$(tmpdir)
for m in "$M" "$M386"; do
  if [ ! -f "$m" ]; then
    fail "test manifest $m exists (make fw-test builds it)"
    done_testing
    exit
  fi
done
awk -F'\t' 'NR == 1 || $2 == "quick"' "$M" >"$d/m.tsv"
"$RUN" --top "$TOP" --data "$d/data" --schema "$TOP/schema/dataset.schema.json" --kind quick --qemu-serial 1 \
  --mcu "STM32F405RG, emulated" --mcu-short STM32F405 --board-name "QEMU netduinoplus2" "$d/m.tsv" \
  >/dev/null 2>"$d/err"
rc=$?
check "quick images over the emulated USART: exit 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || sed 's/^/# /' "$d/err"
mapfile -t sets < <(cd "$d/data" 2>/dev/null && ls netduinoplus2/*/dataset.yaml)
check "one dataset per library version (${#sets[@]})" [ ${#sets[@]} -ge 4 ]
check "they validate" "$CRYPTOPERF" validate --schema "$TOP/schema/dataset.schema.json" "${sets[@]/#/$d/data/}"
ds=$d/data/${sets[0]}
check "the counter is QEMU's instruction count" grep -qx '  kind: instructions' "$ds"
check "the clock is the one the RCC reads back (HSI, 16 MHz)" grep -qx '  core_clock_hz: 16000000' "$ds"
check "the clock note says the PLL did not lock" grep -q '^  clock_note: .*the PLL did not lock' "$ds"
check "the system facts are read back (flash latency)" grep -qx '  flash_latency_ws: 0' "$ds"
check "the C library is the board's (console on USART2)" grep -q '^  libc: .*console on USART2' "$ds"

# the same quick images on mps2-an386, through the direct lane
awk -F'\t' 'NR == 1 || $2 == "quick"' "$M386" >"$d/m386.tsv"
"$RUN" --top "$TOP" --data "$d/an386" --schema "$TOP/schema/dataset.schema.json" --kind quick "$d/m386.tsv" \
  >/dev/null 2>"$d/err386"
check "the same quick images on mps2-an386: exit 0" [ $? -eq 0 ]
same=0 differ=0 near=0
# A case that allocates may differ by a few instructions: the two boards'
# heaps start at different addresses, and the C library's malloc and
# memcpy paths follow the addresses they get (Mbed TLS 3.6.6 RSA-1024
# signing: 71 of 11.8 M instructions). Such a row must agree within
# 0.001 % and be the only kind of difference; every other row is equal.
for s in "${sets[@]}"; do
  ref=$d/an386/mps2-an386/${s#netduinoplus2/}
  while IFS= read -r row; do
    if grep -qxF -- "$row" "$ref" 2>/dev/null; then
      same=$((same + 1))
      continue
    fi
    n=$(sed -n 's/.*instructions: \([0-9]*\),.*heap_bytes: [1-9].*/\1/p' <<<"$row")
    other=$(grep -F -- "${row%%instructions: *}instructions: " "$ref" | sed -n 's/.*instructions: \([0-9]*\),.*/\1/p' | head -n 1)
    if [ -n "$n" ] && [ -n "$other" ] && [ $(( (n > other ? n - other : other - n) * 100000 )) -le "$other" ]; then
      near=$((near + 1))
      diag "within 0.001 % (a heap-using case, $other on mps2-an386): $row"
    else
      differ=$((differ + 1))
      diag "differs: $row"
    fi
  done < <(grep '^  - {family' "$d/data/$s")
done
check "every result on netduinoplus2 equals mps2-an386's, heap-using cases within 0.001 % ($same equal, $near within, $differ different)" [ "$differ" -eq 0 ]
check "at most a handful of heap-using cases differ at all ($near)" [ "$near" -le 3 ]
check "and there were results to compare" [ "$same" -ge 60 ]
done_testing
