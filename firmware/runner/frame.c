#include "frame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "quote.h"
#include "cryptoperf.h"

/* Where the last line of out starts (out ends with '\n'). */
static size_t last_line(const char *out, size_t len)
{
    size_t i = len - 1;
    while (i > 0 && out[i - 1] != '\n')
        i--;
    return i;
}

int cpr_frame_check(const char *out, size_t len, cpr_frame *f, char **why)
{
    *why = NULL;
    f->status = CPR_FRAME_CUT;
    if (len == 0 || out[len - 1] != '\n') {
        *why = cp_xasprintf("expected the document to end with its end line, found %zu bytes ending "
                            "in the middle of a line: the output was cut short or lost", len);
        return -1;
    }
    size_t at = last_line(out, len);
    char *line = cp_xstrndup(out + at, len - at - 1);
    unsigned long results, bytes, crc;
    int used = -1;
    if (strncmp(line, "end:", 4) != 0) {
        *why = cp_xasprintf("expected the end line 'end: {results: N, bytes: B, crc32: \"X\"}' last, "
                            "found %s after %zu bytes: the output was cut short or lost", cpr_q(line), at);
    } else {
        /* the firmware got to its end line: what is wrong now is what
         * arrived, not how far the firmware got */
        f->status = CPR_FRAME_CORRUPT;
        if (sscanf(line, "end: {results: %lu, bytes: %lu, crc32: \"%8lx\"}%n", &results, &bytes, &crc,
                   &used) != 3 || used < 0 || (size_t)used != strlen(line)) {
            *why = cp_xasprintf("expected the end line 'end: {results: N, bytes: B, crc32: \"X\"}', found %s",
                                cpr_q(line));
        } else if (bytes != at) {
            *why = cp_xasprintf("expected %lu bytes before the end line as it says, found %zu: bytes were "
                                "lost or added on the way", bytes, at);
        } else {
            unsigned long got = crc32(0L, (const Bytef *)out, (uInt)at);
            if (got != crc)
                *why = cp_xasprintf("expected CRC-32 %08lx of the %zu bytes before the end line as it says, "
                                    "found %08lx: the output was corrupted on the way", crc, at, got);
        }
    }
    free(line);
    if (*why)
        return -1;
    f->status = CPR_FRAME_WHOLE;
    f->results = results;
    f->body = at;
    return 0;
}
