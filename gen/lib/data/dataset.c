/* Loading a dataset: YAML tree, schema, then the checks of schema/README.md
 * "Checks beyond the schema" (folder names, counter kind, cycle model,
 * duplicates), and the per-field index of the results that the commands
 * read. */
#include "data/dataset.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/hash.h"
#include "base/text_clean.h"
#include "base/util.h"
#include "data/invisible.h"
#include "data/schema.h"

const cp_field_info cp_fields[CP_F_COUNT] = {
#define X(id, name, type, role) [CP_F_##id] = { name, CP_FT_##type, CP_ROLE_##role },
#include "data/fields.def"
#undef X
};

/* the length of each name, so that a look-up compares few bytes: it runs
 * for every key of every result */
static const unsigned char field_len[CP_F_COUNT] = {
#define X(id, name, type, role) [CP_F_##id] = sizeof name - 1,
#include "data/fields.def"
#undef X
};

cp_field cp_field_by_name(const char *name)
{
    return cp_field_by_name_len(name, strlen(name));
}

cp_field cp_field_by_name_len(const char *name, size_t len)
{
    for (int f = 0; f < CP_F_COUNT; f++)
        if (field_len[f] == len && cp_fields[f].name[0] == name[0] && memcmp(cp_fields[f].name, name, len) == 0)
            return (cp_field)f;
    return CP_F_COUNT;
}

const cp_node *cp_dataset_node(const cp_dataset *ds, const char *dotted)
{
    return cp_header_node(ds->doc.root, dotted);
}

const cp_node *cp_header_node(const cp_node *root, const char *dotted)
{
    const cp_node *n = root;
    const char *s = dotted;
    while (n && *s) {
        const char *dot = strchr(s, '.');
        size_t len = dot ? (size_t)(dot - s) : strlen(s);
        if (n->kind != CP_MAP)
            return NULL;
        const cp_node *next = NULL;
        for (size_t i = 0; i < n->count; i++)
            if (n->keys[i]->len == len && memcmp(n->keys[i]->text, s, len) == 0) {
                next = n->items[i];
                break;
            }
        n = next;
        s = dot ? dot + 1 : s + len;
    }
    return n;
}

const char *cp_dataset_text(const cp_dataset *ds, const char *dotted)
{
    return cp_scalar(cp_dataset_node(ds, dotted));
}

const char *cp_count_name(cp_field f)
{
    return f == CP_F_COUNT ? "none" : cp_fields[f].name;
}

cp_field cp_lead_count(const cp_node *root)
{
    const char *kind = cp_scalar(cp_header_node(root, "counter.kind"));
    if (kind && !strcmp(kind, "cycles"))
        return CP_F_CYCLES;
    if (!kind || strcmp(kind, "instructions"))
        return CP_F_COUNT;
    const char *status = cp_scalar(cp_header_node(root, "cycle_model.status"));
    return status && !strcmp(status, "modelled") ? CP_F_CYCLES_ESTIMATED : CP_F_INSTRUCTIONS;
}

static int is_real_folder(const char *s, size_t len)
{
    return len > 0 && !(len == 1 && s[0] == '.') && !(len == 2 && s[0] == '.' && s[1] == '.');
}

/* .../<series>/<name>/dataset.yaml -> series, name; otherwise both NULL. */
static void folders_from_path(cp_dataset *ds)
{
    const char *p = ds->path;
    size_t len = strlen(p);
    static const char file[] = "/dataset.yaml";
    size_t flen = sizeof file - 1;
    if (len <= flen || strcmp(p + len - flen, file) != 0)
        return;
    size_t end_name = len - flen;
    size_t start_name = end_name;
    while (start_name > 0 && p[start_name - 1] != '/')
        start_name--;
    if (start_name == 0)
        return;
    size_t end_series = start_name - 1;
    size_t start_series = end_series;
    while (start_series > 0 && p[start_series - 1] != '/')
        start_series--;
    if (!is_real_folder(p + start_name, end_name - start_name) ||
        !is_real_folder(p + start_series, end_series - start_series))
        return;
    ds->series = cp_xstrndup(p + start_series, end_series - start_series);
    ds->name = cp_xstrndup(p + start_name, end_name - start_name);
}

