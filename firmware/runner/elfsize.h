/* Flash and RAM footprint of a firmware image, and its symbols, read through
 * libelf (elfutils): the section table gives the footprint, the symbol table
 * says which function or object takes the bytes. */
#ifndef CPR_ELFSIZE_H
#define CPR_ELFSIZE_H

#include <stddef.h>

typedef struct {
    unsigned long long code;    /* SHF_ALLOC|SHF_EXECINSTR */
    unsigned long long konst;   /* SHF_ALLOC, neither writable nor executable */
    unsigned long long data;    /* SHF_ALLOC|SHF_WRITE: .data and .bss */
} cpr_footprint;

/* Sums the allocated sections of an ELF32 image held in memory (not
 * modified). Returns 0, or -1 with *why saying what is wrong with the file. */
int cpr_elf_footprint_mem(const unsigned char *buf, size_t len, cpr_footprint *out, const char **why);
/* Same for a file; *why is strerror text when it cannot be read. */
int cpr_elf_footprint(const char *path, cpr_footprint *out, const char **why);

/* The footprint column a section's bytes count in. */
typedef enum { CPR_ELF_NONE, CPR_ELF_CODE, CPR_ELF_CONST, CPR_ELF_DATA } cpr_elf_class;

typedef struct {
    char *name;
    /* the section it is defined in; "*ABS*", "*UND*" or "*COM*" as nm and
     * objdump say for the special section indexes */
    char *section;
    /* st_value; an Arm function's without its Thumb bit (the address of
     * its first instruction, as nm shows it) */
    unsigned long long value;
    unsigned long long size;    /* st_size */
    char letter;                /* nm's type letter: T t R r D d B b A U w W V v C N */
    cpr_elf_class cls;          /* CPR_ELF_NONE: not in the footprint */
} cpr_elf_symbol;

typedef struct {
    cpr_elf_symbol *v;
    size_t n;
} cpr_elf_symbols;

/* A section of the image as its section header says. */
typedef struct {
    char *name;
    unsigned long long addr, size;
    cpr_elf_class cls;          /* CPR_ELF_NONE: not allocated */
} cpr_elf_section;

typedef struct {
    cpr_elf_section *v;
    size_t n;
} cpr_elf_sections;

/* Every section of the ELF32 file but the NULL one, in table order.
 * Returns 0, or -1 with *why. Free with cpr_elf_sections_free. */
int cpr_elf_sections_read(const char *path, cpr_elf_sections *out, const char **why);
void cpr_elf_sections_free(cpr_elf_sections *s);

/* Every symbol of the ELF32 file's symbol table in table order, as
 * `nm -S -p` lists them: section and file symbols and the ARM mapping
 * symbols ($a, $d, $t) left out. Returns 0, or -1 with *why (an image
 * without a symbol table gives 0 and no symbols). Free with
 * cpr_elf_symbols_free. */
int cpr_elf_symbols_read(const char *path, cpr_elf_symbols *out, const char **why);
void cpr_elf_symbols_free(cpr_elf_symbols *s);

#endif
