/* The table model (selection, dropped columns, missing cells, pivots,
 * label/value rows, derived values) and the writers' escaping: a label with
 * | < & {{ [[ * and a newline must come out as text in wikitext and in
 * Markdown, never as markup. */
#include <sys/stat.h>

#include "helpers.h"
#include "data/dataset.h"
#include "model/chart.h"
#include "model/table.h"
#include "page/chart_build.h"
#include "page/layout.h"
#include "page/page.h"
#include "page/select.h"
#include "page/table_build.h"
#include "render/page_write.h"
#include "render/render.h"

static const char dataset_text[] =
    "format: cryptoperf-dataset/1\n"
    "series: unit\n"
    "layout: t\n"
    "library: {slug: lib, name: \"L|b\", version: \"1\"}\n"
    "hardware: {mcu: ABC123X, core: Cortex-M0}\n"
    "system: {core_clock_hz: 110000000, dual_bank: 1}\n"
    "toolchain: {compiler: cc}\n"
    "counter: {kind: instructions, method: icount}\n"
    "provenance: {kind: measured, firmware_revision: abc}\n"
    "results:\n"
    "  - {family: AES, kind: performance, measure: sole-buffer, key_bits: 128, operation: encryption,"
    " configuration: \"a|b <c> & {{x}} [[y]] *z*\\nnext\", instructions: 11667}\n"
    "  - {family: AES, kind: performance, measure: sole-buffer, key_bits: 256, operation: decryption,"
    " instructions: 9801}\n"
    "  - {family: AES, kind: performance, measure: data-flow, key_bits: 128, message_bytes: 8000,"
    " chunk_bytes: 128, operation: encryption, instructions: 671120}\n"
    "  - {family: ML-DSA, kind: performance, parameter_set: ML-DSA-44, operation: signature, variant: Low RAM,"
    " instructions: 3852096}\n"
    "  - {family: ML-DSA, kind: performance, parameter_set: ML-DSA-44, operation: verification,"
    " instructions: 2263136}\n"
    "pages:\n"
    "  - {series: s1, lib: \"A&<b>\", ver: \"2.28.3\", page: s1/a-2.28.3, file: \"../d/a b.yaml\"}\n"
    "  - {series: s2, lib: \"A&<b>\", ver: \"10.0\", page: s2/a-10.0, file: ../d/x.yaml}\n"
    "order:\n"
    "  - {lib: \"A&<b>\", ver: \"2.28.3\"}\n"
    "  - {lib: Z, ver: \"1\"}\n"
    "  - {lib: \"A&<b>\", ver: \"10.0\"}\n";

