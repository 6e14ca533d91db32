/* The counting allocator behind the library's calloc/free (the port maps
 * MBEDTLS_PLATFORM_CALLOC_MACRO / FREE_MACRO here) and realloc (LibTomMath
 * grows its numbers): live bytes requested and their peak since the last
 * reset give heap_bytes. A header in front of each block remembers its
 * size. */
#define _DEFAULT_SOURCE /* sbrk */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "case.h"

void *cp_calloc(size_t n, size_t size);
void *cp_realloc(void *p, size_t n);
void cp_free(void *p);

typedef union {
  size_t size;
  max_align_t align;
} header_t;

static size_t live, peak, base;
/* In blocks as newlib's malloc (dlmalloc) takes them: the request with our
 * header, plus its own size word, rounded up to 8, at least 16 bytes. */
static size_t gross_live, gross_peak;
static unsigned failures;
static size_t failed_size;

static size_t gross_of(size_t n)
{
  size_t g = (n + sizeof(header_t) + sizeof(size_t) + 7u) & ~(size_t)7u;
  return g < 16u ? 16u : g;
}

void *cp_calloc(size_t n, size_t size)
{
  if (size && n > (SIZE_MAX - sizeof(header_t)) / size)
    return NULL;
  header_t *h = malloc(sizeof *h + n * size);
  if (!h) {
    failures++;
    failed_size = n * size;
    return NULL;
  }
  h->size = n * size;
  memset(h + 1, 0, h->size);
  live += h->size;
  if (live > peak)
    peak = live;
  gross_live += gross_of(h->size);
  if (gross_live > gross_peak)
    gross_peak = gross_live;
  return h + 1;
}

void cp_free(void *p)
{
  if (!p)
    return;
  header_t *h = (header_t *)p - 1;
  live -= h->size;
  gross_live -= gross_of(h->size);
  free(h);
}

size_t cp_heap_gross_live(void)
{
  return gross_live;
}

size_t cp_heap_gross_peak(void)
{
  return gross_peak;
}

void cp_heap_window_start(void)
{
  gross_peak = gross_live;
  failures = 0;
}

unsigned cp_heap_failures(size_t *last_size)
{
  if (last_size)
    *last_size = failed_size;
  return failures;
}

extern char __heap_limit[];

/* newlib's malloc grows the heap in steps of 4 KiB once it has grown at
 * all, so the last few KiB below the limit are out of its reach. Claiming
 * the whole region once (the largest block it will give, freed at once)
 * leaves it all in malloc's free space, where mallinfo sees it. */
void cp_heap_claim(void)
{
  char *brk = sbrk(0);
  size_t lo = 0, hi = brk != (char *)-1 && brk < __heap_limit ? (size_t)(__heap_limit - brk) : 0;
  void *best = NULL;
  while (lo + 8 < hi) {
    size_t mid = lo + (hi - lo) / 2;
    void *p = malloc(mid);
    if (p) {
      free(p);
      lo = mid;
    } else {
      hi = mid;
    }
  }
  best = lo ? malloc(lo) : NULL;
  free(best);
}

size_t cp_heap_capacity(void)
{
  return (size_t)mallinfo().fordblks + gross_live;
}

/* A new block, the old contents copied, the old block freed: both are live
 * for a moment, as with a realloc that cannot grow in place. */
void *cp_realloc(void *p, size_t n)
{
  if (!p)
    return cp_calloc(1, n);
  size_t old = ((header_t *)p - 1)->size;
  void *q = cp_calloc(1, n);
  if (!q)
    return NULL;
  memcpy(q, p, old < n ? old : n);
  cp_free(p);
  return q;
}

void cp_heap_reset_peak(void)
{
  base = peak = live;
}

size_t cp_heap_peak(void)
{
  return peak - base;
}

size_t cp_heap_live(void)
{
  return live;
}
