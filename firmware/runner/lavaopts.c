/* LAVA settings: defaults, the config file (--lava-config) and --lava
 * KEY=VALUE, one set of keys for both (firmware/runner/README.md, "LAVA"). */
#include "lava.h"

#include <stdlib.h>
#include <string.h>

#include "cryptoperf.h"
#include "quote.h"

static void set_text(char **slot, const char *value)
{
    free(*slot);
    *slot = cp_xstrdup(value);
}

static void add_tags(cpr_lava_opts *o, const char *list)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (n) {
            o->tags = cp_xrealloc(o->tags, (o->ntags + 1) * sizeof *o->tags);
            o->tags[o->ntags++] = cp_xstrndup(p, n);
        }
        p += n + (p[n] == ',');
    }
}

static const char *const keys[] = { "url", "identity", "tags", "devices", "jobs", "image_url", "poll",
                                    "lava_run", "lavacli" };

/* One setting; returns NULL or what was wrong with the value. */
static const char *set(cpr_lava_opts *o, const char *key, const char *value)
{
    if (strcmp(key, "url") == 0) {
        set_text(&o->url, value);
    } else if (strcmp(key, "identity") == 0) {
        set_text(&o->identity, value);
    } else if (strcmp(key, "tags") == 0) {
        add_tags(o, value);
    } else if (strcmp(key, "devices") == 0) {
        set_text(&o->devices, value);
    } else if (strcmp(key, "jobs") == 0) {
        set_text(&o->jobs, value);
    } else if (strcmp(key, "image_url") == 0) {
        set_text(&o->image_url, value);
    } else if (strcmp(key, "lava_run") == 0) {
        set_text(&o->lava_run, value);
    } else if (strcmp(key, "lavacli") == 0) {
        set_text(&o->lavacli, value);
    } else if (strcmp(key, "poll") == 0) {
        char *end;
        unsigned long s = strtoul(value, &end, 10);
        if (*end || !*value || s < 1 || s > 3600)
            return "expected seconds 1..3600";
        o->poll_s = (unsigned)s;
    } else {
        return "expected one of url, identity, tags, devices, jobs, image_url, poll, lava_run, lavacli";
    }
    return NULL;
}

static int load_config(cpr_lava_opts *o, const char *path, FILE *err)
{
    cp_doc doc;
    if (cp_doc_load(&doc, path, err) != 0) {
        cp_doc_free(&doc);
        return -1;
    }
    int rc = 0;
    const cp_node *root = doc.root;
    if (!root || root->kind != CP_MAP) {
        fprintf(err, "%s:%u:%u: expected a mapping of LAVA settings (%s, …), found %s\n", path,
                root ? root->mark.line : 1, root ? root->mark.column : 1, keys[0],
                root ? "another kind of node" : "an empty file");
        cp_doc_free(&doc);
        return -1;
    }
    for (size_t i = 0; i < root->count; i++) {
        const cp_node *k = root->keys[i], *v = root->items[i];
        const char *key = cp_scalar(k);
        if (key && strcmp(key, "tags") == 0 && v->kind == CP_SEQ) {
            for (size_t t = 0; t < v->count; t++) {
                if (cp_scalar(v->items[t])) {
                    add_tags(o, cp_scalar(v->items[t]));
                } else {
                    fprintf(err, "%s:%u:%u: tags: expected a tag name, found a collection\n", path,
                            v->items[t]->mark.line, v->items[t]->mark.column);
                    rc = -1;
                }
            }
            continue;
        }
        const char *value = cp_scalar(v);
        const char *why = !key ? "expected a setting name" : !value ? "expected a single value" : set(o, key, value);
        if (why) {
            const cp_node *at = !key || !value ? (key ? v : k) : v;
            fprintf(err, "%s:%u:%u: %s: %s, found %s\n", path, at->mark.line, at->mark.column,
                    key ? key : "setting", why, value ? cpr_q(value) : "a collection");
            rc = -1;
        }
    }
    cp_doc_free(&doc);
    return rc;
}

int cpr_lava_opts_load(cpr_lava_opts *o, const char *config, char *const *sets, size_t nsets, FILE *err)
{
    cpr_backend backend = o->backend;
    memset(o, 0, sizeof *o);
    o->backend = backend;
    o->lava_run = cp_xstrdup("lava-run");
    o->lavacli = cp_xstrdup("lavacli");
    o->devices = cp_xstrdup("build/lava/devices");
    o->poll_s = 5;
    int rc = config ? load_config(o, config, err) : 0;
    for (size_t i = 0; i < nsets; i++) {
        const char *eq = strchr(sets[i], '=');
        char *key = eq ? cp_xstrndup(sets[i], (size_t)(eq - sets[i])) : NULL;
        const char *why = !eq ? "expected KEY=VALUE" : set(o, key, eq + 1);
        if (why) {
            fprintf(err, "cryptoperf-run: --lava %s: %s\n", cpr_q(sets[i]), why);
            rc = -1;
        }
        free(key);
    }
    if (rc == 0 && o->backend == CPR_BACKEND_LAVA && !o->url && !o->identity) {
        fprintf(err, "cryptoperf-run: --backend lava: expected the server as url=URL or identity=NAME "
                "(--lava or --lava-config), found neither\n");
        rc = -1;
    }
    if (rc == 0 && o->backend == CPR_BACKEND_LAVA_JOBS && !o->jobs) {
        fprintf(err, "cryptoperf-run: --backend lava-jobs: expected the folder for the job definitions "
                "as jobs=DIR, found none\n");
        rc = -1;
    }
    return rc;
}

void cpr_lava_opts_free(cpr_lava_opts *o)
{
    char *owned[] = { o->lava_run, o->lavacli, o->url, o->identity, o->devices, o->jobs, o->image_url };
    for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++)
        free(owned[i]);
    for (size_t i = 0; i < o->ntags; i++)
        free(o->tags[i]);
    free(o->tags);
    memset(o, 0, sizeof *o);
}
