# Board facts of QEMU's microbit (BBC micro:bit v1: Nordic nRF51822, a
# Cortex-M0, Armv6-M: Thumb-1 only, no UMAAL, no 32x32->64 multiply; 256 KiB
# of flash, 16 KiB of RAM). Everything the build, the linker script and the
# firmware know about the board comes from here.
BOARD_CORE         := Cortex-M0
BOARD_CPU_FLAGS    := -mcpu=cortex-m0 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := microbit
BOARD_MCU          := Nordic nRF51822 (Cortex-M0), emulated
BOARD_MCU_SHORT    := nRF51822
BOARD_NAME         := BBC micro:bit v1 (QEMU microbit)
BOARD_CODE_ORIGIN  := 0x00000000
BOARD_CODE_LENGTH  := 256K
BOARD_RAM_ORIGIN   := 0x20000000
BOARD_RAM_LENGTH   := 16K
# What is left of the 16 KiB after the static data (newlib's ~2.7 KiB, the
# harness's buffers, the library's tables) is the heap; the stack region is
# fixed. Every case is checked against both before it runs (bench/case.c).
BOARD_STACK_BYTES  := 3072
# 256 KiB of flash do not hold a whole suite (wolfSSL 5.7.2's is over
# 500 KiB on Thumb-2): one image per part.
BOARD_BENCH_PARTS  := sym ec rsa pq
# What each case needs is measured by running this board's code (the same
# Armv6-M objects, a Cortex-M3 runs them) on mps2-an385's 4 MiB.
BOARD_NEEDS_PROBE  := mps2-an385
# Footprint and baseline images are never run: linked with room.
BOARD_FP_RAM_LENGTH := 4M
# The nominal clock is the nRF51's 16 MHz HCLK, the clock QEMU gives the core
# and its SysTick. Time comes from the cycle model's estimated cycles at
# this clock (firmware/cycles/), which the pages say.
BOARD_CLOCK_HZ     := 16000000
BOARD_CLOCK_NOTE   := QEMU microbit HCLK (16 MHz, the nRF51822 core clock); time derived as the cycle model estimate of cycles / clock (0 wait states)
BOARD_COUNTER      := instructions (QEMU icount)
BOARD_ICOUNT_SHIFT := 7
