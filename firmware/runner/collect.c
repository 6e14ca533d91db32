#include "collect.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fpattr.h"
#include "hostvec.h"
#include "sigcheck.h"
#include "quote.h"
#include "cryptoperf.h"

/* Run-header keys that may differ between the images of one dataset: the
 * configuration is the axis the images span (axes: what its labels mean,
 * library.fingerprint: the archive built for it), the overhead is
 * calibrated in each binary. */
static const char *const per_image_keys[] = { "configuration", "configuration_meaning", "axes",
                                              "library.fingerprint", "counter.overhead" };

static void complain(cpr_collection *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void complain(cpr_collection *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(c->err, fmt, ap);
    va_end(ap);
    fputc('\n', c->err);
    c->errors++;
}

static void where(char *buf, size_t size, const cp_node *n)
{
    snprintf(buf, size, "%s:%u:%u", n->mark.file, n->mark.line, n->mark.column);
}

void cpr_collection_init(cpr_collection *c, FILE *err)
{
    memset(c, 0, sizeof *c);
    c->err = err;
}

void cpr_collection_free(cpr_collection *c)
{
    for (size_t i = 0; i < c->n; i++) {
        cpr_set *s = &c->v[i];
        for (size_t a = 0; a < s->naxes; a++) {
            free(s->axes[a].family);
            free(s->axes[a].field);
            free(s->axes[a].label);
            free(s->axes[a].meaning);
        }
        free(s->axes);
        cpr_rows_free(&s->rows);
    }
    free(c->v);
    for (size_t i = 0; i < c->ndocs; i++)
        cp_doc_free(&c->docs[i]);
    free(c->docs);
    memset(c, 0, sizeof *c);
}

static int same_opt(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static cpr_set *find_set(const cpr_collection *c, const cpr_image *im)
{
    for (size_t i = 0; i < c->n; i++) {
        const cpr_image *k = c->v[i].key;
        if (strcmp(k->board, im->board) == 0 && same_opt(k->library, im->library) &&
            same_opt(k->version, im->version))
            return &c->v[i];
    }
    return NULL;
}

int cpr_collection_has_set(const cpr_collection *c, const cpr_image *im)
{
    return find_set(c, im) != NULL;
}

static cpr_set *set_for(cpr_collection *c, const cpr_image *im)
{
    cpr_set *found = find_set(c, im);
    if (found)
        return found;
    c->v = cp_xrealloc(c->v, (c->n + 1) * sizeof *c->v);
    cpr_set *s = &c->v[c->n++];
    memset(s, 0, sizeof *s);
    s->key = im;
    s->overhead_min = -1;
    return s;
}

static int excluded(const char *path)
{
    for (size_t i = 0; i < sizeof per_image_keys / sizeof per_image_keys[0]; i++)
        if (strcmp(path, per_image_keys[i]) == 0)
            return 1;
    return 0;
}

/* Reports where run header b differs from a (both mappings). */
static void compare_runs(cpr_collection *c, const cp_node *a, const cp_node *b, const char *prefix,
                         const char *a_name)
{
    for (int pass = 0; pass < 2; pass++) {
        const cp_node *x = pass ? b : a, *y = pass ? a : b;
        for (size_t i = 0; i < x->count; i++) {
            const char *key = x->keys[i]->text;
            char *path = prefix[0] ? cp_xasprintf("%s.%s", prefix, key) : cp_xstrdup(key);
            const cp_node *other = cp_map_get(y, key);
            const cp_node *here = x->items[i];
            char loc[512];
            where(loc, sizeof loc, pass ? here : (other ? other : b));
            if (excluded(path)) {
                /* may differ */
            } else if (!other) {
                if (pass)
                    complain(c, "%s: run.%s: expected the same run header as %s, found a key it lacks", loc, path, a_name);
                else
                    complain(c, "%s: run: expected %s as in %s, found none", loc, cpr_q(path), a_name);
            } else if (pass == 0) {
                if (here->kind == CP_MAP && other->kind == CP_MAP) {
                    compare_runs(c, here, other, path, a_name);
                } else if (here->kind != other->kind ||
                           (here->kind == CP_SCALAR && strcmp(here->text, other->text) != 0) ||
                           here->kind == CP_SEQ) {
                    const char *hv = cp_scalar(here), *ov = cp_scalar(other);
                    complain(c, "%s: run.%s: expected %s as in %s, found %s", loc, path,
                             hv ? cpr_q(hv) : "a collection", a_name, ov ? cpr_q(ov) : "a collection");
                }
            }
            free(path);
        }
    }
}

static const char *run_text(const cp_node *run, const char *a, const char *b)
{
    const cp_node *n = cp_map_get(run, a);
    return cp_scalar(b ? cp_map_get(n, b) : n);
}

/* The library code that ran is the manifest line's: the image prints the
 * fingerprint of the archive it was linked with, "<library>-<version>-
 * <configuration> <hash>" (mk/fw-fingerprint), which names the
 * configuration the archive was built for. The configuration the port
 * reports comes from the port's own objects and would not tell an archive
 * of another configuration, or an empty one whose symbols came from the
 * archive linked after it (issue 28). */
static void check_fingerprint(cpr_collection *c, const cpr_image *im, const cp_node *run, const char *name)
{
    enum { HASH_HEX = 16 }; /* mk/fw-lib.mk keeps 16 hex digits of the SHA-256 */
    if (!im->library || !im->version || !im->configuration)
        return;
    char *want = cp_xasprintf("%s-%s-%s", im->library, im->version, im->configuration);
    const char *got = run_text(run, "library", "fingerprint");
    size_t n = strlen(want);
    const char *hash = got && strncmp(got, want, n) == 0 && got[n] == ' ' ? got + n + 1 : NULL;
    if (!hash || strlen(hash) != HASH_HEX || strspn(hash, "0123456789abcdef") != HASH_HEX)
        complain(c, "%s: run.library.fingerprint: expected the fingerprint of the library archive built for %s "
                 "(manifest line %u) and the hash of its build, found %s: the image was not linked with that "
                 "archive", name, cpr_q(want), im->line, cpr_q(got));
    free(want);
}

/* The run header must describe the image the manifest says it is. */
static void check_identity(cpr_collection *c, const cpr_image *im, const cp_node *run, const char *name)
{
    struct {
        const char *a, *b, *want;
        int fold;
    } checks[] = {
        { "board", NULL, im->board, 0 },
        { "qemu_machine", NULL, strcmp(im->machine, "-") ? im->machine : NULL, 0 },
        { "library", "slug", im->library, 0 },
        { "library", "version", im->version, 0 },
        { "library", "package", im->package, 0 },
        { "configuration", NULL, im->configuration, 1 },
    };
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++) {
        const char *got = run_text(run, checks[i].a, checks[i].b);
        const char *want = checks[i].want;
        if (!want)
            continue;
        if (!got || (checks[i].fold ? strcasecmp(got, want) : strcmp(got, want)) != 0)
            complain(c, "%s: run.%s%s%s: expected %s (manifest line %u), found %s", name, checks[i].a,
                     checks[i].b ? "." : "", checks[i].b ? checks[i].b : "", cpr_q(want), im->line, cpr_q(got));
    }
    check_fingerprint(c, im, run, name);
    const cp_node *shift = cp_map_get(cp_map_get(run, "counter"), "icount_shift");
    long long v;
    if (im->icount_shift < 0) {
        if (shift)
            complain(c, "%s: run.counter.icount_shift: expected none (the manifest runs this image without QEMU's "
                     "instruction count), found %s", name, cpr_q(cp_scalar(shift)));
    } else if (!shift || cp_scalar_int(shift, &v) < 0 || v != im->icount_shift) {
        complain(c, "%s: run.counter.icount_shift: expected %d as QEMU ran it, found %s", name,
                 im->icount_shift, cpr_q(cp_scalar(shift)));
    }
}

static void add_axis(cpr_set *s, const char *family, const char *field, const char *label, const char *meaning)
{
    if (!field || !label || !meaning)
        return;
    for (size_t i = 0; i < s->naxes; i++)
        if (same_opt(s->axes[i].family, family) && strcmp(s->axes[i].field, field) == 0 &&
            strcmp(s->axes[i].label, label) == 0)
            return;
    s->axes = cp_xrealloc(s->axes, (s->naxes + 1) * sizeof *s->axes);
    s->axes[s->naxes++] = (cpr_axis){ family ? cp_xstrdup(family) : NULL, cp_xstrdup(field),
                                      cp_xstrdup(label), cp_xstrdup(meaning) };
}

/* The image's labels: its run header's axes list ({family, field, label,
 * meaning}, one per family and field), or else its configuration. */
static void note_axis(cpr_set *s, const cp_node *run)
{
    const cp_node *axes = cp_map_get(run, "axes");
    if (axes && axes->kind == CP_SEQ) {
        for (size_t i = 0; i < axes->count; i++) {
            const cp_node *a = axes->items[i];
            add_axis(s, cp_scalar(cp_map_get(a, "family")), cp_scalar(cp_map_get(a, "field")),
                     cp_scalar(cp_map_get(a, "label")), cp_scalar(cp_map_get(a, "meaning")));
        }
        return;
    }
    add_axis(s, NULL, "configuration", run_text(run, "configuration", NULL),
             run_text(run, "configuration_meaning", NULL));
}

static void note_overhead(cpr_collection *c, cpr_set *s, const cp_node *run, const char *name)
{
    const cp_node *o = cp_map_get(cp_map_get(run, "counter"), "overhead");
    long long v;
    if (!o || cp_scalar_int(o, &v) < 0 || v < 0) {
        complain(c, "%s: run.counter.overhead: expected the calibrated overhead (an integer >= 0), found %s",
                 name, cpr_q(cp_scalar(o)));
        return;
    }
    if (s->overhead_min < 0 || v < s->overhead_min)
        s->overhead_min = v;
    if (v > s->overhead_max)
        s->overhead_max = v;
}

/* Hex text into bytes (allocated); -1 when it is not an even run of hex
 * digits. */
static long unhex(const char *text, uint8_t **out)
{
    size_t n = text ? strlen(text) : 0;
    *out = NULL;
    if (!text || n == 0 || n % 2 || strspn(text, "0123456789abcdef") != n)
        return -1;
    uint8_t *b = cp_xmalloc(n / 2);
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        sscanf(text + 2 * i, "%2x", &v);
        b[i] = (uint8_t)v;
    }
    *out = b;
    return (long)(n / 2);
}

