/* Staged files are renamed into place in two rounds: those of
 * cp_stage_add before those of cp_stage_add_after (a page after the charts
 * it shows, whichever was staged first), and a failed rename stops the
 * commit where it is. */
#include "helpers.h"

#include <sys/stat.h>
#include <sys/wait.h>

#include "stage.h"

static char *folder(void)
{
    char tmpl[] = "/tmp/test_stage.XXXXXX";
    assert_non_null(mkdtemp(tmpl));
    return cp_xstrdup(tmpl);
}

static int exists(const char *dir, const char *name)
{
    char *p = cp_xasprintf("%s/%s", dir, name);
    struct stat st;
    int rc = stat(p, &st) == 0;
    free(p);
    return rc;
}

static void remove_all(const char *dir)
{
    char *argv[] = { "rm", "-rf", (char *)dir, NULL };
    pid_t pid = fork();
    if (pid == 0) {
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    waitpid(pid, &status, 0);
}

/* The page is staged first, the chart it shows second; the chart's
 * rename fails (a folder took its place): the page must not be in place. */
static void test_after_waits_for_the_others(void **state)
{
    (void)state;
    char *dir = folder();
    char *page = cp_xasprintf("%s/index.md", dir), *chart = cp_xasprintf("%s/c.svg", dir);
    cp_stage *s = cp_stage_new();
    FILE *err = fopen("/dev/null", "w");
    assert_int_equal(cp_stage_add_after(s, page, "page", 4, err), 0);
    assert_int_equal(cp_stage_add(s, chart, "<svg/>", 6, err), 0);
    assert_int_equal(mkdir(chart, 0777), 0);
    char *inside = cp_xasprintf("%s/x", chart);
    fclose(fopen(inside, "w"));   /* a folder with a file: no rename onto it */
    assert_int_equal(cp_stage_commit(s, err), -1);
    assert_false(exists(dir, "index.md"));
    cp_stage_free(s);
    fclose(err);
    remove_all(dir);
    free(inside);
    free(page);
    free(chart);
    free(dir);
}

/* Both rounds are committed when nothing fails. */
static void test_both_rounds_placed(void **state)
{
    (void)state;
    char *dir = folder();
    char *page = cp_xasprintf("%s/index.md", dir), *chart = cp_xasprintf("%s/c.svg", dir);
    cp_stage *s = cp_stage_new();
    assert_int_equal(cp_stage_add_after(s, page, "page", 4, stderr), 0);
    assert_int_equal(cp_stage_add(s, chart, "<svg/>", 6, stderr), 0);
    assert_int_equal(cp_stage_commit(s, stderr), 0);
    assert_true(exists(dir, "index.md"));
    assert_true(exists(dir, "c.svg"));
    cp_stage_free(s);
    remove_all(dir);
    free(page);
    free(chart);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_after_waits_for_the_others),
        cmocka_unit_test(test_both_rounds_placed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
