/* Numbers as the pages print them, and the values derived from raw counts.
 * Derived values truncate (the ST pages do: every row of the V5 seed obeys
 * floor), and are computed with 128-bit integers so that no count a 64-bit
 * counter can hold overflows or loses a digit to floating point. */
#ifndef CP_NUMFMT_H
#define CP_NUMFMT_H

#include "base/util.h"

__extension__ typedef unsigned __int128 cp_u128;

/* Decimal text of n. When group_min > 0 and n has at least group_min
 * digits, digits are grouped by threes with a space ("11 667"). */
void cp_fmt_u128(cp_buf *out, cp_u128 n, int group_min);
/* Same for a string of decimal digits (leading '-' or '+' kept as is). */
void cp_fmt_digits(cp_buf *out, const char *digits, int group_min);

/* floor(count * per_second / hz): time in the unit with per_second units
 * per second (1000000 for µs, 1000 for ms). -1 when hz is 0. */
int cp_derive_time(unsigned long long count, unsigned long long hz, unsigned long long per_second, cp_u128 *out);
/* floor(bytes * hz / (count * unit)): bytes per second in units of `unit`
 * bytes (1000 for Kbytes/s). -1 when count or unit is 0. */
int cp_derive_rate(unsigned long long bytes, unsigned long long hz, unsigned long long count, unsigned long long unit,
                   cp_u128 *out);

/* Exact decimal text of num / den with trailing zeros dropped and at most
 * max_frac fraction digits (truncated): 110000000/1000000 -> "110",
 * 110500000/1000000 -> "110.5". */
void cp_fmt_ratio(cp_buf *out, unsigned long long num, unsigned long long den, int max_frac);

/* The length of the plain decimal number at the start of s: digits, no
 * sign, space or base prefix, no leading zero but in "0" itself, and with
 * fraction a '.' and digits after them ("2.5"); 0 when s starts with none.
 * What an option takes: strtol and strtod also take " 3", "+3", "08" and
 * "0x10", which nobody means. */
size_t cp_plain_number_len(const char *s, int fraction);

#endif
