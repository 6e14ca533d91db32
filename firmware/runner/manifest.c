#include "manifest.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "quote.h"
#include "cryptoperf.h"

enum { C_IMAGE, C_KIND, C_BOARD, C_MACHINE, C_SHIFT, C_TIMEOUT, C_LIBRARY, C_VERSION,
       C_PACKAGE, C_CONFIGURATION, C_BASELINE, C_FIELDS, C_EXPECT, C_CASE, NCOLS };
static const char *const column_names[NCOLS] = {
    "image", "kind", "board", "machine", "icount_shift", "timeout_s", "library", "version",
    "package", "configuration", "baseline", "fields", "expect", "case",
};

/* Splits line (modified in place) at tabs; returns the field count. */
static size_t split(char *line, char **cell, size_t max, size_t *col)
{
    size_t n = 0;
    char *p = line;
    for (;;) {
        if (n < max) {
            cell[n] = p;
            col[n] = (size_t)(p - line) + 1;
        }
        n++;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}

static char *opt(const char *s)
{
    return strcmp(s, "-") == 0 ? NULL : cp_xstrdup(s);
}

/* An integer cell in lo..hi, or dash for '-'; reports anything else. */
static long number_cell(cp_diag *diag, cp_mark mark, const char *s, size_t column, const char *name, long lo,
                        long hi, long dash)
{
    if (strcmp(s, "-") == 0)
        return dash;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        mark.column = (unsigned)column;
        cp_diag_at(diag, &mark, name, "expected an integer %ld..%ld or '-', found %s", lo, hi, cpr_q(s));
        return dash;
    }
    return v;
}

int cpr_manifest_load(cpr_manifest *m, const char *path, cp_diag *diag)
{
    memset(m, 0, sizeof *m);
    m->path = cp_xstrdup(path);
    size_t len;
    char *text = cp_read_file(path, &len);
    if (!text) {
        cp_diag_at(diag, NULL, NULL, "%s: cannot read manifest: %s", path, strerror(errno));
        m->unreadable = 1;
        return -1;
    }
    unsigned before = diag->errors;
    int pos[NCOLS];
    for (int c = 0; c < NCOLS; c++)
        pos[c] = -1;
    int have_header = 0;
    enum { MAXCELLS = 64 };
    char *cell[MAXCELLS];
    size_t col[MAXCELLS];
    unsigned lineno = 0;
    for (char *line = text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        lineno++;
        cp_mark mark = { m->path, lineno, 1 };
        if (!have_header) {
            if (line[0] != '#') {
                cp_diag_at(diag, &mark, NULL, "expected the '#' header line naming the columns, found %s", cpr_q(line));
                break;
            }
            size_t n = split(line + 1, cell, MAXCELLS, col);
            for (size_t i = 0; i < n && i < MAXCELLS; i++) {
                char *name = cell[i];
                while (*name == ' ')
                    name++;
                for (int c = 0; c < NCOLS; c++)
                    if (strcmp(name, column_names[c]) == 0)
                        pos[c] = (int)i;
            }
            for (int c = 0; c < NCOLS; c++)
                if (pos[c] < 0)
                    cp_diag_at(diag, &mark, NULL, "expected a column '%s' in the header, found none", column_names[c]);
            have_header = 1;
        } else if (line[0] != '\0' && line[0] != '#') {
            size_t n = split(line, cell, MAXCELLS, col);
            int ok = 1;
            for (int c = 0; c < NCOLS && ok; c++)
                if (pos[c] < 0 || (size_t)pos[c] >= n) {
                    cp_diag_at(diag, &mark, NULL, "expected a value in column '%s', found %zu columns", column_names[c], n);
                    ok = 0;
                }
            if (ok) {
                m->v = cp_xrealloc(m->v, (m->n + 1) * sizeof *m->v);
                cpr_image *im = &m->v[m->n++];
                memset(im, 0, sizeof *im);
                im->line = lineno;
                im->image = cp_xstrdup(cell[pos[C_IMAGE]]);
                im->kind = cp_xstrdup(cell[pos[C_KIND]]);
                im->board = cp_xstrdup(cell[pos[C_BOARD]]);
                im->machine = cp_xstrdup(cell[pos[C_MACHINE]]);
                im->library = opt(cell[pos[C_LIBRARY]]);
                im->version = opt(cell[pos[C_VERSION]]);
                im->package = opt(cell[pos[C_PACKAGE]]);
                im->configuration = opt(cell[pos[C_CONFIGURATION]]);
                im->baseline = opt(cell[pos[C_BASELINE]]);
                im->fields = opt(cell[pos[C_FIELDS]]);
                im->expect = opt(cell[pos[C_EXPECT]]);
                im->case_id = opt(cell[pos[C_CASE]]);
                /* '-' for images that are not run (footprint, baseline) */
                im->icount_shift = (int)number_cell(diag, mark, cell[pos[C_SHIFT]], col[pos[C_SHIFT]],
                                                    "icount_shift", 0, 10, -1);
                im->timeout_s = (unsigned)number_cell(diag, mark, cell[pos[C_TIMEOUT]], col[pos[C_TIMEOUT]],
                                                      "timeout_s", 1, 86400, 0);
            }
        }
        line = nl ? nl + 1 : NULL;
    }
    if (!have_header && diag->errors == before)
        cp_diag_at(diag, NULL, NULL, "%s: empty manifest, expected a header line and images", path);
    /* every footprint image needs a baseline that is in the manifest */
    for (size_t i = 0; i < m->n; i++) {
        cpr_image *im = &m->v[i];
        if (strcmp(im->kind, "footprint") != 0)
            continue;
        cp_mark mark = { m->path, im->line, 1 };
        if (!im->baseline || !cpr_manifest_find(m, im->baseline))
            cp_diag_at(diag, &mark, im->image, "expected a baseline image listed in the manifest, found %s",
                       cpr_q(im->baseline ? im->baseline : "-"));
        if (!im->fields)
            cp_diag_at(diag, &mark, im->image, "expected the identifying fields of its rows, found '-'");
    }
    free(text);
    return diag->errors == before ? 0 : -1;
}

const cpr_image *cpr_manifest_find(const cpr_manifest *m, const char *image)
{
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->v[i].image, image) == 0)
            return &m->v[i];
    return NULL;
}

void cpr_manifest_free(cpr_manifest *m)
{
    for (size_t i = 0; i < m->n; i++) {
        cpr_image *im = &m->v[i];
        char *owned[] = { im->image, im->kind, im->board, im->machine, im->library, im->version,
                          im->package, im->configuration, im->baseline, im->fields, im->expect,
                          im->case_id };
        for (size_t k = 0; k < sizeof owned / sizeof owned[0]; k++)
            free(owned[k]);
    }
    free(m->v);
    free(m->path);
    memset(m, 0, sizeof *m);
}
