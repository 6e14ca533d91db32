/* Position tracking of the CSV reader: every cell must know the
 * file:line:column where it starts, across quotes, embedded line ends, CRLF,
 * blank lines, a BOM and multi-byte characters; errors name their place. */
#include "helpers.h"

#include "import/csv_read.h"

typedef struct {
    cp_csv csv;
    capture msgs;
    int rc;
} parsed;

static void parse(parsed *p, const char *text)
{
    capture_open(&p->msgs);
    p->rc = cp_csv_parse(&p->csv, "t.csv", text, strlen(text), &p->msgs.diag);
}

static void done(parsed *p)
{
    cp_csv_free(&p->csv);
    capture_close(&p->msgs);
}

typedef struct {
    size_t row, col;
    const char *text;
    unsigned line, column;
} want_cell;

/* text parses into nrows rows, and each listed cell has its text and mark */
static void assert_cells(const char *text, size_t nrows, const want_cell *w, size_t n)
{
    parsed p;
    parse(&p, text);
    assert_int_equal(p.rc, 0);
    assert_int_equal(p.csv.count, nrows);
    for (size_t i = 0; i < n; i++) {
        assert_true(w[i].row < p.csv.count);
        assert_true(w[i].col < p.csv.rows[w[i].row].count);
        const cp_csv_cell *c = &p.csv.rows[w[i].row].cells[w[i].col];
        assert_string_equal(c->text, w[i].text);
        if (c->mark.line != w[i].line || c->mark.column != w[i].column)
            fail_msg("cell '%s' at %u:%u, wanted %u:%u", c->text, c->mark.line, c->mark.column, w[i].line,
                     w[i].column);
        assert_string_equal(c->mark.file, "t.csv");
        if (w[i].col == 0)
            assert_int_equal(p.csv.rows[w[i].row].mark.line, w[i].line);
    }
    done(&p);
}
#define CELLS(text, nrows, ...)                                                        \
    do {                                                                               \
        const want_cell w_[] = { __VA_ARGS__ };                                        \
        assert_cells(text, nrows, w_, sizeof w_ / sizeof w_[0]);                       \
    } while (0)

static void test_plain_rows(void **state)
{
    (void)state;
    CELLS("a,bb,ccc\n1,,3\n", 2, { 0, 0, "a", 1, 1 }, { 0, 1, "bb", 1, 3 }, { 0, 2, "ccc", 1, 6 },
          { 1, 0, "1", 2, 1 }, { 1, 1, "", 2, 3 }, { 1, 2, "3", 2, 4 });
}

static void test_quoted_newline_keeps_lines(void **state)
{
    (void)state;
    CELLS("x,y\n\"two\nlines\",\"say \"\"hi\"\"\"\nlast,z", 3, { 1, 0, "two\nlines", 2, 1 },
          { 1, 1, "say \"hi\"", 3, 8 }, { 2, 0, "last", 4, 1 }, { 2, 1, "z", 4, 6 });
}

static void test_crlf_blank_lines_bom(void **state)
{
    (void)state;
    CELLS("\xef\xbb\xbf" "a,b\r\n\r\n   \r\n1,2\r\n\n", 2, { 0, 0, "a", 1, 1 }, { 1, 0, "1", 4, 1 },
          { 1, 1, "2", 4, 3 });
}

/* CR alone ends a line too (issue 30, item 11: every position was on
 * line 1), and a broken row's recovery stops at it */
static void test_cr_only_lines(void **state)
{
    (void)state;
    CELLS("a,b\r1,2\r\r3,\"x\ry\"\r", 3, { 0, 1, "b", 1, 3 }, { 1, 0, "1", 2, 1 }, { 1, 1, "2", 2, 3 },
          { 2, 0, "3", 4, 1 }, { 2, 1, "x\ry", 4, 3 });
    parsed p;
    parse(&p, "a,b\r1,\xff\r3,4\r");
    assert_int_equal(p.rc, -1);
    assert_contains(capture_text(&p.msgs), "t.csv:2:3: expected UTF-8 text, found the byte 0xff");
    assert_int_equal(p.csv.rows[p.csv.count - 1].cells[1].mark.line, 3);
    done(&p);
}

/* unquoted cells lose their blanks; the mark is their first character */
static void test_columns_count_characters(void **state)
{
    (void)state;
    CELLS("\xc2\xb5s,\xe2\x82\xac\xe2\x82\xac,x\n  padded , \"q\"\n", 2,
          { 0, 1, "\xe2\x82\xac\xe2\x82\xac", 1, 4 }, { 0, 2, "x", 1, 7 }, { 1, 0, "padded", 2, 3 },
          { 1, 1, "q", 2, 12 });
}

/* text must fail to parse with a message containing want */
static void assert_error(const char *text, const char *want)
{
    parsed p;
    parse(&p, text);
    assert_int_equal(p.rc, -1);
    assert_contains(capture_text(&p.msgs), want);
    done(&p);
}

static void test_unterminated_quote(void **state)
{
    (void)state;
    assert_error("a,b\n1,\"open\n2,3\n", "t.csv:2:3: expected a closing quote");
}

