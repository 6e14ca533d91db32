/* Chart file names after the ST wiki convention (README.md, "Chart file
 * names"):
 *   Cryptolib <MCU> <FAMILY> <MODE> <SB|DF> <Enc|Dec|Dig|Sig|Ver> [FP].svg
 * e.g. "Cryptolib STM32L552 AES CBC SB Enc.svg",
 *      "Cryptolib STM32L552 RSA 3K CRT Sig FP.svg".
 * Every word comes from data, so every word goes through the safe-name rule
 * (README.md, "Chart file names"): the result is a plain file name (never a
 * path) that is also a valid MediaWiki file title and, percent-encoded, a
 * URL path segment. */
#ifndef CP_CHART_NAME_H
#define CP_CHART_NAME_H

#include "base/util.h"

typedef struct {
    const char *mcu;        /* "STM32L552" */
    const char *family;     /* "AES", "HASH", "RSA" */
    const char *mode;       /* "CBC", "SHA256", "3K CRT"; NULL or "" for none */
    const char *measure;    /* slug: "sole-buffer", "data-flow", ...; NULL for none */
    const char *operation;  /* slug: "encryption", "digest", "signature", ... */
    int footprint;          /* 1: the footprint chart ("FP") */
    const char *library;    /* "cmox-050000B2", after the MCU; NULL for none. A wiki
                             * has one file namespace: charts of two versions of a
                             * library on one MCU need it to differ. */
} cp_chart_name_parts;

/* The file name, e.g. "Cryptolib STM32L552 AES CBC SB Enc.svg"; caller frees. */
char *cp_chart_name(const cp_chart_name_parts *p);

/* The ST abbreviations: "sole-buffer" -> "SB", "data-flow" -> "DF";
 * "encryption" -> "Enc", "decryption" -> "Dec", "digest" -> "Dig",
 * "signature" -> "Sig", "verification" -> "Ver", ... An unknown slug is
 * returned as it is (it still goes through the safe-name rule). */
const char *cp_chart_measure_abbrev(const char *measure);
const char *cp_chart_op_abbrev(const char *operation);

/* Appends s made safe as words of a file name: ASCII letters, digits and
 * " + , . ( ) -" are kept; '_' becomes a space (MediaWiki reads it so);
 * anything else (path separators, wiki and URL syntax, quotes, control
 * characters, non-ASCII, invalid UTF-8) becomes '-'; runs of spaces, of
 * '-' and of '.' collapse to one; spaces, '-' and '.' at either end go. */
void cp_chart_name_safe(cp_buf *out, const char *s);

/* Appends name percent-encoded for a URL path segment (RFC 3986: only
 * unreserved characters stay as they are): "a b.svg" -> "a%20b.svg". */
void cp_chart_name_url(cp_buf *out, const char *name);

#endif
