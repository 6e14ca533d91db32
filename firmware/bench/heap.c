/* The counting allocator behind the library's calloc/free (the port maps
 * MBEDTLS_PLATFORM_CALLOC_MACRO / FREE_MACRO here) and realloc (LibTomMath
 * grows its numbers): live bytes requested and their peak since the last
 * reset give heap_bytes. A header in front of each block remembers its
 * size. */
#include <stdlib.h>
#include <string.h>
#include "case.h"

void *cp_calloc(size_t n, size_t size);
void *cp_realloc(void *p, size_t n);
void cp_free(void *p);

typedef union {
  size_t size;
  max_align_t align;
} header_t;

static size_t live, peak, base;

void *cp_calloc(size_t n, size_t size)
{
  if (size && n > (SIZE_MAX - sizeof(header_t)) / size)
    return NULL;
  header_t *h = malloc(sizeof *h + n * size);
  if (!h)
    return NULL;
  h->size = n * size;
  memset(h + 1, 0, h->size);
  live += h->size;
  if (live > peak)
    peak = live;
  return h + 1;
}

void cp_free(void *p)
{
  if (!p)
    return;
  header_t *h = (header_t *)p - 1;
  live -= h->size;
  free(h);
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
