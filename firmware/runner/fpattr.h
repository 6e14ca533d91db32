/* Footprint attribution: the bytes of a footprint or baseline image by
 * origin (fporigin.h) and column (code, constant data, global data: the
 * flags of the output section in the ELF, as elfsize.c classes them), from
 * the image's GNU ld map (ldmap.h) beside it (<image>.map), and the
 * figures of a footprint row from an image and its baseline. */
#ifndef CPR_FPATTR_H
#define CPR_FPATTR_H

#include "fporigin.h"

enum { CPR_COL_CODE, CPR_COL_CONST, CPR_COL_DATA, CPR_COL_COUNT };

typedef struct {
    long long b[CPR_FROM_COUNT][CPR_COL_COUNT];
} cpr_attribution;

/* One input section as attributed (for the test driver). */
typedef void cpr_attr_each(void *ctx, const char *section, const char *file, cpr_origin o, int col,
                           unsigned long long size);

/* Attributes every byte of the allocated sections of image (an ELF path
 * ending in .elf) with its map: each input section to the origin of its
 * file, padding (*fill*, gaps the script leaves) to CPR_FROM_PADDING, so
 * that each column sums to the ELF's. The map must be the image's: its
 * OUTPUT names the image's file, and every allocated section of the ELF is
 * in it at the same address and size. each, when not NULL, sees every input
 * section. Returns 0, or -1 with *err (malloc'd, file:line: ...). */
int cpr_attribute(const char *image, const char *library, const char *version, cpr_attribution *out,
                  cpr_attr_each *each, void *ctx, char **err);

/* What a footprint row holds (README "Honest numbers", firmware/README.md
 * "Footprint"): in each column, the image's growth over its baseline of
 * the library's own bytes plus the C runtime's (what the library pulls
 * in that the harness did not already link), the runtime's part of it,
 * and the port adapter's growth, apart. The harness's growth (the
 * footprint program's main) and padding count nowhere. */
typedef struct {
    long long bytes[CPR_COL_COUNT];     /* library + runtime */
    long long runtime[CPR_COL_COUNT];   /* of which the C runtime's */
    long long adapter[CPR_COL_COUNT];   /* besides: the port adapter's */
    long long harness[CPR_COL_COUNT];   /* not reported: main's growth */
} cpr_fp_figures;

/* The figures of image over baseline; -1 with *err when the library and
 * C runtime together shrink (the baseline holds more of them than the
 * image: not a baseline of it). */
int cpr_fp_figures_of(const cpr_attribution *image, const cpr_attribution *baseline, cpr_fp_figures *out,
                      char **err);

#endif
