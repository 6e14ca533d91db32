/* LibTomCrypt port: the cipher operations of firmware/bench/ops.h. CBC is
 * cbc_start (key schedule), cbc_encrypt or cbc_decrypt per chunk and
 * cbc_done; CCM, GCM and ChaCha20-Poly1305 are LibTomCrypt's one-shot
 * *_memory calls. In 1.18.2 ccm_memory checks the tag on decryption itself,
 * while gcm_memory and chacha20poly1305_memory hand back the tag they
 * computed and leave the comparison to the caller, which the port makes
 * with LibTomCrypt's constant-time mem_neq. The library takes its inputs
 * as non-const pointers and does not write them. Encryption and decryption
 * share one always-inlined body, so each exported function links only its
 * direction. */
#include <stdint.h>
#include "ops.h"
#include "port.h"

#define INLINE static inline __attribute__((always_inline))
#define IN(p) ((unsigned char *)(uintptr_t)(p))

static int aes_idx = -1, des3_idx = -1;

/* The next chunk of a message processed in calls of `chunk` bytes. */
INLINE size_t chunk_len(size_t left, size_t chunk)
{
  return chunk && left > chunk ? chunk : left;
}

INLINE int cbc(int decrypt, int cipher, const uint8_t *key, int key_len, const uint8_t *iv,
               const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  symmetric_CBC ctx;
  int r = cbc_start(cipher, iv, key, key_len, 0, &ctx);
  for (size_t off = 0, n; r == CRYPT_OK && off < len; off += n) {
    n = chunk_len(len - off, chunk);
    r = decrypt ? cbc_decrypt(in + off, out + off, n, &ctx) : cbc_encrypt(in + off, out + off, n, &ctx);
  }
  int d = cbc_done(&ctx);
  return r != CRYPT_OK ? r : d;
}

int cp_aes_cbc_enc(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return cbc(0, cp_ltc_cipher(&aes_desc, &aes_idx), key, (int)key_bits / 8, iv, in, out, len, chunk);
}

int cp_aes_cbc_dec(const uint8_t *key, unsigned key_bits, const uint8_t iv[16],
                   const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return cbc(1, cp_ltc_cipher(&aes_desc, &aes_idx), key, (int)key_bits / 8, iv, in, out, len, chunk);
}

int cp_des3_cbc_enc(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return cbc(0, cp_ltc_cipher(&des3_desc, &des3_idx), key, 24, iv, in, out, len, chunk);
}

int cp_des3_cbc_dec(const uint8_t key[24], const uint8_t iv[8],
                    const uint8_t *in, uint8_t *out, size_t len, size_t chunk)
{
  return cbc(1, cp_ltc_cipher(&des3_desc, &des3_idx), key, 24, iv, in, out, len, chunk);
}

INLINE int aes_ccm(int decrypt, const struct cp_aead_args *a)
{
  unsigned long tag_len = a->tag_len;
  int cipher = cp_ltc_cipher(&aes_desc, &aes_idx);
  return decrypt ? ccm_memory(cipher, a->key, a->key_bits / 8, NULL, a->nonce, a->nonce_len, a->aad, a->aad_len,
                              a->out, a->len, IN(a->in), a->tag, &tag_len, CCM_DECRYPT)
                 : ccm_memory(cipher, a->key, a->key_bits / 8, NULL, a->nonce, a->nonce_len, a->aad, a->aad_len,
                              IN(a->in), a->len, a->out, a->tag, &tag_len, CCM_ENCRYPT);
}

/* The tag computed on decryption, compared with the received one. */
INLINE int tag_check(int r, const unsigned char *computed, const uint8_t *received, size_t len)
{
  return r != CRYPT_OK ? r : mem_neq(computed, received, len) ? CRYPT_ERROR : CRYPT_OK;
}

INLINE int aes_gcm(int decrypt, const struct cp_aead_args *a)
{
  unsigned char tag[16];
  unsigned long tag_len = a->tag_len;
  int cipher = cp_ltc_cipher(&aes_desc, &aes_idx);
  if (!decrypt)
    return gcm_memory(cipher, a->key, a->key_bits / 8, a->nonce, a->nonce_len, a->aad, a->aad_len, IN(a->in),
                      a->len, a->out, a->tag, &tag_len, GCM_ENCRYPT);
  int r = gcm_memory(cipher, a->key, a->key_bits / 8, a->nonce, a->nonce_len, a->aad, a->aad_len, a->out,
                     a->len, IN(a->in), tag, &tag_len, GCM_DECRYPT);
  return tag_check(r, tag, a->tag, a->tag_len);
}

/* GCM as a data flow (ops.h): what gcm_memory does (the state on the heap
 * through XMALLOC, gcm_init building the configuration's GHASH table from
 * the key), with gcm_process once per chunk. */
INLINE int aes_gcm_flow(int decrypt, const struct cp_aead_args *a)
{
  unsigned char tag[16];
  unsigned long tag_len = a->tag_len;
  int cipher = cp_ltc_cipher(&aes_desc, &aes_idx);
  gcm_state *gcm = XMALLOC(sizeof *gcm);
  if (gcm == NULL)
    return CRYPT_MEM;
  int r = gcm_init(gcm, cipher, a->key, a->key_bits / 8);
  if (r == CRYPT_OK)
    r = gcm_add_iv(gcm, a->nonce, a->nonce_len);
  if (r == CRYPT_OK)
    r = gcm_add_aad(gcm, a->aad, a->aad_len);
  for (size_t off = 0, n; r == CRYPT_OK && off < a->len; off += n) {
    n = chunk_len(a->len - off, a->chunk);
    r = decrypt ? gcm_process(gcm, a->out + off, n, IN(a->in + off), GCM_DECRYPT)
                : gcm_process(gcm, IN(a->in + off), n, a->out + off, GCM_ENCRYPT);
  }
  if (r == CRYPT_OK)
    r = gcm_done(gcm, decrypt ? tag : a->tag, &tag_len);
  XFREE(gcm);
  return decrypt ? tag_check(r, tag, a->tag, a->tag_len) : r;
}

int cp_aes_ccm_enc(const struct cp_aead_args *a) { return aes_ccm(0, a); }
int cp_aes_ccm_dec(const struct cp_aead_args *a) { return aes_ccm(1, a); }
int cp_aes_gcm_enc(const struct cp_aead_args *a) { return aes_gcm(0, a); }
int cp_aes_gcm_dec(const struct cp_aead_args *a) { return aes_gcm(1, a); }
int cp_aes_gcm_flow_enc(const struct cp_aead_args *a) { return aes_gcm_flow(0, a); }
int cp_aes_gcm_flow_dec(const struct cp_aead_args *a) { return aes_gcm_flow(1, a); }

INLINE int chachapoly(int decrypt, const struct cp_aead_args *a)
{
  unsigned char tag[16];
  unsigned long tag_len = a->tag_len;
  int r = chacha20poly1305_memory(a->key, 32, a->nonce, a->nonce_len, a->aad, a->aad_len, a->in, a->len,
                                  a->out, decrypt ? tag : a->tag, &tag_len,
                                  decrypt ? CHACHA20POLY1305_DECRYPT : CHACHA20POLY1305_ENCRYPT);
  return decrypt ? tag_check(r, tag, a->tag, a->tag_len) : r;
}

int cp_chachapoly_enc(const struct cp_aead_args *a) { return chachapoly(0, a); }
int cp_chachapoly_dec(const struct cp_aead_args *a) { return chachapoly(1, a); }
