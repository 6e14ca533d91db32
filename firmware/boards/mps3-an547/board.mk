# Board facts of QEMU's mps3-an547 (Arm's AN547 FPGA image: Corstone SSE-300
# with a Cortex-M55, Armv8.1-M mainline with the DSP extension and Helium;
# TrustZone, running secure). Everything the build, the linker script and
# the firmware know about the board comes from here.
BOARD_CORE         := Cortex-M55
BOARD_CPU_FLAGS    := -mcpu=cortex-m55 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := mps3-an547
BOARD_NAME         := Arm MPS3 AN547 (Corstone SSE-300)
# Code in the secure alias of the 512 KiB ITCM (QEMU reads the secure vector
# table at 0x10000000), data in the secure alias of the 512 KiB DTCM.
BOARD_CODE_ORIGIN  := 0x10000000
BOARD_CODE_LENGTH  := 512K
BOARD_RAM_ORIGIN   := 0x30000000
BOARD_RAM_LENGTH   := 512K
BOARD_STACK_BYTES  := 131072
# The 512 KiB ITCM does not hold a whole suite (wolfSSL 5.7.2's is over
# 500 KiB): one image per part, as on the boards with little flash.
BOARD_BENCH_PARTS  := sym ec rsa pq
# The nominal clock is the frequency QEMU gives the core of this machine (the
# AN547 image's 32 MHz SYSCLK); SysTick counts it. Time = instructions / clock
# assumes one instruction per cycle, which is what the pages must say.
BOARD_CLOCK_HZ     := 32000000
BOARD_CLOCK_NOTE   := QEMU mps3-an547 SYSCLK (32 MHz, core clock of the AN547 FPGA image); time derived as instructions / clock, i.e. one instruction per cycle
BOARD_COUNTER      := instructions (QEMU icount)
BOARD_ICOUNT_SHIFT := 7
