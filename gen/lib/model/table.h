/* The table model: what a page table holds, built once per table (from a
 * layout and a dataset by the page engine, page/table_build.h; by the diff
 * page, diff/diff_page.h), then written by every output format (the
 * writers only escape and lay out; no writer decides content). Cell texts
 * are plain text, never escaped here. */
#ifndef CP_TABLE_H
#define CP_TABLE_H

#include <stddef.h>

typedef struct {
    char *text;         /* in the table's texts: never freed alone */
    char *note;         /* footnote text, or NULL */
    char *link;         /* the text links there, or NULL: "page:<series>/<folder>" (a page set,
                         * each format links to its own), else a file path relative to the page */
} cp_cell;

/* A shared note on a cell: the footnote marker of note `note` of the
 * table's shared notes (a note of the notes source, data/notes.h, that
 * may stand on several rows: its text is written once under the table,
 * its marker on each). */
typedef struct {
    size_t row, col, note;
} cp_table_mark;

typedef struct {
    char *name;
    size_t ncols, nrows;
    char **head;        /* ncols header texts; NULL for a table without a header row */
    cp_cell *cells;     /* nrows * ncols, row-major */
    char *note_group;   /* footnote group name of the notes (NULL: "note") */
    char **shared;      /* the shared notes' texts (in the table's texts), in order of first mark */
    size_t nshared;
    cp_table_mark *marks;   /* in row, then column order */
    size_t nmarks, marks_cap;
    /* nrows * ncols cp_tone, or NULL: only the diff page colours cells, so
     * a page table of 10^6 rows pays nothing for it */
    unsigned char *tones;
    /* the cell texts, packed in chunks: a table of 10^6 rows holds
     * millions of texts of about 10 bytes, which took a 32-byte heap
     * chunk each when each was its own allocation */
    struct cp_table_texts *texts;
} cp_table;

/* How a cell is shaded: a diff page's better and worse changes. The text
 * of the cell says the same in words; the shade only helps the eye. */
typedef enum { CP_TONE_NONE, CP_TONE_BETTER, CP_TONE_WORSE } cp_tone;
/* Their shades: pale enough for black text, told apart by readers with
 * red-green colour blindness by lightness as well as hue. templates/
 * html.css has the same for td.better and td.worse. */
#define CP_TONE_BETTER_RGB "#d4edda"
#define CP_TONE_WORSE_RGB "#f8d0cc"

static inline cp_tone cp_table_tone(const cp_table *t, size_t row, size_t col)
{
    return t->tones ? (cp_tone)t->tones[row * t->ncols + col] : CP_TONE_NONE;
}

static inline const cp_cell *cp_table_cell(const cp_table *t, size_t row, size_t col)
{
    return &t->cells[row * t->ncols + col];
}

/* p grown to hold n items of size bytes (capacity *cap, doubled as needed) */
void *cp_table_grow(void *p, size_t n, size_t *cap, size_t size);
/* appends an empty row (t->ncols must be set) */
void cp_table_add_row(cp_table *t, size_t *cap);
/* s (NUL-terminated) copied into t's texts; NULL stays NULL. */
char *cp_table_text(cp_table *t, const char *s);
/* The n bytes at s copied into t's texts, NUL-terminated. */
char *cp_table_text_len(cp_table *t, const char *s, size_t n);
/* cp_table_text, then s freed: a text made elsewhere becomes a cell's. */
char *cp_table_own(cp_table *t, char *s);

/* Puts the marker of the shared note `text` on cell (row, col), the text
 * kept once however many cells it marks; cells are marked in row, then
 * column order. */
void cp_table_mark_note(cp_table *t, size_t row, size_t col, const char *text);

void cp_table_free(cp_table *t);
/* Frees the rows (and header) of t, its texts with them; its name stays. */
void cp_table_drop_rows(cp_table *t);

#endif
