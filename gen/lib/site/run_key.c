#include "site/run_key.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

/* A word with its length, so that no two lists of words hash alike. */
static void add_word(EVP_MD_CTX *md, const char *s)
{
    size_t n = strlen(s) + 1;
    EVP_DigestUpdate(md, &n, sizeof n);
    EVP_DigestUpdate(md, s, n);
}

/* The file's name and content; -1 when it is not a regular file that can
 * be read to its end. */
static int add_file(EVP_MD_CTX *md, const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    add_word(md, path);
    char chunk[1 << 16];
    ssize_t r;
    unsigned long long total = 0;
    while ((r = read(fd, chunk, sizeof chunk)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0) {
            EVP_DigestUpdate(md, chunk, (size_t)r);
            total += (unsigned long long)r;
        }
    close(fd);
    if (r < 0)
        return -1;
    EVP_DigestUpdate(md, &total, sizeof total);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every file under dir, in name order, folders walked; -1 when one cannot
 * be read or is neither a file nor a folder. */
static int add_tree(EVP_MD_CTX *md, const char *dir, int depth)
{
    DIR *d = depth < 16 ? opendir(dir) : NULL;
    if (!d)
        return -1;
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        names = cp_xrealloc(names, (n + 1) * sizeof *names);
        names[n++] = cp_xasprintf("%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (rc == 0 && (stat(names[i], &st) != 0 || (S_ISDIR(st.st_mode) ? add_tree(md, names[i], depth + 1)
                                                                          : add_file(md, names[i])) != 0))
            rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int cp_run_key(unsigned char key[CP_CHART_KEY_BYTES], const unsigned char identity[CP_CHART_KEY_BYTES],
               const char *outdir, const char *templates, const char *schema, char *const *datasets,
               size_t ndatasets)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int rc = md && EVP_DigestInit_ex(md, EVP_sha256(), NULL) ? 0 : -1;
    if (rc == 0) {
        EVP_DigestUpdate(md, "cryptoperf render run 1", 24);
        EVP_DigestUpdate(md, identity, CP_CHART_KEY_BYTES);
        add_word(md, outdir);
        add_word(md, templates);
        rc = add_file(md, schema) | add_tree(md, templates, 0);
        EVP_DigestUpdate(md, &ndatasets, sizeof ndatasets);
        for (size_t i = 0; rc == 0 && i < ndatasets; i++)
            rc = add_file(md, datasets[i]);
    }
    if (rc == 0 && !EVP_DigestFinal_ex(md, key, NULL))
        rc = -1;
    EVP_MD_CTX_free(md);
    return rc;
}
