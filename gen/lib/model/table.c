/* The table model (table.h): rows of cells grown as a builder adds them,
 * the cell texts packed in chunks, freeing. */
#include "model/table.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* ---- a growing table ---- */

/* capacity for n items, grown geometrically (tables of 10^5 rows) */
void *cp_table_grow(void *p, size_t n, size_t *cap, size_t size)
{
    if (n <= *cap)
        return p;
    while (*cap < n)
        *cap = *cap ? *cap * 2 : 16;
    return cp_xrealloc(p, *cap * size);
}

void cp_table_add_row(cp_table *t, size_t *cap)
{
    t->cells = cp_table_grow(t->cells, (t->nrows + 1) * t->ncols, cap, sizeof *t->cells);
    memset(&t->cells[t->nrows * t->ncols], 0, t->ncols * sizeof *t->cells);
    t->nrows++;
}

/* ---- the texts of a table: chunks that only grow, freed together ---- */

#define FIRST_TEXTS (4u * 1024)
#define LARGEST_TEXTS (1024u * 1024)

struct cp_table_texts {
    struct cp_table_texts *prev;
    size_t size, used;
    char data[];
};

char *cp_table_text_len(cp_table *t, const char *s, size_t n)
{
    struct cp_table_texts *c = t->texts;
    if (!c || c->size - c->used < n + 1) {
        size_t size = c ? c->size * 2 : FIRST_TEXTS;
        if (size > LARGEST_TEXTS)
            size = LARGEST_TEXTS;
        if (size < n + 1)
            size = n + 1;
        c = cp_xmalloc(sizeof *c + size);
        c->prev = t->texts;
        c->size = size;
        c->used = 0;
        t->texts = c;
    }
    char *p = c->data + c->used;
    memcpy(p, s, n);
    p[n] = '\0';
    c->used += n + 1;
    return p;
}

char *cp_table_text(cp_table *t, const char *s)
{
    return s ? cp_table_text_len(t, s, strlen(s)) : NULL;
}

char *cp_table_own(cp_table *t, char *s)
{
    char *p = cp_table_text(t, s);
    free(s);
    return p;
}

void cp_table_drop_rows(cp_table *t)
{
    for (size_t i = 0; t->head && i < t->ncols; i++)
        free(t->head[i]);
    free(t->head);
    t->head = NULL;
    for (size_t i = 0; i < t->nrows * t->ncols; i++) {
        free(t->cells[i].note);
        free(t->cells[i].link);
    }
    free(t->cells);
    t->cells = NULL;
    free(t->tones);
    t->tones = NULL;
    t->nrows = 0;
    free(t->shared);
    t->shared = NULL;
    t->nshared = 0;
    free(t->marks);
    t->marks = NULL;
    t->nmarks = t->marks_cap = 0;
    for (struct cp_table_texts *c = t->texts, *prev; c; c = prev) {
        prev = c->prev;
        free(c);
    }
    t->texts = NULL;
}

void cp_table_mark_note(cp_table *t, size_t row, size_t col, const char *text)
{
    /* a table has a few shared notes: found by their text */
    size_t k = 0;
    while (k < t->nshared && strcmp(t->shared[k], text) != 0)
        k++;
    if (k == t->nshared) {
        t->shared = cp_xrealloc(t->shared, (t->nshared + 1) * sizeof *t->shared);
        t->shared[t->nshared++] = cp_table_text(t, text);
    }
    for (size_t m = t->nmarks; m-- > 0 && t->marks[m].row == row && t->marks[m].col == col;)
        if (t->marks[m].note == k)
            return;   /* one marker of a note on a cell */
    t->marks = cp_table_grow(t->marks, t->nmarks + 1, &t->marks_cap, sizeof *t->marks);
    t->marks[t->nmarks++] = (cp_table_mark){ row, col, k };
}

void cp_table_free(cp_table *t)
{
    cp_table_drop_rows(t);
    free(t->name);
    free(t->note_group);
    memset(t, 0, sizeof *t);
}
