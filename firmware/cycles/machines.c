#include "machines.h"

#include <string.h>

/* The TRM citations say where the tables in timing_*.c come from; the
 * notes of the unmodelled cores say why no figure is given for them. */
#define M4_SOURCES                                                                                         \
    "Arm Cortex-M4 Technical Reference Manual (100166), Table 3-1 Processor instruction set summary and 3.3.2 " \
    "Load/store timings"

static const cpc_machine machines[] = {
    { "microbit", "Cortex-M0", "m0", 0x0, 0,
      "Arm Cortex-M0 Technical Reference Manual (DDI 0432C), Table 3-1 Cortex-M0 instruction summary", NULL },
    { "mps2-an385", "Cortex-M3", "m3", 0x0, 0,
      "Arm Cortex-M3 Technical Reference Manual (DDI 0337I), Table 3-1 Cortex-M3 instruction set summary and "
      "3.3.2 Load/store timings", NULL },
    { "mps2-an386", "Cortex-M4", "m4", 0x0, 0,
      M4_SOURCES, NULL },
    { "mps2-an505", "Cortex-M33", "m33", 0x10000000, 0,
      "Arm publishes no instruction timing table for the Cortex-M33 (TRM 100230 has none): published "
      "measurements of an M33 r1p0 (jnk0le, pipeline cycle test, cortex_m33.md) and, where they are silent, the "
      "Cortex-M4 TRM (100166) Table 3-1 figures (firmware/cycles/timing_m33.c marks each)", NULL },
    { "mps2-an500", "Cortex-M7", NULL, 0x0, 0, NULL,
      "the Cortex-M7 issues two instructions a cycle in a six-stage pipeline and Arm publishes no "
      "per-instruction timing table for it (TRM DDI 0489), so no estimate is grounded" },
    { "mps3-an547", "Cortex-M55", NULL, 0x10000000, 0, NULL,
      "Arm publishes no per-instruction timing table for the Cortex-M55's pipeline (TRM 101051), so no "
      "estimate is grounded" },
    /* an STM32F405 (Cortex-M4): flash at 0x08000000, aliased at 0 at reset */
    { "netduinoplus2", "Cortex-M4", "m4", 0x0, 0x08000000,
      M4_SOURCES, NULL },
};

const cpc_machine *cpc_machine_find(const char *name)
{
    for (size_t i = 0; name && i < sizeof machines / sizeof machines[0]; i++)
        if (strcmp(machines[i].machine, name) == 0)
            return &machines[i];
    return NULL;
}

const cpc_machine *cpc_machine_by_core(const char *core)
{
    for (size_t i = 0; core && i < sizeof machines / sizeof machines[0]; i++)
        if (strcmp(machines[i].core, core) == 0)
            return &machines[i];
    return NULL;
}

const char *cpc_machine_names(void)
{
    return "microbit, mps2-an385, mps2-an386, mps2-an500, mps2-an505, mps3-an547, netduinoplus2";
}