/* Where got (the firmware's bytes) differs from want (the host's), as text
 * for a message, or NULL when they are the same. */
static char *difference(const uint8_t *got, size_t got_len, const uint8_t *want, size_t want_len)
{
    if (got_len != want_len)
        return cp_xasprintf("%zu bytes for the host's %zu", got_len, want_len);
    size_t at = 0;
    while (at < got_len && got[at] == want[at])
        at++;
    if (at == got_len)
        return NULL;
    enum { SHOWN = 8 };
    char g[2 * SHOWN + 1] = "", w[2 * SHOWN + 1] = "";
    for (size_t i = 0; i < SHOWN && at + i < got_len; i++) {
        snprintf(g + 2 * i, 3, "%02x", got[at + i]);
        snprintf(w + 2 * i, 3, "%02x", want[at + i]);
    }
    return cp_xasprintf("%zu bytes, the first difference at byte %zu (%s%s where the host has %s%s)", got_len, at,
                        g, at + SHOWN < got_len ? "..." : "", w, at + SHOWN < got_len ? "..." : "");
}

/* The identifying fields the host picks its vectors by, as found. */
static char *vector_fields(const cpr_row *r)
{
    static const cp_field fields[] = { CP_F_FAMILY, CP_F_CURVE, CP_F_HASH, CP_F_PKCS1, CP_F_MODULUS_BITS,
                                       CP_F_MESSAGE_BYTES };
    cp_buf b = { 0 };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (r->text[fields[i]])
            cp_buf_printf(&b, "%s%s %s", b.len ? ", " : "", cp_fields[fields[i]].name, cpr_q(r->text[fields[i]]));
    if (!b.len)
        cp_buf_puts(&b, "none of family, curve, hash, pkcs1, modulus_bits, message_bytes");
    return b.data;
}

