#include "fpattr.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cryptoperf.h"
#include "elfsize.h"
#include "ldmap.h"
#include "quote.h"

static int column_of(cpr_elf_class cls)
{
    return cls == CPR_ELF_CODE ? CPR_COL_CODE : cls == CPR_ELF_CONST ? CPR_COL_CONST : CPR_COL_DATA;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static const cpr_elf_section *elf_section(const cpr_elf_sections *e, const char *name)
{
    for (size_t i = 0; i < e->n; i++)
        if (strcmp(e->v[i].name, name) == 0)
            return &e->v[i];
    return NULL;
}

static const cpr_map_section *map_section(const cpr_ldmap *m, const char *name)
{
    for (size_t i = 0; i < m->n; i++)
        if (m->v[i].placed && strcmp(m->v[i].name, name) == 0)
            return &m->v[i];
    return NULL;
}

/* The map describes this ELF: its output file, and every allocated
 * section at the address and size the ELF has. */
static int same_image(const char *image, const char *mpath, const cpr_ldmap *m, const cpr_elf_sections *e,
                      char **err)
{
    if (!m->output || strcmp(base_name(m->output), base_name(image)) != 0) {
        *err = cp_xasprintf("%s: expected the link map of %s, found one of %s", mpath, image,
                            cpr_q(m->output));
        return -1;
    }
    for (size_t i = 0; i < e->n; i++) {
        const cpr_elf_section *s = &e->v[i];
        if (s->cls == CPR_ELF_NONE || s->size == 0)
            continue;
        const cpr_map_section *ms = map_section(m, s->name);
        if (!ms) {
            *err = cp_xasprintf("%s: expected output section %s of %s in the map, found none (map and image "
                                "from different links?)", mpath, cpr_q(s->name), image);
            return -1;
        }
        if (ms->addr != s->addr || ms->size != s->size) {
            *err = cp_xasprintf("%s:%u: expected output section %s at 0x%llx, 0x%llx bytes, as in %s, found 0x%llx, "
                                "0x%llx bytes (map and image from different links?)", mpath, ms->line,
                                cpr_q(s->name), s->addr, s->size, image, ms->addr, ms->size);
            return -1;
        }
    }
    return 0;
}

/* The bytes input j of ms really takes: up to the next input's address
 * (or the section's end). A string section (SHF_MERGE) whose strings ld
 * merged into an earlier identical one keeps its size before merging in
 * the map but takes nothing: the next input starts at the same address. */
static int extent(const char *mpath, const cpr_map_section *ms, size_t j, unsigned long long *out, char **err)
{
    const cpr_map_input *in = &ms->in[j];
    unsigned long long end = ms->addr + ms->size;
    unsigned long long next = j + 1 < ms->nin ? ms->in[j + 1].addr : end;
    if (in->addr < ms->addr || next < in->addr || next > end) {
        *err = cp_xasprintf("%s:%u: expected input section %s at an address in %s (0x%llx to 0x%llx) and before "
                            "the next input's (0x%llx), found 0x%llx", mpath, in->line, cpr_q(in->name),
                            cpr_q(ms->name), ms->addr, end, next, in->addr);
        return -1;
    }
    *out = in->size < next - in->addr ? in->size : next - in->addr;
    return 0;
}

static int attribute_section(const char *mpath, const cpr_map_section *ms, int col, const char *library,
                             const char *version, cpr_attribution *out, cpr_attr_each *each, void *ctx,
                             char **err)
{
    unsigned long long placed = 0;
    for (size_t j = 0; j < ms->nin; j++) {
        const cpr_map_input *in = &ms->in[j];
        cpr_origin o = CPR_FROM_PADDING;
        const char *why = NULL;
        unsigned long long size;
        if (in->file && cpr_origin_of(in->file, library, version, &o, &why) < 0) {
            *err = cp_xasprintf("%s:%u: input section %s of %s: %s", mpath, in->line, cpr_q(in->name),
                                cpr_q(in->file), why);
            return -1;
        }
        if (extent(mpath, ms, j, &size, err) < 0)
            return -1;
        out->b[o][col] += (long long)size;
        placed += size;
        if (each)
            each(ctx, in->name, in->file, o, col, size);
    }
    /* what the script's assignments (". = ALIGN (4)") leave between them */
    out->b[CPR_FROM_PADDING][col] += (long long)(ms->size - placed);
    return 0;
}

int cpr_attribute(const char *image, const char *library, const char *version, cpr_attribution *out,
                  cpr_attr_each *each, void *ctx, char **err)
{
    memset(out, 0, sizeof *out);
    *err = NULL;
    size_t n = strlen(image);
    if (n < 4 || strcmp(image + n - 4, ".elf") != 0) {
        *err = cp_xasprintf("%s: expected an image named <name>.elf (its link map is <name>.map)", image);
        return -1;
    }
    char *mpath = cp_xasprintf("%.*s.map", (int)(n - 4), image);
    cpr_elf_sections e;
    cpr_ldmap m;
    const char *why = NULL;
    int rc = -1;
    if (cpr_elf_sections_read(image, &e, &why) < 0) {
        *err = cp_xasprintf("%s: expected an ELF32 image, %s", image, why);
        free(mpath);
        return -1;
    }
    if (cpr_ldmap_read(mpath, &m, err) < 0) {
        if (access(mpath, F_OK) != 0) {
            /* an image linked before the links wrote maps */
            char *hint = cp_xasprintf("%s (the link writes it: make fw relinks an image whose map is missing)", *err);
            free(*err);
            *err = hint;
        }
        goto out_elf;
    }
    if (same_image(image, mpath, &m, &e, err) < 0)
        goto out;
    for (size_t i = 0; i < m.n; i++) {
        const cpr_map_section *ms = &m.v[i];
        if (!ms->placed)
            continue;
        const cpr_elf_section *s = elf_section(&e, ms->name);
        if (!s) {
            /* ld leaves an empty output section out of the file */
            if (ms->size == 0)
                continue;
            *err = cp_xasprintf("%s:%u: expected output section %s (0x%llx bytes) in %s, found none", mpath,
                                ms->line, cpr_q(ms->name), ms->size, image);
            goto out;
        }
        if (s->cls == CPR_ELF_NONE)
            continue;
        if (attribute_section(mpath, ms, column_of(s->cls), library, version, out, each, ctx, err) < 0)
            goto out;
    }
    rc = 0;
out:
    cpr_ldmap_free(&m);
out_elf:
    cpr_elf_sections_free(&e);
    free(mpath);
    if (rc)
        memset(out, 0, sizeof *out);
    return rc;
}

int cpr_fp_figures_of(const cpr_attribution *image, const cpr_attribution *baseline, cpr_fp_figures *out,
                      char **err)
{
    static const char *const cols[] = { "code", "constant data", "global data" };
    memset(out, 0, sizeof *out);
    *err = NULL;
    for (int c = 0; c < CPR_COL_COUNT; c++) {
        long long grow[CPR_FROM_COUNT];
        for (int o = 0; o < CPR_FROM_COUNT; o++)
            grow[o] = image->b[o][c] - baseline->b[o][c];
        /* ld merges equal string tails across input files (SHF_MERGE), so
         * a part can shrink while the whole grows: on the micro:bit a C
         * runtime string folded into a library one left the runtime 4 bytes
         * of constant data below the baseline's. What the library pulls in
         * is the sum of its part and the runtime's; only that sum must not
         * shrink, and a part that did is shown as 0 (its bytes are in the
         * other). */
        long long figure = grow[CPR_FROM_LIBRARY] + grow[CPR_FROM_RUNTIME];
        if (figure < 0) {
            *err = cp_xasprintf("expected the image to hold at least the library and C runtime %s bytes of its "
                                "baseline, found %lld against %lld", cols[c],
                                image->b[CPR_FROM_LIBRARY][c] + image->b[CPR_FROM_RUNTIME][c],
                                baseline->b[CPR_FROM_LIBRARY][c] + baseline->b[CPR_FROM_RUNTIME][c]);
            return -1;
        }
        out->bytes[c] = figure;
        out->runtime[c] = grow[CPR_FROM_RUNTIME] < 0 ? 0
                        : grow[CPR_FROM_RUNTIME] > figure ? figure : grow[CPR_FROM_RUNTIME];
        out->adapter[c] = grow[CPR_FROM_ADAPTER] < 0 ? 0 : grow[CPR_FROM_ADAPTER];
        out->harness[c] = grow[CPR_FROM_HARNESS];
    }
    return 0;
}
