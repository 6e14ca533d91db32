/* Test driver of elfsize.c: `elf_symbols FILE...` prints each file's
 * symbols as `nm -S -p` does (value, size when not 0, type letter, name) so
 * tests/runner/elfsyms.t can compare with binutils; `elf_symbols -f FILE`
 * prints the footprint classes ("code const data"). No part of the
 * product. */
#include <stdio.h>
#include <string.h>

#include "elfsize.h"

static int footprint(const char *path)
{
    cpr_footprint fp;
    const char *why;
    if (cpr_elf_footprint(path, &fp, &why) != 0) {
        fprintf(stderr, "%s: %s\n", path, why);
        return 1;
    }
    printf("%llu %llu %llu\n", fp.code, fp.konst, fp.data);
    return 0;
}

static int symbols(const char *path)
{
    cpr_elf_symbols s;
    const char *why;
    if (cpr_elf_symbols_read(path, &s, &why) != 0) {
        fprintf(stderr, "%s: %s\n", path, why);
        return 1;
    }
    for (size_t i = 0; i < s.n; i++) {
        const cpr_elf_symbol *y = &s.v[i];
        if (y->letter == 'U' || y->letter == 'w' || y->letter == 'v')
            printf("%8s %c %s\n", "", y->letter, y->name);
        else if (y->size)
            printf("%08llx %08llx %c %s\n", y->value, y->size, y->letter, y->name);
        else
            printf("%08llx %c %s\n", y->value, y->letter, y->name);
    }
    cpr_elf_symbols_free(&s);
    return 0;
}

int main(int argc, char **argv)
{
    int rc = 0;
    if (argc == 3 && !strcmp(argv[1], "-f"))
        return footprint(argv[2]);
    for (int i = 1; i < argc; i++)
        rc |= symbols(argv[i]);
    return rc;
}