/* The evidence's scheme, public key and digest or message are the host's
 * own vectors for the result (hostvec.c), whatever the firmware says it
 * signed; 0 when they are, else -1 after saying where they are not. */
static int check_host_vectors(cpr_collection *c, const cpr_row *r, const cp_node *ev, const char *id,
                              uint8_t *const bytes[2], const long len[2], cpr_hostvec *hv)
{
    char loc[512];
    const char *why;
    where(loc, sizeof loc, ev);
    if (cpr_hostvec_find(r, hv, &why) < 0) {
        char *fields = vector_fields(r);
        complain(c, "%s: case %s: evidence: expected a signature result the host has its own vectors for, found "
                 "%s: %s", loc, cpr_q(id), fields, why);
        free(fields);
        return -1;
    }
    int rc = 0;
    const cp_node *scheme = cp_map_get(ev, "scheme");
    if (!cp_scalar(scheme) || strcmp(cp_scalar(scheme), hv->scheme) != 0) {
        where(loc, sizeof loc, scheme ? scheme : ev);
        complain(c, "%s: case %s: evidence.scheme: expected %s, the host's for this result, found %s", loc,
                 cpr_q(id), cpr_q(hv->scheme), cpr_q(cp_scalar(scheme)));
        rc = -1;
    }
    static const char *const keys[2] = { "public_key", "signed" };
    const char *what[2] = { "the host's public key", hv->hash ? "the host's digest" : "the host's message" };
    const uint8_t *want[2] = { hv->key, hv->msg };
    size_t want_len[2] = { hv->key_len, hv->msg_len };
    const char *name[2] = { hv->key_name, hv->msg_name };
    for (int i = 0; i < 2; i++) {
        char *d = difference(bytes[i], (size_t)len[i], want[i], want_len[i]);
        if (!d)
            continue;
        where(loc, sizeof loc, cp_map_get(ev, keys[i]));
        complain(c, "%s: case %s: evidence.%s: expected %s, %s, found other bytes: %s", loc, cpr_q(id), keys[i],
                 what[i], name[i], d);
        free(d);
        rc = -1;
    }
    return rc;
}

