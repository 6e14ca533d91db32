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
 * returns non-zero when it does not match). chunk: the data-flow calls
 * only. */
struct cp_aead_args {
  const uint8_t *key;
  unsigned key_bits;
  const uint8_t *nonce, *aad, *in;
  size_t nonce_len, aad_len, len, tag_len, chunk;
  uint8_t *out, *tag;
};
int cp_aes_ccm_enc(const struct cp_aead_args *a);
int cp_aes_ccm_dec(const struct cp_aead_args *a);
int cp_aes_gcm_enc(const struct cp_aead_args *a);
int cp_aes_gcm_dec(const struct cp_aead_args *a);
/* GCM as a data flow: one key set-up (the key schedule and whatever GHASH
 * table the configuration builds from the key), the nonce and the AAD, the
 * message in calls of a->chunk bytes (a multiple of 16, the last call what
 * is left), the tag, context release: the library's incremental API, so
 * that a per-key cost is paid once per message, not once per call as in
 * the one-call functions above. */
int cp_aes_gcm_flow_enc(const struct cp_aead_args *a);
int cp_aes_gcm_flow_dec(const struct cp_aead_args *a);
/* ChaCha20-Poly1305 (RFC 8439): the same one call, a 256-bit key. */
int cp_chachapoly_enc(const struct cp_aead_args *a);
int cp_chachapoly_dec(const struct cp_aead_args *a);

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

/* Public key. The port keeps the library contexts in slots (0 and 1, the
 * two sides of a key agreement); the group or key of a slot persists from
 * its set-up until the next one, so that what an application keeps (curve
 * tables, RSA blinding values) is built once and the timed calls show the
 * steady state. Randomness comes from the harness's fixed-seed stream
 * (cp_rand_fill, bench/rand.c), the same for every port; cp_rng_reset
 * restarts it (and sets up whatever RNG object the library needs), so that
 * a repeated call repeats itself. */
enum cp_curve { CP_P256, CP_P384, CP_P521, CP_X25519, CP_X448 };
int cp_rng_reset(void);
void cp_rand_reset(void);
void cp_rand_fill(uint8_t *out, size_t len);
/* Frees every group and key the port keeps (ECC slots, RSA key, DH slots). */
void cp_pk_release(void);
/* ECC: group of a slot; its private key from bytes (big-endian for the
 * Weierstrass curves, RFC 7748 little-endian for X25519/X448) with the public
 * key derived, or a public key only (uncompressed point / u-coordinate). */
int cp_ec_setup(int slot, enum cp_curve curve);
int cp_ec_set_private(int slot, const uint8_t *d, size_t len);
int cp_ec_set_public(int slot, const uint8_t *q, size_t len);
/* Writes the slot's public key; *len is the buffer size in, the length out. */
int cp_ec_public(int slot, uint8_t *q, size_t *len);
/* Public-key generation: a new private key from the DRBG and its public key. */
int cp_ecdh_gen_public(int slot);
/* Shared secret of the slot's private key and a peer's public key, written
 * in the curve's byte order with the field's length. */
int cp_ecdh_shared(int slot, const uint8_t *peer, size_t peer_len, uint8_t *z, size_t z_len);
/* ECDSA over a digest; the signature is r || s, each of the order's length. */
int cp_ecdsa_sign(int slot, const uint8_t *hash, size_t hash_len, uint8_t *sig);
int cp_ecdsa_verify(int slot, const uint8_t *hash, size_t hash_len, const uint8_t *sig);

/* RSA: one key (e = 65537) from big-endian bytes; p, q and d may be NULL for
 * a public key. dp, dq and qinv (d mod p-1, d mod q-1, q^-1 mod p, each as
 * long as p) come along for a library whose private key is the CRT values
 * alone (BearSSL, LibTomCrypt's rsa_set_crt_params); a port that derives
 * them itself ignores them. Signatures with SHA-256 over a digest, PKCS#1
 * v1.5 or v2.1 (PSS, salt as long as the key allows). */
struct cp_rsa_key {
  unsigned bits;
  const uint8_t *n, *p, *q, *d, *dp, *dq, *qinv;
};
int cp_rsa_setup(const struct cp_rsa_key *key);
int cp_rsa_sign(int pss, const uint8_t hash[32], uint8_t *sig);
int cp_rsa_verify(int pss, const uint8_t hash[32], const uint8_t *sig);

/* Finite-field DH: the group of a slot (big-endian p and g), public-key
 * generation (a private exponent as long as p), shared secret with a peer's
 * public value (both len bytes, the length of p). */
int cp_dh_setup(int slot, const uint8_t *p, size_t len, const uint8_t *g, size_t g_len);
int cp_dh_gen_public(int slot, uint8_t *pub, size_t len);
int cp_dh_shared(int slot, const uint8_t *peer, uint8_t *z, size_t len);

/* Configuration axes: which label of each axis the image's configuration
 * has. A case names the axes that change it; it runs in every image of its
 * family's group whose other axes have their home value, so that each
 * result appears exactly once. */
enum {
  CP_AXIS_CONFIGURATION = 1, /* AES, SHA-2: Small / Fast */
  CP_AXIS_MATH = 2,          /* ECDSA, ECDH: math_config Small / Fast */
  CP_AXIS_CURVEDEF = 4,      /* ECDSA, ECDH: curve_definition Low / High */
  CP_AXIS_METHOD = 8,        /* RSA: modexp_method crt / no-crt */
  CP_AXIS_IMPL = 16,         /* RSA, DH: modexp_impl Low / Mid / High */
  CP_AXIS_VARIANT = 32,      /* ML-DSA, ML-KEM, HBS-LMS (wolfSSL): variant Small / Fast */
  CP_AXIS_MUL = 64,          /* GCM's GHASH, Poly1305 (BearSSL ctmul / ctmul32,
                                LibTomCrypt's GCM tables): written as `variant` */
};
struct cp_axis_value {
  unsigned axis;
  const char *field;    /* the result field that carries the label */
  const char *families; /* families whose axes entry it is, space-separated,
                           or NULL when the dataset has no axes entry for it */
  const char *label, *meaning;
  int home;
};

