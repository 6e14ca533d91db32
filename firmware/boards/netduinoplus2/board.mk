# QEMU's netduinoplus2 (an STM32F405, Cortex-M4): the STM32F4 board layer of
# nucleo-f446re (hal/stm32f4.c: clock set-up, USART2 console) run end to end
# in an emulator, so that the serial lane and the board code are tested
# without a board. QEMU does not model the RCC: the PLL never locks, every
# wait is bounded and the run header says so (the registers read back HSI).
# The counter is QEMU's instruction count (SysTick under -icount): QEMU's
# DWT does not count. Its SysTick runs from the 168 MHz the machine gives
# the core (BOARD_SYSTICK_HZ), whatever the RCC registers say.
BOARD_CORE         := Cortex-M4
BOARD_CPU_FLAGS    := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
BOARD_QEMU_MACHINE := netduinoplus2
BOARD_MCU          := STM32F405RG, emulated
BOARD_MCU_SHORT    := STM32F405
BOARD_NAME         := QEMU netduinoplus2
BOARD_CODE_ORIGIN  := 0x08000000
BOARD_CODE_LENGTH  := 1M
BOARD_RAM_ORIGIN   := 0x20000000
BOARD_RAM_LENGTH   := 128K
# 40 KiB of stack (the suite's deepest call: 34.7 KiB) leave the heap room
# for wolfSSL 5.7.2's ML-DSA verification (29 KiB) beside the harness's
# post-quantum buffers (31 KiB on the heap); with 48 KiB the heap grew into
# the stack region (the stack painting overrun check stopped it).
BOARD_STACK_BYTES  := 40960
BOARD_CLOCK_HZ     := 16000000
BOARD_CLOCK_NOTE   := HSI
BOARD_SYSTICK_HZ   := 168000000
BOARD_COUNTER      := instructions (QEMU icount)
BOARD_ICOUNT_SHIFT := 7
BOARD_HAL          := console_uart counter_icount counter_systick stm32f4
BOARD_F4_CLOCK     := -DCP_F4_PLL_M=16 -DCP_F4_PLL_N=192 -DCP_F4_PLL_P=8 -DCP_F4_FLASH_WS=0 -DCP_F4_ART=0
BOARD_SPECS        := nosys.specs
BOARD_LIBC         := newlib (nosys, console on USART2)
BOARD_BAUD         := 115200
BOARD_LANE         := qemu-serial
# QEMU's first -serial is USART1, the second USART2
BOARD_SERIAL_INDEX := 1
