/* Runs worth not repeating (issue 16, the sweep): an image whose ELF, QEMU
 * command, QEMU and runner are the same as in an earlier run that passed
 * gives the same document (QEMU's instruction count is deterministic), so
 * the runner keeps each passing run's stdout and stderr under a key of
 * those four and reuses them; every check (end line, CRC, known answers,
 * OpenSSL evidence) still runs on them. The durations of earlier runs order
 * the next sweep: longest first, so that the last image to start is short. */
#ifndef CPR_RUNCACHE_H
#define CPR_RUNCACHE_H

#include "run.h"

typedef struct {
    size_t images, reused;
    unsigned long long executed;   /* instructions the run images counted in all */
    unsigned long long reported;   /* instructions of their results */
    double job_seconds;            /* wall time of the run images, summed */
    double wall_seconds;
} cpr_sweep;

/* Runs r's jobs like cpr_runs_execute, reusing what cache_dir holds (NULL:
 * no cache) and ordering the others by their last duration, longest first
 * (unknown first). qemu_line: QEMU's version line (part of the key). Fills
 * stats. -1 when interrupted. */
int cpr_runs_execute_cached(cpr_runs *r, unsigned parallel, FILE *progress, int tty, const char *cache_dir,
                            const char *qemu_line, cpr_sweep *stats);

/* "sweep: ..." with the ratio of the wall time to the ideal (twice the
 * reported instructions at the measured QEMU speed on `cores` cores). */
void cpr_sweep_print(FILE *out, const cpr_sweep *s, unsigned cores);

#endif
