/* SysTick wrap handler, in assembly so that its instruction count is exact
 * and known to counter_icount.c: SysTick_Handler executes
 * CP_WRAP_HANDLER_INSNS = 13 instructions, whatever the branch (none). It
 * counts the epoch and keeps the lowest stack address an exception frame
 * was pushed at (cp_counter_frame_min = min(it, sp), branch-free), so that
 * a stack figure taken during timing knows when a frame may have made it.
 * Thumb-1 instructions only: it runs on Armv6-M too. */
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
  mov r2, sp
  ldr r0, =cp_counter_frame_min
  ldr r1, [r0]
  subs r3, r2, r1     @ sp - min; borrow (C clear) when sp < min
  sbcs r2, r2, r2     @ r2 = C - 1: all ones when sp < min, else 0
  ands r3, r3, r2     @ sp - min when sp < min, else 0
  adds r1, r1, r3     @ min(sp, min)
  str r1, [r0]
  bx lr
  .size SysTick_Handler, . - SysTick_Handler
  .ltorg
