/* Which charts on disk are already what drawing them again would give, so a
 * render with nothing changed draws nothing (README "Charts").
 *
 * The key of a chart is a SHA-256 of everything its SVG bytes depend on:
 * the chart (its texts, numbers and points: cp_chart_serialize), and the
 * identity of the two programs that turn it into the file (this cryptoperf
 * executable, which writes the script and cleans the SVG, and the gnuplot
 * program: path, size, mtime). Keying the chart, not its script, makes a
 * chart that is fresh cost no script at all. The cache file remembers, per
 * file of the run (charts and pages), the key it was made from and the
 * SHA-256 of its bytes as this process wrote them (not as the file is
 * found after: another process may have replaced it meanwhile). A chart is
 * fresh only when its key is the same and the file on disk hashes as
 * written, so nothing kept differs by a byte from what drawing it would
 * give. The cache is locked (flock on FILE.lock) from open to close: a
 * second render on the same cache waits. The charts' bytes are the same
 * whether they came from the cache or from gnuplot, so the cache lives
 * outside the output (`render --chart-cache FILE`, under build/ for `make
 * site`). */
#ifndef CP_CHART_CACHE_H
#define CP_CHART_CACHE_H

#include <stddef.h>

#define CP_CHART_KEY_BYTES 32

typedef struct cp_chart_cache cp_chart_cache;

/* The cache of file (absent or unreadable: empty; a line it cannot read is
 * skipped), for charts drawn by `program` (found on PATH like
 * posix_spawnp does). */
cp_chart_cache *cp_chart_cache_open(const char *file, const char *program);

/* The key of a chart: all its drawing depends on (cp_chart_serialize). */
void cp_chart_cache_key(const cp_chart_cache *cc, const char *chart, size_t len, unsigned char key[CP_CHART_KEY_BYTES]);

/* 1 when path was drawn from key and its bytes are still those written
 * then (hash gets their SHA-256, for cp_chart_cache_note). */
int cp_chart_cache_fresh(const cp_chart_cache *cc, const char *path, const unsigned char key[CP_CHART_KEY_BYTES],
                         unsigned char hash[CP_CHART_KEY_BYTES]);

/* Remembers path as drawn from key with content of this SHA-256 (the
 * bytes this run wrote or kept), for the file written by
 * cp_chart_cache_close; key NULL: a page of the run. */
void cp_chart_cache_note(cp_chart_cache *cc, const char *path, const unsigned char key[CP_CHART_KEY_BYTES],
                         const unsigned char hash[CP_CHART_KEY_BYTES]);

/* The SHA-256 of content as it is written, piece by piece. */
typedef struct cp_content_hash cp_content_hash;
cp_content_hash *cp_content_hash_begin(void);
void cp_content_hash_put(cp_content_hash *h, const char *data, size_t len);
/* Frees h. */
void cp_content_hash_end(cp_content_hash *h, unsigned char hash[CP_CHART_KEY_BYTES]);
void cp_content_hash_of(const char *data, size_t len, unsigned char hash[CP_CHART_KEY_BYTES]);

/* When save is set, replaces the cache file (atomically) by the files
 * noted: the charts and pages of this run, and its key. 0, or -1 with
 * errno set when it cannot be written (cp_write_file_error says why).
 * Releases the lock; frees cc. */
int cp_chart_cache_close(cp_chart_cache *cc, int save);

/* The run as a whole (run_key.h): the identity its key starts from, or
 * NULL when the programs cannot be told (then nothing is ever fresh). */
const unsigned char *cp_chart_cache_identity(const cp_chart_cache *cc);
/* 1 when the last run saved had this key and every file it noted (charts
 * and pages) still hashes as it wrote it: this run would write nothing new. */
int cp_chart_cache_run_fresh(const cp_chart_cache *cc, const unsigned char key[CP_CHART_KEY_BYTES]);
/* This run's key, saved by cp_chart_cache_close. */
void cp_chart_cache_note_run(cp_chart_cache *cc, const unsigned char key[CP_CHART_KEY_BYTES]);
/* The files the last run noted (paths, when not NULL, gets them; valid
 * until close); *charts says how many are charts. */
size_t cp_chart_cache_files(const cp_chart_cache *cc, const char **paths, size_t *charts);

#endif
