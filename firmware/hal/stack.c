/* Stack high-water mark of one call by painting. The stack region
 * [__stack_limit, _estack) is painted from its limit up to just below the
 * current stack pointer, the function runs, and the lowest overwritten word
 * gives the depth. */
#include <stdint.h>
#include "hal.h"
#include "stack_paint.h"

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)

__attribute__((noinline)) uint32_t cp_stack_measure(cp_measured_fn *fn, void *arg)
{
  uint32_t csr = SYST_CSR;
  SYST_CSR = csr & ~2u; /* no SysTick exception frame on the stack */
  uint32_t *sp = cp_sp();
  cp_stack_paint(sp);
  fn(arg);
  uint32_t *p = cp_stack_deepest(sp);
  SYST_CSR = csr;
  if (p == __stack_limit)
    cp_harness_error("stack painting overrun: the stack region is too small");
  return (uint32_t)((char *)sp - (char *)p);
}
