#include "base/numfmt.h"

#include <string.h>

void cp_fmt_digits(cp_buf *out, const char *digits, int group_min)
{
    if (*digits == '-' || *digits == '+')
        cp_buf_putc(out, *digits++);
    size_t n = strlen(digits);
    if (group_min <= 0 || n < (size_t)group_min) {
        cp_buf_put(out, digits, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            cp_buf_putc(out, ' ');
        cp_buf_putc(out, digits[i]);
    }
}

void cp_fmt_u128(cp_buf *out, cp_u128 n, int group_min)
{
    char tmp[48];
    size_t i = sizeof tmp;
    tmp[--i] = '\0';
    do {
        tmp[--i] = (char)('0' + (unsigned)(n % 10));
        n /= 10;
    } while (n);
    cp_fmt_digits(out, tmp + i, group_min);
}

int cp_derive_time(unsigned long long count, unsigned long long hz, unsigned long long per_second, cp_u128 *out)
{
    if (hz == 0)
        return -1;
    *out = (cp_u128)count * per_second / hz;
    return 0;
}

int cp_derive_rate(unsigned long long bytes, unsigned long long hz, unsigned long long count, unsigned long long unit,
                   cp_u128 *out)
{
    if (count == 0 || unit == 0)
        return -1;
    *out = (cp_u128)bytes * hz / ((cp_u128)count * unit);
    return 0;
}

void cp_fmt_ratio(cp_buf *out, unsigned long long num, unsigned long long den, int max_frac)
{
    if (den == 0) {
        cp_buf_puts(out, "?");
        return;
    }
    cp_fmt_u128(out, num / den, 0);
    unsigned long long rem = num % den;
    char frac[32];
    int n = 0;
    while (rem && n < max_frac && n < (int)sizeof frac - 1) {
        cp_u128 r = (cp_u128)rem * 10;
        frac[n++] = (char)('0' + (unsigned)(r / den));
        rem = (unsigned long long)(r % den);
    }
    while (n > 0 && frac[n - 1] == '0')
        n--;
    if (n > 0) {
        cp_buf_putc(out, '.');
        cp_buf_put(out, frac, (size_t)n);
    }
}

size_t cp_plain_number_len(const char *s, int fraction)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    if (n == 0 || (n > 1 && s[0] == '0'))
        return 0;
    if (fraction && s[n] == '.') {
        size_t f = 1;
        while (s[n + f] >= '0' && s[n + f] <= '9')
            f++;
        if (f == 1)
            return 0;
        n += f;
    }
    return n;
}
