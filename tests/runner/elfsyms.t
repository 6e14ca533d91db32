#!/usr/bin/env bash
# elfsize.c through libelf: the symbols of real Arm ELF files (objects, a
# linked newlib image) exactly as binutils' nm lists them, and the footprint
# classes of the sections as readelf shows them.
. "$(dirname "$0")/../lib.sh"
SYMS=${ELF_SYMBOLS:-$TOP/build/tests/elf_symbols}
T=$(tmpdir)

cat >"$T/a.c" <<'C'
int zeroed[64];                                   /* .bss, global */
static unsigned char state[40];                   /* .bss, local */
int counter = 5;                                  /* .data */
static int hidden = 7;                            /* .data, local */
const unsigned char sbox[300] = { 1, 2, 3 };      /* .rodata */
int shared __attribute__((common));               /* COMMON in an object */
__attribute__((weak)) int tunable = 3;            /* weak object */
__attribute__((weak)) int hook(int x) { return x; } /* weak function */
extern int missing(int);                          /* undefined */
extern int maybe(int) __attribute__((weak));      /* weak undefined */
__attribute__((noinline)) static int helper(int x) { return state[x & 31] + hidden++; }
int enc(int x) { state[x & 7] = sbox[x % 300]; return counter += helper(x) + hook(x) + zeroed[x & 63] + shared + tunable; }
int use(int x) { return missing(x) + (maybe ? maybe(x) : 0); }
C
cat >"$T/main.c" <<'C'
#include <stdio.h>
#include <string.h>
int enc(int x);
int missing(int x) { return x; }
int main(int argc, char **argv) { char b[32]; snprintf(b, sizeof b, "%d", enc(argc)); puts(b); return (int)strlen(argv[0]); }
C
CC=(arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -O2 -ffunction-sections -fdata-sections)
"${CC[@]}" -c "$T/a.c" -o "$T/a.o" && "${CC[@]}" -c "$T/main.c" -o "$T/main.o" &&
  "${CC[@]}" --specs=rdimon.specs -Wl,--gc-sections "$T/a.o" "$T/main.o" -o "$T/image.elf"
check "the Arm objects and the newlib image build" [ -s "$T/image.elf" ]

same_as_nm() { # FILE: the driver and `nm -S -p` print the same lines
  local want got
  want=$(arm-none-eabi-nm -S -p "$1" 2>&1)
  got=$("$SYMS" "$1" 2>&1)
  if [ "$got" = "$want" ]; then return 0; fi
  diag "$(diff <(echo "$want") <(echo "$got") | head -10)"
  return 1
}
check "object: every symbol as nm -S -p lists it" same_as_nm "$T/a.o"
check "linked image: every symbol as nm -S -p lists it" same_as_nm "$T/image.elf"
n=$("$SYMS" "$T/image.elf" | wc -l)
check "the linked image has newlib's symbols too (more than 100)" [ "$n" -gt 100 ]
for x in "T enc" "t helper" "B zeroed" "b state" "D counter" "d hidden" "R sbox" "C shared" "V tunable" "W hook" \
         "U missing" "w maybe"; do
  check "object: $x" grep -Eq " ${x% *} ${x#* }\$" <("$SYMS" "$T/a.o")
done
check "linked image: enc is a global function at an even address (no Thumb bit)" \
  grep -Eq '^[0-9a-f]{7}[02468ace] [0-9a-f]{8} T enc$' <("$SYMS" "$T/image.elf")

# Footprint classes: code AX, constants A, global data WA, summed per class
. "$(dirname "$0")/lib-elf.sh"   # classes
for f in a.o image.elf; do
  check "$f: footprint classes as readelf -S shows the sections" [ "$("$SYMS" -f "$T/$f")" = "$(classes "$T/$f")" ]
done

out=$("$SYMS" "$T/main.c" 2>&1); rc=$?
check "a file that is not ELF is refused" [ "$rc" -ne 0 ]
check "... saying so" grep -qF "$T/main.c: not an ELF file" <<<"$out"
out=$("$SYMS" "$T/none.elf" 2>&1); rc=$?
check "a missing file is refused" [ "$rc" -ne 0 ]
check "... with the system's reason" grep -qF "$T/none.elf: No such file or directory" <<<"$out"
done_testing
