/* The job pool and what surrounds it: output captured per job, exit status,
 * a command that cannot start, a timeout that kills the whole process group;
 * the progress line; YAML scalars that read back as the same string; the
 * last reported case of a run. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cryptoperf.h"
#include "pool.h"
#include "progress.h"
#include "run.h"
#include "serial.h"
#include "yamlout.h"

static void runs_and_captures(void **state)
{
    (void)state;
    char *echo[] = { "sh", "-c", "echo out; echo err >&2; exit 3", NULL };
    char *hang[] = { "sh", "-c", "sleep 30 & sleep 30; echo never", NULL };
    char *missing[] = { "/nonexistent/qemu", NULL };
    char *ok[] = { "true", NULL };
    cpr_job jobs[4] = {
        { .label = "echo", .argv = echo, .timeout_s = 20 },
        { .label = "hang", .argv = hang, .timeout_s = 1 },
        { .label = "missing", .argv = missing, .timeout_s = 20 },
        { .label = "ok", .argv = ok },
    };
    cpr_pool_opts o = { .parallel = 3 };
    time_t t0 = time(NULL);
    assert_int_equal(cpr_pool_run(jobs, 4, &o), 0);
    assert_true(time(NULL) - t0 < 10);
    assert_string_equal(jobs[0].out.data, "out\n");
    assert_string_equal(jobs[0].err.data, "err\n");
    char *why = cpr_job_failure(&jobs[0]);
    assert_string_equal(why, "exit status 3");
    free(why);
    assert_true(jobs[1].timed_out);
    why = cpr_job_failure(&jobs[1]);
    assert_string_equal(why, "timed out after 1 s");
    free(why);
    assert_null(jobs[1].out.data);
    assert_int_not_equal(jobs[2].spawn_errno, 0);
    why = cpr_job_failure(&jobs[3]);
    assert_null(why);
    for (int i = 0; i < 4; i++)
        cpr_job_free(&jobs[i]);
}

static void progress_line(void **state)
{
    (void)state;
    char line[128];
    cpr_progress_line(line, sizeof line, 12, 40, 7.2, "mbedtls-3.6.6 aes-fast");
    assert_string_equal(line, "[12/40] 00:07 elapsed, ETA 00:17  mbedtls-3.6.6 aes-fast");
    cpr_progress_line(line, sizeof line, 0, 140, 0, "x");
    assert_string_equal(line, "[  0/140] 00:00 elapsed, ETA --:--  x");
    cpr_progress_line(line, sizeof line, 3, 3, 125, "y");
    assert_string_equal(line, "[3/3] 02:05 elapsed, ETA 00:00  y");
}

static void yaml_scalars_round_trip(void **state)
{
    (void)state;
    static const char *const strings[] = {
        "Small", "Mbed TLS", "2.28.3", "true", "null", "-O2 -mthumb", "a: b", "x #y", "{flow}",
        "say \"hi\"\\", "tab\there", "new\nline", "", " lead", "trail ", "v1.5", "yes", "0x10",
    };
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        cp_buf b = { 0 };
        cp_buf_puts(&b, "- {k: ");
        cpr_yaml_str(&b, strings[i]);
        cp_buf_puts(&b, "}\n");
        cp_doc doc;
        assert_int_equal(cp_doc_load_mem(&doc, "t", b.data, b.len, stderr), 0);
        const cp_node *k = cp_map_get(doc.root->items[0], "k");
        assert_string_equal(cp_scalar(k), strings[i]);
        assert_int_equal(cp_scalar_type_of(k), CP_T_STRING);
        cp_doc_free(&doc);
        cp_buf_free(&b);
    }
}

static void last_case(void **state)
{
    (void)state;
    int done = -1;
    char *c = cpr_last_case("run:\n  a: 1\nresults:\n  # case aes-1\n  - {}\n  # case sha-2\n  - family: X\n", &done);
    assert_string_equal(c, "sha-2");
    assert_int_equal(done, 1);
    free(c);
    c = cpr_last_case("results:\n  # case aes-1\n  - {}\n  # case sha-2\n", &done);
    assert_string_equal(c, "sha-2");
    assert_int_equal(done, 0);
    free(c);
    assert_null(cpr_last_case("results: []\n", &done));
    assert_null(cpr_last_case(NULL, &done));
}

/* Endless output is cut at max_output, the image killed, and the failure
 * says so (issue 30: 2 GB of RSS in 4 s). */
static void output_capped(void **state)
{
    (void)state;
    char *flood[] = { "yes", "0123456789abcdef", NULL };
    char *errflood[] = { "sh", "-c", "yes x >&2", NULL };
    cpr_job jobs[2] = {
        { .label = "flood", .argv = flood, .timeout_s = 20, .max_output = 65536 },
        { .label = "errflood", .argv = errflood, .timeout_s = 20, .max_output = 1 << 20 },
    };
    cpr_pool_opts o = { .parallel = 2 };
    time_t t0 = time(NULL);
    assert_int_equal(cpr_pool_run(jobs, 2, &o), 0);
    assert_true(time(NULL) - t0 < 10);
    assert_int_equal(jobs[0].out.len, 65536);
    assert_int_equal(jobs[1].err.len, 1 << 20);
    char *why = cpr_job_failure(&jobs[0]);
    assert_string_equal(why, "printed more than 65536 bytes on stdout: cut there and killed");
    free(why);
    why = cpr_job_failure(&jobs[1]);
    assert_string_equal(why, "printed more than 1 MiB on stderr: cut there and killed");
    free(why);
    cpr_job_free(&jobs[0]);
    cpr_job_free(&jobs[1]);
}

/* The serial lane's port under the same cap: a pty behind an endless
 * loop is read until CPR_MAX_OUTPUT, then given up with the reason. */
static void serial_capped(void **state)
{
    (void)state;
    FILE *flood = popen("yes run:", "r");
    assert_non_null(flood);
    cp_buf out = { 0 }, err = { 0 };
    int status, announced;
    char *why = NULL;
    time_t t0 = time(NULL);
    int rc = cpr_tty_read_document(fileno(flood), 20, 60, &out, &err, &status, &announced, &why);
    assert_true(time(NULL) - t0 < 30);
    assert_int_equal(rc, 1);
    assert_true(out.len <= CPR_MAX_OUTPUT);
    assert_non_null(why);
    assert_string_equal(why, "printed more than 16 MiB on the port: cut there");
    free(why);
    cp_buf_free(&out);
    cp_buf_free(&err);
    pclose(flood);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(runs_and_captures),
        cmocka_unit_test(progress_line),
        cmocka_unit_test(yaml_scalars_round_trip),
        cmocka_unit_test(last_case),
        cmocka_unit_test(output_capped),
        cmocka_unit_test(serial_capped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
