/* The end line that proves an image's document whole (firmware/README.md,
 * "The end line"): `end: {results: N, bytes: B, crc32: "XXXXXXXX"}`, the
 * last line of stdout, B the length of everything before it and the CRC-32
 * (zlib's) of those bytes. A stream cut short, a dropped byte or a changed
 * one fails here, before any of it is believed. */
#ifndef CPR_FRAME_H
#define CPR_FRAME_H

#include <stddef.h>

typedef struct {
    unsigned long results;  /* results the firmware says it printed */
    size_t body;            /* bytes before the end line */
} cpr_frame;

/* 0 when out (len bytes) ends with a well-formed end line whose length and
 * CRC match; else -1 with *why set to an allocated explanation. */
int cpr_frame_check(const char *out, size_t len, cpr_frame *f, char **why);

#endif
