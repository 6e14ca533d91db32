/* Where a message points: a file, a line and a column as libyaml counts
 * them (1-based; a column is a character), and how many messages a file
 * (or a run) shows before the rest are only counted. Every message of the
 * YAML loader (node_input.h) and of cp_diag (diag.h) names a mark. */
#ifndef CP_MARK_H
#define CP_MARK_H

typedef struct {
    const char *file;   /* borrowed from the document */
    unsigned line;      /* 1-based */
    unsigned column;    /* 1-based */
} cp_mark;

/* Messages shown per file (or run) before the rest are only counted: one
 * run reports every problem, up to this many. */
#define CP_MAX_REPORTS 1000

#endif
