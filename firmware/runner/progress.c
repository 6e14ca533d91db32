#include "progress.h"

#include <stdio.h>

static void mmss(char *out, size_t size, double s)
{
    long t = (long)(s + 0.5);
    if (t < 0)
        t = 0;
    snprintf(out, size, "%02ld:%02ld", t / 60, t % 60);
}

void cpr_progress_line(char *out, size_t size, size_t done, size_t total, double elapsed_s,
                       const char *label)
{
    char el[32], eta[32] = "--:--";
    mmss(el, sizeof el, elapsed_s);
    if (done > 0)
        mmss(eta, sizeof eta, elapsed_s / (double)done * (double)(total - done));
    int w = snprintf(NULL, 0, "%zu", total);
    snprintf(out, size, "[%*zu/%zu] %s elapsed, ETA %s  %s", w, done, total, el, eta, label);
}