static const char tables_text[] =
    "style: {group_digits: 5, missing: n/a, number_headings: true}\n"
    "counter:\n"
    "  cycles: {header: Cycles, words: clock cycles}\n"
    "  instructions: {header: Instructions, words: executed instructions}\n"
    "labels:\n"
    "  op: {encryption: Encryption, decryption: Decryption, signature: Signature, verification: Verify}\n"
    "  impl: {software: SW, hardware: HW}\n"
    "row_labels:\n"
    "  algo: {HASH: \"{hash|upper}\"}\n"
    "  series: {default: \"{series}\"}\n"
    "tables:\n"
    "  sb:\n"
    "    select: {family: AES, measure: sole-buffer}\n"
    "    columns:\n"
    "      - [Key, \"{key_bits} bits\"]\n"
    "      - [Chunk, \"{chunk_bytes} bytes\"]\n"
    "      - [Config, \"{configuration}\"]\n"
    "      - [\"{@count_header}\", \"{@count}\"]\n"
    "      - [Time, \"{@time_us} us\"]\n"
    "  df:\n"
    "    select: {family: AES, measure: [data-flow]}\n"
    "    columns:\n"
    "      - [Rate, \"{@kbyte_s} KB/s\"]\n"
    "      - [Time, \"{@time_ms} ms\"]\n"
    "  fn:\n"
    "    select: {family: ML-DSA}\n"
    "    columns:\n"
    "      - [Function, \"{operation|op} {variant?}\"]\n"
    "      - [Joined, \"{parameter_set}\\n{key_bits?} / {variant?}\"]\n"
    "      - [Either, \"{key_bits?} / {variant?}\"]\n"
    "  pv:\n"
    "    select: {family: HASH}\n"
    "    missing: \"-\"\n"
    "    pivot: {corner: Algorithm, row: algo, column: \"Time ({implementation|impl})\", cell: \"{time_ms} ms\"}\n"
    "  pvc:\n"
    "    select: {family: HASH}\n"
    "    missing: \"-\"\n"
    "    pivot: {corner: Algorithm, row: algo, column: \"Time ({implementation|impl})\", cell: \"{time_ms} ms\"}\n"
    "    chart: {from: table, shades: true, log: auto, title: T, ylabel: ms, name: {mcu: M, family: HASH}}\n"
    "  badfrom:\n"
    "    select: {family: HASH}\n"
    "    columns: [[A, \"{hash}\"]]\n"
    "    chart: {from: tables, log: sometimes, title: T, ylabel: ms, name: {mcu: M, family: HASH}}\n"
    "  cfg:\n"
    "    rows:\n"
    "      - [\"{hardware.mcu|part_family} MCU\", \"{hardware.mcu}\"]\n"
    "      - [Board, \"{hardware.board}\"]\n"
    "      - [Clock, \"{system.core_clock_hz|mhz} MHz\"]\n"
    "      - {label: Bank, value: \"{system.dual_bank}\", when: \"$provenance.kind=imported\"}\n"
    "      - {label: Library, value: \"{library.name}\", note: \"{library.version}\"}\n"
    "  clash:\n"
    "    select: {family: ML-DSA}\n"
    "    columns: [[Set, \"{parameter_set}\"]]\n"
    "    chart: {split: \"{family}\", title: T, category: \"{parameter_set}\", bars: [[\"{variant?}\", \"{@count}\"]],"
    " ylabel: n, name: {mcu: M, library: L, family: \"{family}\"}}\n"
    "  none:\n"
    "    select: {family: RSA}\n"
    "    columns: [[A, \"{modulus_bits}\"]]\n"
    "  two:\n"
    "    select: {family: [ML-DSA, HASH, ML-DSA], kind: performance}\n"
    "    columns: [[A, \"{family}\"]]\n"
    "  lk:\n"
    "    from: pages\n"
    "    columns: [[Series, \"{series}\"], [Version, \"{ver}\", \"page:{page}\"], [Data, \"{file}\", \"{file}\"]]\n"
    "  mx:\n"
    "    from: pages\n"
    "    missing: \"-\"\n"
    "    pivot: {corner: Series, row: series, column: \"{lib} {ver}\", column_order: order, cell: \"{ver}\","
    " link: \"page:{page}\"}\n";

/* Times: a dataset without counts (counter.kind none), as validate wants
 * time_ms only there (a count beside it would hide it). */
static const char dataset_time_text[] =
    "format: cryptoperf-dataset/1\n"
    "series: unit\n"
    "layout: t\n"
    "library: {slug: lib, name: \"L|b\", version: \"1\"}\n"
    "hardware: {mcu: ABC123X, core: Cortex-M0}\n"
    "toolchain: {compiler: cc}\n"
    "counter: {kind: none}\n"
    "provenance: {kind: imported, source: unit test}\n"
    "results:\n"
    "  - {family: HASH, kind: performance, implementation: software, hash: sha256, operation: digest, time_ms: 1.5}\n"
    "  - {family: HASH, kind: performance, implementation: hardware, hash: sha1, operation: digest, time_ms: 0.5}\n"
    ;

