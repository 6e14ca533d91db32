/* A GNU ld link map (-Wl,-Map=<image>.map) as the footprint attribution
 * needs it: the output sections of "Linker script and memory map", each
 * with the input sections the linker placed in it (their file: an object,
 * "archive(member)" or "linker stubs") and the alignment padding between
 * them (*fill*, and the script's data statements). The other parts of the
 * map (archive members pulled in, discarded input sections, memory
 * regions, common symbols) are skipped; a line of the memory map that is
 * none of the kinds ld 2.40 writes is refused with its line and column. */
#ifndef CPR_LDMAP_H
#define CPR_LDMAP_H

#include <stddef.h>

typedef struct {
    char *name;                 /* ".text.foo"; "*fill*" or "LONG" etc. for padding */
    char *file;                 /* NULL for padding */
    unsigned long long addr, size;
    unsigned line;
} cpr_map_input;

typedef struct {
    char *name;
    int placed;                 /* the map gives its address and size (ld creates no empty one) */
    unsigned long long addr, size;
    unsigned line;
    cpr_map_input *in;
    size_t nin;
} cpr_map_section;

typedef struct {
    cpr_map_section *v;
    size_t n;
    char *output;               /* OUTPUT(<file> <format>): the file ld wrote; NULL without */
} cpr_ldmap;

/* Parses the map text (len bytes; NULs refused). name is what messages call
 * the file. Returns 0, or -1 with *err (malloc'd) "name:line:column:
 * expected ..., found ...". */
int cpr_ldmap_parse(const char *text, size_t len, const char *name, cpr_ldmap *out, char **err);
/* Same for a file. */
int cpr_ldmap_read(const char *path, cpr_ldmap *out, char **err);
void cpr_ldmap_free(cpr_ldmap *m);

#endif
