/* The board layer every image links: startup, semihosting exit, the
 * instruction counter and stack painting. Nothing here knows about crypto. */
#ifndef CP_HAL_H
#define CP_HAL_H
#include <stddef.h>
#include <stdint.h>

#define CP_STR(x) #x
#define CP_XSTR(x) CP_STR(x)

/* Exit statuses of an image (firmware/README.md). */
enum {
  CP_EXIT_OK = 0,
  CP_EXIT_KAT = 3,     /* a known-answer check failed */
  CP_EXIT_FAULT = 4,   /* a fault handler ran */
  CP_EXIT_HARNESS = 5, /* the harness could not measure */
};

/* The console (console_semihost.c or console_uart.c, as the board says):
 * set up before main; cp_exit ends the run with a status (QEMU exits with it
 * through semihosting; a board says "exit: N" on its one channel and
 * stops). */
void cp_console_init(void);
_Noreturn void cp_exit(int status);
/* Prints "error: harness: <what>" on stderr and exits CP_EXIT_HARNESS. */
_Noreturn void cp_harness_error(const char *what);

/* A measured operation: one call of fn(arg). */
typedef void cp_measured_fn(void *arg);

/* CRC-32 as zlib's crc32: crc is 0 for the first piece, the previous
 * result for the next (console.c). */
uint32_t cp_crc32(uint32_t crc, const void *data, size_t n);

/* What has been written on stdout so far (console.c): its CRC-32 and its
 * length in bytes. */
uint32_t cp_console_crc32(void);
uint32_t cp_console_bytes(void);

/* The board: its clock tree (before anything else runs) and what the run
 * header says about it (the board's own hal/stm32*.c, named by BOARD_HAL in
 * firmware/boards/<board>/board.mk, or the defaults of hal/board.c). */
void cp_board_init(void);
/* The core clock in Hz, as read back from the clock registers on a board,
 * the nominal one of board.mk in QEMU, and why. */
unsigned long cp_board_clock_hz(void);
const char *cp_board_clock_note(void);
/* Prints the read-back system facts of the run header's `system:` mapping
 * (flash latency, voltage scaling, caches), indented by two; nothing in QEMU. */
void cp_board_report_system(void);

/* The counter (counter_icount.c: QEMU instructions; counter_dwt.c: clock
 * cycles), as the board says: what it counts and how, for the run header.
 * cp_counter_init starts it and, for a hardware counter, refuses one that
 * does not count (cp_harness_error). */
const char *cp_counter_kind(void);
const char *cp_counter_method(void);
void cp_counter_init(void);
/* Instructions (or cycles) from just before to just after fn(arg), SysTick
 * wrap handler excluded, overhead NOT subtracted. With stack non-NULL the
 * free stack is painted before and scanned after (outside the counted
 * window), and *stack is the depth of the call, or CP_STACK_UNKNOWN when an
 * interrupt's exception frame may have written the deepest word (QEMU's
 * SysTick wraps during long calls): then cp_stack_measure must tell. */
#define CP_STACK_UNKNOWN 0xFFFFFFFFu
uint32_t cp_counter_measure(cp_measured_fn *fn, void *arg, uint32_t *stack);
/* The number of the cycle model's window that the next cp_counter_measure
 * call measures (QEMU: firmware/cycles/ opens and closes a window on every
 * entry into cp_window_mark), or -1 for a counter with no such windows. */
int32_t cp_counter_window(void);
void cp_window_mark(void);
/* Everything counted since cp_counter_init: the instructions (or cycles)
 * the whole image has executed so far, for the runner's sweep figures. */
uint64_t cp_counter_elapsed(void);
/* The stamp-to-stamp overhead of cp_counter_measure in this binary, measured
 * on an empty function; exits through cp_harness_error if it is unstable. */
uint32_t cp_counter_calibrate(void);
/* An empty measured function (only its return); calibration measures it. */
cp_measured_fn cp_empty;

/* Stack bytes fn(arg) used below the caller's frame: paints the free stack,
 * calls, scans. SysTick is stopped meanwhile so that no exception frame
 * lands on the stack. */
uint32_t cp_stack_measure(cp_measured_fn *fn, void *arg);

#endif
