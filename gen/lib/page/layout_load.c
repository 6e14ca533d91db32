/* Loading a layout (layout.h): page template, stylesheet and tables.yaml,
 * every part of tables.yaml the engine reads checked for its shape, and the
 * `counter:` texts compiled as the cell formats they are (cellfmt.h: so a
 * layout is loaded above the cell formats that read it). */
#include "page/layout.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/cellfmt.h"

static const cp_node *optional_map(const cp_node *root, const char *key, cp_diag *diag)
{
    const cp_node *n = cp_map_get(root, key);
    if (n && n->kind != CP_MAP) {
        cp_diag_node(diag, n, key, "expected a mapping, found a %s", n->kind == CP_SEQ ? "sequence" : "scalar");
        return NULL;
    }
    return n;
}

static int style_int(const cp_node *style, const char *key, int dflt, cp_diag *diag)
{
    const cp_node *n = cp_map_get(style, key);
    long long v;
    if (!n)
        return dflt;
    if (cp_scalar_type_of(n) == CP_T_BOOL)
        return strcmp(n->text, "true") == 0 || strcmp(n->text, "True") == 0 || strcmp(n->text, "TRUE") == 0;
    if (cp_scalar_int(n, &v) != 0 || v < 0 || v > 64) {
        cp_diag_node(diag, n, key, "expected an integer 0..64 or a boolean, found '%s'", n->text ? n->text : "?");
        return dflt;
    }
    return (int)v;
}

/* The texts of `counter:` are cell formats ("Cycles (estimated,
 * {cycle_model.name} {cycle_model.version})"): a malformed one is an
 * error of the layout, not a silently missing header. */
static void check_counter_texts(const cp_layout *l, cp_diag *diag)
{
    for (size_t i = 0; l->counter && i < l->counter->count; i++) {
        const cp_node *entry = l->counter->items[i];
        for (size_t k = 0; entry->kind == CP_MAP && k < entry->count; k++) {
            const cp_node *text = entry->items[k];
            cp_cellfmt *f = cp_scalar(text) ? cp_cellfmt_compile(text->text, text, l, diag) : NULL;
            if (!cp_scalar(text))
                cp_diag_node(diag, text, "counter", "expected a text (a cell format), found a collection");
            cp_cellfmt_free(f);
        }
    }
}

int cp_layout_load(cp_layout *l, const char *templates_dir, const char *name, cp_diag *diag)
{
    return cp_layout_load_page(l, templates_dir, name, "page", diag);
}

int cp_layout_load_page(cp_layout *l, const char *templates_dir, const char *name, const char *page, cp_diag *diag)
{
    memset(l, 0, sizeof *l);
    l->name = cp_xstrdup(name);
    l->missing = "n/a";
    unsigned before = diag->errors;
    l->page_path = cp_xasprintf("%s/%s/%s.md", templates_dir, name, page);
    l->page = cp_read_file(l->page_path, NULL);
    if (!l->page) {
        cp_diag_at(diag, NULL, NULL, "%s: cannot read the page template: %s", l->page_path, cp_read_file_error());
        return -1;
    }
    char *css_path = cp_xasprintf("%s/html.css", templates_dir);
    l->css = cp_read_file(css_path, NULL);
    if (!l->css)
        cp_diag_at(diag, NULL, NULL, "%s: cannot read the HTML stylesheet: %s", css_path, cp_read_file_error());
    else if (strpbrk(l->css, "<&"))
        /* it goes verbatim into <style> of pages that are also XML */
        cp_diag_at(diag, NULL, NULL, "%s: expected a stylesheet without '<' or '&', found one", css_path);
    free(css_path);
    char *spec_path = cp_xasprintf("%s/%s/tables.yaml", templates_dir, name);
    int rc = cp_doc_load(&l->spec, spec_path, diag->out);
    free(spec_path);
    if (rc != 0) {
        diag->errors++;
        return -1;
    }
    const cp_node *root = l->spec.root;
    if (!root || root->kind != CP_MAP) {
        cp_diag_node(diag, root, NULL, "expected a mapping (style, labels, counter, tables), found something else");
        return -1;
    }
    const cp_node *style = optional_map(root, "style", diag);
    if (style) {
        l->group_min = style_int(style, "group_digits", 0, diag);
        l->number_headings = style_int(style, "number_headings", 0, diag);
        const char *m = cp_scalar(cp_map_get(style, "missing"));
        if (m)
            l->missing = m;
    }
    /* `page_style: {PAGE: {...}}`: a page of the layout styled apart (the
     * cross-core page of counts in the Cyclone layout, whose own pages
     * print raw numbers, groups digits as the ST pages it is read with) */
    const cp_node *page_styles = optional_map(root, "page_style", diag);
    const cp_node *own = page_styles ? cp_map_get(page_styles, page) : NULL;
    if (own && own->kind != CP_MAP)
        cp_diag_node(diag, own, "page_style", "expected a mapping of style keys, found something else");
    else if (own) {
        l->group_min = style_int(own, "group_digits", l->group_min, diag);
        l->number_headings = style_int(own, "number_headings", l->number_headings, diag);
    }
    l->labels = optional_map(root, "labels", diag);
    l->words = optional_map(root, "words", diag);
    l->counter = optional_map(root, "counter", diag);
    check_counter_texts(l, diag);
    l->row_labels = optional_map(root, "row_labels", diag);
    l->column_sets = optional_map(root, "column_sets", diag);
    l->pivots = optional_map(root, "pivots", diag);
    l->tables = optional_map(root, "tables", diag);
    l->companions = optional_map(root, "companions", diag);
    l->count_companion = optional_map(root, "count_companion", diag);
    if (!l->tables)
        cp_diag_node(diag, root, NULL, "expected a 'tables' mapping, found none");
    return diag->errors == before ? 0 : -1;
}

void cp_layout_free(cp_layout *l)
{
    free(l->name);
    free(l->page_path);
    free(l->page);
    free(l->css);
    cp_doc_free(&l->spec);
    memset(l, 0, sizeof *l);
}