/* A signature case's evidence (firmware/bench/case.h): the public key, the
 * digest or message and the scheme must first be the host's own vectors
 * for the result (check_host_vectors); then the signature, the one thing
 * taken from the firmware, is verified with OpenSSL (sigcheck.c) under the
 * host's key over the host's digest or message. The evidence itself goes
 * into no dataset. */
static void check_evidence(cpr_collection *c, const cpr_row *r, const cp_node *ev)
{
    char loc[512];
    where(loc, sizeof loc, ev);
    if (ev->kind != CP_MAP) {
        complain(c, "%s: evidence: expected a mapping (scheme, public_key, signed, signature), found %s", loc,
                 ev->kind == CP_SEQ ? "a sequence" : "a scalar");
        return;
    }
    static const char *const hex_keys[3] = { "public_key", "signed", "signature" };
    uint8_t *bytes[3] = { 0 };
    long len[3];
    int ok = 1;
    for (int i = 0; i < 3; i++) {
        const cp_node *v = cp_map_get(ev, hex_keys[i]);
        len[i] = unhex(cp_scalar(v), &bytes[i]);
        if (len[i] < 0) {
            where(loc, sizeof loc, v ? v : ev);
            complain(c, "%s: evidence.%s: expected lower-case hex bytes, found %s", loc, hex_keys[i],
                     cpr_q(cp_scalar(v)));
            ok = 0;
        }
    }
    const char *id = cp_scalar(cp_map_get(ev, "case"));
    cpr_hostvec hv;
    if (ok && check_host_vectors(c, r, ev, id, bytes, len, &hv) == 0) {
        cpr_sig sig = { hv.scheme, hv.curve, hv.hash, hv.key, hv.key_len, hv.msg, hv.msg_len, bytes[2],
                        (size_t)len[2] };
        const char *why;
        if (cpr_sig_verify(&sig, &why) != 0) {
            where(loc, sizeof loc, ev);
            complain(c, "%s: case %s: evidence: expected a %s signature that OpenSSL verifies, found one it "
                     "does not: %s", loc, cpr_q(id), cpr_q(hv.scheme), why);
        } else {
            c->signatures++;
        }
    }
    for (int i = 0; i < 3; i++)
        free(bytes[i]);
}

