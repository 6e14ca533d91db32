/* STM32F4 board layer (register level, RM0390 for the STM32F446 and RM0090
 * for the STM32F405): the clock tree the board asks for (CP_F4_PLL_M/N/P
 * from HSI, CP_F4_FLASH_WS), USART2 on PA2/PA3 as the console (the ST-LINK
 * virtual COM port of a Nucleo-64; QEMU's netduinoplus2 has it too), and the
 * facts of the run header read back from the registers, never from the
 * build's constants. Registers are named only through stm32f446_regs.h
 * (the STM32F405 has them at the same addresses). Every wait for a hardware
 * flag is bounded: QEMU does not model the RCC (it reads 0), so a PLL that
 * never locks leaves the core on HSI and the run header says so. */
#include <stdint.h>
#include <stdio.h>
#include "hal.h"
#include "stm32f446_regs.h"

enum { HSI_HZ = 16000000u, WAIT = 100000 };

static int pll_locked = -1; /* -1: not asked for */

/* Waits until (reg & mask) == want, at most WAIT polls; 1 when it held. */
static int wait_for(volatile uint32_t *reg, uint32_t mask, uint32_t want)
{
  for (int i = 0; i < WAIT; i++)
    if ((*reg & mask) == want)
      return 1;
  return 0;
}

void cp_board_init(void)
{
#if defined(CP_F4_PLL_M)
  RCC_APB1ENR |= 1u << 28; /* PWREN */
  RCC_CR |= 1u;            /* HSION */
  wait_for(&RCC_CR, 2u, 2u);
  /* flash wait states before the clock rises; prefetch and the ART
   * caches as the board asks (CP_F4_ART: ICEN | DCEN | PRFTEN) */
  FLASH_ACR = (FLASH_ACR & ~0xFu) | (CP_F4_FLASH_WS & 0xFu) | (CP_F4_ART ? 0x700u : 0u);
  RCC_CR &= ~(1u << 24); /* PLL off to configure it */
  /* PLLQ and PLLR feed nothing here (SYSCLK takes P): their reset values,
   * which RM0390 allows (Q 2..15, R 2..7; R = 0 is forbidden). On the
   * STM32F405 bits 31:28 are reserved and 2 is their reset value too. */
  RCC_PLLCFGR = (CP_F4_PLL_M & 0x3Fu) | ((CP_F4_PLL_N & 0x1FFu) << 6) | (((CP_F4_PLL_P / 2u - 1u) & 3u) << 16) |
                (0u << 22) /* source HSI */ | (4u << 24) /* PLLQ */ | (2u << 28) /* PLLR */;
  RCC_CR |= 1u << 24;
  pll_locked = wait_for(&RCC_CR, 1u << 25, 1u << 25);
  if (pll_locked) {
    RCC_CFGR = (RCC_CFGR & ~0xFCF3u) | 2u; /* AHB, APB1, APB2 /1; SW = PLL */
    wait_for(&RCC_CFGR, 0xCu, 0x8u);
  }
#endif
}

/* SYSCLK/HCLK from the registers: the source the switch reports, the PLL's
 * M, N, P as configured, the AHB prescaler. */
unsigned long cp_board_clock_hz(void)
{
  uint32_t cfgr = RCC_CFGR, sws = (cfgr >> 2) & 3u;
  uint64_t hz = HSI_HZ;
  if (sws == 2u) {
    uint32_t pll = RCC_PLLCFGR, m = pll & 0x3Fu, n = (pll >> 6) & 0x1FFu, p = (((pll >> 16) & 3u) + 1u) * 2u;
    hz = m ? (uint64_t)HSI_HZ / m * n / p : 0;
  }
  uint32_t hpre = (cfgr >> 4) & 0xFu;
  static const uint16_t ahb_div[8] = { 2, 4, 8, 16, 64, 128, 256, 512 };
  return (unsigned long)(hpre & 8u ? hz / ahb_div[hpre & 7u] : hz);
}

const char *cp_board_clock_note(void)
{
  if (((RCC_CFGR >> 2) & 3u) == 2u)
    return "read back from RCC: SYSCLK from the PLL on HSI (16 MHz x N / M / P), AHB prescaler applied";
  return pll_locked == 0 ? "read back from RCC: the PLL did not lock (QEMU does not model the RCC), the core runs on"
                           " HSI at 16 MHz as far as the registers tell"
                         : "read back from RCC: SYSCLK from HSI (16 MHz)";
}

void cp_board_report_system(void)
{
  uint32_t acr = FLASH_ACR;
  printf("  system:\n");
  printf("    flash_latency_ws: %lu\n", (unsigned long)(acr & 0xFu));
  /* VOS: 1 scale 3, 2 scale 2, 3 scale 1 (RM0390 PWR_CR) */
  static const char *const vos[4] = { "Scale 3", "Scale 3", "Scale 2", "Scale 1" };
  printf("    voltage_scaling: \"%s\"\n", vos[(PWR_CR >> 14) & 3u]);
  printf("    prefetch_art: %lu\n", (unsigned long)((acr >> 8) & 1u));
  printf("    icache: %lu\n", (unsigned long)((acr >> 9) & 1u));
  printf("    dcache: %lu\n", (unsigned long)((acr >> 10) & 1u));
}

void cp_board_console_init(void);
void cp_board_putc(char c);

void cp_board_console_init(void)
{
  RCC_AHB1ENR |= 1u;       /* GPIOA */
  RCC_APB1ENR |= 1u << 17; /* USART2 */
  /* PA2 (TX) and PA3 (RX) in alternate function 7 */
  GPIOA_MODER = (GPIOA_MODER & ~(0xFu << 4)) | (0xAu << 4);
  GPIOA_AFRL = (GPIOA_AFRL & ~(0xFFu << 8)) | (0x77u << 8);
  /* 16x oversampling: BRR = f / baud as mantissa.fraction (4 bits) */
  unsigned long pclk = cp_board_clock_hz();
  USART2_BRR = (uint32_t)((pclk + CP_BAUD / 2) / CP_BAUD);
  USART2_CR1 = (1u << 13) | (1u << 3) | (1u << 2); /* UE, TE, RE */
}

void cp_board_putc(char c)
{
  wait_for(&USART2_SR, 1u << 7, 1u << 7); /* TXE */
  USART2_DR = (uint8_t)c;
}
