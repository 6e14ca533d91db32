/* Flash and RAM footprint of a firmware image, read from its ELF32 section
 * headers. Read here rather than through libelf: only the section table is
 * needed (a few dozen lines), and it keeps the runner free of one more
 * package. */
#ifndef CPR_ELFSIZE_H
#define CPR_ELFSIZE_H

#include <stddef.h>

typedef struct {
    unsigned long long code;    /* SHF_ALLOC|SHF_EXECINSTR */
    unsigned long long konst;   /* SHF_ALLOC, neither writable nor executable */
    unsigned long long data;    /* SHF_ALLOC|SHF_WRITE: .data and .bss */
} cpr_footprint;

/* Sums the allocated sections of an ELF32 image held in memory. Returns 0,
 * or -1 with *why saying what is wrong with the file. */
int cpr_elf_footprint_mem(const unsigned char *buf, size_t len, cpr_footprint *out, const char **why);
/* Same for a file; *why is strerror text when it cannot be read. */
int cpr_elf_footprint(const char *path, cpr_footprint *out, const char **why);

#endif
