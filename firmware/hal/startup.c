/* Reset and exception entry of every image: vector table, .data/.bss set-up,
 * the board's clock, the console, main, exit with main's status; faults exit
 * with their own status so the runner can tell a crash from a wrong answer. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "hal.h"

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
extern int main(void);
void Reset_Handler(void);
void cp_fault_handler(void);
/* counter_systick.S on the boards that count with SysTick; elsewhere no
 * SysTick interrupt is ever enabled, and one would be a fault. */
void SysTick_Handler(void) __attribute__((weak, alias("cp_fault_handler")));
void _init(void);
void _fini(void);

/* newlib's crt0 is not linked (-nostartfiles); its init/fini hooks are. */
void _init(void) {}
void _fini(void) {}

void Reset_Handler(void)
{
  memcpy(_sdata, _sidata, (size_t)((char *)_edata - (char *)_sdata));
  memset(_sbss, 0, (size_t)((char *)_ebss - (char *)_sbss));
  cp_board_init();
  cp_console_init();
  cp_exit(main());
}

static const char *exception_name(uint32_t n)
{
  static const char *const names[] = {
    [2] = "NMI", [3] = "HardFault", [4] = "MemManage", [5] = "BusFault",
    [6] = "UsageFault", [7] = "SecureFault", [11] = "SVCall",
    [12] = "DebugMonitor", [14] = "PendSV",
  };
  if (n < sizeof names / sizeof names[0] && names[n])
    return names[n];
  return "unexpected interrupt";
}

/* The stacked frame is on the main stack (no PSP is ever used); the pc is
 * its seventh word. The entry takes MSP before any C prologue moves it. */
void cp_fault_report(const uint32_t *frame);
__attribute__((naked)) void cp_fault_handler(void)
{
  __asm__ volatile("mrs r0, msp\n\tb cp_fault_report");
}

void cp_fault_report(const uint32_t *frame)
{
  uint32_t ipsr;
  __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
  fflush(stdout);
  fprintf(stderr, "error: fault: %s pc=0x%08lx\n", exception_name(ipsr & 0x1ff),
          (unsigned long)frame[6]);
  cp_exit(CP_EXIT_FAULT);
}

typedef void (*vector_t)(void);
__attribute__((section(".vectors"), used)) static const vector_t vectors[16 + 32] = {
  [0] = (vector_t)(uintptr_t)_estack,
  [1] = Reset_Handler,
  [2 ... 14] = cp_fault_handler,
  [15] = SysTick_Handler,
  [16 ... 47] = cp_fault_handler,
};