/* Data text for a message (see cp_buf_put_quoted); the caller frees. */
static char *quoted(const char *text)
{
    cp_buf b = { 0 };
    cp_buf_put_quoted(&b, text);
    return b.data;
}

static void check_folders(const cp_dataset *ds, cp_diag *diag)
{
    const cp_node *series = cp_dataset_node(ds, "series");
    if (cp_scalar(series) && strcmp(series->text, ds->series) != 0) {
        char *want = quoted(ds->series), *found = quoted(series->text);
        cp_diag_node(diag, series, "series", "expected %s (the series folder name), found %s", want, found);
        free(want);
        free(found);
    }

    const cp_node *slug = cp_dataset_node(ds, "library.slug");
    const cp_node *version = cp_dataset_node(ds, "library.version");
    if (!cp_scalar(slug) || !cp_scalar(version))
        return;
    char *name = cp_xasprintf("%s-%s", slug->text, version->text);
    for (char *c = name + slug->len + 1; *c; c++)
        if (*c >= 'A' && *c <= 'Z')
            *c = (char)(*c - 'A' + 'a');
    if (strcmp(name, ds->name) != 0) {
        /* point at the part that disagrees with the folder: the version
         * when the slug starts it, the slug when the version ends it,
         * both when neither */
        size_t nlen = strlen(ds->name), vlen = strlen(name) - slug->len;   /* "-" + version */
        int slug_ok = strncmp(ds->name, slug->text, slug->len) == 0 && ds->name[slug->len] == '-';
        int version_ok = nlen > vlen && strcmp(ds->name + nlen - vlen, name + slug->len) == 0;
        const cp_node *at = slug_ok || !version_ok ? version : slug;
        const char *field = slug_ok ? "library.version" : version_ok ? "library.slug" : "library.slug and library.version";
        char *want = quoted(ds->name), *found = quoted(name);
        cp_diag_node(diag, at, field,
                     "expected <library.slug>-<lower-case library.version> to be the folder name %s, found %s", want,
                     found);
        free(want);
        free(found);
    }
    free(name);
}

static void check_counter_kind(const cp_dataset *ds, const size_t *seq_index, cp_diag *diag)
{
    const char *kind = cp_dataset_text(ds, "counter.kind");
    if (!kind)
        return;
    static const struct {
        cp_field field;
        const char *kind;
    } needs[] = { { CP_F_CYCLES, "cycles" }, { CP_F_INSTRUCTIONS, "instructions" },
                  /* time and throughput stand for counts a source did not
                   * give: beside a count a page would show one of the two
                   * and drop the other, and without one a counted
                   * dataset's tables show "n/a" */
                  { CP_F_TIME_MS, "none" }, { CP_F_THROUGHPUT, "none" } };
    char *kind_text = quoted(kind);
    for (size_t i = 0; i < ds->nresults; i++)
        for (size_t k = 0; k < sizeof needs / sizeof needs[0]; k++) {
            const cp_node *v = cp_result_value(&ds->results[i], needs[k].field);
            if (v && strcmp(kind, needs[k].kind) != 0) {
                const char *field = cp_fields[needs[k].field].name;
                char path[64];
                snprintf(path, sizeof path, "results[%zu].%s", seq_index[i], field);
                cp_diag_node(diag, v, path, "expected no %s in a dataset with counter.kind %s, found %s: %s", field,
                             kind_text, field, v->kind == CP_SCALAR ? v->text : "(not a number)");
            }
        }
    free(kind_text);
}

/* cycles_min <= cycles <= cycles_max: the spread of the runs whose median
 * cycles is (a page would print "3742 (5000 to 6000)"). */
