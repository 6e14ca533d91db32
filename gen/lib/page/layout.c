/* Reading a loaded layout (layout.h): its label maps, and a dataset's
 * `style:` checked against the layouts of its pages. */
#include "page/layout.h"

#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "base/util.h"

int cp_layout_has_labels(const cp_layout *l, const char *map)
{
    const cp_node *m = cp_map_get(l->labels, map);
    return m && m->kind == CP_MAP;
}

const char *cp_layout_label(const cp_layout *l, const char *map, const char *value)
{
    return cp_scalar(cp_map_get(cp_map_get(l->labels, map), value));
}

static int any_has(const cp_layout *const *layouts, size_t n, int labels, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (labels ? cp_layout_has_labels(layouts[i], name) : cp_scalar(cp_map_get(layouts[i]->words, name)) != NULL)
            return 1;
    return 0;
}

static void list_names(cp_buf *b, const cp_layout *const *layouts, size_t n, int labels)
{
    for (size_t i = 0; i < n; i++) {
        const cp_node *m = labels ? layouts[i]->labels : layouts[i]->words;
        for (size_t k = 0; m && k < m->count; k++)
            if (!strstr(b->data ? b->data : "", m->keys[k]->text))
                cp_buf_printf(b, "%s%s", b->len ? ", " : "", m->keys[k]->text);
    }
}

int cp_layout_check_style(const cp_layout *const *layouts, size_t n, const cp_node *style, cp_diag *diag)
{
    unsigned before = diag->errors;
    static const struct { const char *key; int labels; const char *what; } parts[] = {
        { "words", 0, "a word" }, { "labels", 1, "a label map" } };
    for (size_t p = 0; p < 2; p++) {
        const cp_node *m = cp_map_get(style, parts[p].key);
        for (size_t k = 0; m && m->kind == CP_MAP && k < m->count; k++) {
            if (any_has(layouts, n, parts[p].labels, m->keys[k]->text))
                continue;
            cp_buf names = { 0 }, found = { 0 };
            list_names(&names, layouts, n, parts[p].labels);
            cp_buf_put_quoted(&found, m->keys[k]->text);
            char *path = cp_xasprintf("style.%s", parts[p].key);
            cp_diag_node(diag, m->keys[k], path, "expected %s of the layout (%s), found %s", parts[p].what,
                         names.data ? names.data : "none", found.data);
            free(path);
            cp_buf_free(&names);
            cp_buf_free(&found);
        }
    }
    return diag->errors == before ? 0 : -1;
}