/* One result mapping into a row; returns 0 when it is well-formed. counter:
 * what the run header says the image counts (instructions or cycles). */
/* The windows of an image's run under the cycle model and the calibration
 * window they are measured against. */
typedef struct {
    cpc_windows w;
    cpc_window base;
    int on;
} model_run;

/* A performance row's estimated cycles from its window (the result's
 * `window`), after checking that the model saw exactly the instructions
 * the icount figure counts. */
static void estimate(cpr_collection *c, cpr_row *r, const model_run *m, const cp_node *window, const char *loc)
{
    long long w;
    if (!window || cp_scalar_int(window, &w) < 0 || w < 0) {
        complain(c, "%s: expected the result's cycle-model window (window: N), found %s", loc,
                 window ? cpr_q(cp_scalar(window)) : "none");
        return;
    }
    if ((unsigned long long)w >= m->w.n) {
        complain(c, "%s: window %lld: expected the cycle model's line for it on stderr, found %zu windows", loc, w,
                 m->w.n);
        return;
    }
    const cpc_window *x = &m->w.v[w];
    long long ins = (long long)(x->instructions - m->base.instructions);
    if (x->instructions < m->base.instructions || !r->text[CP_F_INSTRUCTIONS] || ins != r->num[CP_F_INSTRUCTIONS]) {
        complain(c, "%s: window %lld: expected the cycle model to count the %s instructions of the icount figure, "
                 "found %lld (the window's %llu minus the calibration's %llu)", loc, w,
                 r->text[CP_F_INSTRUCTIONS] ? r->text[CP_F_INSTRUCTIONS] : "(none)", ins, x->instructions,
                 m->base.instructions);
        return;
    }
    if (x->cycles < m->base.cycles) {
        complain(c, "%s: window %lld: expected at least the calibration window's %llu cycles, found %llu", loc, w,
                 m->base.cycles, x->cycles);
        return;
    }
    cpr_row_set_int(r, CP_F_CYCLES_ESTIMATED, (long long)(x->cycles - m->base.cycles));
}

