/* Host tool: an HBS-LMS public key and signature per Winternitz parameter
 * (one level, LMS_SHA256_M32_H5 with LMOTS_SHA256_N32_W1/W2/W4/W8) for the
 * verification cases, made by this RFC 8554 signer over OpenSSL's SHA-256:
 * an implementation independent of the library under test, so a library
 * that accepts these signatures and rejects them with a byte flipped has
 * passed a check it cannot pass by agreeing with itself. Before writing
 * anything the signer derives the root of RFC 8554's Test Case 2
 * (LMS_SHA256_M32_H10 / LMOTS_SHA256_N32_W4 from its SEED and I, the key
 * derivation of its Appendix A) and stops if it differs. The set-up on the
 * board was the library's own key generation and signature: 4.7 G
 * instructions of the 12 G an mps2-an505 run of wolfSSL 5.7.2 Small took.
 *   mkvectors_lms <out.c>
 * Exit: 0 ok, 1 the Test Case 2 root or an OpenSSL call failed, 2 usage or
 * I/O. */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../bench/vectors_lms.h"
#include "emit.h"

#define N 32 /* SHA-256 */
#define D_PBLC 0x8080
#define D_MESG 0x8181
#define D_LEAF 0x8282
#define D_INTR 0x8383

/* RFC 8554 Table 1 (LM-OTS) and Table 2 (LMS): p, ls and the type codes. */
struct ots_params {
  unsigned w, p, ls, type;
};
static const struct ots_params ots_w1 = { 1, 265, 7, 1 }, ots_w2 = { 2, 133, 6, 2 },
                               ots_w4 = { 4, 67, 4, 3 }, ots_w8 = { 8, 34, 0, 4 };
static unsigned lms_type(unsigned h)
{
  return h == 5 ? 5 : h == 10 ? 6 : 0;
}

static void fail(const char *what)
{
  fprintf(stderr, "mkvectors_lms: %s\n", what);
  exit(1);
}

/* SHA-256 over up to six pieces. */
struct piece {
  const void *p;
  size_t n;
};
static void hash(uint8_t out[N], const struct piece *pieces, size_t count)
{
  static EVP_MD_CTX *ctx;
  if (!ctx && !(ctx = EVP_MD_CTX_new()))
    fail("EVP_MD_CTX_new failed");
  if (!EVP_DigestInit_ex(ctx, EVP_sha256(), NULL))
    fail("SHA-256 initialisation failed");
  for (size_t i = 0; i < count; i++)
    if (!EVP_DigestUpdate(ctx, pieces[i].p, pieces[i].n))
      fail("SHA-256 update failed");
  if (!EVP_DigestFinal_ex(ctx, out, NULL))
    fail("SHA-256 final failed");
}

static void u32str(uint8_t b[4], uint32_t v)
{
  b[0] = (uint8_t)(v >> 24);
  b[1] = (uint8_t)(v >> 16);
  b[2] = (uint8_t)(v >> 8);
  b[3] = (uint8_t)v;
}

/* I || u32str(q) || u16str(i): the prefix of every hash of one OTS key. */
static void prefix(uint8_t pre[22], const uint8_t I[16], uint32_t q, unsigned i)
{
  memcpy(pre, I, 16);
  u32str(pre + 16, q);
  pre[20] = (uint8_t)(i >> 8);
  pre[21] = (uint8_t)i;
}

/* Appendix A: x_q[i] = H(I || u32str(q) || u16str(i) || u8str(0xff) || SEED). */
static void ots_secret(uint8_t x[N], const uint8_t I[16], uint32_t q, unsigned i, const uint8_t seed[N])
{
  uint8_t pre[22], ff = 0xff;
  prefix(pre, I, q, i);
  hash(x, (struct piece[]){ { pre, 22 }, { &ff, 1 }, { seed, N } }, 3);
}

