/* The one hash of the hash tables that data fills (result identities,
 * interned texts): SipHash-1-3 under a key drawn at random once a process,
 * so that no one can choose a dataset whose identities share a slot (issue
 * 30: FNV-1a masked to the low bits let `buffer_bytes: k << 40` rows pile
 * into one, and validate and diff went quadratic). No output depends on
 * the values: tables are probed with them, never walked in their order. */
#ifndef CP_HASH_H
#define CP_HASH_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t v[4];
} cp_hash;

void cp_hash_init(cp_hash *h);
void cp_hash_word(cp_hash *h, uint64_t m);
/* every byte of s, then its length: "ab","c" and "a","bc" differ */
void cp_hash_bytes(cp_hash *h, const char *s, size_t len);
uint64_t cp_hash_final(const cp_hash *h);

/* cp_hash_bytes of one text, finished */
uint64_t cp_hash_text(const char *s, size_t len);

#endif
