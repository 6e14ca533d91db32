/* What the host tools that write known answers share: C initialisers of
 * byte arrays and the fixed xorshift32 byte stream their inputs come from. */
#ifndef CP_VECTORS_EMIT_H
#define CP_VECTORS_EMIT_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* `decl = { bytes };` on out; with row > 0, in braced rows of `row` bytes. */
void cp_emit_rows(FILE *out, const char *decl, const unsigned char *p, size_t n, size_t row);
/* The next byte of the xorshift32 stream with state *s. */
unsigned char cp_stream_byte(uint32_t *s);

#endif
