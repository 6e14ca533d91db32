#include "import/import_check.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "base/util.h"

/* The results are appended to the header in the same YAML document: a
 * document end ("...") in the header would end it before them, and the
 * error would be reported at a line of the dataset, which is never
 * written. (A second document the loader refuses in the header itself.) */
static void check_one_document(const char *file, const char *text, size_t len, cp_diag *diag)
{
    unsigned line = 1;
    for (size_t i = 0; i < len; line++) {
        size_t n = 0;
        while (i + n < len && text[i + n] != '\n')
            n++;
        const char *l = text + i;
        if (n >= 3 && !strncmp(l, "...", 3) && (n == 3 || l[3] == ' ' || l[3] == '\t' || l[3] == '\r')) {
            cp_mark at = { file, line, 1 };
            cp_diag_at(diag, &at, NULL,
                       "expected the header as the start of one YAML document (the results follow it in the "
                       "same document), found the document end marker '...'");
            return;
        }
        i += n + 1;
    }
}

int cp_import_check_header(const char *name, const char *text, size_t len, cp_diag *diag)
{
    cp_doc doc;
    if (cp_doc_load_mem(&doc, name, text, len, diag->out) != 0) {
        diag->errors++;
        cp_doc_free(&doc);
        return -1;
    }
    unsigned before = diag->errors;
    check_one_document(doc.file, text, len, diag);
    const cp_node *root = doc.root;
    if (!root) {
        cp_mark top = { doc.file, 1, 1 };
        cp_diag_at(diag, &top, NULL, "expected the dataset header (a YAML mapping), found an empty document");
    } else if (root->kind != CP_MAP) {
        cp_diag_node(diag, root, NULL, "expected the dataset header (a YAML mapping), found a %s",
                     root->kind == CP_SEQ ? "list" : "scalar");
    } else {
        for (size_t i = 0; i < root->count; i++)
            if (!strcmp(root->keys[i]->text, "results")) {
                cp_mark at = cp_map_key_mark(root, i);
                cp_diag_at(diag, &at, "results",
                           "expected the header without results (they come from the CSV), found a results key");
            }
    }
    cp_doc_free(&doc);
    return diag->errors == before ? 0 : -1;
}

/* Estimated cycles come from the cycle model of a QEMU run
 * (cryptoperf-run), never from a transcription: no column of an import. */
static int importable(cp_field f)
{
    return f != CP_F_COUNT && f != CP_F_CYCLES_ESTIMATED;
}

static void list_fields(cp_buf *b)
{
    for (int f = 0; f < CP_F_COUNT; f++)
        if (importable((cp_field)f))
            cp_buf_printf(b, "%s%s", b->len ? ", " : "", cp_fields[f].name);
}

/* Edit distance of a and b, case and '-'/' ' vs '_' aside; stops
 * counting past 3 (only small ones make a suggestion). */
static unsigned distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > 40 || nb > 40 || (na > nb ? na - nb : nb - na) > 3)
        return 4;
    unsigned row[41];
    for (size_t j = 0; j <= nb; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= na; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        char ca = (char)tolower((unsigned char)a[i - 1]);
        ca = ca == '-' || ca == ' ' ? '_' : ca;
        for (size_t j = 1; j <= nb; j++) {
            unsigned up = row[j];
            unsigned cost = ca != b[j - 1];
            unsigned best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[nb];
}

/* The field a column name most likely meant ("Family", "key-bits",
 * "cylces"): the nearest importable name, when it is near (at most 2
 * edits, 1 for a short name) and no other is as near; CP_F_COUNT when
 * none is. */
static cp_field suggestion(const char *name)
{
    cp_field best = CP_F_COUNT;
    unsigned best_d = 4;
    int tie = 0;
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (!importable((cp_field)f))
            continue;
        unsigned dist = distance(name, cp_fields[f].name);
        if (dist < best_d) {
            best = (cp_field)f;
            best_d = dist;
            tie = 0;
        } else if (dist == best_d) {
            tie = 1;
        }
    }
    size_t n = strlen(name);
    return !tie && best_d <= (n <= 4 ? 1u : 2u) ? best : CP_F_COUNT;
}

static int header_names(const cp_csv_row *head, cp_field f)
{
    for (size_t k = 0; k < head->count; k++)
        if (cp_field_by_name(head->cells[k].text) == f)
            return 1;
    return 0;
}

