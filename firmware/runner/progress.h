/* The progress line of a run: "[ 12/40] 00:07 elapsed, ETA 00:16  label".
 * Kept apart from the pool so the format can be tested without processes. */
#ifndef CPR_PROGRESS_H
#define CPR_PROGRESS_H

#include <stddef.h>

/* Writes the line (no newline) into out, truncating to size. ETA is the mean
 * time per finished job times the jobs left; "--:--" before the first. */
void cpr_progress_line(char *out, size_t size, size_t done, size_t total, double elapsed_s,
                       const char *label);

#endif
