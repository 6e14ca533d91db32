# Board facts of QEMU's mps2-an505 (Arm's AN505 FPGA image: Cortex-M33 with
# TrustZone, DSP and FPU). Everything the build, the linker script and the
# firmware know about the board comes from here.
BOARD_CORE         := Cortex-M33
BOARD_CPU_FLAGS    := -mcpu=cortex-m33 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps2-an505
# Code runs from the secure alias of SSRAM1 (QEMU reads the secure vector
# table at 0x10000000); data in the secure alias of SSRAM2 at 0x38000000.
BOARD_CODE_ORIGIN  := 0x10000000
BOARD_CODE_LENGTH  := 4M
BOARD_RAM_ORIGIN   := 0x38000000
BOARD_RAM_LENGTH   := 2M
BOARD_STACK_BYTES  := 131072
# The nominal clock is the frequency QEMU gives the core of this machine (the
# AN505 image's 20 MHz SYSCLK); SysTick counts it. Time comes from the cycle model's
# estimated cycles at this clock (firmware/cycles/), which the pages say.
BOARD_CLOCK_HZ     := 20000000
BOARD_CLOCK_NOTE   := QEMU mps2-an505 SYSCLK (20 MHz, core clock of the AN505 FPGA image); time derived as the cycle model estimate of cycles / clock (0 wait states)
BOARD_COUNTER      := instructions (QEMU icount)
BOARD_ICOUNT_SHIFT := 7