void cp_import_check_columns(const cp_csv_row *head, cp_import_columns *cols, cp_diag *diag)
{
    cols->count = head->count;
    cols->field = cp_xcalloc(head->count, sizeof *cols->field);
    for (size_t i = 0; i < head->count; i++) {
        const cp_csv_cell *c = &head->cells[i];
        cp_field f = cp_field_by_name(c->text);
        cols->field[i] = f;
        if (f == CP_F_CYCLES_ESTIMATED) {
            cp_diag_at(diag, &c->mark, NULL, "expected a field an import takes, found the column cycles_estimated "
                       "(estimated cycles come from the cycle model of a QEMU run, never from a transcription)");
            cols->field[i] = CP_F_COUNT;   /* left out, like an unknown column */
            continue;
        }
        if (f == CP_F_COUNT) {
            cp_buf found = { 0 };
            cp_buf_put_quoted(&found, c->text);
            cp_field near = suggestion(c->text);
            if (near != CP_F_COUNT && !header_names(head, near)) {
                /* the column is read as the field it meant: its cells are
                 * still checked, and the rows do not each say that the
                 * field is missing (the import fails all the same) */
                cp_diag_at(diag, &c->mark, NULL, "expected a result field name, found %s; did you mean '%s'? (its "
                           "cells are checked as %s)", found.data, cp_fields[near].name, cp_fields[near].name);
                cols->field[i] = near;
            } else {
                cp_buf names = { 0 };
                list_fields(&names);
                cp_diag_at(diag, &c->mark, NULL, "expected a result field name (one of %s), found %s", names.data,
                           found.data);
                cp_buf_free(&names);
            }
            cp_buf_free(&found);
            continue;
        }
        for (size_t k = 0; k < i; k++)
            if (cols->field[k] == f) {
                cp_diag_at(diag, &c->mark, NULL, "expected each field once, found a second '%s' column (the first "
                           "is at column %u)", c->text, head->cells[k].mark.column);
                break;
            }
    }
}

static int is_digits(const char *s)
{
    return s[0] && s[strspn(s, "0123456789")] == '\0';
}

const char *cp_import_int_text(const char *cell)
{
    while (cell[0] == '0' && cell[1])
        cell++;
    return cell;
}

/* Fits a 64-bit signed integer, the range every YAML reader here takes. */
static int is_count(const char *s)
{
    if (!is_digits(s))
        return 0;
    const char *d = cp_import_int_text(s);
    size_t n = strlen(d);
    return n < 19 || (n == 19 && strcmp(d, "9223372036854775807") <= 0);
}

static int is_decimal(const char *s)
{
    if (*s == '-')
        s++;
    const char *dot = strchr(s, '.');
    if (!dot)
        return is_digits(s);
    char *whole = cp_xstrndup(s, (size_t)(dot - s));
    int ok = is_digits(whole) && is_digits(dot + 1);
    free(whole);
    return ok;
}

/* Reports a cell that is not a number of its field's kind; the cell is
 * then marked, so that the checks of the generated dataset do not report
 * it a second time. */
static void check_cell(cp_csv_cell *c, cp_field f, size_t result, cp_diag *diag)
{
    if (c->len == 0)
        return;
    char path[64];
    snprintf(path, sizeof path, "results[%zu].%s", result, cp_fields[f].name);
    cp_buf found = { 0 };
    cp_buf_put_quoted(&found, c->text);
    if (cp_fields[f].type == CP_FT_INT && !is_count(c->text)) {
        cp_diag_at(diag, &c->mark, path, "expected a non-negative decimal integer (no sign, unit or digit "
                   "grouping, at most 9223372036854775807), found %s", found.data);
        c->reported = 1;
    } else if (cp_fields[f].type == CP_FT_DEC && !is_decimal(c->text)) {
        cp_diag_at(diag, &c->mark, path, "expected a decimal number such as 1.448 (no unit, no exponent), "
                   "found %s", found.data);
        c->reported = 1;
    }
    cp_buf_free(&found);
}

/* A row without one cell per column is bad: its cells cannot be placed. */
void cp_import_check_row(cp_csv_row *row, const cp_import_columns *cols, size_t result, cp_diag *diag)
{
    if (row->count > cols->count) {
        cp_diag_at(diag, &row->cells[cols->count].mark, NULL,
                   "expected %zu cells (one per header column), found %zu; the first extra cell starts here", cols->count,
                   row->count);
        row->bad = 1;
        return;
    }
    if (row->count < cols->count) {
        cp_diag_at(diag, &row->mark, NULL, "expected %zu cells (one per header column), found %zu", cols->count,
                   row->count);
        row->bad = 1;
        return;
    }
    for (size_t k = 0; k < row->count; k++)
        if (cols->field[k] != CP_F_COUNT)
            check_cell(&row->cells[k], cols->field[k], result, diag);
}

int cp_import_check_table(cp_csv *csv, cp_import_columns *cols, cp_diag *diag)
{
    unsigned before = diag->errors;
    if (csv->count == 0) {
        cp_mark top = { csv->file, 1, 1 };
        cp_diag_at(diag, &top, NULL, "expected a header row naming result fields, found an empty file");
        return -1;
    }
    if (csv->rows[0].bad) /* reported by the reader: there are no columns to check against */
        return -1;
    cp_import_check_columns(&csv->rows[0], cols, diag);
    if (csv->count == 1)
        cp_diag_at(diag, &csv->end, NULL, "expected at least one result row after the header row, found none");
    for (size_t i = 1; i < csv->count; i++)
        if (!csv->rows[i].bad)
            cp_import_check_row(&csv->rows[i], cols, i - 1, diag);
    return diag->errors == before ? 0 : -1;
}
