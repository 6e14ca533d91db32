#include "base/cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* no base/util.h: it writes files through this module */
static void *need(void *p)
{
    if (!p) {
        fputs("cryptoperf: out of memory\n", stderr);
        exit(2);   /* as cp_xmalloc */
    }
    return p;
}

char *cp_tmp_name(const char *path)
{
    size_t n = strlen(path) + sizeof CP_TMP_INFIX + 32;
    char *s = need(malloc(n));
    snprintf(s, n, "%s" CP_TMP_INFIX "%ld.XXXXXX", path, (long)getpid());
    return s;
}

enum { FILE_KIND = 1, DIR_KIND, SCRATCH_KIND };

typedef struct {
    char *path;   /* NULL once dropped */
    int kind;
} entry;

static pthread_mutex_t lock;
static pthread_once_t lock_once = PTHREAD_ONCE_INIT;
static entry *entries;   /* id - 1 */
static size_t nentries, cap;

static void lock_init(void)
{
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&lock, &a);
    pthread_mutexattr_destroy(&a);
}

void cp_cleanup_lock(void)
{
    pthread_once(&lock_once, lock_init);
    pthread_mutex_lock(&lock);
}

void cp_cleanup_unlock(void)
{
    pthread_mutex_unlock(&lock);
}

/* under the lock */
static cp_cleanup_id add(const char *path, int kind)
{
    /* the dropped tail is reused (its ids were dropped once, by their one
     * holder each): the list stays as long as what is registered at once */
    while (nentries && !entries[nentries - 1].path)
        nentries--;
    if (nentries == cap) {
        cap = cap ? 2 * cap : 64;
        entries = need(realloc(entries, cap * sizeof *entries));
    }
    entries[nentries] = (entry){ need(strdup(path)), kind };
    return ++nentries;
}

int cp_cleanup_mkstemp(char *tmpl, cp_cleanup_id *id)
{
    cp_cleanup_lock();
    int fd = mkstemp(tmpl);
    *id = fd >= 0 ? add(tmpl, FILE_KIND) : 0;
    int e = errno;
    cp_cleanup_unlock();
    errno = e;
    return fd;
}

int cp_cleanup_mkdir(const char *path, cp_cleanup_id *id)
{
    cp_cleanup_lock();
    int rc = mkdir(path, 0777);
    *id = rc == 0 ? add(path, DIR_KIND) : 0;
    int e = errno;
    cp_cleanup_unlock();
    errno = e;
    return rc;
}

cp_cleanup_id cp_cleanup_scratch(const char *dir)
{
    cp_cleanup_lock();
    cp_cleanup_id id = add(dir, SCRATCH_KIND);
    cp_cleanup_unlock();
    return id;
}

void cp_cleanup_drop(cp_cleanup_id id)
{
    if (!id)
        return;
    cp_cleanup_lock();
    free(entries[id - 1].path);
    entries[id - 1].path = NULL;
    cp_cleanup_unlock();
}

/* The files of a scratch folder (no subfolders there), then the folder;
 * unlinkat from the folder's descriptor, never following a symlink. */
static void remove_scratch(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d && fd >= 0)
        close(fd);
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlinkat(fd, e->d_name, 0);
    if (d)
        closedir(d);
    rmdir(dir);
}

static const int signals[] = { SIGINT, SIGTERM, SIGHUP };

static void *wait_for_signal(void *arg)
{
    sigset_t *set = arg;
    int sig;
    while (sigwait(set, &sig) != 0)
        ;
    cp_cleanup_lock();   /* kept: nothing new is made after this */
    size_t removed = 0;
    for (size_t i = nentries; i-- > 0;) {
        const entry *e = &entries[i];
        if (!e->path)
            continue;
        if (e->kind == FILE_KIND)
            removed += unlink(e->path) == 0;
        else if (e->kind == DIR_KIND)
            rmdir(e->path);   /* only an empty one: nothing else was there */
        else
            remove_scratch(e->path);
    }
    fprintf(stderr, "cryptoperf: %s: stopped, nothing placed that was not placed already; %zu temporary file%s "
            "removed\n", strsignal(sig), removed, removed == 1 ? "" : "s");
    signal(sig, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);   /* this thread: the default action ends the process */
    _exit(128 + sig);
}

void cp_cleanup_start(void)
{
    static int started;
    if (started)
        return;
    started = 1;
    static sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        /* one ignored from the start (nohup, `cmd &` in a script) stays so */
        struct sigaction now;
        if (sigaction(signals[i], NULL, &now) == 0 && now.sa_handler != SIG_IGN)
            sigaddset(&set, signals[i]);
    }
    sigset_t blocked = set;
    sigaddset(&blocked, SIGXFSZ);
    pthread_sigmask(SIG_BLOCK, &blocked, NULL);
    pthread_t t;
    if (pthread_create(&t, NULL, wait_for_signal, &set) == 0)
        pthread_detach(t);
    else
        pthread_sigmask(SIG_UNBLOCK, &set, NULL);   /* no thread: the signals act as before */
}
