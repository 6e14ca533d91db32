/* Removing what an earlier render wrote and this one did not: a chart whose
 * table lost a row, the pages of a dataset that was removed. Only the kinds
 * of file render writes are candidates (the extensions of the writer
 * table, render/render.h, and of charts, model/chart.h: .wiki, .md, .html,
 * .svg), so a file someone put into the output folder by hand survives;
 * folders left empty are removed. */
#ifndef CP_PRUNE_H
#define CP_PRUNE_H

#include <stddef.h>
#include <stdio.h>

/* Deletes every candidate file under root whose path (root + "/" + ...) is
 * not among keep[0..nkeep) (sorted in place). Returns the number of files
 * removed, or -1 after a message on err (what was removed stays removed). */
long cp_prune_stale(const char *root, char **keep, size_t nkeep, FILE *err);

#endif
