#!/usr/bin/env bash
# The cycle model in QEMU, end to end: for each modelled core a tiny
# bare-metal program (assembled here) runs short instruction sequences in
# windows of the plugin (one window a sequence, opened and closed by calls
# to win), and each window's instructions and cycles must be the counts
# worked out by hand from the core's timing table (firmware/cycles/timing_*.c
# cite them). Every window also holds the call overhead: win's "bx lr" with
# its refill and the closing "bl win" with its refill:
#   M3/M4 1 + 2 (BX: register target, a word-aligned return) + 1 + 1 = 5,
#   M0    1 + 2 + 2 + 2 (BL 4, BX 3) = 7,
#   M33   1 + 2 (Armv7-M fallback) + 1 + 1 = 5; and 2 instructions.
source "$(dirname "$0")/../lib.sh"
PLUGIN=${CYCLES_PLUGIN:-$TOP/build/cycles/cpcycles.so}
command -v arm-none-eabi-gcc >/dev/null || skip_all "no arm-none-eabi-gcc"
command -v qemu-system-arm >/dev/null || skip_all "no qemu-system-arm"
[ -f "$PLUGIN" ] || skip_all "no plugin at $PLUGIN (make cycles)"
d=$(tmpdir)

# The sequences, one window each, between "bl win" calls; the setup before
# each (outside the windows) gives the loads valid addresses: r0 points at
# RAM holding its own address.
armv7m_body() {
  cat <<'EOF'
  ldr r1, [r0]
  ldr r2, [r1]
  ldr r3, [r2]
  WIN
  ldr r1, [r0]
  ldr r2, [r0, #4]
  ldr r3, [r0, #8]
  WIN
  ldmia.w r0!, {r1-r8}
  WIN
  umlal r4, r5, r2, r3
  umlal r4, r5, r2, r3
  umlal r4, r5, r2, r3
  umlal r4, r5, r2, r3
  WIN
  movs r0, #2
1: subs r0, #1
  bne 1b
  WIN_POP
  pop {pc}
  .balign 4
2:
  WIN
  movs r2, #3
  udiv r0, r1, r2
  WIN
  cmp r0, #0
  ite eq
  moveq r1, #1
  movne r1, #2
  WIN
  movs r2, #0
  str r1, [r0, r2]
  ldr r3, [r0]
  WIN_IO
  ldr r1, [r2]
  movs r3, #1
  movs r3, #2
  WIN
  svc #0
  WIN
EOF
}

m0_body() {
  cat <<'EOF'
  ldr r1, [r0]
  ldr r2, [r1]
  ldr r3, [r2]
  WIN
  ldr r1, [r0]
  ldr r2, [r0, #4]
  ldr r3, [r0, #8]
  WIN
  ldm r0, {r0-r7}
  WIN
  muls r1, r2, r1
  muls r1, r2, r1
  muls r1, r2, r1
  muls r1, r2, r1
  WIN
  movs r0, #2
1: subs r0, #1
  bne 1b
  WIN_POP
  pop {pc}
  .balign 4
2:
  WIN
  movs r2, #0
  str r1, [r0, r2]
  ldr r3, [r0]
  WIN_IO
  ldr r1, [r2]
  movs r3, #1
  movs r3, #2
  WIN
  svc #0
  WIN
EOF
}

# program <core> <cpu> <text base> <ram>: the program's assembly. WIN
# closes the window before it and opens the next (setup in between);
# WIN_POP does the same and pushes the address of the label 2 for a
# "pop {pc}"; WIN_IO points r2 at SysTick's current value register.
program() {
  local ram=$4
  cat <<EOF
  .syntax unified
  .thumb
  .text
  .word $ram + 0x4000
  .word reset + 1
  .fill 9, 4, 0
  .word svc_handler + 1
  .fill 4, 4, 0
  .thumb_func
reset:
  ldr r0, =$ram
  str r0, [r0]
  .balign 4
  bl win
EOF
  "$1"_body | sed "s/^  WIN\$/  bl win\\n  ldr r0, =$ram\\n  str r0, [r0]\\n  .balign 4\\n  bl win/;
    s/^  WIN_IO\$/  bl win\\n  ldr r2, =0xE000E018\\n  .balign 4\\n  bl win/;
    s/^  WIN_POP\$/  bl win\\n  ldr r0, =$ram\\n  ldr r1, =2f + 1\\n  push {r1}\\n  .balign 4\\n  bl win/"
  cat <<'EOF'
  movs r0, #0x18
  ldr r1, =0x20026
  bkpt 0xab
  .thumb_func
win:
  bx lr
  .thumb_func
svc_handler:
  bx lr
  .ltorg
EOF
}

# run <board> <core> <cpu> <text base> <ram> <body>: the windows' lines
run() {
  local board=$1 core=$2 cpu=$3 base=$4 ram=$5 body=$6 win svc
  program "$body" "$cpu" "$base" "$ram" >"$d/$core.S"
  arm-none-eabi-gcc -mcpu="$cpu" -mthumb -nostdlib -Wl,-Ttext="$base" -Wl,--entry=reset \
    -o "$d/$core.elf" "$d/$core.S" 2>"$d/$core.as" || { cat "$d/$core.as" >&2; return 1; }
  win=$(arm-none-eabi-nm "$d/$core.elf" | awk '$3 == "win" { print $1 }')
  svc=$(arm-none-eabi-nm "$d/$core.elf" | awk '$3 == "svc_handler" { print $1 }')
  timeout 30 qemu-system-arm -M "$board" -display none -serial none -monitor none \
    -semihosting-config enable=on,target=native -icount shift=7 \
    -plugin "$PLUGIN,core=$core,window=0x$win,handler=0x$svc,out=3" -kernel "$d/$core.elf" 3>"$d/$core.out" >/dev/null 2>"$d/$core.err"
}

# expect <core> <window> <instructions> <cycles> <what>
expect() {
  local line
  line=$(grep "^window $2: " "$d/$1.out")
  check "$1: $5: $3 instructions (${line:-no window $2})" \
    [ "$(echo "$line" | awk '{ print $4 }')" = "$3" ]
  check "$1: $5: $4 cycles (${line:-no window $2})" \
    [ "$(echo "$line" | awk '{ print $6 }')" = "$4" ]
}

run mps2-an386 m4 cortex-m4 0x0 0x20000000 armv7m
check "m4: the program ran to its exit" [ -s "$d/m4.out" ]
# 6 + 5: dependent loads do not pipeline (2 + 2 + 2)
expect m4 0 5 11 "dependent loads"
# 4 + 5: 2 + 1 + 1
expect m4 1 5 9 "pipelined loads"
# 9 + 5: 1 + N
expect m4 2 3 14 "LDM of 8"
# 4 + 5: UMLAL 1 each
expect m4 3 6 9 "UMLAL chain"
# bx lr 1 + 2; movs, subs, bne taken 3 + 1; subs, bne not taken 2; bl 1 + 1 = 11
expect m4 4 7 11 "a loop: taken and not-taken branch"
# bx lr 1 + 2; pop {pc} 1 + N(1) + P(3) = 5; bl 1 + 1: 10
expect m4 5 3 10 "POP {pc}"
# movs 1 + udiv 12 + 5
expect m4 6 4 18 "division"
# cmp 1, ite folded 0, 1, 1 + 5
expect m4 7 6 8 "IT block"
# movs 1; str reg 2, + 1 as its offset is the MOVS result (no forwarding
# path to address generation); ldr 2 (nothing pipelines after a store); + 5
expect m4 8 5 11 "STR register offset then LDR"
# ldr 2, movs 1, movs 1 + 5: the load is an I/O access in the middle of a
# block, which QEMU abandons there and resumes in a new block; what the
# abandoned block did not run is not counted twice
expect m4 9 5 9 "an I/O load in the middle of a block"
# bx lr 1 + 2; svc 1; exception entry 12; the handler's bx lr 1;
# exception return 12; bl 1 + 1: 31 cycles, 4 instructions
expect m4 10 4 31 "SVC: exception entry and return"

run mps2-an385 m3 cortex-m3 0x0 0x20000000 armv7m
check "m3: the program ran to its exit" [ -s "$d/m3.out" ]
expect m3 0 5 11 "dependent loads"
expect m3 1 5 9 "pipelined loads"
expect m3 2 3 14 "LDM of 8"
# 4 x 7 (UMLAL 4 to 7, upper bound) + 5
expect m3 3 6 33 "UMLAL chain"
expect m3 4 7 11 "a loop: taken and not-taken branch"
expect m3 5 3 10 "POP {pc}"
expect m3 6 4 18 "division"
expect m3 7 6 8 "IT block"
expect m3 8 5 11 "STR register offset then LDR"
expect m3 9 5 9 "an I/O load in the middle of a block"
expect m3 10 4 31 "SVC: exception entry and return"

run microbit m0 cortex-m0 0x0 0x20000000 m0
check "m0: the program ran to its exit" [ -s "$d/m0.out" ]
# 2 + 2 + 2 + 7, dependent or not
expect m0 0 5 13 "dependent loads"
expect m0 1 5 13 "independent loads"
# 1 + 8 + 7
expect m0 2 3 16 "LDM of 8"
# MULS 1 (fast multiplier) x 4 + 7
expect m0 3 6 11 "MULS chain"
# bx lr 3; movs, subs, bne taken 2 + 3; subs, bne not taken 2; bl 4: 14
expect m0 4 7 14 "a loop: taken and not-taken branch"
# bx lr 3; pop {pc} 4 + N(1) = 5; bl 4: 12
expect m0 5 3 12 "POP {pc}"
# movs 1, str 2, ldr 2 + 7
expect m0 6 5 12 "STR register offset then LDR"
# ldr 2, movs 1, movs 1 + 7
expect m0 7 5 11 "an I/O load in the middle of a block"
# bx lr 3; svc 1; entry 16; bx lr 1; return 16; bl 4: 41
expect m0 8 4 41 "SVC: exception entry and return"

run mps2-an505 m33 cortex-m33 0x10000000 0x38000000 armv7m
check "m33: the program ran to its exit" [ -s "$d/m33.out" ]
# 1 + (1 + 1) + (1 + 1) + 5: load to use latency 2
expect m33 0 5 10 "dependent loads"
# 1 + 1 + 1 + 5
expect m33 1 5 8 "independent loads"
# N + 5
expect m33 2 3 13 "LDM of 8"
# 4 single-cycle MACs, accumulator chained + 5
expect m33 3 6 9 "UMLAL chain"
# bx lr 1 + 2; movs 1, subs 1, bne 0 + taken 2; subs 1, bne 0; bl 1 + 1: 10
expect m33 4 7 10 "a loop: taken and not-taken branch"
# bx lr 1 + 2; pop {pc} N(1) + 3; bl 1 + 1: 9
expect m33 5 3 9 "POP {pc}"
# movs 1 + udiv 12 + 5
expect m33 6 4 18 "division"
# cmp 1, ite dual-issued 0, 1, 1 + 5
expect m33 7 6 8 "IT block"
# movs 1, str 1, ldr 1 + 5
expect m33 8 5 8 "STR register offset then LDR"
# ldr 1, movs 1, movs 1 + 5
expect m33 9 5 8 "an I/O load in the middle of a block"
# as the M4: 3 + 1 + 12 + 1 + 12 + 2
expect m33 10 4 31 "SVC: exception entry and return"

for core in m7 m55; do
  qemu-system-arm -M mps2-an500 -display none -serial none -monitor none \
    -plugin "$PLUGIN,core=$core,window=0x0" -kernel "$d/m4.elf" >/dev/null 2>"$d/$core.refused"
  check "$core: refused, QEMU does not start (status $?)" grep -q "not modelled" "$d/$core.refused"
done
done_testing
