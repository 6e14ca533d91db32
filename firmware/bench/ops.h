/* The uniform operations the benchmark drivers call; each library port
 * (crypto/<library>/adapter*.c) implements them with its own API. One
 * function per operation, so that a footprint image calling one of them
 * links only what that operation needs. All return 0 on success. */
#ifndef CP_OPS_H
#define CP_OPS_H
#include <stddef.h>
#include <stdint.h>

/* Whole message: context set-up, key schedule, the data in calls of `chunk`
 * bytes (0 = one call), context release. iv is not modified. */
int cp_aes_cbc_enc(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk);
int cp_aes_cbc_dec(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk);
int cp_des3_cbc_enc(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk);
int cp_des3_cbc_dec(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk);

/* One authenticated encryption or decryption (decryption checks the tag and
 * returns non-zero when it does not match). */
struct cp_aead_args {
  const uint8_t *key;
  unsigned key_bits;
  const uint8_t *nonce, *aad, *in;
  size_t nonce_len, aad_len, len, tag_len;
  uint8_t *out, *tag;
};
int cp_aes_ccm_enc(const struct cp_aead_args *a);
int cp_aes_ccm_dec(const struct cp_aead_args *a);
int cp_aes_gcm_enc(const struct cp_aead_args *a);
int cp_aes_gcm_dec(const struct cp_aead_args *a);

/* Hashes: one-shot digest, and start / update / finish on a context of
 * CP_HASH_CTX_BYTES (finish also releases the context). The port lists the
 * hashes it has in cp_hashes. */
#define CP_HASH_CTX_BYTES 512
union cp_hash_ctx {
  uint64_t align;
  unsigned char bytes[CP_HASH_CTX_BYTES];
};
#define CP_HASH_DECLARE(h)                                                     \
  int cp_##h##_digest(const uint8_t *in, size_t len, uint8_t *out);            \
  int cp_##h##_start(union cp_hash_ctx *ctx);                                  \
  int cp_##h##_update(union cp_hash_ctx *ctx, const uint8_t *in, size_t len);  \
  int cp_##h##_finish(union cp_hash_ctx *ctx, uint8_t *out);
CP_HASH_DECLARE(md5)
CP_HASH_DECLARE(sha1)
CP_HASH_DECLARE(sha224)
CP_HASH_DECLARE(sha256)
CP_HASH_DECLARE(sha384)
CP_HASH_DECLARE(sha512)
CP_HASH_DECLARE(sha3_224)
CP_HASH_DECLARE(sha3_256)
CP_HASH_DECLARE(sha3_384)
CP_HASH_DECLARE(sha3_512)

struct cp_hash {
  const char *name;           /* schema value and case id part: sha3-256 */
  size_t digest_len;
  int config_axis;            /* changed by the Small/Fast configuration */
  int (*digest)(const uint8_t *in, size_t len, uint8_t *out);
  int (*start)(union cp_hash_ctx *ctx);
  int (*update)(union cp_hash_ctx *ctx, const uint8_t *in, size_t len);
  int (*finish)(union cp_hash_ctx *ctx, uint8_t *out);
};
/* An entry of cp_hashes for hash h (CP_HASH_DECLARE's functions). */
#define CP_HASH_ENTRY(h, name, len, axis) \
  { name, len, axis, cp_##h##_digest, cp_##h##_start, cp_##h##_update, cp_##h##_finish }
/* The entries every port shares: MD5 and SHA-1 (off the configuration
 * axis), SHA-2 (on it), and SHA-3 with the port's own axis flag. */
#define CP_HASH_ENTRIES_MD5_SHA2                                               \
  CP_HASH_ENTRY(md5, "md5", 16, 0), CP_HASH_ENTRY(sha1, "sha1", 20, 0),        \
  CP_HASH_ENTRY(sha224, "sha224", 28, 1), CP_HASH_ENTRY(sha256, "sha256", 32, 1), \
  CP_HASH_ENTRY(sha384, "sha384", 48, 1), CP_HASH_ENTRY(sha512, "sha512", 64, 1)
#define CP_HASH_ENTRIES_SHA3(axis)                                             \
  CP_HASH_ENTRY(sha3_224, "sha3-224", 28, axis), CP_HASH_ENTRY(sha3_256, "sha3-256", 32, axis), \
  CP_HASH_ENTRY(sha3_384, "sha3-384", 48, axis), CP_HASH_ENTRY(sha3_512, "sha3-512", 64, axis)
/* The hashes the library offers, ended by a null name. */
extern const struct cp_hash cp_hashes[];

/* What the library reports about itself and the configuration built in. */
struct cp_library_info {
  const char *slug, *name, *version, *version_full, *package;
  const char *configuration, *configuration_meaning;
  int configuration_is_default; /* cases off the configuration axis run here */
  /* Families the suite has but this library version lacks (comma-separated)
   * and why; NULL when none. */
  const char *families_absent, *families_absent_note;
  /* Run header texts that depend on the library: what the untimed first
   * call absorbs, and which allocator hook the heap figures come from. */
  const char *first_call_note, *heap_method;
};
void cp_library_info(struct cp_library_info *info);

#endif
