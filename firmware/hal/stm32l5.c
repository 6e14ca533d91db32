/* STM32L5 board layer (register level, RM0438; TrustZone off, the
 * non-secure addresses): the clock tree of ST's measurement configuration
 * of the STM32L5 pages, 110 MHz from the PLL on MSI (4 MHz x 55 / 2),
 * voltage range 0, 5 flash wait states, ICACHE on; LPUART1 on PG7/PG8 as
 * the console (the ST-LINK virtual COM port of the NUCLEO-L552ZE-Q; port G
 * is powered from VDDIO2, which must be declared valid first); and the
 * facts of the run header read back from the registers. Registers are named
 * only through stm32l552_regs.h, the chip's own (no DCACHE: the L552 has
 * none). Every wait for a hardware flag is bounded. What 110 MHz needs
 * (the regulator able to hold range 0, range 0 confirmed, the wait states)
 * is read back before the clock rises; without it the core stays on MSI
 * and the image refuses to measure. */
#include <stdint.h>
#include <stdio.h>
#include "hal.h"
#include "stm32l552_regs.h"

enum {
  WAIT = 200000,
  RCC_APB1ENR1_PWREN = 1u << 28,
  PWR_CR1_VOS_SHIFT = 9, /* VOS[10:9]: 00 range 0, 01 range 1, 10 range 2 */
  PWR_CR4_SMPSLPEN = 1u << 15,
  PWR_SR1_SMPSBYPRDY = 1u << 12,
  PWR_SR1_SMPSHPRDY = 1u << 15,
  PWR_SR2_REGLPF = 1u << 9,
  PWR_SR2_VOSF = 1u << 10,
  ICACHE_CR_EN = 1u,
  ICACHE_SR_BUSYF = 1u,
  FLASH_WS = 5,
};
static const char *problem; /* what the clock set-up could not do: the run header says it */
static const char *refusal; /* why this board must not be measured: said once the console is up */

static int wait_for(volatile uint32_t *reg, uint32_t mask, uint32_t want)
{
  for (int i = 0; i < WAIT; i++)
    if ((*reg & mask) == want)
      return 1;
  return 0;
}

/* The SMPS (the -Q part's regulator) as PWR_SR1 reports it: low-power mode
 * reads neither ready flag, and in it the voltage scaling cannot change
 * (RM0438, SMPS step-down converter). A part without an SMPS would read the
 * same and be refused, not measured on a guess. */
static const char *regulator(void)
{
  uint32_t sr1 = PWR_SR1;
  if (sr1 & PWR_SR1_SMPSBYPRDY)
    return "SMPS in bypass mode (LDO)";
  return sr1 & PWR_SR1_SMPSHPRDY ? "SMPS in high-power mode" : "SMPS in low-power mode";
}

static unsigned long vos(void)
{
  return (PWR_CR1 >> PWR_CR1_VOS_SHIFT) & 3u;
}

/* Range 0, confirmed: VOS written, VOSF cleared, VOS read back as range 0
 * (VOSF is also clear when the write never took). NULL when it holds. */
static const char *range0(void)
{
  if ((PWR_SR2 & PWR_SR2_REGLPF) != 0)
    return "the main regulator is in low-power mode (PWR_SR2 REGLPF): voltage range 0 cannot be set";
  if ((PWR_CR4 & PWR_CR4_SMPSLPEN) != 0 || !(PWR_SR1 & (PWR_SR1_SMPSHPRDY | PWR_SR1_SMPSBYPRDY)))
    return "the SMPS is in or asked for low-power mode (PWR_CR4 SMPSLPEN set, or PWR_SR1 reads neither"
           " SMPSHPRDY nor SMPSBYPRDY): voltage range 0 cannot be set";
  PWR_CR1 &= ~(3u << PWR_CR1_VOS_SHIFT);
  if (!wait_for(&PWR_SR2, PWR_SR2_VOSF, 0))
    return "voltage range 0 not reached (PWR_SR2 VOSF still set)";
  if (vos() != 0)
    return "voltage range 0 not set (PWR_CR1 VOS does not read 0)";
  return NULL;
}

void cp_board_init(void)
{
  RCC_APB1ENR1 |= RCC_APB1ENR1_PWREN;
  (void)RCC_APB1ENR1; /* the PWR clock is on before PWR is read */
  refusal = range0();
  if (refusal)
    return;
  FLASH_ACR = (FLASH_ACR & ~0xFu) | FLASH_WS;
  if ((FLASH_ACR & 0xFu) != FLASH_WS) {
    refusal = "flash latency of 5 wait states not set (FLASH_ACR)";
    return;
  }
  /* PLL: MSI (4 MHz after reset) / M 1 x N 55 = 220 MHz VCO, / R 2 = 110 MHz */
  RCC_CR &= ~(1u << 24);
  wait_for(&RCC_CR, 1u << 25, 0);
  RCC_PLLCFGR = 1u /* MSI */ | (0u << 4) /* M = 1 */ | (55u << 8) | (1u << 24) /* PLLREN */ | (0u << 25) /* R = 2 */;
  RCC_CR |= 1u << 24;
  if (!wait_for(&RCC_CR, 1u << 25, 1u << 25)) {
    problem = "the PLL did not lock";
  } else {
    /* above 80 MHz the AHB runs at half speed for 1 us first (RM0438) */
    RCC_CFGR = (RCC_CFGR & ~0xF0u) | (8u << 4);
    RCC_CFGR = (RCC_CFGR & ~3u) | 3u;
    if (!wait_for(&RCC_CFGR, 0xCu, 0xCu))
      problem = "the switch to the PLL was not confirmed";
    for (volatile int i = 0; i < 200; i++)
      ;
    RCC_CFGR &= ~0xF0u;
  }
  /* the ICACHE invalidates itself after reset (BUSYF set); enabled before
   * that ends it would serve lines of no meaning. Left off otherwise, and
   * the run header reads it back off. */
  if (wait_for(&ICACHE_SR, ICACHE_SR_BUSYF, 0))
    ICACHE_CR |= ICACHE_CR_EN;
}

