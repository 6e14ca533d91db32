/* Instruction counter on SysTick under QEMU icount (FIRMWARE-NOTES): SysTick
 * runs from the clock QEMU gives it (CP_SYSTICK_HZ) and QEMU advances virtual
 * time by 2^CP_ICOUNT_SHIFT ns per instruction, so instructions = ticks *
 * (1e9 / CP_SYSTICK_HZ) / 2^shift, rounded; the ratio is reduced to a
 * fraction once, so a clock that does not divide 1 GHz (netduinoplus2's
 * 168 MHz) counts exactly too. A 24-bit SysTick wraps every 2^24 ticks; the
 * wrap handler counts epochs and its own instructions are taken out again.
 * The board (board.mk) picks this counter or counter_dwt.c. */
#include <stdint.h>
#include "hal.h"
#include "stack_paint.h"

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)
enum { CSR_ENABLE = 1u, CSR_TICKINT = 2u, CSR_CLKSOURCE_CPU = 4u };
enum { CP_WRAP_HANDLER_INSNS = 13 }; /* counter_systick.S */
#ifndef CP_SYSTICK_HZ
#define CP_SYSTICK_HZ CP_CLOCK_HZ
#endif
_Static_assert((1ull << (CP_ICOUNT_SHIFT)) * (CP_SYSTICK_HZ) >= 2000000000ull,
               "need at least two ticks per instruction for exact counts");

volatile uint32_t cp_counter_wraps;
/* Measured stretches so far: the next one is the cycle model's window of
 * this number (firmware/cycles/: windows open and close on entries into
 * cp_window_mark, two a stretch). */
static uint32_t windows;
/* The lowest stack address a SysTick exception frame was pushed at since it
 * was last set to its maximum (counter_systick.S keeps it). */
volatile uint32_t cp_counter_frame_min;
/* instructions = (ticks * num + den / 2) / den */
static uint32_t num, den;

static uint64_t gcd(uint64_t a, uint64_t b)
{
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

const char *cp_counter_kind(void)
{
  return "instructions";
}

const char *cp_counter_method(void)
{
  return "SysTick on the core clock under QEMU -icount shift=" CP_XSTR(CP_ICOUNT_SHIFT)
         " (2^shift ns per instruction): instructions = round(ticks * tick_ns / 2^shift)"
         " minus the wrap handler's instructions";
}

void cp_counter_init(void)
{
  uint64_t n = 1000000000ull, d = (uint64_t)(CP_SYSTICK_HZ) << (CP_ICOUNT_SHIFT), g = gcd(n, d);
  num = (uint32_t)(n / g);
  den = (uint32_t)(d / g);
  SYST_CSR = 0;
  SYST_RVR = 0x00FFFFFFu;
  SYST_CVR = 0; /* any write clears it */
  cp_counter_wraps = 0;
  SYST_CSR = CSR_ENABLE | CSR_TICKINT | CSR_CLKSOURCE_CPU;
}

/* Ticks since init. CVR == 0 already belongs to the next epoch; the wrap
 * count is read again until it is stable around the CVR read. */
static inline __attribute__((always_inline)) uint64_t ticks_now(void)
{
  uint32_t w, v;
  do {
    w = cp_counter_wraps;
    v = SYST_CVR;
  } while (w != cp_counter_wraps);
  return ((uint64_t)w << 24) + ((0x01000000u - v) & 0x00FFFFFFu);
}

__attribute__((noinline)) uint32_t cp_counter_measure(cp_measured_fn *fn, void *arg, uint32_t *stack)
{
  uint32_t *sp = cp_sp();
  if (stack)
    cp_stack_paint(sp);
  cp_counter_frame_min = 0xFFFFFFFFu;
  uint64_t t0 = ticks_now();
  /* The marks sit after each counter read, so a read that loops again
   * (a wrap between its two reads of the wrap count) falls on the same
   * side of both: the model's window and t1 - t0 differ by a constant. */
  cp_window_mark();
  fn(arg);
  uint64_t t1 = ticks_now();
  cp_window_mark();
  windows++;
  if (stack) {
    uint32_t *p = cp_stack_deepest(sp);
    if (p == __stack_limit) /* the call went through the whole region */
      cp_harness_error("stack painting overrun: the stack region is too small");
    /* a frame pushed at frame_min overwrote [frame_min, frame_min + 32):
     * a deepest word there may be the frame's, not the call's */
    *stack = (uint32_t)(uintptr_t)p >= cp_counter_frame_min ? CP_STACK_UNKNOWN
                                                              : (uint32_t)((char *)sp - (char *)p);
  }
  uint64_t insns = ((t1 - t0) * num + den / 2) / den;
  uint64_t wraps = (t1 >> 24) - (t0 >> 24);
  return (uint32_t)(insns - wraps * CP_WRAP_HANDLER_INSNS);
}

int32_t cp_counter_window(void)
{
  return (int32_t)windows;
}

uint64_t cp_counter_elapsed(void)
{
  return (ticks_now() * num + den / 2) / den;
}

uint32_t cp_counter_calibrate(void)
{
  uint32_t stack;
  uint32_t first = cp_counter_measure(cp_empty, 0, &stack);
  for (int i = 0; i < 16; i++)
    if (cp_counter_measure(cp_empty, 0, &stack) != first)
      cp_harness_error("counter calibration unstable");
  return first;
}
