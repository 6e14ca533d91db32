/* The STM32L552's registers that its board layer (stm32l5.c) touches, and
 * the peripheral blocks the chip has. The board layer names a register only
 * through this table, so that an address the chip does not have cannot
 * slip in: the STM32L5 board code once read a DCACHE_CR at 0x40031400, a
 * block of the STM32U5 and H5 that the L552 lacks (a reserved address on
 * silicon). tests/firmware/board-registers.t compiles the board layer and
 * fails on any peripheral address in its code that is not a register here,
 * and on any register here outside the blocks below.
 *
 * Non-secure aliases (TrustZone off). Each line: name, address, the section
 * of RM0438 (STM32L552xx/STM32L562xx reference manual) that describes it.
 * Addresses checked against ST's CMSIS device header stm32l552xx.h
 * (peripheral bases and register offsets). */
#ifndef CP_STM32L552_REGS_H
#define CP_STM32L552_REGS_H
#include <stdint.h>

#define CP_REG(addr) (*(volatile uint32_t *)(addr))

#define PWR_CR1       CP_REG(0x40007000u) /* RM0438 8.6.1 PWR control register 1: VOS[10:9] */
#define PWR_CR2       CP_REG(0x40007004u) /* RM0438 8.6.2 PWR control register 2: IOSV */
#define PWR_CR4       CP_REG(0x4000700Cu) /* RM0438 8.6.4 PWR control register 4: SMPSBYP, SMPSLPEN */
#define PWR_SR1       CP_REG(0x40007010u) /* RM0438 8.6.5 PWR status register 1: SMPSBYPRDY, SMPSHPRDY */
#define PWR_SR2       CP_REG(0x40007014u) /* RM0438 8.6.6 PWR status register 2: REGLPF, VOSF */
#define LPUART1_CR1   CP_REG(0x40008000u) /* RM0438 45.7.1 LPUART control register 1 */
#define LPUART1_BRR   CP_REG(0x4000800Cu) /* RM0438 45.7.4 LPUART baud rate register */
#define LPUART1_ISR   CP_REG(0x4000801Cu) /* RM0438 45.7.6 LPUART interrupt and status register */
#define LPUART1_TDR   CP_REG(0x40008028u) /* RM0438 45.7.9 LPUART transmit data register */
#define RCC_CR        CP_REG(0x40021000u) /* RM0438 9.8.1 RCC clock control register */
#define RCC_CFGR      CP_REG(0x40021008u) /* RM0438 9.8.3 RCC clock configuration register */
#define RCC_PLLCFGR   CP_REG(0x4002100Cu) /* RM0438 9.8.4 RCC PLL configuration register */
#define RCC_AHB2ENR   CP_REG(0x4002104Cu) /* RM0438 9.8.17 RCC AHB2 peripheral clock enable register */
#define RCC_APB1ENR1  CP_REG(0x40021058u) /* RM0438 9.8.19 RCC APB1 peripheral clock enable register 1 */
#define RCC_APB1ENR2  CP_REG(0x4002105Cu) /* RM0438 9.8.20 RCC APB1 peripheral clock enable register 2 */
#define RCC_CCIPR1    CP_REG(0x40021088u) /* RM0438 9.8.28 RCC peripherals independent clock configuration register 1 */
#define RCC_CSR       CP_REG(0x40021094u) /* RM0438 9.8.30 RCC control/status register: MSISRANGE */
#define FLASH_ACR     CP_REG(0x40022000u) /* RM0438 6.9.1 FLASH access control register */
#define ICACHE_CR     CP_REG(0x40030400u) /* RM0438 7.7.1 ICACHE control register */
#define ICACHE_SR     CP_REG(0x40030404u) /* RM0438 7.7.2 ICACHE status register: BUSYF */
#define GPIOG_MODER   CP_REG(0x42021800u) /* RM0438 11.4.1 GPIO port mode register */
#define GPIOG_AFRL    CP_REG(0x42021820u) /* RM0438 11.4.9 GPIO alternate function low register */
#define GPIOG_AFRH    CP_REG(0x42021824u) /* RM0438 11.4.10 GPIO alternate function high register */

