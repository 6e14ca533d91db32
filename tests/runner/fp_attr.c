/* Test driver of fpattr.c for tests/firmware/footprint.t:
 *   fp_attr LIBRARY VERSION IMAGE             bytes per origin and column
 *                                             ("library code 3182")
 *   fp_attr -i LIBRARY VERSION IMAGE          every input section: origin,
 *                                             column, size, section, file
 *   fp_attr -r LIBRARY VERSION IMAGE BASELINE the footprint row's figures
 *                                             as the runner writes them,
 *                                             and the harness's growth
 * No part of the product. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpattr.h"

static const char *const COLS[] = { "code", "const", "data" };

static void each(void *ctx, const char *section, const char *file, cpr_origin o, int col, unsigned long long size)
{
    (void)ctx;
    printf("%s\t%s\t%llu\t%s\t%s\n", cpr_origin_name(o), COLS[col], size, section, file ? file : "-");
}

static int attribute(const char *lib, const char *ver, const char *image, cpr_attribution *a, int inputs)
{
    char *err = NULL;
    if (cpr_attribute(image, lib, ver, a, inputs ? each : NULL, NULL, &err) < 0) {
        fprintf(stderr, "%s\n", err);
        free(err);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    int inputs = argc == 5 && strcmp(argv[1], "-i") == 0;
    int row = argc == 6 && strcmp(argv[1], "-r") == 0;
    if (!inputs && !row && argc != 4) {
        fprintf(stderr, "usage: fp_attr [-i] LIBRARY VERSION IMAGE | -r LIBRARY VERSION IMAGE BASELINE\n");
        return 2;
    }
    char **a = argv + (inputs || row);
    cpr_attribution img, base;
    if (attribute(a[1], a[2], a[3], &img, inputs) < 0)
        return 1;
    if (inputs)
        return 0;
    if (!row) {
        for (int o = 0; o < CPR_FROM_COUNT; o++)
            for (int c = 0; c < CPR_COL_COUNT; c++)
                printf("%s %s %lld\n", cpr_origin_name((cpr_origin)o), COLS[c], img.b[o][c]);
        return 0;
    }
    if (attribute(a[1], a[2], a[4], &base, 0) < 0)
        return 1;
    cpr_fp_figures f;
    char *err = NULL;
    if (cpr_fp_figures_of(&img, &base, &f, &err) < 0) {
        fprintf(stderr, "%s\n", err);
        free(err);
        return 1;
    }
    for (int c = 0; c < CPR_COL_COUNT; c++)
        printf("%s_bytes %lld\n", COLS[c], f.bytes[c]);
    for (int c = 0; c < CPR_COL_COUNT; c++)
        printf("runtime_%s_bytes %lld\n", COLS[c], f.runtime[c]);
    for (int c = 0; c < CPR_COL_COUNT; c++)
        printf("adapter_%s_bytes %lld\n", COLS[c], f.adapter[c]);
    for (int c = 0; c < CPR_COL_COUNT; c++)
        printf("harness_%s_bytes %lld\n", COLS[c], f.harness[c]);
    return 0;
}