static void check_spread(const cp_dataset *ds, const size_t *seq_index, cp_diag *diag)
{
    for (size_t i = 0; i < ds->nresults; i++) {
        const cp_result *r = &ds->results[i];
        const cp_node *lo = cp_result_value(r, CP_F_CYCLES_MIN), *hi = cp_result_value(r, CP_F_CYCLES_MAX),
                      *mid = cp_result_value(r, CP_F_CYCLES);
        long long l, h, m;
        int has_l = lo && cp_scalar_int(lo, &l) == 0, has_h = hi && cp_scalar_int(hi, &h) == 0,
            has_m = mid && cp_scalar_int(mid, &m) == 0;
        char path[64];
        if (has_l && has_h && l > h) {
            snprintf(path, sizeof path, "results[%zu].cycles_max", seq_index[i]);
            cp_diag_node(diag, hi, path, "expected at least cycles_min (%lld), found %lld", l, h);
            continue;
        }
        if (has_l && has_m && l > m) {
            snprintf(path, sizeof path, "results[%zu].cycles_min", seq_index[i]);
            cp_diag_node(diag, lo, path, "expected at most cycles (%lld, the median of the runs), found %lld", m, l);
        }
        if (has_h && has_m && h < m) {
            snprintf(path, sizeof path, "results[%zu].cycles_max", seq_index[i]);
            cp_diag_node(diag, hi, path, "expected at least cycles (%lld, the median of the runs), found %lld", m, h);
        }
    }
}

/* The AEAD parameters describe a message of an AEAD mode: on CBC or a
 * hash they name a case no page has a column for. */
static int is_aead(const cp_result *r)
{
    const char *mode = cp_result_text(r, CP_F_CIPHER_MODE), *family = cp_result_text(r, CP_F_FAMILY);
    return (mode && (!strcmp(mode, "CCM") || !strcmp(mode, "GCM"))) ||
           (family && !strcmp(family, "ChaCha20-Poly1305"));
}

static void check_aead(const cp_dataset *ds, const size_t *seq_index, cp_diag *diag)
{
    static const cp_field aead_only[] = { CP_F_AAD_BYTES, CP_F_NONCE_BYTES, CP_F_TAG_BYTES };
    for (size_t i = 0; i < ds->nresults; i++) {
        const cp_result *r = &ds->results[i];
        if (is_aead(r))
            continue;
        const char *mode = cp_result_text(r, CP_F_CIPHER_MODE), *family = cp_result_text(r, CP_F_FAMILY);
        for (size_t k = 0; k < sizeof aead_only / sizeof aead_only[0]; k++) {
            const cp_node *v = cp_result_value(r, aead_only[k]);
            if (!v)
                continue;
            char path[64];
            snprintf(path, sizeof path, "results[%zu].%s", seq_index[i], cp_fields[aead_only[k]].name);
            cp_buf what = { 0 };
            cp_buf_puts(&what, mode ? "cipher_mode " : "family ");
            cp_buf_put_quoted(&what, mode ? mode : family ? family : "");
            cp_diag_node(diag, v, path,
                         "expected %s only on an AEAD result (cipher_mode CCM or GCM, family ChaCha20-Poly1305), "
                         "found it on %s",
                         cp_fields[aead_only[k]].name, what.data);
            cp_buf_free(&what);
        }
    }
}

/* The cycle model (schema/README.md, "Estimated cycles"): estimated cycles
 * only in a dataset whose cycle_model says modelled, and there beside the
 * instructions of every performance result; a cycle model only where
 * instructions are counted. */
static void check_cycle_model(const cp_dataset *ds, const size_t *seq_index, cp_diag *diag)
{
    const cp_node *model = cp_dataset_node(ds, "cycle_model");
    const char *status = cp_dataset_text(ds, "cycle_model.status");
    const char *kind = cp_dataset_text(ds, "counter.kind");
    if (model && kind && strcmp(kind, "instructions") != 0) {
        char *kind_text = quoted(kind);
        cp_diag_node(diag, model, "cycle_model",
                     "expected no cycle_model in a dataset with counter.kind %s (a cycle model estimates cycles from "
                     "the instructions QEMU executed), found one",
                     kind_text);
        free(kind_text);
    }
    int modelled = status && strcmp(status, "modelled") == 0;
    if (status && !modelled && strcmp(status, "not-modelled") != 0)
        return;   /* a status the schema refused: said once, not on every result */
    char *status_text = status ? quoted(status) : NULL;
    for (size_t i = 0; i < ds->nresults; i++) {
        const cp_result *r = &ds->results[i];
        const cp_node *est = cp_result_value(r, CP_F_CYCLES_ESTIMATED);
        if (est && !modelled) {
            char path[64];
            snprintf(path, sizeof path, "results[%zu].cycles_estimated", seq_index[i]);
            cp_diag_node(diag, est, path,
                         "expected no cycles_estimated in a dataset without cycle_model.status 'modelled' (%s%s), "
                         "found cycles_estimated: %s",
                         status ? "cycle_model.status is " : "the dataset has no cycle_model", status ? status_text : "",
                         est->kind == CP_SCALAR ? est->text : "(not a number)");
        }
        const char *rkind = cp_result_text(r, CP_F_KIND);
        if (modelled && !est && cp_result_value(r, CP_F_INSTRUCTIONS) && rkind && !strcmp(rkind, "performance")) {
            char path[40];
            snprintf(path, sizeof path, "results[%zu]", seq_index[i]);
            cp_diag_node(diag, r->node, path,
                         "expected the field 'cycles_estimated' beside instructions (cycle_model.status is "
                         "'modelled'), found none");
        }
    }
    free(status_text);
}

