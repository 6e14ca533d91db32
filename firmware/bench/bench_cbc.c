/* AES-CBC and 3DES-CBC: sole buffer (32/64/128 bytes, one whole call) and
 * data flow (8000 bytes in chunks of 128/512/1024/2048), encryption then
 * decryption. CBC of a prefix is the prefix of the CBC output, so the one
 * 8000-byte known answer per key serves every size. */
#include <stdio.h>
#include "case.h"
#include "vectors.h"

static const unsigned sole_sizes[] = { 32, 64, 128 };
static const unsigned chunk_sizes[] = CP_VEC_CHUNK_SIZES;

static void run_aes(void *arg)
{
  struct cp_case *c = arg;
  c->rc = (c->decrypt ? cp_aes_cbc_dec : cp_aes_cbc_enc)(c->key, c->key_bits, c->iv, c->in,
                                                         cp_out, c->len, c->chunk);
}

static void run_des3(void *arg)
{
  struct cp_case *c = arg;
  c->rc = (c->decrypt ? cp_des3_cbc_dec : cp_des3_cbc_enc)(c->key, c->iv, c->in, cp_out,
                                                           c->len, c->chunk);
}

/* Every size of one cipher, key and direction; `name` is the case id prefix
 * ("aes-128-cbc", "3des-cbc"). */
static void cbc_cases(struct cp_case *c, const char *name, const uint8_t *ciphertext)
{
  const char *dir = c->decrypt ? "dec" : "enc";
  c->in = c->decrypt ? ciphertext : cp_vec_msg;
  c->expect = c->decrypt ? cp_vec_msg : ciphertext;
  c->r.cipher_mode = "CBC";
  c->r.operation = c->decrypt ? "decryption" : "encryption";
  for (size_t i = 0; i < sizeof sole_sizes / sizeof sole_sizes[0]; i++) {
    snprintf(c->id, sizeof c->id, "%s-%s-sb-%u", name, dir, sole_sizes[i]);
    c->r.measure = "sole-buffer";
    c->r.buffer_bytes = sole_sizes[i];
    c->len = c->expect_len = sole_sizes[i];
    c->chunk = 0;
    cp_case_run(c);
  }
  c->r.buffer_bytes = 0;
  for (size_t i = 0; i < sizeof chunk_sizes / sizeof chunk_sizes[0]; i++) {
    snprintf(c->id, sizeof c->id, "%s-%s-df-%u-%u", name, dir, CP_VEC_MSG_LEN, chunk_sizes[i]);
    c->r.measure = "data-flow";
    c->r.message_bytes = CP_VEC_MSG_LEN;
    c->r.chunk_bytes = chunk_sizes[i];
    c->len = c->expect_len = CP_VEC_MSG_LEN;
    c->chunk = chunk_sizes[i];
    cp_case_run(c);
  }
}

void cp_bench_cbc(void)
{
  static const uint8_t *const aes_ct[3] = { cp_vec_aes_cbc_128, cp_vec_aes_cbc_192, cp_vec_aes_cbc_256 };
  for (int decrypt = 0; decrypt < 2; decrypt++) {
    for (int k = 0; k < 3; k++) {
      char name[16];
      struct cp_case c = {
        .r = { .family = "AES", .key_bits = 128u + 64u * (unsigned)k, .axes = CP_AXIS_CONFIGURATION },
        .run = run_aes, .key = cp_vec_key, .iv = cp_vec_iv,
        .key_bits = 128u + 64u * (unsigned)k, .decrypt = decrypt,
      };
      snprintf(name, sizeof name, "aes-%u-cbc", c.key_bits);
      cbc_cases(&c, name, aes_ct[k]);
    }
  }
  for (int decrypt = 0; decrypt < 2; decrypt++) {
    struct cp_case c = {
      .r = { .family = "3DES", .key_bits = 192 },
      .run = run_des3, .key = cp_vec_key, .iv = cp_vec_iv, .decrypt = decrypt,
    };
    cbc_cases(&c, "3des-cbc", cp_vec_des3_cbc);
  }
}
