/* SysTick wrap handler, in assembly so that its instruction count is exact
 * and known to counter_icount.c: SysTick_Handler executes
 * CP_WRAP_HANDLER_INSNS = 5 instructions. */
  .syntax unified
  .thumb
  .text

  .global SysTick_Handler
  .type SysTick_Handler, %function
  .thumb_func
SysTick_Handler:
  ldr r0, =cp_counter_wraps
  ldr r1, [r0]
  adds r1, r1, #1
  str r1, [r0]
  bx lr
  .size SysTick_Handler, . - SysTick_Handler
  .ltorg
