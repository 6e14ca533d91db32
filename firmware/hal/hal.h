/* The board layer every image links: startup, semihosting exit, the
 * instruction counter and stack painting. Nothing here knows about crypto. */
#ifndef CP_HAL_H
#define CP_HAL_H
#include <stdint.h>

/* Exit statuses of an image (firmware/README.md). */
enum {
  CP_EXIT_OK = 0,
  CP_EXIT_KAT = 3,     /* a known-answer check failed */
  CP_EXIT_FAULT = 4,   /* a fault handler ran */
  CP_EXIT_HARNESS = 5, /* the harness could not measure */
};

/* Ends QEMU with the given status through semihosting. */
_Noreturn void cp_exit(int status);
/* Prints "error: harness: <what>" on stderr and exits CP_EXIT_HARNESS. */
_Noreturn void cp_harness_error(const char *what);

/* A measured operation: one call of fn(arg). */
typedef void cp_measured_fn(void *arg);

/* What has been written on stdout so far (console.c): its CRC-32 (as
 * zlib's crc32) and its length in bytes. */
uint32_t cp_console_crc32(void);
uint32_t cp_console_bytes(void);

/* Starts SysTick as the instruction counter. */
void cp_counter_init(void);
/* Instructions from just before to just after fn(arg), SysTick wrap handler
 * excluded, overhead NOT subtracted. */
uint32_t cp_counter_measure(cp_measured_fn *fn, void *arg);
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
