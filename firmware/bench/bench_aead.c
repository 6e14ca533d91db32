/* AES-CCM and AES-GCM: one call on a 1024-byte message with 16 bytes of
 * AAD, a 12-byte nonce and a 16-byte tag, key schedule included; encryption
 * checks ciphertext and tag, decryption the plaintext and the tag check
 * (the right tag accepted, a flipped one refused). AES-GCM also as a data
 * flow: the 8000-byte message in chunks of 128 to 2048 bytes after one key
 * set-up, as the CBC data-flow cases, so that what a configuration builds
 * per key (LibTomCrypt's 64 KiB GHASH table) is paid once per message.
 * ChaCha20-Poly1305 the same on a sole buffer of 32, 64, 128 or 1024 bytes
 * with a 256-bit key. */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "vectors.h"

static struct cp_aead_args args;

static void run_aead(void *arg)
{
  struct cp_case *c = arg;
  c->rc = c->aead(&args);
}

/* The message length the harness hands over is the case's (untimed). */
static void prepare_aead(struct cp_case *c)
{
  args.len = c->len;
}

/* Decryption also says no: the plaintext is right, and the same call with
 * one bit of the tag flipped fails (a port that compares the tag itself,
 * where the library leaves it to the caller, must compare it). */
static int decrypt_rejects_forgery(struct cp_case *c)
{
  uint8_t forged_tag[CP_VEC_TAG_LEN];
  if (memcmp(cp_out, c->expect, c->expect_len) != 0)
    return 0;
  memcpy(forged_tag, c->tag_in, sizeof forged_tag);
  forged_tag[0] ^= 0x01;
  struct cp_aead_args forged = args;
  forged.tag = forged_tag;
  return c->aead(&forged) != 0;
}

/* One AEAD case: encryption compares the tag it made; decryption is handed
 * the right tag and must accept it (rc 0), and reject it flipped. */
static void aead_case(struct cp_case *c, const uint8_t *ct, const uint8_t *tag)
{
  if (c->decrypt) {
    c->tag_in = tag;
    c->check = decrypt_rejects_forgery;
  } else {
    c->expect_tag = tag;
  }
  c->run = run_aead;
  c->prepare = prepare_aead;
  c->expect = c->decrypt ? cp_vec_msg : ct;
  c->expect_len = c->len;
  args = (struct cp_aead_args){
    .key = cp_vec_key, .key_bits = c->key_bits, .nonce = cp_vec_iv, .nonce_len = CP_VEC_NONCE_LEN,
    .aad = cp_vec_msg, .aad_len = CP_VEC_AAD_LEN, .in = c->decrypt ? ct : cp_vec_msg, .len = c->len,
    .out = cp_out, .tag = cp_tag, .tag_len = CP_VEC_TAG_LEN, .chunk = c->chunk,
  };
  cp_case_run(c);
}

static void chachapoly_cases(void)
{
  static const unsigned sizes[4] = CP_VEC_CHACHA_SIZES;
  for (int decrypt = 0; decrypt < 2; decrypt++) {
    for (int i = 0; i < 4; i++) {
      struct cp_case c = {
        .r = { .family = "ChaCha20-Poly1305", .measure = "sole-buffer", .key_bits = 256,
               .buffer_bytes = sizes[i], .aad_bytes = CP_VEC_AAD_LEN, .nonce_bytes = CP_VEC_NONCE_LEN,
               .tag_bytes = CP_VEC_TAG_LEN, .operation = decrypt ? "decryption" : "encryption" },
        .len = sizes[i], .key_bits = 256, .decrypt = decrypt,
        .aead = decrypt ? cp_chachapoly_dec : cp_chachapoly_enc,
      };
      snprintf(c.id, sizeof c.id, "chacha20-poly1305-%s-%u", decrypt ? "dec" : "enc", sizes[i]);
      aead_case(&c, cp_vec_chachapoly, cp_vec_chachapoly_tag[i]);
    }
  }
}

