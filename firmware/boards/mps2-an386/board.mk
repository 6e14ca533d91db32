# Board facts of QEMU's mps2-an386 (Arm's AN386 FPGA image: Cortex-M4 with
# FPU). Everything the build, the linker script and the firmware know about
# the board comes from here.
BOARD_CORE         := Cortex-M4
BOARD_CPU_FLAGS    := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an386
# Code in ZBT SSRAM1 at 0 (the vector table is read there); data in SSRAM2/3
# at 0x20000000.
BOARD_CODE_ORIGIN  := 0x00000000
BOARD_CODE_LENGTH  := 4M
BOARD_RAM_ORIGIN   := 0x20000000
BOARD_RAM_LENGTH   := 4M
BOARD_STACK_BYTES  := 131072
# The nominal clock is the frequency QEMU gives the core of this machine (the
# MPS2 images' 25 MHz SYSCLK); SysTick counts it. Time comes from the cycle model's
# estimated cycles at this clock (firmware/cycles/), which the pages say.
BOARD_CLOCK_HZ     := 25000000
BOARD_CLOCK_NOTE   := QEMU mps2-an386 SYSCLK (25 MHz, core clock of the MPS2 FPGA images); time derived as the cycle model estimate of cycles / clock (0 wait states)
BOARD_COUNTER      := instructions (QEMU icount)
BOARD_ICOUNT_SHIFT := 7
