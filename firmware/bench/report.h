/* The YAML document an image prints (firmware/README.md): the run header and
 * one flat mapping per result. */
#ifndef CP_REPORT_H
#define CP_REPORT_H
#include <stdint.h>
#include "case.h"

/* overhead_window: the cycle model's window of the first calibration run
 * (cp_counter_window), or -1 where there are no windows. */
void cp_report_header(const struct cp_library_info *lib, uint32_t overhead, int32_t overhead_window);
/* count: the figure (the median of the repetitions); lo and hi: their
 * lowest and highest, printed when the case ran more than once; window:
 * the cycle model's window of the timed run (-1: none), which the runner
 * turns into the estimated cycles and takes out of the record. */
void cp_report_result(const struct cp_case *c, uint32_t count, uint32_t lo, uint32_t hi,
                      int32_t window, uint32_t stack_bytes, uint32_t heap_bytes);

/* A case that cannot run on this board: kind not-run, what it needs (0:
 * not known) and why, in words. */
void cp_report_not_run(const struct cp_case *c, uint32_t stack_need, uint32_t heap_need, const char *reason);

/* The same for a case of an image that does not fit its board
 * (bench/unfit.c): its identifying lines come ready, kind not-run. */
void cp_report_unfit(const char *identity, uint32_t stack_need, uint32_t heap_need, const char *reason);

/* Ends the document with its end line, which proves it whole: the number of
 * results printed, and the length and CRC-32 of every byte before the line
 * (firmware/README.md, "The end line"). */
void cp_report_end(void);

#endif
