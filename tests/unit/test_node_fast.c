/* The loader's fast path for result lines (node_fast.h): what it takes
 * gives the very tree libyaml's events give (texts, quoting, types, every
 * mark, key positions), checked node by node against the usual loader on
 * every dataset of data/ and on hand-made inputs; what it does not take
 * (any doubt) goes the usual way, messages and all. */
#include <fcntl.h>
#include <glob.h>

#include "helpers.h"
#include "data/node.h"
#include "data/node_fast.h"

static void same_mark(cp_mark a, cp_mark b, const char *what)
{
    if (strcmp(a.file, b.file) || a.line != b.line || a.column != b.column)
        fail_msg("%s: fast %s:%u:%u, usual %s:%u:%u", what, a.file, a.line, a.column, b.file, b.line, b.column);
}

static void same_tree(const cp_node *a, const cp_node *b)
{
    if (!a || !b) {
        assert_ptr_equal(a, b);
        return;
    }
    const char *what = b->kind == CP_SCALAR ? b->text : "node";
    same_mark(a->mark, b->mark, what);
    assert_int_equal(a->kind, b->kind);
    if (a->kind == CP_SCALAR) {
        assert_int_equal(a->len, b->len);
        assert_memory_equal(a->text, b->text, a->len + 1);
        assert_int_equal(a->plain, b->plain);
        assert_int_equal(a->type, b->type);
        return;
    }
    assert_int_equal(a->count, b->count);
    for (size_t i = 0; i < a->count; i++) {
        if (a->kind == CP_MAP) {
            same_tree(a->keys[i], b->keys[i]);
            same_mark(cp_map_key_mark(a, i), cp_map_key_mark(b, i), a->keys[i]->text);
        }
        same_tree(a->items[i], b->items[i]);
    }
}

/* text in a file: the fast path takes it (or not, as expected) and, when
 * it does, gives the usual loader's tree; cp_doc_load (either way) gives
 * the usual result and messages. */
static void check(const char *text, int expect_fast)
{
    char *path = temp_file(text);
    cp_doc usual, fast, loaded;
    capture c_usual, c_loaded;
    capture_open(&c_usual);
    capture_open(&c_loaded);
    int rc_usual = cp_doc_load_mem(&usual, path, text, strlen(text), c_usual.f);
    int fd = open(path, O_RDONLY);
    assert_true(fd >= 0);
    int took = cp_doc_load_fast(&fast, path, fd);
    assert_int_equal(lseek(fd, 0, SEEK_CUR), 0); /* read with pread: where it was */
    close(fd);
    if (took != expect_fast)
        fail_msg("fast path %s:\n%s", took ? "took" : "refused", text);
    if (took) {
        assert_int_equal(rc_usual, 0);
        same_tree(fast.root, usual.root);
        cp_doc_free(&fast);
    } else {
        assert_null(fast.root);
        assert_null(fast.file);
    }
    int rc_loaded = cp_doc_load(&loaded, path, c_loaded.f);
    assert_int_equal(rc_loaded, rc_usual);
    assert_string_equal(capture_text(&c_loaded), capture_text(&c_usual));
    same_tree(loaded.root, usual.root);
    cp_doc_free(&loaded);
    cp_doc_free(&usual);
    capture_close(&c_usual);
    capture_close(&c_loaded);
    unlink(path);
    free(path);
}

static void test_taken(void **state)
{
    (void)state;
    const char *header = "# a comment\nformat: x/1\nlibrary:\n  name: \"CMOX\"\n  api: [a, b]\n"
                         "notes:\n  - \"two\n    lines\"\n";
    char *text = cp_xasprintf(
        "%sresults:\n"
        "  - {family: AES, kind: performance, key_bits: 128, cycles: 3742}\n"
        "  - {family: HASH, x: -5, y: .5, z: +3, w: 1e5, v: ML-DSA-44, u: a b  c, t: \"needs 3.4 KiB, (of) 2: #x\"}\n"
        "  - {s: null, r: true, q: \"\", p: a/b(c), o: 0x1F, n: -.inf, m: \" spaced \", family: family}\n",
        header);
    /* "u: a b  c" has two spaces: that line goes the usual way */
    check(text, 0);
    char *one_space = replaced(text, "a b  c", "a b c");
    check(one_space, 1);
    /* no line break at the end; the header nothing but results */
    char *no_break = cp_xstrndup(one_space, strlen(one_space) - 1);
    check(no_break, 1);
    check("results:\n  - {a: b}\n", 1);
    /* libyaml counts LS (U+2028) and NEL as line breaks: so do the marks */
    check("note: \"x\xe2\x80\xa8y\xc2\x85z\"\nresults:\n  - {a: b}\n  - {a: c, b: \"d\"}\n", 1);
    free(no_break);
    free(one_space);
    free(text);
}

