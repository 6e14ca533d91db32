/* The image manifest written by mk/firmware.mk (firmware/README.md,
 * "Manifest"): tab-separated, a '#' header line naming the columns, '-' for
 * empty. Columns are found by name, so added columns do not break it. */
#ifndef CPR_MANIFEST_H
#define CPR_MANIFEST_H

#include <stddef.h>

#include "cryptoperf.h"

typedef struct {
    char *image;          /* ELF path, relative to the repository top */
    char *kind;           /* bench footprint baseline quick fail-* selftest */
    char *board, *machine;
    int icount_shift;     /* -1 for '-' */
    unsigned timeout_s;   /* 0 for '-' */
    char *library, *version, *package, *configuration;   /* NULL for '-' */
    char *baseline;       /* footprint: image of its baseline */
    char *fields;         /* footprint: key=value,key=value */
    char *expect, *case_id;
    unsigned line;        /* in the manifest file */
} cpr_image;

typedef struct {
    char *path;
    cpr_image *v;
    size_t n;
    int unreadable;       /* the file could not be read (an I/O error) */
} cpr_manifest;

/* Reads and checks path; problems go to diag. Returns 0 or -1. */
int cpr_manifest_load(cpr_manifest *m, const char *path, cp_diag *diag);
void cpr_manifest_free(cpr_manifest *m);
/* The entry whose image is path, or NULL. */
const cpr_image *cpr_manifest_find(const cpr_manifest *m, const char *image);

#endif
