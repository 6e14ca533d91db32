/* Painting the free stack and finding how deep a call went, inline in the
 * measuring function: painting from a called function would paint over
 * that function's own frame. [__stack_limit, sp) is painted with a word
 * no code writes by chance; after the call, the lowest word that changed is
 * the deepest the call (or an exception frame) went. */
#ifndef CP_STACK_PAINT_H
#define CP_STACK_PAINT_H
#include <stdint.h>

#define CP_STACK_PAINT 0xC57AC4EDu
extern uint32_t __stack_limit[];

static inline __attribute__((always_inline)) uint32_t *cp_sp(void)
{
  uint32_t *sp;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  return sp;
}

static inline __attribute__((always_inline)) void cp_stack_paint(uint32_t *sp)
{
  for (volatile uint32_t *p = __stack_limit; p < sp; p++)
    *p = CP_STACK_PAINT;
}

/* The lowest changed word below sp (sp when none changed). */
static inline __attribute__((always_inline)) uint32_t *cp_stack_deepest(uint32_t *sp)
{
  uint32_t *p = __stack_limit;
  while (p < sp && *p == CP_STACK_PAINT)
    p++;
  return p;
}

#endif
