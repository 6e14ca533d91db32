/* What a board without code of its own has (the QEMU machines): no clock to
 * set up, the nominal clock of board.mk, and no system facts to read back.
 * A board with a clock tree (hal/stm32l5.c, hal/stm32f4.c) defines these
 * functions itself; these are weak so that its definitions win. */
#include <stdio.h>
#include "hal.h"

__attribute__((weak)) void cp_board_init(void)
{
}

__attribute__((weak)) unsigned long cp_board_clock_hz(void)
{
  return CP_CLOCK_HZ;
}

__attribute__((weak)) const char *cp_board_clock_note(void)
{
  return CP_CLOCK_NOTE;
}

__attribute__((weak)) void cp_board_report_system(void)
{
}
