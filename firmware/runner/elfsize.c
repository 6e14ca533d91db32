#include "elfsize.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cryptoperf.h"

/* The footprint column of a section, by its flags: code, constant data, or
 * global data (README "What is measured", footprints). */
static cpr_elf_class section_class(const GElf_Shdr *sh)
{
    if (sh->sh_type == SHT_NULL || !(sh->sh_flags & SHF_ALLOC))
        return CPR_ELF_NONE;
    if (sh->sh_flags & SHF_EXECINSTR)
        return CPR_ELF_CODE;
    return sh->sh_flags & SHF_WRITE ? CPR_ELF_DATA : CPR_ELF_CONST;
}

/* An ELF32 file libelf can read, or NULL with *why. */
static Elf *open_elf32(Elf *e, const char **why)
{
    if (!e) {
        *why = elf_errmsg(-1);
        return NULL;
    }
    if (elf_kind(e) != ELF_K_ELF) {
        *why = "not an ELF file";
    } else if (gelf_getclass(e) != ELFCLASS32) {
        /* the images are Cortex-M firmware: a 64-bit file is the wrong file */
        *why = "not a 32-bit ELF file";
    } else {
        return e;
    }
    elf_end(e);
    return NULL;
}

static int footprint_of(Elf *e, cpr_footprint *out, const char **why)
{
    GElf_Ehdr eh;
    size_t shnum;
    if (!gelf_getehdr(e, &eh) || elf_getshdrnum(e, &shnum) != 0) {
        *why = elf_errmsg(-1);
        return -1;
    }
    if (shnum == 0) {
        /* libelf counts no section when the table does not fit the file */
        *why = eh.e_shnum ? "section header table lies outside the file" : "no section headers";
        return -1;
    }
    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh)) {
            *why = "section header table lies outside the file";
            return -1;
        }
        switch (section_class(&sh)) {
        case CPR_ELF_CODE: out->code += sh.sh_size; break;
        case CPR_ELF_CONST: out->konst += sh.sh_size; break;
        case CPR_ELF_DATA: out->data += sh.sh_size; break;
        case CPR_ELF_NONE: break;
        }
    }
    return 0;
}

int cpr_elf_footprint_mem(const unsigned char *buf, size_t len, cpr_footprint *out, const char **why)
{
    memset(out, 0, sizeof *out);
    elf_version(EV_CURRENT);
    /* elf_memory takes a char *: a read-only descriptor of it converts into
     * copies of its own and never writes the image */
    Elf *e = open_elf32(elf_memory((char *)(uintptr_t)buf, len), why);
    if (!e)
        return -1;
    int rc = footprint_of(e, out, why);
    elf_end(e);
    if (rc)
        memset(out, 0, sizeof *out);
    return rc;
}

/* libelf on an open descriptor of path, or NULL with *why. */
static Elf *open_file(const char *path, int *fd, const char **why)
{
    elf_version(EV_CURRENT);
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0) {
        *why = strerror(errno);
        return NULL;
    }
    Elf *e = open_elf32(elf_begin(*fd, ELF_C_READ_MMAP, NULL), why);
    if (!e)
        close(*fd);
    return e;
}

int cpr_elf_footprint(const char *path, cpr_footprint *out, const char **why)
{
    memset(out, 0, sizeof *out);
    int fd;
    Elf *e = open_file(path, &fd, why);
    if (!e)
        return -1;
    int rc = footprint_of(e, out, why);
    elf_end(e);
    close(fd);
    if (rc)
        memset(out, 0, sizeof *out);
    return rc;
}

static int sections_of(Elf *e, cpr_elf_sections *out, const char **why)
{
    size_t shstrndx, shnum;
    if (elf_getshdrstrndx(e, &shstrndx) != 0 || elf_getshdrnum(e, &shnum) != 0) {
        *why = elf_errmsg(-1);
        return -1;
    }
    out->v = cp_xcalloc(shnum ? shnum : 1, sizeof *out->v);
    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
        GElf_Shdr sh;
        const char *name;
        if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(e, shstrndx, sh.sh_name))) {
            *why = "section header table lies outside the file or names a missing string";
            return -1;
        }
        cpr_elf_section *s = &out->v[out->n++];
        s->name = cp_xstrdup(name);
        s->addr = sh.sh_addr;
        s->size = sh.sh_size;
        s->cls = section_class(&sh);
    }
    return 0;
}

int cpr_elf_sections_read(const char *path, cpr_elf_sections *out, const char **why)
{
    memset(out, 0, sizeof *out);
    int fd;
    Elf *e = open_file(path, &fd, why);
    if (!e)
        return -1;
    int rc = sections_of(e, out, why);
    elf_end(e);
    close(fd);
    if (rc)
        cpr_elf_sections_free(out);
    return rc;
}

void cpr_elf_sections_free(cpr_elf_sections *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i].name);
    free(s->v);
    memset(s, 0, sizeof *s);
}

/* nm's letter for a symbol defined in a section (binutils' decode_section_type
 * on the section flags BFD derives from the ELF ones), lower case. */
