#include "plugin_args.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A growing text: the argument is a few hundred bytes, but a vector table
 * may name a couple of hundred handlers. */
typedef struct {
    char *s;
    size_t len, cap;
} text;

static void add(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (t->s && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        t->cap = (t->cap + (size_t)n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        if (!t->s)
            abort();
    }
}

/* QEMU's option syntax ends a value at a comma; a doubled one stands for
 * itself. */
static void add_path(text *t, const char *path)
{
    for (const char *p = path; *p; p++)
        add(t, *p == ',' ? ",," : "%c", *p);
}

/* The function symbol name: its address without the Thumb bit, its size. */
static int find_function(Elf *elf, const char *name, uint64_t *addr, uint64_t *size)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
            continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        size_t n = d ? sh.sh_size / sh.sh_entsize : 0;
        for (size_t i = 0; i < n; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(d, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
                sym.st_shndx == SHN_UNDEF)
                continue;
            const char *s = elf_strptr(elf, sh.sh_link, sym.st_name);
            if (s && strcmp(s, name) == 0) {
                *addr = sym.st_value & ~(uint64_t)1;
                *size = sym.st_size;
                return 0;
            }
        }
    }
    return -1;
}

/* The allocated section holding [addr, addr + 4), its data and offset. */
static const uint8_t *bytes_at(Elf *elf, uint64_t addr, size_t *avail, int *exec)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC) || sh.sh_type == SHT_NOBITS ||
            addr < sh.sh_addr || addr + 4 > sh.sh_addr + sh.sh_size)
            continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        if (!d || !d->d_buf || d->d_size < sh.sh_size)
            return NULL;
        *avail = (size_t)(sh.sh_addr + sh.sh_size - addr);
        *exec = (sh.sh_flags & SHF_EXECINSTR) != 0;
        return (const uint8_t *)d->d_buf + (addr - sh.sh_addr);
    }
    return NULL;
}

static int is_code(Elf *elf, uint32_t addr)
{
    size_t avail;
    int exec = 0;
    return bytes_at(elf, addr, &avail, &exec) && exec;
}

/* Handlers of the vector table at vtor: entries 2 (NMI) on; entry 0 is the
 * stack pointer and entry 1 the reset handler, where execution starts
 * rather than an exception. The table ends at the first entry that is
 * neither 0 (unused) nor a Thumb address of code in the image: its length
 * is the device's, which the ELF does not state. */
static int add_handlers(text *t, Elf *elf, uint64_t vtor)
{
    size_t avail;
    int exec;
    const uint8_t *p = bytes_at(elf, vtor, &avail, &exec);
    if (!p)
        return -1;
    enum { MAX_VECTORS = 16 + 480 }; /* Armv7-M and Armv8-M allow 496 */
    size_t n = avail / 4 < MAX_VECTORS ? avail / 4 : MAX_VECTORS;
    uint32_t seen[MAX_VECTORS];
    size_t nseen = 0;
    for (size_t i = 2; i < n; i++) {
        uint32_t v = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
                     (uint32_t)p[4 * i + 3] << 24;
        if (v == 0)
            continue;
        if (!(v & 1) || !is_code(elf, v & ~1u))
            break;
        /* one default handler usually stands for most vectors */
        size_t k = 0;
        while (k < nseen && seen[k] != (v & ~1u))
            k++;
        if (k < nseen)
            continue;
        seen[nseen++] = v & ~1u;
        add(t, ",handler=0x%x", (unsigned)(v & ~1u));
    }
    return 0;
}

static cpc_args_status check_elf(Elf *elf)
{
    GElf_Ehdr eh;
    if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh))
        return CPC_ARGS_NOT_ARM;
    if (eh.e_ident[EI_CLASS] != ELFCLASS32 || eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != EM_ARM)
        return CPC_ARGS_NOT_ARM;
    return CPC_ARGS_OK;
}

cpc_args_status cpc_plugin_args(const cpc_args_request *rq, char **arg, char *why, size_t why_len)
{
    *arg = NULL;
    if (!rq->machine->model) {
        snprintf(why, why_len, "%s (%s): no cycle model: %s", rq->machine->core, rq->machine->machine,
                 rq->machine->note);
        return CPC_ARGS_NOT_MODELLED;
    }
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(why, why_len, "libelf: %s", elf_errmsg(-1));
        return CPC_ARGS_UNREADABLE;
    }
    int fd = open(rq->elf, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, why_len, "%s: %s", rq->elf, strerror(errno));
        return CPC_ARGS_UNREADABLE;
    }
    Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
    cpc_args_status st = elf ? check_elf(elf) : CPC_ARGS_NOT_ARM;
    text t = { 0 };
    uint64_t addr, size;
    if (st != CPC_ARGS_OK) {
        snprintf(why, why_len, "%s: expected an ELF32 little-endian image for Arm, found %s", rq->elf,
                 elf && elf_kind(elf) == ELF_K_ELF ? "an ELF for another machine" : "no ELF file");
    } else if (find_function(elf, rq->window, &addr, &size) < 0) {
        snprintf(why, why_len, "%s: no function named '%s' (the window function must be a function symbol "
                 "of the image)", rq->elf, rq->window);
        st = CPC_ARGS_NO_WINDOW;
    } else {
        add_path(&t, rq->plugin);
        add(&t, ",core=%s,window=0x%llx,out=%d", rq->machine->model, (unsigned long long)addr, rq->out_fd);
        for (size_t i = 0; i < rq->nexclude && st == CPC_ARGS_OK; i++) {
            uint64_t a, n;
            if (find_function(elf, rq->exclude[i], &a, &n) < 0 || n == 0) {
                snprintf(why, why_len, "%s: no function named '%s' with a size (code to leave out of the "
                         "windows)", rq->elf, rq->exclude[i]);
                st = CPC_ARGS_NO_EXCLUDE;
            } else {
                add(&t, ",exclude=0x%llx-0x%llx", (unsigned long long)a, (unsigned long long)(a + n));
            }
        }
        if (st == CPC_ARGS_OK && add_handlers(&t, elf, rq->machine->vtor) < 0 && rq->machine->vtor_alias)
            add_handlers(&t, elf, rq->machine->vtor_alias);
    }
    if (elf)
        elf_end(elf);
    close(fd);
    if (st != CPC_ARGS_OK) {
        free(t.s);
        return st;
    }
    *arg = t.s;
    return CPC_ARGS_OK;
}
