# Fake images for the runner tests (fake.t plays them through fake-qemu,
# serial.t through fake-board): scripts in fake-qemu's format. Source after
# setting d (the test's folder; images go to $d/img).
# shellcheck shell=bash
# image FILE VERSION CONFIG [ROW...]: a fake image's script; rows are flow
# mappings without the braces.
image() {
  local f=$1 v=$2 c=$3; shift 3
  {
    cat <<YAML
run:
  board: mps2-an505
  core: Cortex-M33
  qemu_machine: mps2-an505
  core_clock_hz: 20000000
  clock_note: "QEMU mps2-an505 SYSCLK"
  library:
    slug: mbedtls
    name: Mbed TLS
    version: "$v"
    version_full: "Mbed TLS $v"
    package: "mbedtls $v-1"
    fingerprint: "mbedtls-$v-${c,,} 0123456789abcdef"
  configuration: $c
  configuration_meaning: "$c tables"
  toolchain:
    compiler: "arm-none-eabi-gcc 12.2.1 20221205"
    flags: "-mcpu=cortex-m33 -mthumb -O2"
    libc: "newlib (rdimon, semihosting)"
  counter:
    kind: instructions
    method: "QEMU -icount shift=7, SysTick"
    icount_shift: 7
    overhead: ${OVERHEAD:-11}
    first_call: excluded
    first_call_note: "warm-up call first"
  stack_method: "stack painting"
  heap_method: "counting calloc"
results:
YAML
    local r
    for r in "$@"; do
      case $r in
        @*) echo "$r" ;;
        *) echo "  # case ${r%%|*}"; echo "  - {${r#*|}}" ;;
      esac
    done
    echo "@end"
  } >"$d/img/$f"
}
aes() { # id op key buf config instr stack
  echo "$1|family: AES, kind: performance, measure: sole-buffer, cipher_mode: CBC, key_bits: $3, buffer_bytes: $4, operation: $2, configuration: $5, instructions: $6, stack_bytes: $7, heap_bytes: 0"
}
# fp_objects SUFFIX VERSION NAME...: footprint images linked with their
# maps as mk/firmware.mk links them, for the runner's attribution
# (firmware/runner/fporigin.h): $d/img/fp-base$SUFFIX.elf without the call
# and, for each NAME, $d/img/fp-NAME$SUFFIX.elf with it. The library is an
# archive in $d/fw/lib-fake/ (code, a 300-byte constant table, 44 bytes of
# data: $d/fw/lib-fake/lib.o), the port adapter the Mbed TLS VERSION
# port's object ($d/fw/fake/obj/mbedtls-VERSION-fake/adapter.o), main the
# harness's (fp-*.o in the same folder).
fp_objects() {
  local sfx=$1 v=$2 n; shift 2
  local lib=$d/fw/lib-fake obj=$d/fw/fake/obj/mbedtls-$v-fake
  local cc=(arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -O2 -ffunction-sections -fdata-sections)
  mkdir -p "$lib" "$obj"
  cat >"$d/lib.c" <<'C'
static const unsigned char sbox[300] = { 1, 2, 3 };
unsigned char state[40];
int counter = 5;
int enc(int x) { state[x & 31] = sbox[x % 300]; return counter += state[x & 7]; }
C
  cat >"$d/adapter.c" <<'C'
int enc(int x);
int cp_enc(int x);
int cp_enc(int x) { return enc(x) + 1; }
C
  printf 'int buf[64];\nint main(void) { return buf[0]; }\n' >"$d/base.c"
  printf 'int buf[64];\nint cp_enc(int x);\nint main(void) { return cp_enc(buf[0]) + buf[1]; }\n' >"$d/op.c"
  "${cc[@]}" -c "$d/lib.c" -o "$lib/lib.o"
  rm -f "$lib/fake.a"
  arm-none-eabi-ar rcs "$lib/fake.a" "$lib/lib.o"
  "${cc[@]}" -c "$d/adapter.c" -o "$obj/adapter.o"
  "${cc[@]}" -c "$d/base.c" -o "$obj/fp-baseline.o"
  "${cc[@]}" -c "$d/op.c" -o "$obj/fp-op.o"
  fp_link() { # IMAGE PROGRAM
    arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -nostdlib -Wl,--gc-sections -Wl,-e,main -o "$d/img/$1.elf" \
      -Wl,-Map="$d/img/$1.map" "$2" "$obj/adapter.o" "$lib/fake.a"
  }
  fp_link "fp-base$sfx" "$obj/fp-baseline.o"
  for n in "$@"; do
    fp_link "fp-$n$sfx" "$obj/fp-op.o"
  done
}
C
  cat >"$d/op.c" <<'C'
int buf[64];
static const unsigned char sbox[300] = { 1, 2, 3 };
unsigned char state[40];
int counter = 5;
int enc(int x) { state[x & 31] = sbox[x % 300]; return counter += state[x & 7]; }
int main(void) { return enc(buf[0]); }
C
  arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -O2 -c "$d/base.c" -o "$d/img/fp-base.elf"
  local n
  for n in "$@"; do
    arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -O2 -c "$d/op.c" -o "$d/img/fp-$n.elf"
  done
}
