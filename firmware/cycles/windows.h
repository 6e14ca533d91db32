/* The plugin's window lines ("window N: instructions I cycles C"), read back
 * from whatever stream carried them among other text. */
#ifndef CPC_WINDOWS_H
#define CPC_WINDOWS_H

#include <stddef.h>

typedef struct {
    unsigned long long instructions, cycles;
} cpc_window;

typedef struct {
    cpc_window *v;
    size_t n;
} cpc_windows;

/* Collects the window lines of text (len bytes) in order; other lines are
 * passed over. -1, with *why, when a window line is malformed or its
 * number is not the next one (0, 1, 2, ...): a window lost or doubled. */
int cpc_windows_parse(const char *text, size_t len, cpc_windows *out, const char **why);
void cpc_windows_free(cpc_windows *w);

#endif