static int add_result(cpr_collection *c, cpr_set *s, const cp_node *res, const char *counter, const model_run *m)
{
    char loc[512];
    where(loc, sizeof loc, res);
    if (res->kind != CP_MAP) {
        complain(c, "%s: results: expected a mapping of result fields, found a %s", loc,
                 res->kind == CP_SEQ ? "sequence" : "scalar");
        return -1;
    }
    unsigned before = c->errors;
    cpr_row *r = cpr_rows_add(&s->rows);
    r->origin = cp_xstrdup(loc);
    const cp_node *evidence = NULL, *window = NULL;
    for (size_t i = 0; i < res->count; i++) {
        const char *key = res->keys[i]->text;
        const cp_node *val = res->items[i];
        where(loc, sizeof loc, val);
        if (strcmp(key, "evidence") == 0) {
            evidence = val;
            continue;
        }
        if (strcmp(key, "window") == 0) { /* the runner's, not a dataset field */
            window = val;
            continue;
        }
        cp_field f = cp_field_by_name(key);
        if (f == CP_F_COUNT) {
            complain(c, "%s: %s: expected a result field of schema/README.md, found an unknown field", loc, cpr_q(key));
            continue;
        }
        if (val->kind != CP_SCALAR) {
            complain(c, "%s: %s: expected a scalar, found a collection", loc, cpr_q(key));
            continue;
        }
        long long v;
        if (cp_fields[f].type == CP_FT_INT) {
            if (cp_scalar_int(val, &v) < 0) {
                complain(c, "%s: %s: expected an integer, found %s", loc, key, cpr_q(val->text));
                continue;
            }
            cpr_row_set_int(r, f, v);
        } else {
            cpr_row_set_text(r, f, val->text);
        }
    }
    where(loc, sizeof loc, res);
    const char *kind = r->text[CP_F_KIND];
    int cycles = counter && strcmp(counter, "cycles") == 0;
    cp_field want = cycles ? CP_F_CYCLES : CP_F_INSTRUCTIONS, other = cycles ? CP_F_INSTRUCTIONS : CP_F_CYCLES;
    if (r->text[other])
        complain(c, "%s: %s: expected %s (the run header's counter.kind), found %s", loc, cp_fields[other].name,
                 cp_fields[want].name, cp_fields[other].name);
    if (!cycles && (r->text[CP_F_CYCLES_MIN] || r->text[CP_F_CYCLES_MAX]))
        complain(c, "%s: expected no spread of cycles in an instruction count (QEMU counts exactly), found one", loc);
    if (kind && strcmp(kind, "performance") == 0 && !r->text[want])
        complain(c, "%s: expected %s '%s' count in a performance result, found none", loc,
                 cycles ? "a" : "an", cp_fields[want].name);
    if (m->on && kind && strcmp(kind, "performance") == 0 && c->errors == before)
        estimate(c, r, m, window, loc);
    /* a case the board did not run (kind not-run) made no signature */
    int ran = !kind || strcmp(kind, "not-run") != 0;
    if (evidence)
        check_evidence(c, r, evidence);
    else if (ran && r->text[CP_F_OPERATION] && strcmp(r->text[CP_F_OPERATION], "signature") == 0 &&
             r->text[CP_F_FAMILY] && strcmp(r->text[CP_F_FAMILY], "ML-DSA") != 0)
        complain(c, "%s: expected the evidence of a signature (the host verifies it with OpenSSL), found none",
                 loc);
    return c->errors == before ? 0 : -1;
}

/* The model's windows of one run and its calibration window (the run
 * header's counter.overhead_window, which must repeat exactly in the next
 * window: the calibration runs the empty function 17 times). */
static int model_windows(cpr_collection *c, const cpr_run_output *run, const cp_node *hdr, const char *name,
                         model_run *m)
{
    const char *why;
    long long ow;
    const cp_node *o = cp_map_get(cp_map_get(hdr, "counter"), "overhead_window");
    if (cpc_windows_parse(run->err ? run->err : "", run->err_len, &m->w, &why) < 0) {
        complain(c, "%s: cycle model: %s", name, why);
        return -1;
    }
    if (!o || cp_scalar_int(o, &ow) < 0 || ow < 0) {
        complain(c, "%s: run.counter.overhead_window: expected the calibration's cycle-model window (an integer "
                 ">= 0), found %s", name, o ? cpr_q(cp_scalar(o)) : "none");
        return -1;
    }
    if ((unsigned long long)ow + 1 >= m->w.n) {
        complain(c, "%s: cycle model: expected calibration windows %lld and %lld on stderr, found %zu windows",
                 name, ow, ow + 1, m->w.n);
        return -1;
    }
    const cpc_window *a = &m->w.v[ow], *b = &m->w.v[ow + 1];
    if (a->instructions != b->instructions || a->cycles != b->cycles) {
        complain(c, "%s: cycle model: expected two calibration windows alike, found %llu/%llu and %llu/%llu "
                 "instructions/cycles", name, a->instructions, a->cycles, b->instructions, b->cycles);
        return -1;
    }
    m->base = *a;
    m->on = 1;
    return 0;
}

/* Every image of a set ran the same way: under the model, or not. */
static void note_model(cpr_collection *c, cpr_set *s, const cpr_image *im, cpr_model_state st, const char *name)
{
    if (s->model_seen && s->model != st) {
        complain(c, "%s: expected every image of %s %s to run %s the cycle model, found one that did not", name,
                 im->library ? im->library : "", im->version ? im->version : "",
                 s->model == CPR_MODEL_RAN ? "under" : "without");
        return;
    }
    s->model_seen = 1;
    s->model = st;
    s->model_machine = cpc_machine_find(im->machine);
}

