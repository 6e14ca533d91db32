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

int main(void)
{
  cp_counter_init();
  uint32_t overhead = cp_counter_calibrate();
  printf("selftest:\n  overhead: %lu\n", (unsigned long)overhead);
  static const struct { const char *name; cp_measured_fn *fn; } loops[] = {
    { "empty", cp_empty }, { "loop_1", cp_loop_1 }, { "loop_1000", cp_loop_1000 },
    { "loop_10000000", cp_loop_10000000 },
  };
  for (unsigned i = 0; i < sizeof loops / sizeof loops[0]; i++)
    printf("  %s: %lu\n", loops[i].name,
           (unsigned long)(cp_counter_measure(loops[i].fn, 0, NULL) - overhead));
  printf("  stack_empty: %lu\n", (unsigned long)cp_stack_measure(cp_empty, 0));
  printf("  stack_1000: %lu\n", (unsigned long)cp_stack_measure(uses_1000_bytes, 0));
  /* the same figures from a timed call (the suite's way) */
  uint32_t depth = 0;
  cp_counter_measure(cp_empty, 0, &depth);
  printf("  stack_empty_timed: %lu\n", (unsigned long)depth);
  cp_counter_measure(uses_1000_bytes, 0, &depth);
  printf("  stack_1000_timed: %lu\n", (unsigned long)depth);
  return 0;
}
