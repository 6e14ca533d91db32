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
# fp_objects NAME...: real ELF32 objects for footprint rows
# (arm-none-eabi-gcc -c): $d/img/fp-base.elf without the call and, for each
# NAME, $d/img/fp-NAME.elf with it (code, a constant table, data).
fp_objects() {
  cat >"$d/base.c" <<'C'
int buf[64];
int main(void) { return buf[0]; }
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