/* A footprint figure holds the C runtime's part of it (schema/README.md,
 * "Footprint parts"): runtime_code_bytes is at most code_bytes, and so on. */
static void check_footprint_parts(const cp_dataset *ds, const size_t *seq_index, cp_diag *diag)
{
    static const cp_field pairs[][2] = { { CP_F_RUNTIME_CODE_BYTES, CP_F_CODE_BYTES },
                                         { CP_F_RUNTIME_CONST_BYTES, CP_F_CONST_BYTES },
                                         { CP_F_RUNTIME_DATA_BYTES, CP_F_DATA_BYTES } };
    for (size_t i = 0; i < ds->nresults; i++)
        for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
            const cp_result *r = &ds->results[i];
            long long part, whole;
            if (cp_scalar_int(cp_result_value(r, pairs[k][0]), &part) != 0 ||
                cp_scalar_int(cp_result_value(r, pairs[k][1]), &whole) != 0 || part <= whole)
                continue;
            char path[64];
            snprintf(path, sizeof path, "results[%zu].%s", seq_index[i], cp_fields[pairs[k][0]].name);
            cp_diag_node(diag, cp_result_value(r, pairs[k][0]), path,
                         "expected at most %s (%lld: the C runtime's bytes are part of it), found %lld",
                         cp_fields[pairs[k][1]].name, whole, part);
        }
}

/* The identity of a result: every ID field that is present, compared by
 * YAML-typed value. Integer fields are compared as numbers (128, 0128 and
 * 0x80 are the same key size); everything else as written. */
static int int_value(const cp_result *r, int f, long long *v)
{
    return cp_fields[f].type == CP_FT_INT && cp_scalar_int(cp_result_value(r, f), v) == 0;
}

uint64_t cp_result_identity_hash(const cp_result *r, const unsigned char *skip)
{
    cp_hash h;
    cp_hash_init(&h);
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (cp_fields[f].role != CP_ROLE_ID || (skip && skip[f]))
            continue;
        const cp_node *v = cp_result_value(r, (cp_field)f);
        long long iv;
        /* the field's number and what it holds in one word: a value
         * never passes for an absence or for another field's value */
        if (!v)
            cp_hash_word(&h, (uint64_t)f << 8 | 1);
        else if (v->kind != CP_SCALAR)
            cp_hash_word(&h, (uint64_t)f << 8 | 2);
        else if (int_value(r, f, &iv)) {
            cp_hash_word(&h, (uint64_t)f << 8 | 3);
            cp_hash_word(&h, (uint64_t)iv);
        } else {
            cp_hash_word(&h, (uint64_t)f << 8 | 4);
            /* to the first NUL, as same_identity compares */
            cp_hash_bytes(&h, v->text, strlen(v->text));
        }
    }
    return cp_hash_final(&h);
}

/* A case not run is the performance case it would have been: both in one
 * dataset would put a measurement and "not run" on one row. */
static const char *case_kind(const char *kind)
{
    return strcmp(kind, "not-run") == 0 ? "performance" : kind;
}