/* Chain steps j = from .. to-1 on tmp (Algorithms 1 and 3). */
static void chain(uint8_t tmp[N], const uint8_t I[16], uint32_t q, unsigned i, unsigned from, unsigned to)
{
  uint8_t pre[22];
  prefix(pre, I, q, i);
  for (unsigned j = from; j < to; j++) {
    uint8_t jb = (uint8_t)j;
    hash(tmp, (struct piece[]){ { pre, 22 }, { &jb, 1 }, { tmp, N } }, 3);
  }
}

/* coef(S, i, w) (Section 3.1.3). */
static unsigned coef(const uint8_t *s, unsigned i, unsigned w)
{
  unsigned per_byte = 8 / w;
  return ((1u << w) - 1) & (s[i * w / 8] >> (8 - (w * (i % per_byte) + w)));
}

/* Q || Cksm(Q) (Algorithm 2 steps, Section 4.4). */
static void digits(uint8_t out[N + 2], const uint8_t q_hash[N], const struct ots_params *o)
{
  unsigned sum = 0;
  for (unsigned i = 0; i < N * 8 / o->w; i++)
    sum += (1u << o->w) - 1 - coef(q_hash, i, o->w);
  sum <<= o->ls;
  memcpy(out, q_hash, N);
  out[N] = (uint8_t)(sum >> 8);
  out[N + 1] = (uint8_t)sum;
}

/* The OTS public key hash K of leaf q (Algorithm 1). */
static void ots_public(uint8_t K[N], const struct ots_params *o, const uint8_t I[16], uint32_t q,
                       const uint8_t seed[N])
{
  static uint8_t y[265][N];
  uint8_t pre[22];
  for (unsigned i = 0; i < o->p; i++) {
    ots_secret(y[i], I, q, i, seed);
    chain(y[i], I, q, i, 0, (1u << o->w) - 1);
  }
  prefix(pre, I, q, D_PBLC);
  hash(K, (struct piece[]){ { pre, 22 }, { y, (size_t)o->p * N } }, 2);
}

/* The Merkle tree T[1 .. 2^(h+1)-1] of one LMS key (Section 5.3). */
static uint8_t (*tree(unsigned h, const struct ots_params *o, const uint8_t I[16], const uint8_t seed[N]))[N]
{
  uint32_t leaves = 1u << h;
  uint8_t (*t)[N] = calloc(2 * (size_t)leaves, N);
  if (!t)
    fail("out of memory");
  for (uint32_t r = 2 * leaves - 1; r >= 1; r--) {
    uint8_t pre[22];
    if (r >= leaves) {
      uint8_t K[N];
      ots_public(K, o, I, r - leaves, seed);
      prefix(pre, I, r, D_LEAF);
      hash(t[r], (struct piece[]){ { pre, 22 }, { K, N } }, 2);
    } else {
      prefix(pre, I, r, D_INTR);
      hash(t[r], (struct piece[]){ { pre, 22 }, { t[2 * r], N }, { t[2 * r + 1], N } }, 3);
    }
  }
  return t;
}

/* HSS with one level: u32str(1) || LMS public key; u32str(0) || LMS
 * signature of msg with leaf q (Algorithms 3, 5 and 7 of RFC 8554). */
static size_t sign(uint8_t pub[CP_LMS_PUB], uint8_t *sig, unsigned h, const struct ots_params *o,
                   const uint8_t I[16], const uint8_t seed[N], const uint8_t C[N], uint32_t q,
                   const uint8_t *msg, size_t msg_len)
{
  uint8_t (*t)[N] = tree(h, o, I, seed);
  u32str(pub, 1);
  u32str(pub + 4, lms_type(h));
  u32str(pub + 8, o->type);
  memcpy(pub + 12, I, 16);
  memcpy(pub + 28, t[1], N);

  uint8_t *s = sig, pre[22], q_hash[N], d[N + 2];
  u32str(s, 0), s += 4; /* Nspk */
  u32str(s, q), s += 4;
  u32str(s, o->type), s += 4;
  memcpy(s, C, N), s += N;
  prefix(pre, I, q, D_MESG);
  hash(q_hash, (struct piece[]){ { pre, 22 }, { C, N }, { msg, msg_len } }, 3);
  digits(d, q_hash, o);
  for (unsigned i = 0; i < o->p; i++, s += N) {
    ots_secret(s, I, q, i, seed);
    chain(s, I, q, i, 0, coef(d, i, o->w));
  }
  u32str(s, lms_type(h)), s += 4;
  for (uint32_t r = (1u << h) + q; r > 1; r >>= 1, s += N)
    memcpy(s, t[r ^ 1], N);
  free(t);
  return (size_t)(s - sig);
}

