/* The table of modelled cores: adding a core is a timing_<core>.c and a
 * line here. */
#include "timing.h"

#include <string.h>

static const cp_core *const cores[] = { &cp_core_m0, &cp_core_m3, &cp_core_m4, &cp_core_m33 };

/* Cores QEMU emulates that have no model, and why. */
static const struct {
  const char *name, *why;
} unmodelled[] = {
  { "m7", "Cortex-M7: not modelled: Arm publishes no instruction timing table for its dual-issue pipeline "
          "(Cortex-M7 TRM DDI 0489 gives none)" },
  { "m55", "Cortex-M55: not modelled: Arm publishes no instruction timing table for it "
           "(Cortex-M55 TRM 101051 gives none)" },
};

const cp_core *cp_core_find(const char *name, const char **why)
{
  for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++)
    if (strcmp(cores[i]->name, name) == 0)
      return cores[i];
  *why = "unknown core (m0, m3, m4, m33 are modelled)";
  for (size_t i = 0; i < sizeof unmodelled / sizeof unmodelled[0]; i++)
    if (strcmp(unmodelled[i].name, name) == 0)
      *why = unmodelled[i].why;
  return NULL;
}
