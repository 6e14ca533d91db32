# NUCLEO-F446RE (STM32F446RE, Cortex-M4 with FPU): the M4 board of
# pqm4-style benchmarks, run as pqm4 runs its STM32F4 boards: 24 MHz from
# the PLL on HSI (16 MHz / M 16 x N 192 / P 8) with zero flash wait states
# and the ART accelerator and prefetch off, so that counts are core cycles,
# not flash waits. Clock cycles from DWT CYCCNT, the document over USART2
# (PA2/PA3), the ST-LINK virtual COM port; flashed with OpenOCD.
BOARD_CORE         := Cortex-M4
BOARD_CPU_FLAGS    := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
BOARD_MCU          := STM32F446RE
BOARD_MCU_SHORT    := STM32F446
BOARD_NAME         := NUCLEO-F446RE
BOARD_CODE_ORIGIN  := 0x08000000
BOARD_CODE_LENGTH  := 512K
BOARD_RAM_ORIGIN   := 0x20000000
BOARD_RAM_LENGTH   := 128K
# 40 KiB of stack (the suite's deepest call: 34.7 KiB) leave the heap room
# for wolfSSL 5.7.2's ML-DSA verification (29 KiB) beside the harness's
# post-quantum buffers (31 KiB on the heap); with 48 KiB the heap grew into
# the stack region (the stack painting overrun check stopped it).
BOARD_STACK_BYTES  := 40960
BOARD_CLOCK_HZ     := 24000000
BOARD_CLOCK_NOTE   := 24 MHz from the PLL
BOARD_COUNTER      := clock cycles (DWT CYCCNT)
BOARD_HAL          := console_uart counter_dwt stm32f4
BOARD_F4_CLOCK     := -DCP_F4_PLL_M=16 -DCP_F4_PLL_N=192 -DCP_F4_PLL_P=8 -DCP_F4_FLASH_WS=0 -DCP_F4_ART=0
BOARD_SPECS        := nosys.specs
BOARD_LIBC         := newlib (nosys, console on USART2)
BOARD_BAUD         := 115200
BOARD_REPEAT       := 5
BOARD_BENCH_PARTS  := sym ec rsa pq
BOARD_LANE         := serial
BOARD_OPENOCD_CFG  := board/st_nucleo_f4.cfg