static int same_identity(const cp_result *a, const cp_result *b)
{
    for (int f = 0; f < CP_F_COUNT; f++) {
        const cp_node *va = cp_result_value(a, f), *vb = cp_result_value(b, f);
        if (cp_fields[f].role != CP_ROLE_ID || (!va && !vb))
            continue;
        /* absent in one; or a mapping or list where a value belongs (the
         * schema already failed: never call it a duplicate too) */
        if (!va || !vb || va->kind != CP_SCALAR || vb->kind != CP_SCALAR)
            return 0;
        long long ia, ib;
        int na = int_value(a, f, &ia), nb = int_value(b, f, &ib);
        if (f == CP_F_KIND ? strcmp(case_kind(va->text), case_kind(vb->text)) != 0
                           : na != nb || (na ? ia != ib : strcmp(va->text, vb->text) != 0))
            return 0;
    }
    return 1;
}

/* One hash-table pass: linear in the number of results. */
static void check_duplicates(const cp_dataset *ds, const size_t *seq_index, cp_diag *diag)
{
    size_t n = ds->nresults;
    if (n < 2)
        return;
    size_t cap = 4;
    while (cap < 2 * n)
        cap *= 2;
    size_t *slot = cp_xcalloc(cap, sizeof *slot); /* result index + 1, 0 = empty */
    uint64_t *hashes = cp_xmalloc(n * sizeof *hashes);
    /* kind left out: a not-run case meets its performance case (same_identity) */
    unsigned char skip[CP_F_COUNT] = { [CP_F_KIND] = 1 };
    for (size_t i = 0; i < n; i++) {
        hashes[i] = cp_result_identity_hash(&ds->results[i], skip);
        size_t at = (size_t)hashes[i] & (cap - 1);
        for (; slot[at]; at = (at + 1) & (cap - 1)) {
            size_t j = slot[at] - 1;
            if (hashes[j] == hashes[i] && same_identity(&ds->results[j], &ds->results[i]))
                break;
        }
        if (slot[at]) {
            size_t j = slot[at] - 1;
            char path[40];
            snprintf(path, sizeof path, "results[%zu]", seq_index[i]);
            const cp_mark *first = &ds->results[j].node->mark;
            const char *ki = cp_result_text(&ds->results[i], CP_F_KIND), *kj = cp_result_text(&ds->results[j], CP_F_KIND);
            /* the first one's place as file:line:column, which import
             * moves to the CSV cell like the message's own */
            if (ki && kj && strcmp(ki, kj) != 0)
                cp_diag_node(diag, ds->results[i].node, path,
                             "expected a case either measured or not run, found kind %s here and kind %s for the "
                             "same case at results[%zu] (%s:%u:%u)",
                             ki, kj, seq_index[j], first->file, first->line, first->column);
            else
                cp_diag_node(diag, ds->results[i].node, path,
                             "expected a result with its own identifying fields, found a duplicate of results[%zu] at "
                             "%s:%u:%u",
                             seq_index[j], first->file, first->line, first->column);
            continue;
        }
        slot[at] = i + 1;
    }
    free(hashes);
    free(slot);
}

/* results[] gets every result that is a mapping; seq_index maps it back to
 * its position in the file for messages. */
static size_t *index_results(cp_dataset *ds)
{
    const cp_node *list = cp_dataset_node(ds, "results");
    if (!list || list->kind != CP_SEQ || list->count == 0)
        return NULL;
    ds->results = cp_xcalloc(list->count, sizeof *ds->results);
    size_t *seq_index = cp_xmalloc(list->count * sizeof *seq_index);
    /* the field of a key node: keys are one shared node a text (node.h),
     * so a million results ask about the same few nodes */
    struct {
        const cp_node *key;
        cp_field field;
    } seen[64] = { { NULL, CP_F_COUNT } };
    unsigned char lead = (unsigned char)cp_lead_count(ds->doc.root);
    for (size_t i = 0; i < list->count; i++) {
        const cp_node *item = list->items[i];
        if (item->kind != CP_MAP)
            continue;
        cp_result *r = &ds->results[ds->nresults];
        seq_index[ds->nresults++] = i;
        r->node = item;
        r->header = ds->doc.root;
        r->lead = lead;
        for (size_t k = 0; k < item->count; k++) {
            const cp_node *key = item->keys[k];
            size_t at = ((uintptr_t)key / sizeof *key) % (sizeof seen / sizeof seen[0]);
            if (seen[at].key != key) {
                seen[at].key = key;
                seen[at].field = cp_field_by_name_len(key->text, key->len);
            }
            cp_field f = seen[at].field;
            if (f != CP_F_COUNT)
                r->at[f] = k < CP_RESULT_LOOK_UP - 1 ? (unsigned char)(k + 1) : CP_RESULT_LOOK_UP;
        }
    }
    return seq_index;
}

