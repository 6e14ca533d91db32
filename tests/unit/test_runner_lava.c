/* The LAVA back end's pure parts: a job log read back into the image's
 * stdout and stderr (lava-run's and lavacli's record forms, LAVA's quote
 * escape, the console closed by LAVA's own input, the job's verdict), the
 * boot command compared with the direct runner's argv, job definitions. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "cryptoperf.h"
#include "frame.h"
#include "lava.h"
#include "lavajob.h"
#include "lavalog.h"

static void read_text(cpr_lava_log *log, const char *text)
{
    cpr_lava_log_read(log, text, strlen(text));
}

static const char *text_of(const cp_buf *b)
{
    return b->data ? b->data : "";
}

static void test_unescape(void **state)
{
    (void)state;
    cp_buf b = { 0 };
    cpr_lava_unescape(&b, "a \\\"b\\\" c");
    assert_string_equal(b.data, "a \"b\" c");
    b.len = 0;
    /* a backslash the image printed before a quote: LAVA's escape follows it */
    cpr_lava_unescape(&b, "x\\\\\"y \\n");
    b.data[b.len] = '\0';
    assert_string_equal(b.data, "x\\\"y \\n");
    cp_buf_free(&b);
}

/* lava-run's form: one flow mapping a line, quotes escaped twice (LAVA's
 * \" inside YAML's double-quoted style). */
static const char lava_run_log[] =
    "{\"dt\": \"1\", \"lvl\": \"info\", \"msg\": \"Boot command: /usr/bin/qemu-system-arm -M m -kernel /t/x.elf\"}\n"
    "{\"dt\": \"2\", \"lvl\": \"results\", \"msg\": {\"case\": \"execute-qemu\", \"definition\": \"lava\", "
    "\"extra\": {\"qemu_version\": \"1:7.2+dfsg-7\"}, \"result\": \"pass\"}}\n"
    "{\"dt\": \"3\", \"lvl\": \"target\", \"msg\": \"run:\"}\n"
    "{\"dt\": \"4\", \"lvl\": \"target\", \"msg\": \"  board: \\\\\\\"b\\\\\\\"\"}\n"
    "{\"dt\": \"5\", \"lvl\": \"target\", \"msg\": \"error: case c1: known-answer mismatch\"}\n"
    "{\"dt\": \"6\", \"lvl\": \"target\", \"msg\": \"  esc: \\e \\u00e9\"}\n"
    "{\"dt\": \"7\", \"lvl\": \"input\", \"msg\": \"poweroff\\n\"}\n"
    "{\"dt\": \"7\", \"lvl\": \"target\", \"msg\": \"end: {}\"}\n"
    "{\"dt\": \"8\", \"lvl\": \"target\", \"msg\": \"poweroff\"}\n"
    "{\"dt\": \"8\", \"lvl\": \"target\", \"msg\": \"after the echo\"}\n"
    "{\"dt\": \"9\", \"lvl\": \"results\", \"msg\": {\"case\": \"job\", \"definition\": \"lava\", \"result\": \"pass\"}}\n";

static void test_log_lava_run(void **state)
{
    (void)state;
    cpr_lava_log log;
    read_text(&log, lava_run_log);
    assert_int_equal(log.records, 11);
    /* a line LAVA logged after its input but before the echo is the image's */
    assert_string_equal(text_of(&log.out), "run:\n  board: \"b\"\n  esc: \x1b \xc3\xa9\nend: {}\n");
    assert_string_equal(text_of(&log.err), "error: case c1: known-answer mismatch\n");
    assert_string_equal(log.boot_command, "/usr/bin/qemu-system-arm -M m -kernel /t/x.elf");
    assert_string_equal(log.qemu_version, "1:7.2+dfsg-7");
    assert_true(log.finished);
    assert_true(log.passed);
    assert_int_equal(log.timed_out_s, 0);
    assert_int_equal(log.exit_status, -1);
    assert_null(log.stray);
    cpr_lava_log_free(&log);
}

