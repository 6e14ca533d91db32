#include "base/span.h"

#include <sys/resource.h>
#include <time.h>

static double seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

cp_span cp_span_now(void)
{
    return (cp_span){ seconds(CLOCK_MONOTONIC), seconds(CLOCK_PROCESS_CPUTIME_ID) };
}

void cp_span_add(cp_span *total, cp_span since)
{
    cp_span t = cp_span_now();
    total->wall += t.wall - since.wall;
    total->cpu += t.cpu - since.cpu;
}

double cp_children_cpu(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_CHILDREN, &ru) != 0)
        return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}
