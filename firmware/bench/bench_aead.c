/* AES-CCM and AES-GCM: one call on a 1024-byte message with 16 bytes of
 * AAD, a 12-byte nonce and a 16-byte tag, key schedule included; encryption
 * checks ciphertext and tag, decryption the plaintext and the tag check. */
#include <stdio.h>
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
          .run = run_aead, .prepare = prepare_aead, .len = CP_VEC_AEAD_LEN, .decrypt = decrypt,
          .aead = decrypt ? modes[m].dec : modes[m].enc,
          .expect = decrypt ? cp_vec_msg : modes[m].ct[k], .expect_len = CP_VEC_AEAD_LEN,
        };
        /* Encryption compares the tag it made; decryption is handed the
         * right tag and must accept it (rc 0). */
        if (decrypt)
          c.tag_in = modes[m].tag[k];
        else
          c.expect_tag = modes[m].tag[k];
        snprintf(c.id, sizeof c.id, "aes-%u-%s-%s-%u", bits, m ? "gcm" : "ccm",
                 decrypt ? "dec" : "enc", CP_VEC_AEAD_LEN);
        args = (struct cp_aead_args){
          .key = cp_vec_key, .key_bits = bits, .nonce = cp_vec_iv, .nonce_len = CP_VEC_NONCE_LEN,
          .aad = cp_vec_msg, .aad_len = CP_VEC_AAD_LEN,
          .in = decrypt ? modes[m].ct[k] : cp_vec_msg, .len = CP_VEC_AEAD_LEN,
          .out = cp_out, .tag = cp_tag, .tag_len = CP_VEC_TAG_LEN,
        };
        cp_case_run(&c);
      }
    }
  }
}
