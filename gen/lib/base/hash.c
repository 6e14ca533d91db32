/* SipHash-1-3 (Aumasson and Bernstein) fed 64-bit words; the key comes from
 * getrandom() once a process. */
#include "base/hash.h"

#include <pthread.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static uint64_t key[2];
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void draw_key(void)
{
    if (getrandom(key, sizeof key, 0) == (ssize_t)sizeof key)
        return;
    /* no entropy to be had (an old kernel, a seccomp filter): still not
     * a key anyone can know ahead of the run */
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    key[0] = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid();
    key[1] = (uint64_t)ts.tv_sec * 0xc2b2ae3d27d4eb4full ^ (uint64_t)(uintptr_t)&ts;
}

static inline uint64_t rotl(uint64_t x, int b)
{
    return (x << b) | (x >> (64 - b));
}

static inline void sip_round(uint64_t v[4])
{
    v[0] += v[1];
    v[1] = rotl(v[1], 13);
    v[1] ^= v[0];
    v[0] = rotl(v[0], 32);
    v[2] += v[3];
    v[3] = rotl(v[3], 16);
    v[3] ^= v[2];
    v[0] += v[3];
    v[3] = rotl(v[3], 21);
    v[3] ^= v[0];
    v[2] += v[1];
    v[1] = rotl(v[1], 17);
    v[1] ^= v[2];
    v[2] = rotl(v[2], 32);
}

void cp_hash_init(cp_hash *h)
{
    pthread_once(&key_once, draw_key);
    h->v[0] = key[0] ^ 0x736f6d6570736575ull;
    h->v[1] = key[1] ^ 0x646f72616e646f6dull;
    h->v[2] = key[0] ^ 0x6c7967656e657261ull;
    h->v[3] = key[1] ^ 0x7465646279746573ull;
}

void cp_hash_word(cp_hash *h, uint64_t m)
{
    h->v[3] ^= m;
    sip_round(h->v);
    h->v[0] ^= m;
}

void cp_hash_bytes(cp_hash *h, const char *s, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t m;
        memcpy(&m, s + i, 8);
        cp_hash_word(h, m);
    }
    uint64_t tail = 0;
    memcpy(&tail, s + i, len - i);
    cp_hash_word(h, tail);
    cp_hash_word(h, (uint64_t)len);
}

uint64_t cp_hash_final(const cp_hash *h)
{
    uint64_t v[4] = { h->v[0], h->v[1], h->v[2] ^ 0xff, h->v[3] };
    sip_round(v);
    sip_round(v);
    sip_round(v);
    return v[0] ^ v[1] ^ v[2] ^ v[3];
}

uint64_t cp_hash_text(const char *s, size_t len)
{
    cp_hash h;
    cp_hash_init(&h);
    cp_hash_bytes(&h, s, len);
    return cp_hash_final(&h);
}
