/* The empty measured function (only its return), in assembly so that its
 * instruction count is exact: every counter calibrates its overhead on it.
 * cp_window_mark, as empty, is where the cycle model (firmware/cycles/)
 * opens and closes its windows: the icount counter calls it just inside
 * each measured stretch, so the model's window and the icount figure cover
 * the same instructions up to a constant the calibration takes out. */
  .syntax unified
  .thumb
  .text

  .global cp_empty
  .type cp_empty, %function
  .thumb_func
cp_empty:
  bx lr
  .size cp_empty, . - cp_empty

  .global cp_window_mark
  .type cp_window_mark, %function
  .thumb_func
cp_window_mark:
  bx lr
  .size cp_window_mark, . - cp_window_mark
