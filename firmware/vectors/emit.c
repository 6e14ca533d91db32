/* Shared by the host tools mkvectors and mkpkvectors (emit.h). */
#include "emit.h"

void cp_emit_rows(FILE *out, const char *decl, const unsigned char *p, size_t n, size_t row)
{
  fprintf(out, "%s = {", decl);
  for (size_t i = 0; i < n; i++) {
    if (row && i % row == 0)
      fprintf(out, "%s{", i ? "},\n  " : "\n  ");
    fprintf(out, "%s0x%02x,", i % 16 ? " " : "\n  ", p[i]);
  }
  fprintf(out, "%s\n};\n", row ? "}" : "");
}

unsigned char cp_stream_byte(uint32_t *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return (unsigned char)(*s >> 24);
}
