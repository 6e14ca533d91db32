/* What render wrote in its output folder, and removing what an earlier
 * render wrote there and this one did not (a chart whose table lost a row,
 * the pages of a dataset that was removed). Every render writes
 * OUT/.cryptoperf-manifest with the site: the paths (relative to OUT, one
 * a line, sorted) of the files render wrote there, this run's and, without
 * --prune, an earlier run's that are still there. --prune deletes only
 * files of the old manifest that this run did not write, refuses a folder
 * with files but no manifest (a checkout, a home folder: nothing there was
 * written by render), and never follows a symlink: every folder on a path
 * is opened from its parent's descriptor with O_NOFOLLOW, the file checked
 * with fstatat and removed with unlinkat from the folder it was found in.
 * Folders left empty are removed. */
#ifndef CP_PRUNE_H
#define CP_PRUNE_H

#include <stddef.h>
#include <stdio.h>

#define CP_MANIFEST_NAME ".cryptoperf-manifest"

/* The paths of a manifest, sorted. */
typedef struct {
    char **paths;
    size_t n;
} cp_manifest;

/* root's manifest: 1 read, 0 there is none, -1 after a message on err (a
 * manifest that is a symlink or not a regular file, unreadable). */
int cp_manifest_read(cp_manifest *m, const char *root, FILE *err);
/* 1 when root has entries besides a manifest (0 when missing or empty). */
int cp_folder_has_files(const char *root);
void cp_manifest_free(cp_manifest *m);

/* The manifest's text for the files of a run (paths root + "/" + ..., in
 * any order) and, unless prune, the old manifest's files still there as
 * regular files. Caller frees. */
char *cp_manifest_text(const char *root, const char *const *files, size_t n, const cp_manifest *old, int prune,
                       size_t *len);

/* Deletes every file of old not among files (paths root + "/" + ...).
 * The number removed, or -1 after a message on err (what was removed
 * stays removed). */
long cp_prune_stale(const char *root, const cp_manifest *old, const char *const *files, size_t n, FILE *err);

#endif