/* AES-GCM data flow: every key size and chunk size of one direction. */
static void gcm_flow_cases(int decrypt)
{
  static const unsigned chunks[] = CP_VEC_CHUNK_SIZES;
  static const uint8_t *const ct[3] = { cp_vec_aes_gcm_128, cp_vec_aes_gcm_192, cp_vec_aes_gcm_256 };
  static const uint8_t *const tag[3] = { cp_vec_aes_gcm_128_flow_tag, cp_vec_aes_gcm_192_flow_tag,
                                         cp_vec_aes_gcm_256_flow_tag };
  for (int k = 0; k < 3; k++) {
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
      unsigned bits = 128u + 64u * (unsigned)k;
      struct cp_case c = {
        .r = { .family = "AES", .measure = "data-flow", .cipher_mode = "GCM", .key_bits = bits,
               .message_bytes = CP_VEC_MSG_LEN, .chunk_bytes = chunks[i], .aad_bytes = CP_VEC_AAD_LEN,
               .nonce_bytes = CP_VEC_NONCE_LEN, .tag_bytes = CP_VEC_TAG_LEN,
               .operation = decrypt ? "decryption" : "encryption", .axes = CP_AXIS_CONFIGURATION },
        .len = CP_VEC_MSG_LEN, .chunk = chunks[i], .key_bits = bits, .decrypt = decrypt,
        .aead = decrypt ? cp_aes_gcm_flow_dec : cp_aes_gcm_flow_enc,
      };
      snprintf(c.id, sizeof c.id, "aes-%u-gcm-%s-df-%u-%u", bits, decrypt ? "dec" : "enc",
               CP_VEC_MSG_LEN, chunks[i]);
      aead_case(&c, ct[k], tag[k]);
    }
  }
}

void cp_bench_aead(void)
{
  static const struct {
    const char *mode;
    int (*enc)(const struct cp_aead_args *a), (*dec)(const struct cp_aead_args *a);
    const uint8_t *ct[3], *tag[3];
  } modes[] = {
    { "CCM", cp_aes_ccm_enc, cp_aes_ccm_dec,
      { cp_vec_aes_ccm_128, cp_vec_aes_ccm_192, cp_vec_aes_ccm_256 },
      { cp_vec_aes_ccm_128_tag, cp_vec_aes_ccm_192_tag, cp_vec_aes_ccm_256_tag } },
    { "GCM", cp_aes_gcm_enc, cp_aes_gcm_dec,
      { cp_vec_aes_gcm_128, cp_vec_aes_gcm_192, cp_vec_aes_gcm_256 },
      { cp_vec_aes_gcm_128_tag, cp_vec_aes_gcm_192_tag, cp_vec_aes_gcm_256_tag } },
  };
  for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
    for (int decrypt = 0; decrypt < 2; decrypt++) {
      for (int k = 0; k < 3; k++) {
        unsigned bits = 128u + 64u * (unsigned)k;
        struct cp_case c = {
          .r = { .family = "AES", .measure = "sole-buffer", .cipher_mode = modes[m].mode,
                 .key_bits = bits, .message_bytes = CP_VEC_AEAD_LEN, .aad_bytes = CP_VEC_AAD_LEN,
                 .nonce_bytes = CP_VEC_NONCE_LEN, .tag_bytes = CP_VEC_TAG_LEN,
                 .operation = decrypt ? "decryption" : "encryption", .axes = CP_AXIS_CONFIGURATION },
          .len = CP_VEC_AEAD_LEN, .key_bits = bits, .decrypt = decrypt,
          .aead = decrypt ? modes[m].dec : modes[m].enc,
        };
        snprintf(c.id, sizeof c.id, "aes-%u-%s-%s-%u", bits, m ? "gcm" : "ccm",
                 decrypt ? "dec" : "enc", CP_VEC_AEAD_LEN);
        aead_case(&c, modes[m].ct[k], modes[m].tag[k]);
      }
      if (m == 1)
        gcm_flow_cases(decrypt);
    }
  }
  chachapoly_cases();
}