static char section_letter(const GElf_Shdr *sh, const char *name)
{
    if (sh->sh_flags & SHF_EXECINSTR)
        return 't';
    if (sh->sh_type == SHT_NOBITS)
        return 'b';
    if (sh->sh_flags & SHF_ALLOC)
        return sh->sh_flags & SHF_WRITE ? 'd' : 'r';
    if (!strncmp(name, ".debug", 6))
        return 'N';
    return sh->sh_flags & SHF_WRITE ? '?' : 'n';
}

/* nm's letter for a defined symbol whose section gives `letter`: binding
 * and type first, then upper case for a global. */
static char defined_letter(int type, int bind, char letter)
{
    if (type == STT_GNU_IFUNC)
        return 'i';
    if (bind == STB_WEAK)
        return type == STT_OBJECT ? 'V' : 'W';
    if (bind == STB_GNU_UNIQUE)
        return 'u';
    if (bind != STB_LOCAL && letter >= 'a' && letter <= 'z')
        return (char)(letter - 'a' + 'A');
    return letter;
}

/* ARM ELF mapping symbols ($a, $d, $t, optionally ".suffix") mark where
 * code and data alternate; nm leaves them out, so do we. */
static int is_mapping_symbol(const char *name)
{
    return name[0] == '$' && name[1] && strchr("adt", name[1]) && (name[2] == '\0' || name[2] == '.');
}

static int symbol_of(Elf *e, const GElf_Ehdr *eh, size_t shstrndx, const GElf_Sym *s, const char *name,
                     cpr_elf_symbol *out)
{
    int type = GELF_ST_TYPE(s->st_info), bind = GELF_ST_BIND(s->st_info);
    if (type == STT_SECTION || type == STT_FILE || !*name || is_mapping_symbol(name))
        return 0;
    const char *section;
    char letter;
    cpr_elf_class cls = CPR_ELF_NONE;
    if (s->st_shndx == SHN_UNDEF) {
        section = "*UND*";
        letter = bind == STB_WEAK ? (type == STT_OBJECT ? 'v' : 'w') : 'U';
    } else if (s->st_shndx == SHN_COMMON) {
        section = "*COM*";
        letter = 'C';
    } else if (s->st_shndx == SHN_ABS) {
        section = "*ABS*";
        letter = 'a';
    } else {
        GElf_Shdr sh;
        Elf_Scn *scn = elf_getscn(e, s->st_shndx);
        if (!scn || !gelf_getshdr(scn, &sh))
            return -1;
        const char *sname = elf_strptr(e, shstrndx, sh.sh_name);
        section = sname ? sname : "";
        letter = section_letter(&sh, section);
        cls = section_class(&sh);
    }
    if (s->st_shndx != SHN_UNDEF)
        letter = defined_letter(type, bind, letter);
    out->name = cp_xstrdup(name);
    out->section = cp_xstrdup(section);
    /* bit 0 of an Arm function's value says Thumb, it is no address bit */
    out->value = eh->e_machine == EM_ARM && type == STT_FUNC ? s->st_value & ~1ull : s->st_value;
    out->size = s->st_size;
    out->letter = letter;
    out->cls = cls;
    return 1;
}

static int symbols_of(Elf *e, cpr_elf_symbols *out, const char **why)
{
    GElf_Ehdr eh;
    size_t shstrndx;
    if (!gelf_getehdr(e, &eh) || elf_getshdrstrndx(e, &shstrndx) != 0) {
        *why = elf_errmsg(-1);
        return -1;
    }
    for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh)) {
            *why = "section header table lies outside the file";
            return -1;
        }
        if (sh.sh_type != SHT_SYMTAB)
            continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
        if (!d && n) {
            *why = elf_errmsg(-1);
            return -1;
        }
        out->v = cp_xcalloc(n ? n : 1, sizeof *out->v);
        for (size_t i = 1; i < n; i++) {
            GElf_Sym s;
            const char *name = gelf_getsym(d, (int)i, &s) ? elf_strptr(e, sh.sh_link, s.st_name) : NULL;
            int got = name ? symbol_of(e, &eh, shstrndx, &s, name, &out->v[out->n]) : -1;
            if (got < 0) {
                *why = "symbol table entry names a missing section or string";
                return -1;
            }
            out->n += (size_t)got;
        }
        return 0; /* one SHT_SYMTAB per file (gABI) */
    }
    return 0;
}

int cpr_elf_symbols_read(const char *path, cpr_elf_symbols *out, const char **why)
{
    memset(out, 0, sizeof *out);
    int fd;
    Elf *e = open_file(path, &fd, why);
    if (!e)
        return -1;
    int rc = symbols_of(e, out, why);
    elf_end(e);
    close(fd);
    if (rc)
        cpr_elf_symbols_free(out);
    return rc;
}

void cpr_elf_symbols_free(cpr_elf_symbols *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->v[i].name);
        free(s->v[i].section);
    }
    free(s->v);
    memset(s, 0, sizeof *s);
}
