#include "windows.h"

#include <stdlib.h>
#include <string.h>

/* A decimal number at *p, advancing it; -1 when there is none or it
 * overflows 64 bits. */
static int number(const char **p, const char *end, unsigned long long *v)
{
    const char *s = *p;
    unsigned long long n = 0;
    if (s == end || *s < '0' || *s > '9')
        return -1;
    for (; s < end && *s >= '0' && *s <= '9'; s++) {
        if (n > (~0ull - 9) / 10)
            return -1;
        n = n * 10 + (unsigned long long)(*s - '0');
    }
    *p = s;
    *v = n;
    return 0;
}

static int word(const char **p, const char *end, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(end - *p) < n || memcmp(*p, w, n) != 0)
        return -1;
    *p += n;
    return 0;
}

int cpc_windows_parse(const char *text, size_t len, cpc_windows *out, const char **why)
{
    out->v = NULL;
    out->n = 0;
    const char *p = text, *end = text + len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *stop = eol ? eol : end;
        if (stop - p >= 7 && memcmp(p, "window ", 7) == 0) {
            const char *q = p;
            unsigned long long no, ins, cyc;
            if (word(&q, stop, "window ") < 0 || number(&q, stop, &no) < 0 ||
                word(&q, stop, ": instructions ") < 0 || number(&q, stop, &ins) < 0 ||
                word(&q, stop, " cycles ") < 0 || number(&q, stop, &cyc) < 0 || q != stop) {
                *why = "a window line that is not 'window N: instructions I cycles C'";
                cpc_windows_free(out);
                return -1;
            }
            if (no != out->n) {
                *why = "window lines out of order (one lost or repeated)";
                cpc_windows_free(out);
                return -1;
            }
            cpc_window *v = realloc(out->v, (out->n + 1) * sizeof *v);
            if (!v)
                abort();
            out->v = v;
            out->v[out->n++] = (cpc_window){ ins, cyc };
        }
        p = eol ? eol + 1 : end;
    }
    return 0;
}

void cpc_windows_free(cpc_windows *w)
{
    free(w->v);
    w->v = NULL;
    w->n = 0;
}
