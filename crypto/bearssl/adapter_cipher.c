/* BearSSL port: the cipher operations of firmware/bench/ops.h, with the
 * AES implementation and the GHASH / Poly1305 multiplier of the image's
 * configuration (config/variants.h). BearSSL works in place and allocates
 * nothing: each call copies its input to the output buffer and runs there
 * (part of the timed call, a few hundred instructions per kilobyte), the
 * contexts live on the stack, and there is nothing to release. 3DES uses
 * br_des_ct, BearSSL's default (constant-time). Encryption and decryption
 * share one always-inlined body, so each exported function links only its
 * direction. */
#include <string.h>
#include <bearssl.h>
#include "ops.h"
#include "variants.h"

#define INLINE static inline __attribute__((always_inline))

/* The next chunk of a message processed in calls of `chunk` bytes. */
INLINE size_t chunk_len(size_t left, size_t chunk)
{
  return chunk && left > chunk ? chunk : left;
}

/* CBC: the key schedule of the direction, then the message in place, chunk
 * by chunk, the IV carried in v. */
#define CBC_BODY(keys_type, init, run, key, key_len, iv, iv_len, in, out, len, chunk) \
  do {                                                                         \
    keys_type ctx;                                                             \
    unsigned char v[16];                                                       \
    memcpy(v, iv, iv_len);                                                     \
    memmove(out, in, len);                                                     \
    init(&ctx, key, key_len);                                                  \
    for (size_t off = 0, n; off < len; off += n) {                             \
      n = chunk_len(len - off, chunk);                                         \
      run(&ctx, v, (out) + off, n);                                            \
    }                                                                          \
  } while (0)

int cp_aes_cbc_enc(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  CBC_BODY(CP_BR_AES(cbcenc_keys), CP_BR_AES(cbcenc_init), CP_BR_AES(cbcenc_run), key, key_bits / 8, iv,
           16, in, out, len, chunk);
  return 0;
}

int cp_aes_cbc_dec(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  CBC_BODY(CP_BR_AES(cbcdec_keys), CP_BR_AES(cbcdec_init), CP_BR_AES(cbcdec_run), key, key_bits / 8, iv,
           16, in, out, len, chunk);
  return 0;
}

int cp_des3_cbc_enc(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  CBC_BODY(br_des_ct_cbcenc_keys, br_des_ct_cbcenc_init, br_des_ct_cbcenc_run, key, 24, iv, 8, in, out,
           len, chunk);
  return 0;
}

int cp_des3_cbc_dec(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  CBC_BODY(br_des_ct_cbcdec_keys, br_des_ct_cbcdec_init, br_des_ct_cbcdec_run, key, 24, iv, 8, in, out,
           len, chunk);
  return 0;
}

/* CCM on the CTR+CBC-MAC block interface; decryption checks the tag with
 * BearSSL's own (constant-time) comparison. */
INLINE int aes_ccm(int decrypt, const struct cp_aead_args *a)
{
  CP_BR_AES(ctrcbc_keys) bc;
  br_ccm_context ccm;
  memmove(a->out, a->in, a->len);
  CP_BR_AES(ctrcbc_init)(&bc, a->key, a->key_bits / 8);
  br_ccm_init(&ccm, &bc.vtable);
  if (!br_ccm_reset(&ccm, a->nonce, a->nonce_len, a->aad_len, a->len, a->tag_len))
    return -1;
  br_ccm_aad_inject(&ccm, a->aad, a->aad_len);
  br_ccm_flip(&ccm);
  br_ccm_run(&ccm, !decrypt, a->out, a->len);
  if (decrypt)
    return br_ccm_check_tag(&ccm, a->tag) ? 0 : -1;
  br_ccm_get_tag(&ccm, a->tag);
  return 0;
}

/* GCM on the CTR block interface with the configuration's GHASH, the
 * message run in place in calls of `chunk` bytes (0: one call; the data
 * flow of ops.h: BearSSL's GCM is incremental by design, br_gcm_run takes
 * any length after br_gcm_init's key set-up). */
INLINE int aes_gcm(int decrypt, const struct cp_aead_args *a, size_t chunk)
{
  CP_BR_AES(ctr_keys) bc;
  br_gcm_context gcm;
  memmove(a->out, a->in, a->len);
  CP_BR_AES(ctr_init)(&bc, a->key, a->key_bits / 8);
  br_gcm_init(&gcm, &bc.vtable, CP_BR_GHASH);
  br_gcm_reset(&gcm, a->nonce, a->nonce_len);
  br_gcm_aad_inject(&gcm, a->aad, a->aad_len);
  br_gcm_flip(&gcm);
  for (size_t off = 0, n; off < a->len; off += n) {
    n = chunk_len(a->len - off, chunk);
    br_gcm_run(&gcm, !decrypt, a->out + off, n);
  }
  if (decrypt)
    return br_gcm_check_tag_trunc(&gcm, a->tag, a->tag_len) ? 0 : -1;
  br_gcm_get_tag_trunc(&gcm, a->tag, a->tag_len);
  return 0;
}

int cp_aes_ccm_enc(const struct cp_aead_args *a) { return aes_ccm(0, a); }
int cp_aes_ccm_dec(const struct cp_aead_args *a) { return aes_ccm(1, a); }
int cp_aes_gcm_enc(const struct cp_aead_args *a) { return aes_gcm(0, a, 0); }
int cp_aes_gcm_dec(const struct cp_aead_args *a) { return aes_gcm(1, a, 0); }
int cp_aes_gcm_flow_enc(const struct cp_aead_args *a) { return aes_gcm(0, a, a->chunk); }
int cp_aes_gcm_flow_dec(const struct cp_aead_args *a) { return aes_gcm(1, a, a->chunk); }

/* ChaCha20-Poly1305: one call of the configuration's Poly1305 with
 * br_chacha20_ct_run (the only ChaCha20 for this core). The call computes
 * the tag; comparing it with the received one is the caller's part
 * (bearssl_block.h), done here without an early exit as BearSSL's own tag
 * checks are. */
INLINE int chachapoly(int decrypt, const struct cp_aead_args *a)
{
  unsigned char tag[16];
  memmove(a->out, a->in, a->len);
  CP_BR_POLY1305(a->key, a->nonce, a->out, a->len, a->aad, a->aad_len, decrypt ? tag : a->tag,
                 br_chacha20_ct_run, !decrypt);
  if (!decrypt)
    return 0;
  unsigned diff = 0;
  for (size_t i = 0; i < sizeof tag; i++)
    diff |= tag[i] ^ a->tag[i];
  return diff ? -1 : 0;
}

int cp_chachapoly_enc(const struct cp_aead_args *a) { return chachapoly(0, a); }
int cp_chachapoly_dec(const struct cp_aead_args *a) { return chachapoly(1, a); }
