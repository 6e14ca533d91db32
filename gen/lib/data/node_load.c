/* Which way a document is loaded (node.h): a file of the shape large
 * datasets have through the fast path (node_fast.h), anything else, and
 * whatever the fast path declines, through libyaml (node_yaml.c). Apart from
 * both, so that neither calls the other: the fast path reads a file's header
 * with node_yaml.c's loader. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "data/node.h"
#include "data/node_fast.h"
#include "data/node_store.h"

int cp_doc_load_fd(cp_doc *doc, const char *name, int fd, FILE *err)
{
    /* a large dataset's results without libyaml (node_fast.h) */
    if (cp_doc_load_fast(doc, name, fd))
        return 0;
    return cp_doc_parse_fd(doc, name, fd, err);
}

int cp_doc_load(cp_doc *doc, const char *path, FILE *err)
{
    int fd = cp_open_input(path, NULL);
    if (fd < 0) {
        memset(doc, 0, sizeof *doc);
        doc->file = cp_xstrdup(path);
        doc->store = cp_node_store_new();
        doc->problems = 1;
        if (err)
            fprintf(err, "%s: cannot read: %s\n", path, cp_read_file_error());
        return -1;
    }
    int rc = cp_doc_load_fd(doc, path, fd, err);
    close(fd);
    return rc ? -1 : 0;
}
