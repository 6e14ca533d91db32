/* The console of a board: stdout and stderr both go out on the board's
 * serial port (the ST-LINK virtual COM port), byte for byte as the firmware
 * writes them (no CR/LF translation: the runner reads raw). The run ends
 * with "exit: N" on that one channel, and the core then sleeps: the runner
 * reads the status from the line (firmware/runner/README.md, serial lane).
 * The board supplies the port (cp_board_console_init, cp_board_putc). */
#include <stdio.h>
#include "hal.h"

void cp_board_console_init(void);
void cp_board_putc(char c);
int _write(int fd, const char *p, int n);

void cp_console_init(void)
{
  cp_board_console_init();
  /* unbuffered: a fault still leaves everything printed before it */
  setvbuf(stdout, NULL, _IONBF, 0);
  setvbuf(stderr, NULL, _IONBF, 0);
}

int _write(int fd, const char *p, int n)
{
  (void)fd;
  for (int i = 0; i < n; i++)
    cp_board_putc(p[i]);
  return n;
}

_Noreturn void cp_exit(int status)
{
  fflush(stdout);
  fprintf(stderr, "exit: %d\n", status);
  for (;;)
    __asm__ volatile("wfi");
}

_Noreturn void cp_harness_error(const char *what)
{
  fflush(stdout);
  fprintf(stderr, "error: harness: %s\n", what);
  cp_exit(CP_EXIT_HARNESS);
}
