/* All or nothing for the files of one run (render, diff): every output is
 * first written to a temporary file next to its destination (same folder,
 * so the final step is a rename(2) on one file system), and only when every
 * one of them was written are they renamed into place. A run that fails on
 * its 37th file leaves the 36 before untouched, and its temporary files and
 * the folders it made are removed. A reader never sees a half-written file,
 * and a file that has other hard links is replaced, never written through
 * (the other names keep the old content). */
#ifndef CP_STAGE_H
#define CP_STAGE_H

#include <stddef.h>
#include <stdio.h>

typedef struct cp_stage cp_stage;

cp_stage *cp_stage_new(void);

/* Writes data to a temporary file beside path, creating missing folders.
 * A path whose current content is already data is left alone (it keeps its
 * mtime) and not staged. A destination that exists and is not a regular
 * file (a folder) is refused here, before anything is renamed. 0, or -1
 * after a message on err naming path. */
int cp_stage_add(cp_stage *s, const char *path, const char *data, size_t len, FILE *err);

/* Same, renamed into place after every file staged with cp_stage_add
 * (pages after the charts they show, whichever was staged first). */
int cp_stage_add_after(cp_stage *s, const char *path, const char *data, size_t len, FILE *err);

/* Same as cp_stage_add, for a file whose content is the pieces one after
 * the other (a large diff report written in two parts by two threads). */
typedef struct {
    const char *data;
    size_t len;
} cp_piece;
int cp_stage_add_pieces(cp_stage *s, const char *path, const cp_piece *pieces, size_t n, FILE *err);

/* A staged file written piece by piece, for content too large to hold
 * whole (a page of 10^6 results). As it is written it is compared with the
 * destination's current content, a chunk at a time; the temporary file is
 * made at the first difference (with the equal part before it), or at
 * close when the old file is longer. Content equal to the old file leaves
 * it alone (it keeps its mtime) and stages nothing, as cp_stage_add.
 * cp_stage_add and the others are this in one go. */
typedef struct cp_stage_file cp_stage_file;

/* after: renamed in the second round, as with cp_stage_add_after. NULL,
 * after a message on err naming path, for a destination that exists and
 * is not a regular file. Other failures are told by write and close. */
cp_stage_file *cp_stage_open(cp_stage *s, const char *path, int after, FILE *err);

/* Appends data. 0; -1 once anything failed (told on open's err, naming
 * the path, once): the rest is ignored, close still needed. */
int cp_stage_write(cp_stage_file *f, const char *data, size_t len);

/* Ends the file: staged when it differs from the old content. Frees f.
 * 0, or -1 after a message (the temporary file removed). */
int cp_stage_close(cp_stage_file *f);

/* Renames every staged file into place, those of cp_stage_add and
 * cp_stage_add_pieces first, keeping each old file under a second name
 * (a hard link) until all are placed. 0; -1 after a message when one
 * cannot be placed (an immutable file): the files placed before it are
 * put back as they were (the old content, or nothing), the temporary
 * files and the folders made for them removed. A SIGINT/SIGTERM meanwhile
 * waits until it is done (base/cleanup.h). */
int cp_stage_commit(cp_stage *s, FILE *err);

/* A journal for cp_stage_commit: ROOT/.cryptoperf-journal lists the
 * staged files (relative to ROOT, each temporary name and its
 * destination) while they are renamed in, and is removed once every file
 * is placed or put back. A process killed outright meanwhile (SIGKILL, a
 * power cut) leaves it: cp_stage_recover, at the next run, renames in
 * what it had not, so the run's files are placed in full. Files outside
 * ROOT are not journalled. */
#define CP_JOURNAL_NAME ".cryptoperf-journal"
void cp_stage_journal(cp_stage *s, const char *root);

/* Completes the placing a killed run had begun under root (its journal;
 * none, or the journal of a process still running: nothing done). The
 * number of files placed; a message on err when any. */
long cp_stage_recover(const char *root, FILE *err);

/* Removes every temporary file and the folders made for them. */
void cp_stage_abort(cp_stage *s);

/* Aborts what was not committed, then frees. NULL is fine. */
void cp_stage_free(cp_stage *s);

/* Files staged (not counting those already up to date). */
size_t cp_stage_count(const cp_stage *s);

/* The temporary file staged for path, until the commit; NULL when none is
 * (path already holds that content). `import` checks the dataset it
 * staged from there, its text no longer in memory. */
const char *cp_stage_tmp_of(const cp_stage *s, const char *path);

#endif