void cpr_collect_output(cpr_collection *c, const cpr_image *im, const char *name, const cpr_run_output *out,
                        unsigned long announced)
{
    c->docs = cp_xrealloc(c->docs, (c->ndocs + 1) * sizeof *c->docs);
    cp_doc *doc = &c->docs[c->ndocs++];
    memset(doc, 0, sizeof *doc);
    if (cp_doc_load_mem(doc, name, out->out, out->out_len, c->err) < 0) {
        c->errors++;
        return;
    }
    const cp_node *root = doc->root;
    const cp_node *run = cp_map_get(root, "run");
    const cp_node *results = cp_map_get(root, "results");
    /* A board that splits the suite into parts runs some parts that hold
     * no case of the configuration (BearSSL's AES configurations have no
     * public-key case): the firmware ends such a document with `results:`
     * and nothing under it, YAML's null, read as no results. */
    int none = results && results->kind == CP_SCALAR && results->plain && results->len == 0;
    if (!root || root->kind != CP_MAP || !run || run->kind != CP_MAP || !results ||
        (results->kind != CP_SEQ && !none)) {
        complain(c, "%s: expected a YAML mapping with a 'run' mapping and a 'results' list, found %s", name,
                 !root ? "no document" : "something else");
        return;
    }
    size_t nresults = none ? 0 : results->count;
    if (nresults != announced) {
        char loc[512];
        where(loc, sizeof loc, results);
        complain(c, "%s: results: expected %lu results as the end line says, found %zu", loc, announced,
                 nresults);
    }
    check_identity(c, im, run, name);
    cpr_set *s = set_for(c, im);
    if (!s->run) {
        s->run = run;
        s->run_image = doc->file;
    } else {
        compare_runs(c, s->run, run, "", s->run_image);
    }
    note_axis(s, run);
    note_model(c, s, im, out->model, name);
    model_run m = { 0 };
    if (out->model == CPR_MODEL_RAN && model_windows(c, out, run, name, &m) < 0) {
        cpc_windows_free(&m.w);
        return;
    }
    note_overhead(c, s, run, name);
    const char *counter = cp_scalar(cp_map_get(cp_map_get(run, "counter"), "kind"));
    if (!counter || (strcmp(counter, "instructions") != 0 && strcmp(counter, "cycles") != 0))
        complain(c, "%s: run.counter.kind: expected instructions or cycles, found %s", name, cpr_q(counter));
    for (size_t i = 0; i < nresults; i++)
        add_result(c, s, results->items[i], counter, &m);
    cpc_windows_free(&m.w);
}

/* Parses "key=value,key=value" into the identifying fields of r. */
static int parse_fields(cpr_collection *c, cpr_row *r, const char *spec, const char *loc)
{
    char *copy = cp_xstrdup(spec);
    int rc = 0;
    for (char *save = NULL, *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        cp_field f = CP_F_COUNT;
        if (eq) {
            *eq = '\0';
            f = cp_field_by_name(item);
        }
        if (!eq || f == CP_F_COUNT || cp_fields[f].role != CP_ROLE_ID || !eq[1]) {
            if (eq)
                *eq = '=';
            complain(c, "%s: fields: expected key=value with an identifying result field, found %s", loc, cpr_q(item));
            rc = -1;
            continue;
        }
        if (cp_fields[f].type == CP_FT_INT) {
            char *end;
            long long v = strtoll(eq + 1, &end, 10);
            if (*end) {
                complain(c, "%s: fields: %s: expected an integer, found %s", loc, item, cpr_q(eq + 1));
                rc = -1;
                continue;
            }
            cpr_row_set_int(r, f, v);
        } else {
            cpr_row_set_text(r, f, eq + 1);
        }
    }
    free(copy);
    return rc;
}

/* Row p is of kind `kind` and matches footprint row fp: every identifying
 * field fp names has the same value in p. */
static int matches(const cpr_row *fp, const cpr_row *p, const char *kind)
{
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (f == CP_F_KIND || cp_fields[f].role != CP_ROLE_ID || !fp->text[f])
            continue;
        if (!p->text[f] || strcmp(fp->text[f], p->text[f]) != 0)
            return 0;
    }
    return p->text[CP_F_KIND] && strcmp(p->text[CP_F_KIND], kind) == 0;
}

