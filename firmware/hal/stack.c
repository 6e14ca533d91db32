/* Stack high-water mark of one call by painting. The stack region
 * [__stack_limit, _estack) is painted from its limit up to just below the
 * current stack pointer, the function runs, and the lowest overwritten word
 * gives the depth. */
#include <stdint.h>
#include "hal.h"

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define PAINT 0xC57AC4EDu

extern uint32_t __stack_limit[];

__attribute__((noinline)) uint32_t cp_stack_measure(cp_measured_fn *fn, void *arg)
{
  uint32_t csr = SYST_CSR;
  SYST_CSR = csr & ~2u; /* no SysTick exception frame on the stack */
  uint32_t *sp;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  for (volatile uint32_t *p = __stack_limit; p < sp; p++)
    *p = PAINT;
  fn(arg);
  uint32_t *p = __stack_limit;
  while (p < sp && *p == PAINT)
    p++;
  SYST_CSR = csr;
  if (p == __stack_limit)
    cp_harness_error("stack painting overrun: the stack region is too small");
  return (uint32_t)((char *)sp - (char *)p);
}
