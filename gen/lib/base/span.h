/* Time spent in a phase of a run (render --timing): wall clock and this
 * process's CPU, so that a busy machine (wall time high, CPU time not)
 * can be told from slow code. */
#ifndef CP_SPAN_H
#define CP_SPAN_H

typedef struct {
    double wall, cpu;   /* seconds */
} cp_span;

/* The clocks now: pass it to cp_span_add at the end of the phase. */
cp_span cp_span_now(void);

/* Adds the time since `since` (cp_span_now) to *total. */
void cp_span_add(cp_span *total, cp_span since);

/* CPU seconds of the children waited for so far (gnuplot). */
double cp_children_cpu(void);

#endif