/* lavacli's --raw form ("- {…}"), a failed job, lines that are no record. */
static void test_log_lavacli_failed(void **state)
{
    (void)state;
    cpr_lava_log log;
    read_text(&log,
              "- {\"dt\": \"1\", \"lvl\": \"target\", \"msg\": \"run:\"}\r\n"
              "- {\"dt\": \"1\", \"lvl\": \"target\", \"msg\": \"exit: 3\"}\n"
              "Traceback (most recent call last):\n"
              "- {\"dt\": \"2\", \"lvl\": \"results\", \"msg\": {\"case\": \"job\", \"definition\": \"lava\", "
              "\"error_msg\": \"lava-test-monitor timed out after 4 seconds\", \"error_type\": \"Test\", "
              "\"result\": \"fail\"}}\n"
              "- {\"lvl\": \"target\", \"msg\": \"a\" \n");
    assert_int_equal(log.records, 3);
    assert_string_equal(text_of(&log.out), "run:\n");
    assert_int_equal(log.exit_status, 3);
    assert_true(log.finished);
    assert_false(log.passed);
    assert_string_equal(log.error_type, "Test");
    assert_int_equal(log.timed_out_s, 4);
    assert_string_equal(log.stray, "- {\"lvl\": \"target\", \"msg\": \"a\" ");
    cpr_lava_log_free(&log);

    read_text(&log, "no records at all\n");
    assert_int_equal(log.records, 0);
    assert_false(log.finished);
    assert_string_equal(log.stray, "no records at all");
    cpr_lava_log_free(&log);
}

/* The image's document, logged line by line as LAVA does, comes back with
 * the same bytes: its end line still matches. */
static void test_roundtrip_frame(void **state)
{
    (void)state;
    const char body[] = "run:\n  note: \"a \\\"quoted\\\" word, a \\\\ backslash\"\nresults:\n";
    char end[96];
    snprintf(end, sizeof end, "end: {results: 0, bytes: %zu, crc32: \"%08lx\"}\n", strlen(body),
             crc32(0L, (const Bytef *)body, (uInt)strlen(body)));
    cp_buf doc = { 0 }, logtext = { 0 };
    cp_buf_puts(&doc, body);
    cp_buf_puts(&doc, end);
    for (const char *p = doc.data; *p;) {
        size_t n = strcspn(p, "\n");
        /* ShellLogger: '"' -> '\"'; then YAML's double-quoted style */
        cp_buf_puts(&logtext, "{\"lvl\": \"target\", \"msg\": \"");
        for (size_t i = 0; i < n; i++) {
            if (p[i] == '"')
                cp_buf_puts(&logtext, "\\\\\\\"");
            else if (p[i] == '\\')
                cp_buf_puts(&logtext, "\\\\");
            else
                cp_buf_putc(&logtext, p[i]);
        }
        cp_buf_puts(&logtext, "\"}\n");
        p += n + 1;
    }
    cpr_lava_log log;
    cpr_lava_log_read(&log, logtext.data, logtext.len);
    assert_int_equal(log.out.len, doc.len);
    assert_memory_equal(log.out.data, doc.data, doc.len);
    cpr_frame f;
    char *why = NULL;
    assert_int_equal(cpr_frame_check(log.out.data, log.out.len, &f, &why), 0);
    assert_int_equal(f.body, strlen(body));
    cpr_lava_log_free(&log);
    cp_buf_free(&doc);
    cp_buf_free(&logtext);
}

