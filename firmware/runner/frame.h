/* The end line that proves an image's document whole (firmware/README.md,
 * "The end line"): `end: {results: N, bytes: B, crc32: "XXXXXXXX"}`, the
 * last line of stdout, B the length of everything before it and the CRC-32
 * (zlib's) of those bytes. A stream cut short, a dropped byte or a changed
 * one fails here, before any of it is believed. */
#ifndef CPR_FRAME_H
#define CPR_FRAME_H

#include <stddef.h>

/* What the last line of a document says about it. */
typedef enum {
    CPR_FRAME_WHOLE,    /* its end line, whose length and CRC-32 match */
    CPR_FRAME_CUT,      /* no end line last: the output stops short */
    CPR_FRAME_CORRUPT,  /* an end line last, but malformed or with a length or CRC-32
                         * that does not match: the firmware got to its end, and what
                         * arrived is not what it printed */
} cpr_frame_status;

typedef struct {
    unsigned long results;  /* results the firmware says it printed */
    size_t body;            /* bytes before the end line */
    cpr_frame_status status;
} cpr_frame;

/* 0 when out (len bytes) ends with a well-formed end line whose length and
 * CRC match; else -1 with *why set to an allocated explanation (the byte
 * counts, or the CRC-32 the line says and the one found). f->status is set
 * either way; results and body only on 0. */
int cpr_frame_check(const char *out, size_t len, cpr_frame *f, char **why);

#endif
