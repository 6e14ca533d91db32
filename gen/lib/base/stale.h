/* What a run killed outright (SIGKILL, a power cut) left behind: staged
 * files named PATH.tmp.<pid>.XXXXXX (base/cleanup.h) or a placement's kept
 * old file (.old after that), and scratch folders named
 * cryptoperf-charts.<pid>.XXXXXX. Those whose process is gone are removed
 * by the next run; a live process's are left alone (two runs at once). */
#ifndef CP_STALE_H
#define CP_STALE_H

#include <stdio.h>

#define SCRATCH_PREFIX "cryptoperf-charts."

/* The stale temporary files under root (folders walked from held
 * descriptors, never through a symlink). The number removed; a message on
 * err when there were any. */
long cp_stale_sweep(const char *root, FILE *err);

/* The stale scratch folders in dir (with their files). */
long cp_scratch_sweep(const char *dir, FILE *err);

#endif
