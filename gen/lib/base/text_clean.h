/* Text from data on its way into a format that cannot take every byte
 * (a gnuplot string, an SVG <title>, a file name): invalid UTF-8, control
 * characters and code points XML 1.0 forbids never get through. */
#ifndef CP_TEXT_CLEAN_H
#define CP_TEXT_CLEAN_H

#include <stddef.h>

#include "base/util.h"

/* Length in bytes of the well-formed UTF-8 character at s (at most n bytes
 * available) that XML 1.0 allows and that is not a control character (C0,
 * DEL, C1), a bidirectional or invisible format character or a line or
 * paragraph separator (U+2028, U+2029: a raw one breaks a line in SVG
 * text and in JavaScript); 0 when the bytes there are none of that. Overlong forms,
 * surrogates, U+FFFE and U+FFFF count as bad. */
size_t cp_text_char_len(const unsigned char *s, size_t n);

/* Calls put(ctx, s, len) for each good character of s and put(ctx, " ", 1)
 * for each byte of anything else (a bad byte, a control, bidi or invisible
 * character, U+2028), so the result is printable, single-line UTF-8. */
void cp_text_clean(const char *s, void (*put)(void *ctx, const char *s, size_t len), void *ctx);

/* Length of a bidirectional formatting character at s (U+061C, U+200E,
 * U+200F, U+202A..U+202E, U+2066..U+2069: they reorder the text around
 * them, so "txt.exe" can read "exe.txt"), else 0. */
size_t cp_text_bidi_len(const unsigned char *s, size_t n);

/* Length of an invisible format character at s, else 0: U+00AD (soft
 * hyphen), U+034F, U+115F, U+1160, U+17B4, U+17B5, U+180B..U+180F,
 * U+200B..U+200D (zero width space, non-joiner, joiner), U+2060..U+2064
 * (word joiner, invisible operators), U+206A..U+206F, U+3164, U+FEFF (zero
 * width no-break space), U+FFA0, U+FFF9..U+FFFB, U+E0000..U+E007F (tag
 * characters). They show nothing, so "Small\u200b" would be a second
 * "Small" that looks the same. *cp gets the code point. */
size_t cp_text_invisible_len(const unsigned char *s, size_t n, unsigned *cp);

/* The escaper of every message that shows data (diagnostics, quoted
 * values, echoed firmware lines, API errors): printable ASCII and good
 * visible UTF-8 as they are; C0 controls, DEL and invalid bytes as \xNN;
 * C1 controls, bidirectional formatting and invisible format characters,
 * U+2028/U+2029, U+FFFE/U+FFFF as \uXXXX (\UXXXXXXXX past U+FFFF). A
 * terminal shows what the data holds, and nothing in it can move the
 * cursor, recolour, reorder or hide text. */
void cp_text_put_escaped(cp_buf *out, const char *s, size_t n);
/* Data text for a one-line message: in single quotes, escaped as above,
 * cut after 80 characters with "...". */
void cp_buf_put_quoted(cp_buf *b, const char *s);

/* For the page writers (wiki, Markdown, HTML, and so the site index),
 * which escape ASCII themselves: returns 0 when s starts with a printable
 * ASCII character or a line break (the writer's business); otherwise
 * appends what a page shows for the character at s and returns the bytes
 * it covers: a good non-ASCII character as it is; C0 controls, DEL, C1
 * controls (U+0085 included), bidirectional formatting characters,
 * U+FFFE/U+FFFF and invalid UTF-8 as U+FFFD (visible: something was
 * there); a tab and U+2028/U+2029 as a space. */
size_t cp_text_put_special(cp_buf *out, const char *s, size_t n);
/* s with every such character replaced (code spans: no other escaping). */
void cp_text_put_safe(cp_buf *out, const char *s, size_t n);

/* A copy of s (len bytes) that is valid UTF-8: each byte that is not part
 * of a well-formed character becomes U+FFFD, the rest is kept as it is
 * (control characters too). NUL-terminated; *out_len is its length without
 * the NUL. Caller frees. */
char *cp_text_valid_utf8(const char *s, size_t len, size_t *out_len);

#endif
