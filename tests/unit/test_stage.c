/* Staged files are renamed into place in two rounds: those of
 * cp_stage_add before those of cp_stage_add_after (a page after the charts
 * it shows, whichever was staged first), and a failed rename stops the
 * commit where it is. */
#include "helpers.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "base/stage.h"

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

/* A file of n bytes: byte i is 'a' + i % 23 (no two chunks alike). */
static char *pattern(size_t n)
{
    char *b = cp_xmalloc(n + 1);
    for (size_t i = 0; i < n; i++)
        b[i] = (char)('a' + i % 23);
    b[n] = '\0';
    return b;
}

static void put_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    /* an hour old: a file left alone keeps this mtime */
    struct timespec t[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
    assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
}

/* Streams data into path through the stage in pieces of `piece` bytes
 * (pieces cross the stage's 64 KB compare chunks), commits; returns how
 * many files were staged. */
static size_t stream(const char *path, const char *data, size_t len, size_t piece)
{
    cp_stage *s = cp_stage_new();
    cp_stage_file *f = cp_stage_open(s, path, 1, stderr);
    assert_non_null(f);
    for (size_t at = 0; at < len; at += piece)
        assert_int_equal(cp_stage_write(f, data + at, len - at < piece ? len - at : piece), 0);
    assert_int_equal(cp_stage_close(f), 0);
    size_t n = cp_stage_count(s);
    assert_int_equal(cp_stage_commit(s, stderr), 0);
    cp_stage_free(s);
    return n;
}

static void assert_file(const char *path, const char *data, size_t len)
{
    size_t got_len = 0;
    char *got = cp_read_file(path, &got_len);
    assert_non_null(got);
    assert_int_equal(got_len, len);
    assert_memory_equal(got, data, len);
    free(got);
}

static time_t mtime(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_mtime;
}

/* The same content, streamed in odd pieces: nothing staged, the old file
 * untouched (its mtime). */
static void test_stream_unchanged_left_alone(void **state)
{
    (void)state;
    char *dir = folder(), *path = cp_xasprintf("%s/page.html", dir);
    size_t n = 200000;
    char *data = pattern(n);
    put_file(path, data, n);
    assert_int_equal(stream(path, data, n, 7777), 0);
    assert_int_equal(mtime(path), 1000000000);
    assert_file(path, data, n);
    remove_all(dir);
    free(data);
    free(path);
    free(dir);
}

/* Differences at the first byte, past the first compare chunk, only
 * longer, only shorter, and no old file: each is staged and placed whole. */
static void test_stream_differences_placed(void **state)
{
    (void)state;
    char *dir = folder(), *path = cp_xasprintf("%s/page.html", dir);
    size_t n = 200000;
    char *old = pattern(n), *data = pattern(n + 1000);
    struct {
        size_t at;     /* a byte changed here, or n + 1000: none */
        size_t len;    /* of the new content */
    } cases[] = { { 0, n }, { 100000, n }, { n + 1000, n + 1000 }, { n + 1000, n - 1 }, { n + 1000, 0 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        put_file(path, old, n);
        char *mine = cp_xstrdup(data);
        if (cases[i].at < cases[i].len)
            mine[cases[i].at] = '#';
        assert_int_equal(stream(path, mine, cases[i].len, 4096 + i), 1);
        assert_file(path, mine, cases[i].len);
        free(mine);
    }
    unlink(path);
    assert_int_equal(stream(path, data, 10, 3), 1);
    assert_file(path, data, 10);
    remove_all(dir);
    free(old);
    free(data);
    free(path);
    free(dir);
}

/* A folder where the file should go is refused at open; a file that
 * cannot be made (its folder would be under a regular file) fails at
 * close and leaves no temporary file. */
static void test_stream_refusals(void **state)
{
    (void)state;
    char *dir = folder(), *sub = cp_xasprintf("%s/sub", dir), *under = cp_xasprintf("%s/x/page.md", sub);
    FILE *err = fopen("/dev/null", "w");
    cp_stage *s = cp_stage_new();
    assert_int_equal(mkdir(sub, 0777), 0);
    assert_null(cp_stage_open(s, sub, 0, err));
    char *blocker = cp_xasprintf("%s/x", sub);
    put_file(blocker, "file", 4);
    cp_stage_file *f = cp_stage_open(s, under, 0, err);
    assert_non_null(f);
    assert_int_equal(cp_stage_write(f, "text", 4), -1);
    assert_int_equal(cp_stage_close(f), -1);
    assert_int_equal(cp_stage_count(s), 0);
    cp_stage_free(s);
    fclose(err);
    char *listing[] = { ".", "..", "x" };
    DIR *d = opendir(sub);
    size_t entries = 0;
    for (struct dirent *e; (e = readdir(d));) {
        int known = 0;
        for (size_t i = 0; i < 3; i++)
            known |= !strcmp(e->d_name, listing[i]);
        assert_true(known);
        entries++;
    }
    closedir(d);
    assert_int_equal(entries, 3);
    remove_all(dir);
    free(blocker);
    free(under);
    free(sub);
    free(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_after_waits_for_the_others),
        cmocka_unit_test(test_both_rounds_placed),
        cmocka_unit_test(test_stream_unchanged_left_alone),
        cmocka_unit_test(test_stream_differences_placed),
        cmocka_unit_test(test_stream_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
