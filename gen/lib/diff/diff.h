/* The difference between two datasets of one series (two library versions):
 * which rows match, what each metric did, and a summary per family. Pure
 * model, no I/O: diff_load.c loads, diff_emit.c and the page writers print.
 *
 * Matching rules (also in `cryptoperf help diff` and gen/cryptoperf.1):
 * - Rows are grouped into tables by family, kind, measure and
 *   implementation, as on the pages. Only rows of the same table can match.
 * - Inside a table two rows match when all their other identifying fields
 *   (cp_fields role ID) are equal. A field that some rows of one version's
 *   table carry and no row of the other version's table carries (the V4
 *   ECDSA "Hash method" column) is ignored for matching in that table when
 *   identities stay unique without it in both versions; a note says so. When
 *   ignoring it would make rows ambiguous it is kept, and the rows it tells
 *   apart come out as added/removed (a note says that too).
 * - Every row of both versions ends up matched, added (NEW only) or removed
 *   (OLD only); none is dropped.
 * - Metrics of a matched row are compared field by field. A count of another
 *   kind (cycles in one version, instructions in the other) is never
 *   compared: "not comparable". A metric that only one version has is
 *   "added"/"removed".
 * - Estimated cycles (cycles_estimated) are compared when both versions
 *   have them from the same cycle model (name and version), and then
 *   instead of the instructions they are estimated from; otherwise the
 *   instructions are compared and the estimates left out (cp_diff_count).
 * - Lower is better for every metric except throughput_mbyte_s. A change
 *   within the metric's threshold is "unchanged". */
#ifndef CP_DIFF_H
#define CP_DIFF_H

#include <stddef.h>

#include "data/dataset.h"

typedef enum {
    CP_MARK_BETTER,
    CP_MARK_WORSE,
    CP_MARK_UNCHANGED,
    CP_MARK_NOT_COMPARABLE,
    CP_MARK_ADDED,
    CP_MARK_REMOVED,
    CP_MARK_COUNT
} cp_diff_mark;

/* "better", "worse", "unchanged", "not-comparable", "added", "removed" */
const char *cp_diff_mark_name(cp_diff_mark m);
/* CP_MARK_COUNT when unknown */
cp_diff_mark cp_diff_mark_by_name(const char *name);

/* Per metric field: a relative threshold in percent (counts, times,
 * throughput) or an absolute one in bytes (footprint). Indexed by cp_field;
 * entries of identifying fields are unused. */
typedef struct {
    double value[CP_F_COUNT];
} cp_diff_thresholds;

int cp_diff_metric_is_bytes(cp_field f);
/* The footprint threshold a release is judged by: 32 bytes. Sizes are
 * exact, but a compiler or a patch release moves a few bytes for nothing
 * (a saved register pair is 8 bytes of stack, alignment padding and a
 * literal pool entry 4 to 16 bytes of code): at 0 bytes Mbed TLS 2.28.3
 * to 3.6.6 on mps2-an505 marked every HASH row worse for 8 more bytes of
 * stack while its counts were 1 % faster. 32 bytes is eight words: below
 * a new table, buffer or function, above what a compiler shuffles. */
#define CP_DIFF_BYTES_DEFAULT 32.0
/* The defaults: 1 % for counts, times and throughput; CP_DIFF_BYTES_DEFAULT
 * for footprint. */
void cp_diff_thresholds_default(cp_diff_thresholds *t);
/* Applies "METRIC=VALUE[,METRIC=VALUE...]" (VALUE "2%" or "2" for relative
 * metrics, "32" or "32B" for byte metrics). Returns 0, or -1 with a message
 * naming the offending part in err. */
int cp_diff_thresholds_parse(cp_diff_thresholds *t, const char *spec, char *err, size_t errlen);

typedef struct {
    cp_field old_metric;    /* CP_F_COUNT when the old row lacks it */
    cp_field new_metric;    /* differs from old_metric only for count kinds */
    double old_value, new_value;
    double abs_change;      /* new - old; 0 unless both present and comparable */
    double rel_change;      /* (new - old) / old; valid when rel_defined */
    int rel_defined;
    cp_diff_mark mark;
} cp_diff_metric;

typedef struct {
    size_t table;              /* index into cp_diff.tables */
    const cp_result *old_row;  /* NULL when added */
    const cp_result *new_row;  /* NULL when removed */
    cp_diff_mark mark;         /* ADDED, REMOVED, or the row's aggregate */
    cp_diff_metric *metrics;
    size_t nmetrics;
} cp_diff_row;

typedef struct {
    /* the table's key, borrowed from the rows (NULL when absent) */
    const char *family, *kind, *measure, *implementation;
    unsigned char ignored[CP_F_COUNT];   /* fields ignored for matching */
    size_t first_row, nrows;             /* rows[first_row .. +nrows) */
} cp_diff_table;

#define CP_DIFF_TOP 3

typedef struct {
    const char *family;
    size_t rows[CP_MARK_COUNT];   /* rows by their mark */
    double geomean;               /* new/old counts, over ngeomean rows */
    size_t ngeomean;
    /* the largest relative changes (better or worse), largest first;
     * counts, times and throughput rank before footprint */
    struct { size_t row, metric; } top[CP_DIFF_TOP];
    size_t ntop;
} cp_diff_family;

typedef struct {
    /* the count compared (cp_diff_count): CP_F_CYCLES, CP_F_INSTRUCTIONS,
     * CP_F_CYCLES_ESTIMATED, or CP_F_COUNT when the versions count
     * different things or nothing */
    cp_field count;
    cp_diff_table *tables;
    size_t ntables;
    cp_diff_row *rows;            /* grouped by table, page order */
    size_t nrows;
    cp_diff_family *families;     /* in order of first appearance */
    size_t nfamilies;
    char **notes;                 /* matching notes, deduplicated */
    size_t nnotes;
    size_t old_rows, new_rows, matched, added, removed;
    size_t metrics_by_mark[CP_MARK_COUNT];
} cp_diff;

/* Compares the results of two versions. Rows are ordered by table (NEW's
 * order, then tables only OLD has), within a table in NEW's order with
 * removed rows after the OLD neighbour they followed. */
void cp_diff_compute(cp_diff *d, const cp_result *old_rows, size_t nold, const cp_result *new_rows,
                     size_t nnew, const cp_diff_thresholds *t);
void cp_diff_free(cp_diff *d);
/* Fills families from rows (diff_summary.c; cp_diff_compute calls it). */
void cp_diff_summarize(cp_diff *d);

/* The count a diff of two datasets (their roots) compares: estimated
 * cycles when both lead with them (cp_lead_count) from the same cycle
 * model; else what each counts, estimated cycles standing for the
 * instructions they come from, when that is the same on both sides;
 * CP_F_COUNT when it is not (or neither has counts). */
cp_field cp_diff_count(const cp_node *old_root, const cp_node *new_root);

/* 1 for the count fields: cycles, instructions, cycles_estimated. */
int cp_diff_is_count(cp_field f);

/* 1 for the fields that place a row in a table (family, kind, measure,
 * implementation). */
int cp_diff_is_table_field(cp_field f);

/* A row's identifying field f: NEW's value, or OLD's when NEW has none (a
 * removed row, or a field ignored for matching that only OLD has). */
const cp_node *cp_diff_row_id(const cp_diff_row *row, cp_field f);

/* 1 when any metric (or any row, for ADDED/REMOVED) carries mark m */
int cp_diff_has_mark(const cp_diff *d, cp_diff_mark m);

#endif
