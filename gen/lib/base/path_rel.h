/* Relative paths between files, computed on the names alone (no symlink
 * resolution): the `$schema=` line of a generated file must not depend on
 * the folder the command ran in. */
#ifndef CP_PATH_REL_H
#define CP_PATH_REL_H

/* The folder part of path ("." when it has none); caller frees. */
char *cp_path_dir(const char *path);
/* path of `to` as seen from folder `from_dir`, e.g. from "data/x/y" to
 * "schema/s.json" gives "../../../schema/s.json". Relative inputs are taken
 * from the current folder. Caller frees. */
char *cp_path_relative(const char *from_dir, const char *to);

/* 1 when path is root + "/" + a relative rest with no empty, "." or ".."
 * part: a file name made of data (a version, a slug) cannot leave the
 * output folder, whatever the schema let through. On the names alone,
 * like the rest of this file. */
int cp_path_inside(const char *root, const char *path);

#endif