static void test_stray_quote(void **state)
{
    (void)state;
    assert_error("a,b\n1,\"x\"y\n", "t.csv:2:6: ");
    assert_error("a,b\nx\"y,1\n", "t.csv:2:2: ");
}

static void test_invalid_utf8(void **state)
{
    (void)state;
    assert_error("a,b\n1,x\xff\n", "t.csv:2:4: expected UTF-8 text, found the byte 0xff");
    assert_error("a,\"b\xc0\x80\"\n", "t.csv:1:5: expected UTF-8 text");
}

static void test_utf8_len(void **state)
{
    (void)state;
    assert_int_equal(cp_utf8_len((const unsigned char *)"a", 1), 1);
    assert_int_equal(cp_utf8_len((const unsigned char *)"\xc2\xb5", 2), 2);
    assert_int_equal(cp_utf8_len((const unsigned char *)"\xc2", 1), 0);
    assert_int_equal(cp_utf8_len((const unsigned char *)"\xc0\x80", 2), 0);          /* overlong */
    assert_int_equal(cp_utf8_len((const unsigned char *)"\xed\xa0\x80", 3), 0);      /* surrogate */
    assert_int_equal(cp_utf8_len((const unsigned char *)"\xf0\x9f\x98\x80", 4), 4);
}

/* A broken row is reported, marked bad and skipped to its line's end; the
 * rows after it are still read, at their right places. */
static void test_recovers_after_a_broken_row(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "a,b\n1,\"x\"y\n2,\xff\n3,4\n\"5\",\"6\"\n");
    assert_int_equal(p.rc, -1);
    const char *msgs = capture_text(&p.msgs);
    assert_contains(msgs, "t.csv:2:6: expected a comma or a line end after a closing quote");
    assert_contains(msgs, "t.csv:3:3: expected UTF-8 text, found the byte 0xff");
    assert_int_equal(count_lines(msgs), 2);
    size_t good = 0;
    for (size_t i = 0; i < p.csv.count; i++)
        if (!p.csv.rows[i].bad) {
            good++;
            if (!strcmp(p.csv.rows[i].cells[0].text, "3")) {
                assert_int_equal(p.csv.rows[i].mark.line, 4);
                assert_int_equal(p.csv.rows[i].cells[1].mark.column, 3);
            }
        }
    assert_int_equal(good, 3); /* a,b  3,4  "5","6" */
    assert_string_equal(p.csv.rows[p.csv.count - 1].cells[1].text, "6");
    assert_int_equal(p.csv.rows[p.csv.count - 1].cells[1].mark.line, 5);
    done(&p);
}

/* Read row by row (cp_csv_read, what import does): every row reaches the
 * callback whole, in order, with the cells, marks and bad flag the whole
 * table has; none is kept. */
typedef struct {
    const cp_csv *whole;
    size_t seen;
} stream_check;

static void compare_row(cp_csv_row *row, size_t index, void *ctx)
{
    stream_check *sc = ctx;
    assert_int_equal(index, sc->seen);
    assert_true(index < sc->whole->count);
    const cp_csv_row *want = &sc->whole->rows[index];
    assert_int_equal(row->bad, want->bad);
    assert_int_equal(row->count, want->count);
    assert_int_equal(row->mark.line, want->mark.line);
    assert_int_equal(row->mark.column, want->mark.column);
    for (size_t k = 0; k < row->count; k++) {
        assert_string_equal(row->cells[k].text, want->cells[k].text);
        assert_int_equal(row->cells[k].mark.line, want->cells[k].mark.line);
        assert_int_equal(row->cells[k].mark.column, want->cells[k].mark.column);
        assert_int_equal(row->cells[k].reported, want->cells[k].reported);
    }
    sc->seen++;
}

static void test_read_row_by_row(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "a,b\n1,\"x\"y\n\n2,3\n\"q\nr\",4\n",
        "a,b\r\n1,2\r5,6\n7,\"open",
        "a,b\n1,2\n\xff,3\n4,5",
        "a,b\n1,\"x\"\n",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        parsed whole;
        parse(&whole, texts[i]);
        capture msgs;
        capture_open(&msgs);
        cp_csv t;
        stream_check sc = { &whole.csv, 0 };
        int rc = cp_csv_read(&t, "t.csv", texts[i], strlen(texts[i]), &msgs.diag, compare_row, &sc);
        assert_int_equal(rc, whole.rc);
        assert_int_equal(sc.seen, whole.csv.count);
        assert_int_equal(t.count, whole.csv.count);
        assert_null(t.rows);
        assert_string_equal(capture_text(&msgs), capture_text(&whole.msgs));
        cp_csv_free(&t);
        capture_close(&msgs);
        done(&whole);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recovers_after_a_broken_row),
        cmocka_unit_test(test_plain_rows),
        cmocka_unit_test(test_quoted_newline_keeps_lines),
        cmocka_unit_test(test_crlf_blank_lines_bom),
        cmocka_unit_test(test_cr_only_lines),
        cmocka_unit_test(test_columns_count_characters),
        cmocka_unit_test(test_unterminated_quote),
        cmocka_unit_test(test_stray_quote),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_utf8_len),
        cmocka_unit_test(test_read_row_by_row),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
