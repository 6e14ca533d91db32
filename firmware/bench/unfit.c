/* The main of a small board's bench image that does not fit the board
 * (bench/unfit.h): the run header of the library and configuration it was
 * built for, then every case of its part as not run. */
#include <stdio.h>
#include "case.h"
#include "report.h"
#include "unfit.h"

/* No case runs: the case runner's buffer is a token. */
uint8_t cp_out[1];
const size_t cp_out_bytes = sizeof cp_out;

int main(void)
{
  cp_suite_begin();
  for (unsigned i = 0; i < cp_unfit_count; i++) {
    printf("  # case %s\n", cp_unfit_cases[i].id);
    cp_report_unfit(cp_unfit_cases[i].identity, cp_unfit_cases[i].stack, cp_unfit_cases[i].heap,
                    cp_unfit_reason);
  }
  return cp_suite_end();
}
