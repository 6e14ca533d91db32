/* The STM32F446's registers that its board layer (stm32f4.c) touches, and
 * the peripheral blocks the chip has. The board layer names a register only
 * through this table; tests/firmware/board-registers.t compiles the board
 * layer and fails on any peripheral address in its code that is not a
 * register here, and on any register here outside the blocks below.
 *
 * Each line: name, address, the section of RM0390 (STM32F446xx reference
 * manual) that describes it. Addresses checked against ST's CMSIS device
 * header stm32f446xx.h. QEMU's netduinoplus2 (an STM32F405, RM0090) runs the
 * same code: these registers sit at the same addresses there. */
#ifndef CP_STM32F446_REGS_H
#define CP_STM32F446_REGS_H
#include <stdint.h>

#define CP_REG(addr) (*(volatile uint32_t *)(addr))

#define USART2_SR     CP_REG(0x40004400u) /* RM0390 25.6.1 Status register (USART_SR) */
#define USART2_DR     CP_REG(0x40004404u) /* RM0390 25.6.2 Data register (USART_DR) */
#define USART2_BRR    CP_REG(0x40004408u) /* RM0390 25.6.3 Baud rate register (USART_BRR) */
#define USART2_CR1    CP_REG(0x4000440Cu) /* RM0390 25.6.4 Control register 1 (USART_CR1) */
#define PWR_CR        CP_REG(0x40007000u) /* RM0390 5.4.1 PWR power control register: VOS[15:14] */
#define GPIOA_MODER   CP_REG(0x40020000u) /* RM0390 7.4.1 GPIO port mode register */
#define GPIOA_AFRL    CP_REG(0x40020020u) /* RM0390 7.4.9 GPIO alternate function low register */
#define RCC_CR        CP_REG(0x40023800u) /* RM0390 6.3.1 RCC clock control register */
#define RCC_PLLCFGR   CP_REG(0x40023804u) /* RM0390 6.3.2 RCC PLL configuration register */
#define RCC_CFGR      CP_REG(0x40023808u) /* RM0390 6.3.3 RCC clock configuration register */
#define RCC_AHB1ENR   CP_REG(0x40023830u) /* RM0390 6.3.10 RCC AHB1 peripheral clock enable register */
#define RCC_APB1ENR   CP_REG(0x40023840u) /* RM0390 6.3.13 RCC APB1 peripheral clock enable register */
#define FLASH_ACR     CP_REG(0x40023C00u) /* RM0390 3.8.1 Flash access control register */

/* The peripheral blocks of the chip on the buses above, from the memory map
 * (RM0390 2.2.2, memory map and register boundary addresses), 1 KB each.
 *
 * block APB1 TIM2       0x40000000
 * block APB1 TIM3       0x40000400
 * block APB1 TIM4       0x40000800
 * block APB1 TIM5       0x40000C00
 * block APB1 TIM6       0x40001000
 * block APB1 TIM7       0x40001400
 * block APB1 TIM12      0x40001800
 * block APB1 TIM13      0x40001C00
 * block APB1 TIM14      0x40002000
 * block APB1 RTC        0x40002800
 * block APB1 WWDG       0x40002C00
 * block APB1 IWDG       0x40003000
 * block APB1 SPI2       0x40003800
 * block APB1 SPI3       0x40003C00
 * block APB1 SPDIFRX    0x40004000
 * block APB1 USART2     0x40004400
 * block APB1 USART3     0x40004800
 * block APB1 UART4      0x40004C00
 * block APB1 UART5      0x40005000
 * block APB1 I2C1       0x40005400
 * block APB1 I2C2       0x40005800
 * block APB1 I2C3       0x40005C00
 * block APB1 FMPI2C1    0x40006000
 * block APB1 CAN1       0x40006400
 * block APB1 CAN2       0x40006800
 * block APB1 CEC        0x40006C00
 * block APB1 PWR        0x40007000
 * block APB1 DAC        0x40007400
 * block APB2 TIM1       0x40010000
 * block APB2 TIM8       0x40010400
 * block APB2 USART1     0x40011000
 * block APB2 USART6     0x40011400
 * block APB2 ADC        0x40012000
 * block APB2 SDIO       0x40012C00
 * block APB2 SPI1       0x40013000
 * block APB2 SPI4       0x40013400
 * block APB2 SYSCFG     0x40013800
 * block APB2 EXTI       0x40013C00
 * block APB2 TIM9       0x40014000
 * block APB2 TIM10      0x40014400
 * block APB2 TIM11      0x40014800
 * block APB2 SAI1       0x40015800
 * block APB2 SAI2       0x40015C00
 * block AHB1 GPIOA      0x40020000
 * block AHB1 GPIOB      0x40020400
 * block AHB1 GPIOC      0x40020800
 * block AHB1 GPIOD      0x40020C00
 * block AHB1 GPIOE      0x40021000
 * block AHB1 GPIOF      0x40021400
 * block AHB1 GPIOG      0x40021800
 * block AHB1 GPIOH      0x40021C00
 * block AHB1 CRC        0x40023000
 * block AHB1 RCC        0x40023800
 * block AHB1 FLASH      0x40023C00
 * block AHB1 DMA1       0x40026000
 * block AHB1 DMA2       0x40026400
 */
#endif