/* path names the dataset; its text is buf/len, else the file named file */
static int load(cp_dataset *ds, const char *path, const char *file, const char *buf, size_t len,
                const cp_schema *schema, unsigned flags, cp_diag *diag)
{
    memset(ds, 0, sizeof *ds);
    ds->path = cp_xstrdup(path);
    unsigned before = diag->errors;
    /* held: the loader's messages and the checks' come out in file order */
    cp_diag_held held;
    cp_diag_hold(diag, &held);
    int rc;
    if (!buf) {
        /* read as it is parsed: a large dataset is never whole in memory */
        int fd = cp_open_input(file, NULL);
        if (fd < 0) {
            ds->doc.file = cp_xstrdup(path);
            cp_diag_at(diag, NULL, NULL, "%s: cannot read: %s", file, cp_read_file_error());
            cp_diag_release(diag, &held, ds->doc.file);
            return -2;
        }
        rc = cp_doc_load_fd(&ds->doc, path, fd, diag->out);
        close(fd);
    } else {
        rc = cp_doc_load_mem(&ds->doc, path, buf, len, diag->out);
    }
    diag->errors += ds->doc.problems + (rc && !ds->doc.problems);
    if (rc == -2) {
        cp_diag_release(diag, &held, ds->doc.file);
        return -2;
    }
    if (!ds->doc.root) {
        /* an empty document, or a syntax or encoding error (reported) */
        if (!rc) {
            cp_mark top = { ds->doc.file, 1, 1 };
            cp_diag_at(diag, &top, "(top level)", "expected a dataset (a YAML mapping), found an empty document");
        }
        cp_diag_release(diag, &held, ds->doc.file);
        return -1;
    }
    /* values the loader refused (a tag, a duplicate key) are left out of
     * the tree: the rest is still checked, so one run tells everything */
    if (schema)
        cp_schema_validate_doc(schema, &ds->doc, diag);
    else if (ds->doc.root->kind != CP_MAP)
        cp_diag_node(diag, ds->doc.root, "(top level)", "expected a dataset (a YAML mapping), found a %s",
                     ds->doc.root->kind == CP_SEQ ? "list" : "scalar");

    folders_from_path(ds);
    if (ds->series && !(flags & CP_DS_NO_FOLDER_CHECK))
        check_folders(ds, diag);
    size_t *seq_index = index_results(ds);
    check_counter_kind(ds, seq_index, diag);
    check_cycle_model(ds, seq_index, diag);
    check_footprint_parts(ds, seq_index, diag);
    check_spread(ds, seq_index, diag);
    check_aead(ds, seq_index, diag);
    check_duplicates(ds, seq_index, diag);
    cp_check_invisible(ds->doc.root, diag);
    free(seq_index);
    cp_diag_release(diag, &held, ds->doc.file);
    return diag->errors == before ? 0 : -1;
}

int cp_dataset_load_ex(cp_dataset *ds, const char *path, const char *buf, size_t len, const cp_schema *schema,
                       unsigned flags, cp_diag *diag)
{
    return load(ds, path, path, buf, len, schema, flags, diag);
}

int cp_dataset_load_file(cp_dataset *ds, const char *path, const char *file, const cp_schema *schema,
                         unsigned flags, cp_diag *diag)
{
    return load(ds, path, file, NULL, 0, schema, flags, diag);
}

int cp_dataset_load(cp_dataset *ds, const char *path, const cp_schema *schema, cp_diag *diag)
{
    return cp_dataset_load_ex(ds, path, NULL, 0, schema, 0, diag);
}

void cp_dataset_free(cp_dataset *ds)
{
    cp_doc_free(&ds->doc);
    free(ds->path);
    free(ds->series);
    free(ds->name);
    free(ds->results);
    memset(ds, 0, sizeof *ds);
}