/* What the library reports about itself and the configuration built in. */
struct cp_library_info {
  const char *slug, *name, *version, *version_full, *package;
  const char *configuration, *configuration_meaning;
  /* The families the configuration varies: sym, ecc, rsa; NULL when one
   * configuration varies every family the image has (wolfSSL). */
  const char *group;
  const struct cp_axis_value *axes;
  size_t naxes;
  /* Axes that one build switch moves together (wolfSSL's Small/Fast sets
   * configuration, math_config and variant at once): a case that names one
   * of them is at home in every image of the switch. 0: each axis alone. */
  unsigned knob;
  /* Families the suite has but this library version lacks (comma-separated)
   * and why; NULL when none. */
  const char *families_absent, *families_absent_note;
  /* Run header texts that depend on the library: what the untimed first
   * call absorbs, which allocator hook the heap figures come from, and what
   * the library needs that the footprint counts (an RNG object, say). */
  const char *first_call_note, *heap_method, *footprint_note;
  const char *message_notes; /* how the cases call the library (CP_NOTES_SYM first) */
  /* How the version was established when the library cannot report it
   * (BearSSL has no version call or macro); NULL: reported at run time. */
  const char *version_note;
  /* A port whose knobs change more families than the drivers name, or
   * whose configurations each serve only some cases, says so here (NULL:
   * the drivers' axes, every case): the axes a case names in this port
   * (LibTomCrypt's LTC_SMALL_CODE also changes 3DES), and whether the
   * image can run it (BearSSL's p256_m15 serves P-256 only, and 0.6 has no
   * RSA-PSS; LibTomCrypt's GCM tables do not fit a board with 128 KiB of
   * RAM). */
  unsigned (*case_axes)(const char *family, const char *cipher_mode, unsigned axes);
  int (*serves)(const char *family, const char *cipher_mode, const char *curve, const char *pkcs1);
  /* The library's own per-architecture code this image was built with
   * (which multiply-accumulate assembly for the core's instruction set),
   * named on the page; NULL when it has none. */
  const char *arch_note;
};
void cp_library_info(struct cp_library_info *info);
/* What the timed region of each family holds, the same for every library
 * (the run header's message_notes start with it; a port adds what is its
 * own). Only the operation and the checks the library makes inside its own
 * calls: key set-up, public keys and signatures to verify are prepared
 * before the timer starts. */
#define CP_NOTES_SYM                                                           \
  "Timed regions, the same for every library: AES and 3DES CBC: context"      \
  " set-up, key schedule, the message in calls of chunk_bytes (a sole buffer"  \
  " in one call), context release; AES CCM/GCM: context set-up, key schedule,"\
  " one call on message_bytes with 16 bytes of AAD, a 12-byte nonce and a"    \
  " 16-byte tag, context release (GCM data flow: the library's incremental"   \
  " calls of chunk_bytes after one key set-up); ChaCha20-Poly1305: the same"   \
  " on buffer_bytes with a 256-bit key; hashes: sole buffer one one-shot call, data"           \
  " flow start, update per chunk and finish, tag generation only the finish"   \
  " call"
#define CP_NOTES_PK                                                            \
  "; ECDSA: signing or verifying a digest computed beforehand (SHA-256,"      \
  " SHA-384, SHA-512 of 32 bytes for P-256, P-384, P-521) with a key set up"   \
  " beforehand, the signature as r||s; ECDH public-key generation: a new"      \
  " private key, its public key and the public key's encoding; ECDH shared"    \
  " secret: parsing the peer's public key and computing the secret, with only" \
  " the checks the library makes inside its own calls (X25519/X448 alike,"     \
  " the private scalar set up beforehand); RSA: signing (PKCS#1 v1.5"          \
  " DigestInfo or PSS encoding of a SHA-256 digest, private-key operation) or"\
  " verifying with the key kept; randomness from the harness's fixed-seed"     \
  " xorshift32 stream for every library, restarted before every call"

#define CP_NOTES_SYM_PK CP_NOTES_SYM CP_NOTES_PK

/* Which known answers are independent of the library (every port's run
 * header says it; the dataset's notes and the page carry it). */
#define CP_NOTES_CHECKS                                                        \
  "Independent checks (OpenSSL): AES, 3DES, ChaCha20-Poly1305 and hash"       \
  " outputs, ECDH shared"                                                      \
  " secrets of fixed keys (P-256/384/521, X25519 as RFC 7748, X448), RSA"      \
  " PKCS#1 v1.5 and EdDSA signatures byte for byte, the public key derived"    \
  " from the fixed ECDSA key; verification cases must accept OpenSSL's ECDSA," \
  " RSA v1.5, RSA-PSS and EdDSA signatures and reject them with one byte"      \
  " flipped (HBS-LMS: the signatures of the tool's RFC 8554 signer over"       \
  " OpenSSL's SHA-256, which reproduces the RFC's Test Case 2); every"         \
  " signature an image makes is verified on the host with OpenSSL's libcrypto" \
  " before the dataset is written. Not independent: generated key pairs and"   \
  " DH shared secrets (both sides must agree), and ML-DSA and ML-KEM (no host" \
  " implementation of the drafts the library implements: fixed seeds, and a"   \
  " key pair signs and verifies or encapsulates and decapsulates)."

#endif
