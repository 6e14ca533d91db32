/* What a fatal signal must not leave behind: the temporary files of a run
 * (staged pages and charts, base/stage.h; cp_write_file_atomic's), the
 * folders made for them, and the charts' scratch folder. SIGINT, SIGTERM
 * and SIGHUP are taken by one thread (cp_cleanup_start) that removes every
 * registered path and then ends the process by the same signal; SIGXFSZ is
 * blocked, so a write past the file size limit fails with EFBIG and the
 * run ends as on any write error, removing what it staged. Placing the
 * files (cp_stage_commit) holds the registry's lock: a signal then waits
 * until every file is placed, or none. */
#ifndef CP_CLEANUP_H
#define CP_CLEANUP_H

#include <stddef.h>

/* A temporary file is named PATH.tmp.<pid>.XXXXXX (a template for
 * mkstemp; the caller frees): one whose process is gone was left by a
 * run killed outright, and the next render removes it (base/stale.h). */
#define CP_TMP_INFIX ".tmp."
char *cp_tmp_name(const char *path);

/* Starts the signal thread (once). Call before any other thread starts:
 * the signals are blocked in the caller, and threads inherit that. */
void cp_cleanup_start(void);

/* Registered paths; an id is 0 for none. */
typedef size_t cp_cleanup_id;

/* mkstemp(tmpl), the file registered (*id) as it is made: no signal
 * between the two. The descriptor, or -1 with errno set. */
int cp_cleanup_mkstemp(char *tmpl, cp_cleanup_id *id);
/* mkdir(path, 0777), registered when made (removed only if empty). */
int cp_cleanup_mkdir(const char *path, cp_cleanup_id *id);
/* A scratch folder: it and the files in it go. */
cp_cleanup_id cp_cleanup_scratch(const char *dir);
/* The path was placed or removed by the caller: forget it. 0 is fine. */
void cp_cleanup_drop(cp_cleanup_id id);

/* Held while files are placed (recursive: drop may be called inside). */
void cp_cleanup_lock(void);
void cp_cleanup_unlock(void);

#endif