/* The peripheral blocks of the chip on the buses above, from the memory map
 * (RM0438 2.3.2, memory map and peripheral register boundary addresses),
 * non-secure, 1 KB each. There is nothing between EXTI (AHB1 + 0xF400) and
 * ICACHE (AHB1 + 0x10400), nor between ICACHE and GTZC_TZSC (AHB1 +
 * 0x12400): no DCACHE, no block at AHB1 + 0x11400.
 *
 * block APB1 TIM2       0x40000000
 * block APB1 TIM3       0x40000400
 * block APB1 TIM4       0x40000800
 * block APB1 TIM5       0x40000C00
 * block APB1 TIM6       0x40001000
 * block APB1 TIM7       0x40001400
 * block APB1 RTC        0x40002800
 * block APB1 WWDG       0x40002C00
 * block APB1 IWDG       0x40003000
 * block APB1 TAMP       0x40003400
 * block APB1 SPI2       0x40003800
 * block APB1 SPI3       0x40003C00
 * block APB1 USART2     0x40004400
 * block APB1 USART3     0x40004800
 * block APB1 UART4      0x40004C00
 * block APB1 UART5      0x40005000
 * block APB1 I2C1       0x40005400
 * block APB1 I2C2       0x40005800
 * block APB1 I2C3       0x40005C00
 * block APB1 CRS        0x40006000
 * block APB1 PWR        0x40007000
 * block APB1 DAC1       0x40007400
 * block APB1 OPAMP      0x40007800
 * block APB1 LPTIM1     0x40007C00
 * block APB1 LPUART1    0x40008000
 * block APB1 I2C4       0x40008400
 * block APB1 LPTIM2     0x40009400
 * block APB1 LPTIM3     0x40009800
 * block APB1 FDCAN1     0x4000A400
 * block APB1 USB        0x4000D400
 * block APB1 UCPD1      0x4000DC00
 * block APB2 SYSCFG     0x40010000
 * block APB2 TIM1       0x40012C00
 * block APB2 SPI1       0x40013000
 * block APB2 TIM8       0x40013400
 * block APB2 USART1     0x40013800
 * block APB2 TIM15      0x40014000
 * block APB2 TIM16      0x40014400
 * block APB2 TIM17      0x40014800
 * block APB2 SAI1       0x40015400
 * block APB2 SAI2       0x40015800
 * block APB2 DFSDM1     0x40016000
 * block AHB1 DMA1       0x40020000
 * block AHB1 DMA2       0x40020400
 * block AHB1 DMAMUX1    0x40020800
 * block AHB1 RCC        0x40021000
 * block AHB1 FLASH      0x40022000
 * block AHB1 CRC        0x40023000
 * block AHB1 TSC        0x40024000
 * block AHB1 EXTI       0x4002F400
 * block AHB1 ICACHE     0x40030400
 * block AHB1 GTZC_TZSC  0x40032400
 * block AHB1 GTZC_TZIC  0x40032800
 * block AHB1 GTZC_MPCBB1 0x40032C00
 * block AHB1 GTZC_MPCBB2 0x40033000
 * block AHB2 GPIOA      0x42020000
 * block AHB2 GPIOB      0x42020400
 * block AHB2 GPIOC      0x42020800
 * block AHB2 GPIOD      0x42020C00
 * block AHB2 GPIOE      0x42021000
 * block AHB2 GPIOF      0x42021400
 * block AHB2 GPIOG      0x42021800
 * block AHB2 GPIOH      0x42021C00
 * block AHB2 ADC        0x42028000
 * block AHB2 HASH       0x420C0400
 * block AHB2 RNG        0x420C0800
 * block AHB2 SDMMC1     0x420C8000
 */
#endif