/* The bytes of image by origin and column, from the image and its map. */
static int attributed(cpr_collection *c, const char *top, const char *image, const cpr_image *im,
                      cpr_attribution *a, const char *loc)
{
    char *path = image[0] == '/' ? cp_xstrdup(image) : cp_xasprintf("%s/%s", top, image);
    char *err = NULL;
    int rc = cpr_attribute(path, im->library, im->version, a, NULL, NULL, &err);
    if (rc < 0)
        complain(c, "%s: %s", loc, err);
    free(err);
    free(path);
    return rc;
}

void cpr_collect_footprint(cpr_collection *c, const cpr_manifest *m, const cpr_image *im, const char *top)
{
    char loc[512];
    snprintf(loc, sizeof loc, "%s:%u: %s", m->path, im->line, im->image);
    cpr_attribution img, base;
    if (attributed(c, top, im->image, im, &img, loc) < 0 || attributed(c, top, im->baseline, im, &base, loc) < 0)
        return;
    cpr_fp_figures fig;
    char *err = NULL;
    if (cpr_fp_figures_of(&img, &base, &fig, &err) < 0) {
        complain(c, "%s: against its baseline %s: %s", loc, im->baseline, err);
        free(err);
        return;
    }
    cpr_set *s = set_for(c, im);
    cpr_row *r = cpr_rows_add(&s->rows);
    r->origin = cp_xstrdup(loc);
    if (parse_fields(c, r, im->fields, loc) < 0)
        return;
    cpr_row_set_text(r, CP_F_KIND, "footprint");
    /* the library's own bytes and the C runtime's it pulls in; the port
     * adapter's apart; the harness's growth (main's call) nowhere */
    static const cp_field figure[] = { CP_F_CODE_BYTES, CP_F_CONST_BYTES, CP_F_DATA_BYTES };
    static const cp_field runtime[] = { CP_F_RUNTIME_CODE_BYTES, CP_F_RUNTIME_CONST_BYTES, CP_F_RUNTIME_DATA_BYTES };
    static const cp_field adapter[] = { CP_F_ADAPTER_CODE_BYTES, CP_F_ADAPTER_CONST_BYTES, CP_F_ADAPTER_DATA_BYTES };
    for (int k = 0; k < CPR_COL_COUNT; k++) {
        cpr_row_set_int(r, figure[k], fig.bytes[k]);
        cpr_row_set_int(r, runtime[k], fig.runtime[k]);
        cpr_row_set_int(r, adapter[k], fig.adapter[k]);
    }
    /* Stack and heap: the most any matching measured call needed (the row
     * stands for every key and buffer size of the operation). */
    long long stack = -1, heap = -1;
    size_t n = 0, not_run = 0;
    for (size_t i = 0; i < s->rows.n; i++) {
        const cpr_row *p = &s->rows.v[i];
        if (p != r && matches(r, p, "not-run"))
            not_run++;
        if (p == r || !matches(r, p, "performance"))
            continue;
        n++;
        if (p->text[CP_F_STACK_BYTES] && p->num[CP_F_STACK_BYTES] > stack)
            stack = p->num[CP_F_STACK_BYTES];
        if (p->text[CP_F_HEAP_BYTES] && p->num[CP_F_HEAP_BYTES] > heap)
            heap = p->num[CP_F_HEAP_BYTES];
    }
    /* The operation did not run on this board (a small one): its code and
     * data sizes stand, its stack and heap are unknown here; the not-run
     * rows say what it needs. */
    if (n == 0 && not_run > 0)
        return;
    if (n == 0) {
        complain(c, "%s: expected a measured performance result matching %s (for stack and heap), found none",
                 loc, cpr_q(im->fields));
        return;
    }
    if (stack >= 0)
        cpr_row_set_int(r, CP_F_STACK_BYTES, stack);
    if (heap >= 0)
        cpr_row_set_int(r, CP_F_HEAP_BYTES, heap);
}