/* MSI ranges (RM0438 RCC_CR.MSIRANGE) in kHz. */
static const uint16_t msi_khz[12] = { 100, 200, 400, 800, 1000, 2000, 4000, 8000, 16000, 24000, 32000, 48000 };

static uint64_t msi_hz(void)
{
  uint32_t cr = RCC_CR;
  uint32_t range = cr & 8u ? (cr >> 4) & 0xFu : (RCC_CSR >> 8) & 0xFu;
  return range < 12 ? (uint64_t)msi_khz[range] * 1000u : 0;
}

unsigned long cp_board_clock_hz(void)
{
  uint32_t cfgr = RCC_CFGR, sws = (cfgr >> 2) & 3u;
  uint64_t hz = sws == 0u ? msi_hz() : sws == 1u ? 16000000u : 0;
  if (sws == 3u) {
    uint32_t pll = RCC_PLLCFGR, src = pll & 3u;
    uint64_t in = src == 1u ? msi_hz() : src == 2u ? 16000000u : 0;
    uint32_t m = ((pll >> 4) & 0xFu) + 1u, n = (pll >> 8) & 0x7Fu, r = (((pll >> 25) & 3u) + 1u) * 2u;
    hz = in / m * n / r;
  }
  uint32_t hpre = (cfgr >> 4) & 0xFu;
  static const uint16_t ahb_div[8] = { 2, 4, 8, 16, 64, 128, 256, 512 };
  return (unsigned long)(hpre & 8u ? hz / ahb_div[hpre & 7u] : hz);
}

const char *cp_board_clock_note(void)
{
  if (problem)
    return problem;
  return ((RCC_CFGR >> 2) & 3u) == 3u ? "read back from RCC: SYSCLK from the PLL on MSI (x N / M / R), AHB prescaler"
                                        " applied"
                                      : "read back from RCC: SYSCLK not from the PLL";
}

/* No dcache line: the STM32L552 has no data cache (its DCACHE1 block is
 * the STM32U5's and H5's), so there is nothing to read back. */
void cp_board_report_system(void)
{
  static const char *const range[4] = { "Range 0", "Range 1", "Range 2", "reserved" };
  printf("  system:\n");
  printf("    flash_latency_ws: %lu\n", (unsigned long)(FLASH_ACR & 0xFu));
  printf("    voltage_scaling: \"%s\"\n", range[vos()]);
  printf("    regulator: \"%s\"\n", regulator());
  printf("    icache: %lu\n", (unsigned long)(ICACHE_CR & ICACHE_CR_EN));
}

void cp_board_console_init(void);
void cp_board_putc(char c);

void cp_board_console_init(void)
{
  PWR_CR2 |= 1u << 9;        /* IOSV: VDDIO2 valid, port G usable */
  RCC_AHB2ENR |= 1u << 6;    /* GPIOG */
  RCC_APB1ENR2 |= 1u;        /* LPUART1 */
  RCC_CCIPR1 &= ~(3u << 10); /* LPUART1 kernel clock: PCLK1 */
  /* PG7 (TX), PG8 (RX) in alternate function 8 */
  GPIOG_MODER = (GPIOG_MODER & ~(0xFu << 14)) | (0xAu << 14);
  GPIOG_AFRL = (GPIOG_AFRL & ~(0xFu << 28)) | (8u << 28);
  GPIOG_AFRH = (GPIOG_AFRH & ~0xFu) | 8u;
  /* LPUART: BRR = 256 x f / baud */
  LPUART1_BRR = (uint32_t)(((uint64_t)cp_board_clock_hz() * 256u + CP_BAUD / 2) / CP_BAUD);
  LPUART1_CR1 = (1u << 3) | (1u << 2) | 1u; /* TE, RE, UE */
  /* cp_board_init runs before there is a console: its refusal is said as
   * soon as one exists, before any figure */
  if (refusal)
    cp_harness_error(refusal);
}

void cp_board_putc(char c)
{
  wait_for(&LPUART1_ISR, 1u << 7, 1u << 7); /* TXE (TXFNF) */
  LPUART1_TDR = (uint8_t)c;
}
