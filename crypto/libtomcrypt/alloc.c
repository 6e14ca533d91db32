/* LibTomCrypt port: LibTomMath's heap functions (config/common.h names
 * them MP_MALLOC, MP_CALLOC, MP_REALLOC, MP_FREE, with LibTomMath's
 * signatures) forwarded to the harness's counting allocator, which also
 * serves LibTomCrypt's XMALLOC family directly. */
#include <stddef.h>
#include "ops.h"

void *cp_ltm_malloc(size_t size);
void *cp_ltm_calloc(size_t n, size_t size);
void *cp_ltm_realloc(void *mem, size_t oldsize, size_t newsize);
void cp_ltm_free(void *mem, size_t size);

void *cp_ltm_malloc(size_t size)
{
  return cp_calloc(1, size);
}

void *cp_ltm_calloc(size_t n, size_t size)
{
  return cp_calloc(n, size);
}

void *cp_ltm_realloc(void *mem, size_t oldsize, size_t newsize)
{
  (void)oldsize;
  return cp_realloc(mem, newsize);
}

void cp_ltm_free(void *mem, size_t size)
{
  (void)size;
  cp_free(mem);
}
