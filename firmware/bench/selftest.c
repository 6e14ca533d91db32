/* Self test of the board layer: calibrated counts of functions whose
 * instruction count is known, and the stack figure of a function with a
 * known local buffer. Prints a YAML mapping that tests/firmware/ checks. */
#include <stdio.h>
#include <string.h>
#include "hal.h"

cp_measured_fn cp_loop_1, cp_loop_1000, cp_loop_10000000;

static cp_measured_fn uses_1000_bytes;
static void uses_1000_bytes(void *arg)
{
  volatile unsigned char buf[1000];
  for (unsigned i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char)i;
  (void)arg;
}

static uint32_t timed_depth(cp_measured_fn *fn, unsigned *unknown)
{
  uint32_t depth = CP_STACK_UNKNOWN;
  for (int try = 0; try < 3 && depth == CP_STACK_UNKNOWN; try++) {
    cp_counter_measure(fn, 0, &depth);
    *unknown += depth == CP_STACK_UNKNOWN;
  }
  return depth;
}

int main(void)
{
  cp_counter_init();
  /* each figure's cycle-model window too (-1: a counter without), so
   * that tests/cycles/ can hold the model's counts against these */
  long overhead_window = (long)cp_counter_window();
  uint32_t overhead = cp_counter_calibrate();
  printf("selftest:\n  overhead: %lu\n  overhead_window: %ld\n", (unsigned long)overhead, overhead_window);
  static const struct { const char *name; cp_measured_fn *fn; } loops[] = {
    { "empty", cp_empty }, { "loop_1", cp_loop_1 }, { "loop_1000", cp_loop_1000 },
    { "loop_10000000", cp_loop_10000000 },
  };
  for (unsigned i = 0; i < sizeof loops / sizeof loops[0]; i++) {
    long window = (long)cp_counter_window();
    printf("  %s: %lu\n", loops[i].name,
           (unsigned long)(cp_counter_measure(loops[i].fn, 0, NULL) - overhead));
    printf("  %s_window: %ld\n", loops[i].name, window);
  }
  printf("  stack_empty: %lu\n", (unsigned long)cp_stack_measure(cp_empty, 0));
  printf("  stack_1000: %lu\n", (unsigned long)cp_stack_measure(uses_1000_bytes, 0));
  /* the same figures from a timed call (the suite's way); a call during
   * which a SysTick frame may have written the deepest word reads unknown
   * (the suite then measures in a call of its own) and is tried again: the
   * next wrap is millions of instructions away */
  unsigned unknown = 0;
  uint32_t depth_empty = timed_depth(cp_empty, &unknown);
  uint32_t depth_1000 = timed_depth(uses_1000_bytes, &unknown);
  printf("  stack_empty_timed: %lu\n", (unsigned long)depth_empty);
  printf("  stack_1000_timed: %lu\n", (unsigned long)depth_1000);
  printf("  stack_timed_unknown: %u\n", unknown);
  return 0;
}
