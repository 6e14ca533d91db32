/* Clock cycles from the DWT cycle counter (CYCCNT, Armv7-M and Armv8-M
 * Mainline), for boards on silicon. Trace is enabled (DEMCR.TRCENA), the
 * counter unlocked where a lock access register exists (Cortex-M7), reset
 * and started. A counter that does not count (QEMU models none: it reads 0)
 * is refused: no figure is ever taken from it. 32 bits at the core clock
 * last 39 s at 110 MHz, longer than any single call of the suite. */
#include <stdint.h>
#include "hal.h"
#include "stack_paint.h"

#define DEMCR (*(volatile uint32_t *)0xE000EDFCu)
#define DWT_CTRL (*(volatile uint32_t *)0xE0001000u)
#define DWT_CYCCNT (*(volatile uint32_t *)0xE0001004u)
#define DWT_LAR (*(volatile uint32_t *)0xE0001FB0u)
enum { DEMCR_TRCENA = 1u << 24, DWT_CTRL_CYCCNTENA = 1u };

const char *cp_counter_kind(void)
{
  return "cycles";
}

const char *cp_counter_method(void)
{
  return "DWT CYCCNT (the core's cycle counter) read before and after each call, the"
         " calibrated stamp-to-stamp overhead subtracted";
}

void cp_counter_init(void)
{
  DEMCR |= DEMCR_TRCENA;
  DWT_LAR = 0xC5ACCE55u;
  DWT_CYCCNT = 0;
  DWT_CTRL |= DWT_CTRL_CYCCNTENA;
  /* a counter that counts moves over a few hundred instructions */
  uint32_t before = DWT_CYCCNT;
  for (volatile int i = 0; i < 100; i++)
    ;
  if (DWT_CYCCNT == before)
    cp_harness_error("the cycle counter (DWT CYCCNT) does not count; no figure is measured with it");
}

/* No interrupt runs while the board measures: the stack figure of the
 * timed call is always exact. */
__attribute__((noinline)) uint32_t cp_counter_measure(cp_measured_fn *fn, void *arg, uint32_t *stack)
{
  uint32_t *sp = cp_sp();
  if (stack)
    cp_stack_paint(sp);
  uint32_t c0 = DWT_CYCCNT;
  fn(arg);
  uint32_t c1 = DWT_CYCCNT;
  if (stack) {
    uint32_t *p = cp_stack_deepest(sp);
    if (p == __stack_limit) /* the call went through the whole region */
      cp_harness_error("stack painting overrun: the stack region is too small");
    *stack = (uint32_t)((char *)sp - (char *)p);
  }
  return c1 - c0;
}

int32_t cp_counter_window(void)
{
  return -1; /* silicon counts cycles itself: no model, no windows */
}

uint64_t cp_counter_elapsed(void)
{
  return DWT_CYCCNT; /* 32 bits: wraps after 39 s at 110 MHz */
}

uint32_t cp_counter_calibrate(void)
{
  /* the first run fills the caches and the prefetch buffer; then the
   * overhead must repeat exactly */
  uint32_t stack;
  uint32_t first = cp_counter_measure(cp_empty, 0, &stack);
  first = cp_counter_measure(cp_empty, 0, &stack);
  for (int i = 0; i < 16; i++)
    if (cp_counter_measure(cp_empty, 0, &stack) != first)
      cp_harness_error("counter calibration unstable");
  return first;
}
