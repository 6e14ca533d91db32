/* The empty measured function (only its return), in assembly so that its
 * instruction count is exact: every counter calibrates its overhead on it. */
  .syntax unified
  .thumb
  .text

  .global cp_empty
  .type cp_empty, %function
  .thumb_func
cp_empty:
  bx lr
  .size cp_empty, . - cp_empty