static const char page_text[] =
    "# Title {library.name}\n"
    "\n"
    "## Config\n"
    "\n"
    "::table cfg\n"
    "\n"
    "### AES\n"
    "\n"
    "::if sb\n"
    "Counts are {@count_words}.\n"
    "::table sb\n"
    "::end\n"
    "\n"
    "### RSA\n"
    "\n"
    "::if none\n"
    "::table none\n"
    "::else\n"
    "Under construction.\n"
    "::end\n"
    "\n"
    "This line names {hardware.board} and is left out.\n"
    "::list library.name\n";

static char *dir;
static cp_layout layout;
static cp_dataset ds, ds_time;

static void write_to(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int setup(void **state)
{
    (void)state;
    dir = cp_xstrdup("/tmp/cp-unit-render-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    char *sub = cp_xasprintf("%s/t", dir), *p1 = cp_xasprintf("%s/t/page.md", dir),
         *p2 = cp_xasprintf("%s/t/tables.yaml", dir), *p3 = cp_xasprintf("%s/html.css", dir);
    mkdir(sub, 0700);
    write_to(p1, page_text);
    write_to(p2, tables_text);
    write_to(p3, "td { color: red; }\n");
    cp_diag d = { .out = stderr };
    int rc = cp_layout_load(&layout, dir, "t", &d);
    rc |= cp_dataset_load_ex(&ds, "unit.yaml", dataset_text, strlen(dataset_text), NULL, 0, &d);
    rc |= cp_dataset_load_ex(&ds_time, "unit-time.yaml", dataset_time_text, strlen(dataset_time_text), NULL, 0, &d);
    unlink(p1);
    unlink(p2);
    unlink(p3);
    free(p3);
    rmdir(sub);
    rmdir(dir);
    free(sub);
    free(p1);
    free(p2);
    return rc;
}

static int teardown(void **state)
{
    (void)state;
    cp_layout_free(&layout);
    cp_dataset_free(&ds);
    cp_dataset_free(&ds_time);
    free(dir);
    return 0;
}

static void build_of(cp_table *t, const cp_dataset *of, const char *name)
{
    cp_diag d = { .out = stderr };
    assert_int_equal(cp_table_build(t, &layout, of, name, NULL, &d), 0);
}

static void build(cp_table *t, const char *name)
{
    build_of(t, &ds, name);
}

/* The results a selection visits through the page's result index
 * (table_index.c): exactly those it selects, in the dataset's order, each
 * once, and no more candidates than its first criterion names. */
static size_t selected_through(const char *table, int indexed, size_t *got, size_t *ncand)
{
    cp_selection sel;
    cp_diag d = { .out = stderr };
    assert_int_equal(cp_selection_compile(&sel, cp_map_get(cp_map_get(layout.tables, table), "select"), &d), 0);
    cp_result_index *ix = indexed ? cp_result_index_use(&ds) : NULL;
    cp_candidates c;
    cp_candidates_get(&c, &sel, &ds);
    *ncand = c.n;
    size_t n = 0;
    for (size_t k = 0; k < c.n; k++)
        if (cp_selected(&sel, cp_candidate(&c, &ds, k)))
            got[n++] = (size_t)(cp_candidate(&c, &ds, k) - ds.results);
    cp_candidates_free(&c);
    cp_result_index_done(ix);
    free(sel.c);
    return n;
}

static void test_result_index(void **state)
{
    (void)state;
    static const char *const tables[] = { "sb", "df", "fn", "pv", "none", "two" };
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        size_t all[16], indexed[16], ncand_all, ncand;
        size_t n = selected_through(tables[t], 0, all, &ncand_all);
        assert_int_equal(ncand_all, ds.nresults);   /* no index in use: every result */
        assert_int_equal(selected_through(tables[t], 1, indexed, &ncand), n);
        assert_memory_equal(indexed, all, n * sizeof *all);
        assert_true(ncand >= n);
    }
    size_t got[16], ncand;
    assert_int_equal(selected_through("fn", 1, got, &ncand), 2);
    assert_int_equal(ncand, 2);   /* the ML-DSA results only */
    assert_int_equal(selected_through("none", 1, got, &ncand), 0);
    assert_int_equal(ncand, 0);
    /* several values, one named twice: merged in order, each once */
    assert_int_equal(selected_through("two", 1, got, &ncand), 2);
    assert_int_equal(ncand, 2);
    assert_int_equal(got[0], 3);
    assert_int_equal(got[1], 4);
}

static void test_list_table(void **state)
{
    (void)state;
    cp_table t;
    build(&t, "sb");
    /* Chunk: no selected row has chunk_bytes -> the column is left out */
    assert_int_equal(t.ncols, 4);
    assert_int_equal(t.nrows, 2);
    assert_string_equal(t.head[0], "Key");
    assert_string_equal(t.head[2], "Instructions");   /* counter.kind decides */
    assert_string_equal(cp_table_cell(&t, 0, 2)->text, "11 667");
    assert_string_equal(cp_table_cell(&t, 0, 3)->text, "106 us");
    assert_string_equal(cp_table_cell(&t, 1, 2)->text, "9801");
    assert_string_equal(cp_table_cell(&t, 1, 1)->text, "n/a");   /* absent configuration */
    cp_table_free(&t);

    build(&t, "df");
    assert_int_equal(t.nrows, 1);
    assert_string_equal(cp_table_cell(&t, 0, 0)->text, "1311 KB/s");
    assert_string_equal(cp_table_cell(&t, 0, 1)->text, "6 ms");
    cp_table_free(&t);

    build(&t, "fn");
    assert_string_equal(cp_table_cell(&t, 0, 0)->text, "Signature Low RAM");
    assert_string_equal(cp_table_cell(&t, 1, 0)->text, "Verify");   /* no dangling space */
    /* text between placeholders separates values: kept only between two
     * written ones, the one after the last written value when optional
     * ones in between are empty */
    assert_string_equal(cp_table_cell(&t, 0, 1)->text, "ML-DSA-44\nLow RAM");
    assert_string_equal(cp_table_cell(&t, 1, 1)->text, "ML-DSA-44");
    assert_string_equal(cp_table_cell(&t, 0, 2)->text, "Low RAM");
    assert_string_equal(cp_table_cell(&t, 1, 2)->text, "");   /* optional only: empty, not missing */
    cp_table_free(&t);

    build(&t, "none");
    assert_int_equal(t.nrows, 0);
    cp_table_free(&t);
}

static void test_pivot(void **state)
{
    (void)state;
    cp_table t;
    build_of(&t, &ds_time, "pv");
    assert_int_equal(t.ncols, 3);
    assert_int_equal(t.nrows, 2);
    assert_string_equal(t.head[0], "Algorithm");
    assert_string_equal(t.head[1], "Time (SW)");
    assert_string_equal(t.head[2], "Time (HW)");
    assert_string_equal(cp_table_cell(&t, 0, 0)->text, "SHA256");
    assert_string_equal(cp_table_cell(&t, 0, 1)->text, "1.5 ms");
    assert_string_equal(cp_table_cell(&t, 0, 2)->text, "-");
    assert_string_equal(cp_table_cell(&t, 1, 2)->text, "0.5 ms");
    cp_table_free(&t);
}

static void test_config_rows(void **state)
{
    (void)state;
    cp_table t;
    build(&t, "cfg");
    assert_null(t.head);
    /* Board absent, Bank only for imported data: both rows left out */
    assert_int_equal(t.nrows, 3);
    assert_string_equal(cp_table_cell(&t, 0, 0)->text, "ABC123 MCU");
    assert_string_equal(cp_table_cell(&t, 1, 1)->text, "110 MHz");
    assert_string_equal(cp_table_cell(&t, 2, 1)->text, "L|b");
    assert_string_equal(cp_table_cell(&t, 2, 1)->note, "1");
    cp_table_free(&t);
}

/* Signature (variant Low RAM) and verification (no variant) land on
 * different bars of the ML-DSA-44 group; a key generation without variant
 * would land on the verification's: an error, not a lost value. */
static void test_chart_clash(void **state)
{
    (void)state;
    cp_chart_list charts = { 0 };
    capture c;
    capture_open(&c);
    assert_int_equal(cp_chart_build(&charts, &layout, &ds, "clash", NULL, &c.diag), 0);
    assert_int_equal(charts.n, 1);
    cp_chart_list_free(&charts);

    /* the results list ends where `pages:` begins: two more results there,
     * a keygen without variant shares the verification's bar */
    cp_dataset two;
    const char *pages = strstr(dataset_text, "pages:\n");
    char *joined = cp_xasprintf("%.*s  - {family: ML-DSA, kind: performance, parameter_set: ML-DSA-44,"
                                " operation: key-generation, instructions: 2}\n%s",
                                (int)(pages - dataset_text), dataset_text, pages);
    cp_diag d = { .out = stderr };
    assert_int_equal(cp_dataset_load_ex(&two, "two.yaml", joined, strlen(joined), NULL, 0, &d), 0);
    assert_int_equal(cp_chart_build(&charts, &layout, &two, "clash", NULL, &c.diag), -1);
    assert_non_null(strstr(capture_text(&c), "expected one result per bar of chart 'T', found a second for 'ML-DSA-44'"));
    cp_chart_list_free(&charts);
    cp_dataset_free(&two);
    free(joined);
    capture_close(&c);
}

/* A chart `from: table` shows the table as the page does: a group per
 * row, a bar per column, the number each cell starts with, no bar for a
 * cell without one; columns that differ in their last word share a hue. */
static void test_chart_from_table(void **state)
{
    (void)state;
    cp_table t;
    build_of(&t, &ds_time, "pvc");
    cp_chart_list charts = { 0 };
    cp_diag d = { .out = stderr };
    assert_int_equal(cp_chart_build(&charts, &layout, &ds_time, "pvc", &t, &d), 0);
    assert_int_equal(charts.n, 1);
    const cp_chart *c = charts.items[0];
    assert_string_equal(c->file, "Cryptolib M HASH.svg");
    assert_int_equal(c->ncat, 2);
    assert_string_equal(c->categories[0], "SHA256");
    assert_string_equal(c->categories[1], "SHA1");
    assert_int_equal(c->nser, 2);
    assert_string_equal(c->series[0], "Time (SW)");
    assert_string_equal(c->series[1], "Time (HW)");
    assert_true(cp_chart_get(c, 0, 0)->value == 1.5);
    assert_string_equal(cp_chart_get(c, 0, 0)->label, "1.5");   /* the number as the cell writes it */
    assert_null(cp_chart_get(c, 0, 1));                          /* "-": no bar */
    assert_true(cp_chart_get(c, 1, 1)->value == 0.5);
    assert_int_equal(c->auto_log, 1);
    assert_int_equal(cp_chart_colour(c, 1), cp_chart_palette(0));   /* one group, the last in full colour */
    assert_int_not_equal(cp_chart_colour(c, 0), cp_chart_palette(0));
    cp_chart_list_free(&charts);
    /* the page builds charts only for a table it shows */
    assert_int_equal(cp_chart_build(&charts, &layout, &ds_time, "pvc", NULL, &d), 0);
    assert_int_equal(charts.n, 0);
    cp_table_free(&t);

    capture cap;
    capture_open(&cap);
    assert_int_equal(cp_chart_build(&charts, &layout, &ds, "badfrom", NULL, &cap.diag), -1);
    assert_contains(capture_text(&cap), "expected 'table' (or no 'from': the results), found 'tables'");
    assert_contains(capture_text(&cap), "expected 'auto' or 'never', found 'sometimes'");
    capture_close(&cap);
}

static void test_undefined_table(void **state)
{
    (void)state;
    capture c;
    capture_open(&c);
    cp_table t;
    assert_int_equal(cp_table_build(&t, &layout, &ds, "nope", NULL, &c.diag), -1);
    assert_contains(capture_text(&c), "nope");
    cp_table_free(&t);
    capture_close(&c);
}

static char *escaped(const cp_writer *w, const char *s)
{
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    w->escape(&b, s, strlen(s));
    return b.data;
}

static const char tricky[] = "a|b <c> & {{x}} [[y]] *z* __TOC__ 'q'' ~~~~\nnext";

static void test_wiki_escape(void **state)
{
    (void)state;
    char *s = escaped(&cp_writer_wiki, tricky);
    assert_string_equal(s, "a&#124;b &lt;c&gt; &amp; &#123;&#123;x&#125;&#125; &#91;&#91;y&#93;&#93; *z* "
                           "&#95;_TOC&#95;_ &#39;q&#39;&#39; &#126;&#126;&#126;&#126; next");
    free(s);
}

static void test_md_escape(void **state)
{
    (void)state;
    char *s = escaped(&cp_writer_md, tricky);
    assert_string_equal(s, "a\\|b \\<c\\> \\& {{x}} \\[\\[y\\]\\] \\*z\\* \\_\\_TOC\\_\\_ 'q'' \\~\\~\\~\\~ next");
    free(s);
}

static char *page_in(const cp_writer *w)
{
    cp_page p;
    cp_diag d = { .out = stderr };
    assert_int_equal(cp_page_build(&p, &layout, &ds, &d), 0);
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    cp_page_write(&p, w, &b);
    cp_page_free(&p);
    return b.data;
}

static void test_page_wiki(void **state)
{
    (void)state;
    char *s = page_in(&cp_writer_wiki);
    assert_not_contains(s, "Title");                         /* the wiki page name is the title */
    assert_contains(s, "== 1. Config ==\n");
    assert_contains(s, "=== 1.1. AES ===\n");
    assert_contains(s, "=== 1.2. RSA ===\n\nUnder construction.\n");
    assert_contains(s, "{| class=\"wikitable\"\n|-\n| ABC123 MCU || ABC123X\n");
    assert_contains(s, "| Library || L&#124;b<ref group=\"note\">1</ref>\n|}\n<references group=\"note\" />\n");
    assert_contains(s, "! Key !! Config !! Instructions !! Time\n|-\n| 128 bits || a&#124;b &lt;c&gt;");
    assert_contains(s, "Counts are executed instructions.");
    assert_not_contains(s, "left out");
    assert_contains(s, "* L&#124;b\n");                      /* ::list */
    free(s);
}

static void test_page_md(void **state)
{
    (void)state;
    char *s = page_in(&cp_writer_md);
    assert_contains(s, "# Title L\\|b\n");
    assert_contains(s, "## 1. Config\n");
    assert_contains(s, "|  |  |\n| --- | --- |\n| ABC123 MCU | ABC123X |\n");
    assert_contains(s, "| Library | L\\|b[^note1] |\n");
    assert_contains(s, "[^note1]: 1\n");
    assert_contains(s, "| 128 bits | a\\|b \\<c\\> \\& {{x}} \\[\\[y\\]\\] \\*z\\* next | 11 667 | 106 us |\n");
    assert_contains(s, "- L\\|b\n");
    free(s);
}

/* a relative .md link of the prose as the site path of the page it names
 * (the wiki's title after the prefix) */
static void test_site_page(void **state)
{
    (void)state;
    static const struct {
        const char *dir, *url, *want;
    } cases[] = {
        { "s/lib-1.0", "summary.md", "s/lib-1.0/summary" },
        { "s/lib-1.0", "index.md", "s/lib-1.0" },
        { "s/lib-1.0", "../compare.md", "s/compare" },
        { "s/lib-1.0", "../../index.md", "" },
        { "s/lib-1.0", "../lib-2.0/index.md", "s/lib-2.0" },
        { "s", "lib-1.0/index.md", "s/lib-1.0" },
        { "", "index.md", "" },
        { "s/lib-1.0", "../../../up.md", NULL },
        { "s/lib-1.0", "https://x.org/a.md", NULL },
        { "s/lib-1.0", "summary.html", NULL },
        { NULL, "summary.md", NULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = cp_render_site_page(cases[i].dir, cases[i].url);
        if (cases[i].want)
            assert_string_equal(got, cases[i].want);
        else
            assert_null(got);
        free(got);
    }
}

static void test_links(void **state)
{
    (void)state;
    cp_table t;
    build(&t, "lk");
    assert_int_equal(t.nrows, 2);
    assert_null(cp_table_cell(&t, 0, 0)->link);
    assert_string_equal(cp_table_cell(&t, 0, 1)->link, "page:s1/a-2.28.3");
    assert_string_equal(cp_table_cell(&t, 0, 2)->link, "../d/a b.yaml");
    static const char *const want[] = {
        /* wiki: a page is a title, a file is plain text (it is not on the wiki) */
        "| s1 || [[Cryptoperf/s1/a-2.28.3|2.28.3]] || ../d/a b.yaml\n",
        /* md and html: each links its own format; paths percent-encoded */
        "| s1 | [2.28.3](s1/a-2.28.3/index.md) | [../d/a b.yaml](../d/a%20b.yaml) |\n",
        "<tr><td>s1</td><td><a href=\"s1/a-2.28.3/index.html\">2.28.3</a></td>"
        "<td><a href=\"../d/a%20b.yaml\">../d/a b.yaml</a></td></tr>\n",
    };
    for (size_t i = 0; i < CP_NWRITERS; i++) {
        cp_buf b = { 0 };
        cp_render r = { &b, cp_writers[i], "", 0, 0, { 0 }, NULL, NULL };
        cp_buf_puts(&b, "");
        cp_writers[i]->table(&r, &t);
        assert_contains(b.data, want[i]);
        cp_buf_free(&b);
    }
    cp_table_free(&t);
}

static void test_pivot_from_list(void **state)
{
    (void)state;
    cp_table t;
    build(&t, "mx");
    /* columns in column_order's order, an empty one kept; rows from the list */
    assert_int_equal(t.ncols, 4);
    assert_string_equal(t.head[1], "A&<b> 2.28.3");
    assert_string_equal(t.head[2], "Z 1");
    assert_string_equal(t.head[3], "A&<b> 10.0");
    assert_int_equal(t.nrows, 2);
    assert_string_equal(cp_table_cell(&t, 0, 0)->text, "s1");
    assert_string_equal(cp_table_cell(&t, 0, 1)->text, "2.28.3");
    assert_string_equal(cp_table_cell(&t, 0, 1)->link, "page:s1/a-2.28.3");
    assert_string_equal(cp_table_cell(&t, 0, 2)->text, "-");
    assert_null(cp_table_cell(&t, 0, 2)->link);   /* a missing cell links nowhere */
    assert_string_equal(cp_table_cell(&t, 1, 3)->link, "page:s2/a-10.0");
    cp_table_free(&t);
}

static void test_html_escape(void **state)
{
    (void)state;
    char *s = escaped(&cp_writer_html, "a<b>&\"c\" 'd'\ne");
    assert_string_equal(s, "a&lt;b&gt;&amp;&quot;c&quot; &#39;d&#39; e");
    free(s);
}

static void test_page_html(void **state)
{
    (void)state;
    char *s = page_in(&cp_writer_html);
    static const char head[] = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n";
    assert_true(strncmp(s, head, strlen(head)) == 0);
    assert_contains(s, "<title>Title L|b</title>\n<style>\ntd { color: red; }\n</style>\n");
    assert_contains(s, "<h1 id=\"title-l-b\">Title L|b</h1>\n");
    assert_contains(s, "<h2 id=\"1-config\">1. Config</h2>\n");
    assert_contains(s, "<h3 id=\"1-1-aes\">1.1. AES</h3>\n");
    /* a table without header row: each row headed by its label */
    assert_contains(s, "<tbody>\n<tr><th>ABC123 MCU</th><td>ABC123X</td></tr>\n");
    /* numbers right-aligned (class num), data escaped */
    assert_contains(s, "<tr><td class=\"num\">128 bits</td><td>a|b &lt;c&gt; &amp; {{x}} [[y]] *z* next</td>"
                       "<td class=\"num\">11 667</td><td class=\"num\">106 us</td></tr>\n");
    /* footnote: numbered reference and its note after the table */
    assert_contains(s, "<td>L|b<sup id=\"ref-note-1\"><a href=\"#note-note-1\">[1]</a></sup></td>");
    assert_contains(s, "</table>\n<ol class=\"notes\" start=\"1\">\n<li id=\"note-note-1\">1</li>\n</ol>\n");
    assert_contains(s, "<ul>\n<li>L|b</li>\n</ul>\n");
    static const char tail[] = "</main>\n</body>\n</html>\n";
    assert_true(strlen(s) > strlen(tail) && strcmp(s + strlen(s) - strlen(tail), tail) == 0);
    free(s);
}

/* The page's last format frees each table's rows once written where the
 * table last shows: the same text as cp_page_write, a table shown twice
 * included, and the rows gone after. */
static void test_write_last(void **state)
{
    (void)state;
    cp_layout twice = layout;
    twice.page = "# T\n\n::table sb\n\nBetween.\n\n::table sb\n\n::table cfg\n";
    cp_diag d = { .out = stderr };
    for (size_t w = 0; w < CP_NWRITERS; w++) {
        cp_page a, b;
        assert_int_equal(cp_page_build(&a, &twice, &ds, &d), 0);
        assert_int_equal(cp_page_build(&b, &twice, &ds, &d), 0);
        cp_buf kept = { 0 }, freed = { 0 };
        cp_page_write(&a, cp_writers[w], &kept);
        cp_page_write_last(&b, cp_writers[w], &freed);
        assert_string_equal(freed.data, kept.data);
        const char *first = strstr(kept.data, "11 667");
        assert_non_null(first);
        assert_non_null(strstr(first + 1, "11 667"));   /* the second showing has its rows */
        for (size_t t = 0; t < b.ntables; t++) {
            assert_int_equal(b.tables[t].nrows, 0);
            assert_null(b.tables[t].cells);
        }
        assert_true(a.tables[0].nrows > 0);   /* cp_page_write keeps them */
        cp_buf_free(&kept);
        cp_buf_free(&freed);
        cp_page_free(&a);
        cp_page_free(&b);
    }
}

static void test_html_image(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cp_render r = { &b, &cp_writer_html, "", 0, 0, { 0 }, NULL, NULL };
    cp_chart *c = cp_chart_new("Cryptolib X AES CBC SB Enc.svg", CP_CHART_CLUSTERED, "AES \"CBC\" <enc>", NULL, NULL,
                               "y");
    cp_writer_html.chart(&r, c);
    assert_string_equal(b.data, "<p class=\"chart\"><img src=\"Cryptolib%20X%20AES%20CBC%20SB%20Enc.svg\" "
                                "alt=\"AES &quot;CBC&quot; &lt;enc&gt;\" /></p>\n");
    cp_chart_free(c);
    cp_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_result_index),
        cmocka_unit_test(test_list_table),
        cmocka_unit_test(test_pivot),
        cmocka_unit_test(test_config_rows),
        cmocka_unit_test(test_chart_clash),
        cmocka_unit_test(test_chart_from_table),
        cmocka_unit_test(test_undefined_table),
        cmocka_unit_test(test_wiki_escape),
        cmocka_unit_test(test_md_escape),
        cmocka_unit_test(test_page_wiki),
        cmocka_unit_test(test_page_md),
        cmocka_unit_test(test_links),
        cmocka_unit_test(test_site_page),
        cmocka_unit_test(test_pivot_from_list),
        cmocka_unit_test(test_html_escape),
        cmocka_unit_test(test_page_html),
        cmocka_unit_test(test_write_last),
        cmocka_unit_test(test_html_image),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
