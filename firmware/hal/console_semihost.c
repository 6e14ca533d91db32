/* The console of the QEMU boards: newlib's semihosting stdio (rdimon), and
 * leaving QEMU through semihosting with a status (SYS_EXIT_EXTENDED). */
#include <stdint.h>
#include <stdio.h>
#include "hal.h"

extern void initialise_monitor_handles(void);

void cp_console_init(void)
{
  initialise_monitor_handles();
}

enum { SYS_EXIT_EXTENDED = 0x20, ADP_STOPPED_APPLICATION_EXIT = 0x20026 };

_Noreturn void cp_exit(int status)
{
  uint32_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status };
  fflush(stdout);
  fflush(stderr);
  register uint32_t r0 __asm__("r0") = SYS_EXIT_EXTENDED;
  register uint32_t *r1 __asm__("r1") = block;
  __asm__ volatile("bkpt 0xab" : : "r"(r0), "r"(r1) : "memory");
  for (;;)
    ;
}

_Noreturn void cp_harness_error(const char *what)
{
  fflush(stdout);
  fprintf(stderr, "error: harness: %s\n", what);
  cp_exit(CP_EXIT_HARNESS);
}
