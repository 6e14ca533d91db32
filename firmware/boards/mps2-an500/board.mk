# Board facts of QEMU's mps2-an500 (Arm's AN500 FPGA image: Cortex-M7,
# Armv7E-M with the DSP extension; QEMU models neither its caches nor its
# dual-issue pipeline, so instruction counts are the M4's where the code is
# the same). Everything the build, the linker script and the firmware know
# about the board comes from here.
BOARD_CORE         := Cortex-M7
BOARD_CPU_FLAGS    := -mcpu=cortex-m7 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an500
# Code in ZBT SSRAM1 at 0 (the vector table is read there); data in SSRAM2/3
# at 0x20000000 (QEMU: 4 MiB each).
BOARD_CODE_ORIGIN  := 0x00000000
BOARD_CODE_LENGTH  := 4M
BOARD_RAM_ORIGIN   := 0x20000000
BOARD_RAM_LENGTH   := 4M
BOARD_STACK_BYTES  := 131072
# The nominal clock is the frequency QEMU gives the core of this machine (the
# MPS2 images' 25 MHz SYSCLK); SysTick counts it. Time = instructions / clock
# assumes one instruction per cycle, which is what the pages must say.
BOARD_CLOCK_HZ     := 25000000
BOARD_CLOCK_NOTE   := QEMU mps2-an500 SYSCLK (25 MHz, core clock of the MPS2 FPGA images); time derived as instructions / clock, i.e. one instruction per cycle
BOARD_COUNTER      := instructions (QEMU icount)
BOARD_ICOUNT_SHIFT := 7
