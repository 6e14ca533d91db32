/* Functions of a known instruction count for the counter self test; each
 * count excludes the final bx lr, which calibration (cp_empty) accounts for.
 *   cp_loop_1:        1 instruction
 *   cp_loop_1000:     1 + 3 * 333 = 1000 instructions
 *   cp_loop_10000000: 1 + 3 * 3333333 = 10000000 instructions (crosses
 *                     several SysTick wraps) */
  .syntax unified
  .thumb
  .text

  .macro loop name, count
  .global \name
  .type \name, %function
  .thumb_func
\name:
  ldr r0, =\count
1:
  subs r0, r0, #1
  nop
  bne 1b
  bx lr
  .size \name, . - \name
  .ltorg
  .endm

  .global cp_loop_1
  .type cp_loop_1, %function
  .thumb_func
cp_loop_1:
  nop
  bx lr
  .size cp_loop_1, . - cp_loop_1

  loop cp_loop_1000, 333
  loop cp_loop_10000000, 3333333