static void test_refused(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "  - {a: 1, a: 2}",         /* a duplicate key: reported the usual way */
        "  - {a: b: c}",            /* a syntax error */
        "  - {a: \"x\\ty\"}",       /* an escape */
        "  - {a: 'x'}",             /* single quotes */
        "  - {a: 1}  # c",          /* a comment */
        "  - {a: 1}\n",             /* an empty line at the end */
        "  - {a:\t1}",              /* a tab */
        "  - {a: \xc2\xb5s}",       /* not ASCII */
        "  - {a: \"\xc2\xb5s\"}",   /* not ASCII, quoted */
        "  - { a: 1}",              /* another spacing */
        "  - {a:  1}",
        "  - {a: 1 }",
        "  - {a: 1,b: 2}",
        "- {a: 1}",                 /* another indentation */
        "  - {a: -}",               /* "-" and "- x" */
        "  - {a: - x}",
        "  - {a: *x}",              /* an alias */
        "  - {a: !!str x}",         /* a tag */
        "  - {a: b#c}",             /* characters plain words do not have */
        "  - {a: b?c}",
        "  - {a: b'c}",
        "  - {a: }",                /* no value */
        "  - {a: 1,}",
        "  - {1a: 1}",              /* a key that is not a word */
        "  - {a-b: 1}",
        "  - {a: \"unclosed}",
        "  - {a: 1}}",
        "  - [a, 1]",               /* not a mapping */
        "  - {a: {b: 1}}",
        "  - a: 1",
        "other: 1",                 /* results not last */
        "results:",                 /* twice */
        "  - {\x01: 1}",            /* a control character */
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char *text = cp_xasprintf("format: x/1\nresults:\n  - {a: b}\n%s\n  - {a: c}\n", lines[i]);
        check(text, 0);
        free(text);
    }
    char *long_key = cp_xasprintf("results:\n  - {%0200d: 1}\n", 0);
    check(long_key, 0);
    free(long_key);
    /* "results:" that is not the last key of a good header */
    check("note: \"x\nresults:\n  - {a: b}\"\nresults:\n  - {a: c}\n", 0);
    check("{a: 1,\nresults:\n  - {a: b}}\n", 0);
    check("- a\nresults:\n  - {a: b}\n", 0);
    check("a: !!str x\nresults:\n  - {a: b}\n", 0);
    check("results: # the results\n  - {a: b}\n", 0);
    check("results:\n", 0);
    check("a: 1\nresults:\n\n  - {a: b}\n", 0);
}

/* Every dataset of the tree: the same tree either way, and the fast path
 * takes those of the import's shape. */
static void test_datasets(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(glob("data/*/*/dataset.yaml", 0, NULL, &g), 0);
    size_t taken = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        size_t len;
        char *text = cp_read_file(g.gl_pathv[i], &len);
        assert_non_null(text);
        cp_doc usual, fast;
        assert_int_equal(cp_doc_load_mem(&usual, g.gl_pathv[i], text, len, NULL), 0);
        int fd = open(g.gl_pathv[i], O_RDONLY);
        assert_true(fd >= 0);
        if (cp_doc_load_fast(&fast, g.gl_pathv[i], fd)) {
            taken++;
            same_tree(fast.root, usual.root);
            cp_doc_free(&fast);
        }
        close(fd);
        cp_doc_free(&usual);
        free(text);
    }
    /* all of them are of that shape today */
    assert_int_equal(taken, g.gl_pathc);
    globfree(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_taken),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_datasets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
