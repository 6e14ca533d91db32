/* Position tracking of the CSV reader: every cell must know the
 * file:line:column where it starts, across quotes, embedded line ends, CRLF,
 * blank lines, a BOM and multi-byte characters; errors name their place. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "csv_read.h"

typedef struct {
    cp_csv csv;
    char *msgs;
    size_t msgs_len;
    int rc;
} parsed;

static void parse(parsed *p, const char *text)
{
    FILE *mem = open_memstream(&p->msgs, &p->msgs_len);
    assert_non_null(mem);
    cp_diag diag = { mem, 0 };
    p->rc = cp_csv_parse(&p->csv, "t.csv", text, strlen(text), &diag);
    fclose(mem);
}

static void done(parsed *p)
{
    cp_csv_free(&p->csv);
    free(p->msgs);
}

static void assert_cell(const parsed *p, size_t row, size_t col, const char *text, unsigned line, unsigned column)
{
    assert_true(row < p->csv.count);
    assert_true(col < p->csv.rows[row].count);
    const cp_csv_cell *c = &p->csv.rows[row].cells[col];
    assert_string_equal(c->text, text);
    assert_int_equal(c->mark.line, line);
    assert_int_equal(c->mark.column, column);
    assert_string_equal(c->mark.file, "t.csv");
}

static void test_plain_rows(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "a,bb,ccc\n1,,3\n");
    assert_int_equal(p.rc, 0);
    assert_int_equal(p.csv.count, 2);
    assert_cell(&p, 0, 0, "a", 1, 1);
    assert_cell(&p, 0, 1, "bb", 1, 3);
    assert_cell(&p, 0, 2, "ccc", 1, 6);
    assert_cell(&p, 1, 0, "1", 2, 1);
    assert_cell(&p, 1, 1, "", 2, 3);
    assert_cell(&p, 1, 2, "3", 2, 4);
    assert_int_equal(p.csv.rows[1].mark.line, 2);
    done(&p);
}

static void test_quoted_newline_keeps_lines(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "x,y\n\"two\nlines\",\"say \"\"hi\"\"\"\nlast,z");
    assert_int_equal(p.rc, 0);
    assert_int_equal(p.csv.count, 3);
    assert_cell(&p, 1, 0, "two\nlines", 2, 1);
    assert_cell(&p, 1, 1, "say \"hi\"", 3, 8);
    assert_cell(&p, 2, 0, "last", 4, 1);
    assert_cell(&p, 2, 1, "z", 4, 6);
    done(&p);
}

static void test_crlf_blank_lines_bom(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "\xef\xbb\xbf" "a,b\r\n\r\n   \r\n1,2\r\n\n");
    assert_int_equal(p.rc, 0);
    assert_int_equal(p.csv.count, 2);
    assert_cell(&p, 0, 0, "a", 1, 1);
    assert_cell(&p, 1, 0, "1", 4, 1);
    assert_cell(&p, 1, 1, "2", 4, 3);
    done(&p);
}

static void test_columns_count_characters(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "\xc2\xb5s,\xe2\x82\xac\xe2\x82\xac,x\n  padded , \"q\"\n");
    assert_int_equal(p.rc, 0);
    assert_cell(&p, 0, 1, "\xe2\x82\xac\xe2\x82\xac", 1, 4);
    assert_cell(&p, 0, 2, "x", 1, 7);
    /* unquoted cells lose their blanks; the mark is the first character */
    assert_cell(&p, 1, 0, "padded", 2, 3);
    assert_cell(&p, 1, 1, "q", 2, 12);
    done(&p);
}

static void test_unterminated_quote(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "a,b\n1,\"open\n2,3\n");
    assert_int_equal(p.rc, -1);
    assert_non_null(strstr(p.msgs, "t.csv:2:3: "));
    assert_non_null(strstr(p.msgs, "closing quote"));
    done(&p);
}

static void test_stray_quote(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "a,b\n1,\"x\"y\n");
    assert_int_equal(p.rc, -1);
    assert_non_null(strstr(p.msgs, "t.csv:2:6: "));
    done(&p);
}

static void test_invalid_utf8(void **state)
{
    (void)state;
    parsed p;
    parse(&p, "a,b\n1,x\xff\n");
    assert_int_equal(p.rc, -1);
    assert_non_null(strstr(p.msgs, "t.csv:2:4: expected UTF-8 text, found the byte 0xff"));
    done(&p);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_rows),
        cmocka_unit_test(test_quoted_newline_keeps_lines),
        cmocka_unit_test(test_crlf_blank_lines_bom),
        cmocka_unit_test(test_columns_count_characters),
        cmocka_unit_test(test_unterminated_quote),
        cmocka_unit_test(test_stray_quote),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_utf8_len),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