static void test_command_diff(void **state)
{
    (void)state;
    char *argv[] = { "qemu-system-arm", "-M", "mps2-an505", "-display", "none", "-kernel", "build/img/q.elf", NULL };
    char *found = NULL;
    assert_int_equal(cpr_lava_command_diff("/usr/bin/qemu-system-arm -M mps2-an505 -display none -kernel "
                                           "/var/lib/lava/dispatcher/tmp/1/kernel/q.elf", argv, &found), -1);
    assert_null(found);
    assert_int_equal(cpr_lava_command_diff("/usr/bin/qemu-system-arm -cpu cortex-m33 -M mps2-an505", argv, &found), 1);
    assert_string_equal(found, "-cpu");
    free(found);
    assert_int_equal(cpr_lava_command_diff("qemu-system-arm -M mps2-an505 -display none -kernel /t/other.elf", argv,
                                           &found), 6);
    free(found);
    assert_int_equal(cpr_lava_command_diff("qemu-system-arm -M mps2-an505", argv, &found), 3);
    assert_null(found);
    assert_int_equal(cpr_lava_command_diff("qemu-system-arm -M mps2-an505 -display none -kernel /q.elf -nographic",
                                           argv, &found), 7);
    assert_string_equal(found, "-nographic");
    free(found);
}

/* n[a][b][c], a sequence standing for its first item */
static const cp_node *path(const cp_node *n, const char *a, const char *b, const char *c)
{
    const char *keys[] = { a, b, c };
    for (int i = 0; i < 3 && n && keys[i]; i++) {
        if (n->kind == CP_SEQ)
            n = n->count ? n->items[0] : NULL;
        n = cp_map_get(n, keys[i]);
    }
    return n;
}

static void test_job_text(void **state)
{
    (void)state;
    const char *extra[] = { "-semihosting-config enable=on,target=native", "-icount shift=7" };
    const char *tags[] = { "rack: 1" };
    cpr_lava_job j = { .comment = "c", .job_name = "cryptoperf x", .device_type = "qemu",
                       .image_url = "file:///a/x.elf", .machine = "mps2-an505", .extra = extra, .nextra = 2,
                       .tags = tags, .ntags = 1, .timeout_s = 10 };
    cp_buf b = { 0 };
    cpr_lava_job_text(&b, &j);
    cp_doc doc;
    assert_int_equal(cp_doc_load_mem(&doc, "job", b.data, b.len, stderr), 0);
    assert_string_equal(cp_scalar(cp_map_get(doc.root, "device_type")), "qemu");
    assert_string_equal(cp_scalar(cp_map_get(doc.root, "tags")->items[0]), "rack: 1");
    assert_string_equal(cp_scalar(path(doc.root, "context", "machine", NULL)), "mps2-an505");
    assert_string_equal(cp_scalar(path(doc.root, "context", "extra_options", NULL)->items[1]), "-icount shift=7");
    const cp_node *actions = cp_map_get(doc.root, "actions");
    assert_int_equal(actions->count, 3);
    assert_string_equal(cp_scalar(path(actions->items[0], "deploy", "images", "kernel")->keys[0]), "url");
    assert_string_equal(cp_scalar(path(actions->items[1], "boot", "method", NULL)), "qemu");
    assert_string_equal(cp_scalar(path(actions->items[2], "test", "timeout", "seconds")), "10");
    assert_string_equal(cp_scalar(path(actions->items[2], "test", "monitors", "end")), "end: \\{results: [^\\n]*\\n");
    cp_doc_free(&doc);

    b.len = 0;
    j.device_type = "nucleo-l552ze-q";
    j.machine = NULL;
    j.ntags = 0;
    cpr_lava_job_text(&b, &j);
    assert_int_equal(cp_doc_load_mem(&doc, "job", b.data, b.len, stderr), 0);
    assert_null(cp_map_get(doc.root, "context"));
    assert_null(cp_map_get(doc.root, "tags"));
    actions = cp_map_get(doc.root, "actions");
    assert_non_null(path(actions->items[0], "deploy", "images", "binary"));
    assert_string_equal(cp_scalar(path(actions->items[1], "boot", "method", NULL)), "openocd");
    cp_doc_free(&doc);
    cp_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unescape),          cmocka_unit_test(test_log_lava_run),
        cmocka_unit_test(test_log_lavacli_failed), cmocka_unit_test(test_roundtrip_frame),
        cmocka_unit_test(test_command_diff),      cmocka_unit_test(test_job_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