static void hex(uint8_t *out, const char *h)
{
  for (size_t i = 0; h[2 * i]; i++)
    sscanf(h + 2 * i, "%2hhx", &out[i]);
}

/* RFC 8554 Appendix F, Test Case 2: the top-level key's SEED, I and root. */
static void test_case_2(void)
{
  uint8_t seed[N], I[16], root[N];
  hex(seed, "558b8966c48ae9cb898b423c83443aae014a72f1b1ab5cc85cf1d892903b5439");
  hex(I, "d08fabd4a2091ff0a8cb4ed834e74534");
  hex(root, "32a58885cd9ba0431235466bff9651c6c92124404d45fa53cf161c28f1ad5a8e");
  uint8_t (*t)[N] = tree(10, &ots_w4, I, seed);
  if (memcmp(t[1], root, N) != 0)
    fail("the LMS_SHA256_M32_H10/LMOTS_SHA256_N32_W4 root of RFC 8554 Test Case 2 differs: the signer is wrong");
  free(t);
}

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: mkvectors_lms <out.c>\n");
    return 2;
  }
  test_case_2();
  FILE *out = fopen(argv[1], "w");
  if (!out) {
    perror(argv[1]);
    return 2;
  }
  uint32_t stream = 0x3C6EF372u;
  uint8_t msg[CP_VEC_LMS_MSG_LEN];
  for (size_t i = 0; i < sizeof msg; i++)
    msg[i] = cp_stream_byte(&stream);
  fprintf(out, "/* Written by mkvectors_lms (firmware/vectors/mkvectors_lms.c). */\n"
               "#include \"vectors_lms.h\"\n\n");
  cp_emit_rows(out, "const uint8_t cp_vec_lms_msg[CP_VEC_LMS_MSG_LEN]", msg, sizeof msg, 0);
  static const struct ots_params *const sets[4] = { &ots_w1, &ots_w2, &ots_w4, &ots_w8 };
  for (unsigned k = 0; k < 4; k++) {
    uint8_t seed[N], I[16], C[N], pub[CP_LMS_PUB];
    static uint8_t sig[CP_LMS_SIG_MAX];
    for (size_t i = 0; i < N; i++)
      seed[i] = cp_stream_byte(&stream);
    for (size_t i = 0; i < 16; i++)
      I[i] = cp_stream_byte(&stream);
    for (size_t i = 0; i < N; i++)
      C[i] = cp_stream_byte(&stream);
    size_t len = sign(pub, sig, CP_LMS_HEIGHT, sets[k], I, seed, C, 0, msg, sizeof msg);
    char decl[80];
    snprintf(decl, sizeof decl, "static const uint8_t pub_w%u[CP_LMS_PUB]", sets[k]->w);
    cp_emit_rows(out, decl, pub, sizeof pub, 0);
    snprintf(decl, sizeof decl, "static const uint8_t sig_w%u[%zu]", sets[k]->w, len);
    cp_emit_rows(out, decl, sig, len, 0);
  }
  fprintf(out, "\nconst struct cp_lms_vector cp_vec_lms[4] = {\n");
  for (unsigned k = 0; k < 4; k++)
    fprintf(out, "  { %u, pub_w%u, sig_w%u, sizeof sig_w%u },\n", sets[k]->w, sets[k]->w, sets[k]->w,
            sets[k]->w);
  fprintf(out, "};\n");
  if (fclose(out) != 0) {
    perror(argv[1]);
    return 2;
  }
  return 0;
}
