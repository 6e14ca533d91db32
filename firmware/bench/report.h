/* The YAML document an image prints (firmware/README.md): the run header and
 * one flat mapping per result. */
#ifndef CP_REPORT_H
#define CP_REPORT_H
#include <stdint.h>
#include "case.h"

void cp_report_header(const struct cp_library_info *lib, uint32_t overhead);
/* count: the figure (the median of the repetitions); lo and hi: their
 * lowest and highest, printed when the case ran more than once. */
void cp_report_result(const struct cp_case *c, uint32_t count, uint32_t lo, uint32_t hi,
                      uint32_t stack_bytes, uint32_t heap_bytes);

/* Ends the document with its end line, which proves it whole: the number of
 * results printed, and the length and CRC-32 of every byte before the line
 * (firmware/README.md, "The end line"). */
void cp_report_end(void);

#endif
