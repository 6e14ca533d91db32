# NUCLEO-L552ZE-Q (STM32L552ZE, Cortex-M33 with DSP and FPU; TrustZone off):
# the board of ST's STM32L5 "Cryptographic Library Performance" pages, in
# their measurement configuration (110 MHz from the PLL, voltage range 0,
# flash latency 5 wait states, ICACHE on). Clock cycles from DWT CYCCNT,
# the document over LPUART1 (PG7/PG8), the ST-LINK virtual COM port;
# flashed with OpenOCD. firmware/README.md, "Measuring on your own board".
BOARD_CORE         := Cortex-M33
BOARD_CPU_FLAGS    := -mcpu=cortex-m33 -mthumb -mfloat-abi=soft
BOARD_MCU          := STM32L552ZE
BOARD_MCU_SHORT    := STM32L552
BOARD_NAME         := NUCLEO-L552ZE-Q
# 512 KiB of flash at 0x08000000, 256 KiB of SRAM (SRAM1 and SRAM2
# contiguous) at 0x20000000.
BOARD_CODE_ORIGIN  := 0x08000000
BOARD_CODE_LENGTH  := 512K
BOARD_RAM_ORIGIN   := 0x20000000
BOARD_RAM_LENGTH   := 256K
BOARD_STACK_BYTES  := 65536
# The clock the board layer sets up (hal/stm32l5.c); the run header reports
# what the registers read back, which is what the dataset says.
BOARD_CLOCK_HZ     := 110000000
BOARD_CLOCK_NOTE   := 110 MHz from the PLL
BOARD_COUNTER      := clock cycles (DWT CYCCNT)
BOARD_HAL          := console_uart counter_dwt stm32l5
BOARD_SPECS        := nosys.specs
BOARD_LIBC         := newlib (nosys, console on LPUART1)
BOARD_BAUD         := 115200
BOARD_REPEAT       := 5
# 512 KiB do not hold wolfSSL 5.7.2's whole suite: one image per part.
BOARD_BENCH_PARTS  := sym ec rsa pq
BOARD_LANE         := serial
BOARD_OPENOCD_CFG  := board/st_nucleo_l5.cfg
