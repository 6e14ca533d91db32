#include "elfsize.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

enum {
    EHDR_SIZE = 52,
    SHDR_MIN = 40,
    SHF_WRITE = 0x1,
    SHF_ALLOC = 0x2,
    SHF_EXECINSTR = 0x4,
    SHT_NULL = 0,
};

typedef struct {
    const unsigned char *p;
    int big;    /* EI_DATA: 1 little-endian, 2 big-endian */
} reader;

static uint32_t rd(const reader *r, size_t off, size_t n)
{
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        size_t at = r->big ? off + i : off + n - 1 - i;
        v = v << 8 | r->p[at];
    }
    return v;
}

int cpr_elf_footprint_mem(const unsigned char *buf, size_t len, cpr_footprint *out, const char **why)
{
    memset(out, 0, sizeof *out);
    if (len < EHDR_SIZE || memcmp(buf, "\177ELF", 4) != 0) {
        *why = "not an ELF file";
        return -1;
    }
    if (buf[4] != 1) {
        *why = "not a 32-bit ELF file";
        return -1;
    }
    if (buf[5] != 1 && buf[5] != 2) {
        *why = "unknown ELF byte order";
        return -1;
    }
    reader r = { buf, buf[5] == 2 };
    uint32_t shoff = rd(&r, 32, 4);
    uint32_t shentsize = rd(&r, 46, 2);
    uint32_t shnum = rd(&r, 48, 2);
    if (shnum == 0) {
        *why = "no section headers";
        return -1;
    }
    if (shentsize < SHDR_MIN || shoff > len || (uint64_t)shnum * shentsize > len - shoff) {
        *why = "section header table lies outside the file";
        return -1;
    }
    for (uint32_t i = 0; i < shnum; i++) {
        size_t sh = shoff + (size_t)i * shentsize;
        uint32_t type = rd(&r, sh + 4, 4);
        uint32_t flags = rd(&r, sh + 8, 4);
        uint32_t size = rd(&r, sh + 20, 4);
        if (type == SHT_NULL || !(flags & SHF_ALLOC))
            continue;
        if (flags & SHF_EXECINSTR)
            out->code += size;
        else if (flags & SHF_WRITE)
            out->data += size;
        else
            out->konst += size;
    }
    return 0;
}

int cpr_elf_footprint(const char *path, cpr_footprint *out, const char **why)
{
    size_t len;
    char *buf = cp_read_file(path, &len);
    if (!buf) {
        *why = strerror(errno);
        memset(out, 0, sizeof *out);
        return -1;
    }
    int rc = cpr_elf_footprint_mem((const unsigned char *)buf, len, out, why);
    free(buf);
    return rc;
}
