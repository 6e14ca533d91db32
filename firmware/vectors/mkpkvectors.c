/* Host tool: the fixed keys and known answers of the public-key suite
 * (firmware/bench/pk_vectors.h), computed with OpenSSL, an implementation
 * independent of the libraries under test. Deterministic: every input comes
 * from a fixed xorshift32 stream or an RFC, and RSA primes are the next
 * primes after stream values.
 *   mkpkvectors <out.c>
 * Exit: 0 ok, 1 an OpenSSL call failed or an RFC vector did not reproduce,
 * 2 usage or I/O. */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "emit.h"
#include "sigcheck.h"

static FILE *out;
static uint32_t stream = 0x9E3779B9u;
/* Nonces and salts come from a stream of their own, so that the keys of
 * the main stream stay what they were before signatures were added. */
static uint32_t nonce_stream = 0x6A09E667u;
static BN_CTX *bnctx;
/* SHA-256/384/512 of the first 32 bytes of the message stream of mkvectors
 * (cp_vec_sha256[0], cp_vec_sha384[0], cp_vec_sha512[0]): what the ECDSA
 * and RSA cases sign. */
static unsigned char sha256[32], sha384[48], sha512[64];

static void fail(const char *what)
{
  fprintf(stderr, "mkpkvectors: %s failed\n", what);
  exit(1);
}

static void emit(const char *name, const unsigned char *p, size_t n)
{
  char decl[96];
  snprintf(decl, sizeof decl, "static const uint8_t %s[%zu]", name, n);
  cp_emit_rows(out, decl, p, n, 0);
}

static void emit_bn(const char *name, const BIGNUM *b, size_t n)
{
  unsigned char buf[512];
  if (n > sizeof buf || BN_bn2binpad(b, buf, (int)n) < 0)
    fail(name);
  emit(name, buf, n);
}

static void fill_from(uint32_t *st, unsigned char *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    p[i] = cp_stream_byte(st);
}

static void fill(unsigned char *p, size_t n)
{
  fill_from(&stream, p, n);
}

/* RFC 7748 section 6.1. */
static const unsigned char x25519_alice_priv[32] = {
  0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
  0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a };
static const unsigned char x25519_bob_pub[32] = {
  0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
  0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f };
static const unsigned char x25519_shared[32] = {
  0x4a, 0x5d, 0x9d, 0x5b, 0xa4, 0xce, 0x2d, 0xe1, 0x72, 0x8e, 0x3b, 0xf4, 0x80, 0x35, 0x0f, 0x25,
  0xe0, 0x7e, 0x21, 0xc9, 0x47, 0xd1, 0x9e, 0x33, 0x76, 0xf0, 0x9b, 0x3c, 0x1e, 0x16, 0x17, 0x42 };

/* The signatures the firmware must accept are checked here once more with
 * libcrypto's own verification (firmware/runner/sigcheck.c). */
static void self_check(const cpr_sig *sig, const char *what)
{
  const char *why;
  if (cpr_sig_verify(sig, &why) != 0) {
    fprintf(stderr, "mkpkvectors: %s: %s\n", what, why);
    exit(1);
  }
}

/* ECDSA with a fixed nonce k (OpenSSL 3.0 has no RFC 6979 option, and a
 * random signature would make the verification's instruction count differ
 * between builds): r = x(kG) mod n, s = k^-1 (e + r d) mod n, on OpenSSL's
 * EC and BN arithmetic. */
static void ecdsa_sign(const EC_GROUP *g, const BIGNUM *d, const unsigned char *digest, size_t dlen,
                       unsigned char *sig, size_t flen)
{
  const BIGNUM *n = EC_GROUP_get0_order(g);
  unsigned char kb[66];
  fill_from(&nonce_stream, kb, flen);
  kb[0] &= 0x01; /* below every order of the three curves */
  BIGNUM *k = BN_bin2bn(kb, (int)flen, NULL), *e = BN_bin2bn(digest, (int)dlen, NULL), *x = BN_new(),
         *r = BN_new(), *t = BN_new(), *kinv = BN_new();
  EC_POINT *p = EC_POINT_new(g);
  int bits = BN_num_bits(n);
  if (!k || !e || !x || !r || !t || !kinv || !p || BN_is_zero(k) ||
      ((int)dlen * 8 > bits && !BN_rshift(e, e, (int)dlen * 8 - bits)) ||
      !EC_POINT_mul(g, p, k, NULL, NULL, bnctx) || !EC_POINT_get_affine_coordinates(g, p, x, NULL, bnctx) ||
      !BN_nnmod(r, x, n, bnctx) || BN_is_zero(r) || !BN_mod_mul(t, r, d, n, bnctx) ||
      !BN_mod_add(t, t, e, n, bnctx) || !BN_mod_inverse(kinv, k, n, bnctx) ||
      !BN_mod_mul(t, t, kinv, n, bnctx) || BN_is_zero(t) || BN_bn2binpad(r, sig, (int)flen) < 0 ||
      BN_bn2binpad(t, sig + flen, (int)flen) < 0)
    fail("ECDSA signature");
  BIGNUM *all[] = { k, e, x, r, t, kinv };
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    BN_free(all[i]);
  EC_POINT_free(p);
}

/* A Weierstrass curve: private keys from the stream (top bits cleared so
 * that they are below the order), A's public point, B's public point, x of
 * dA * QB, and A's ECDSA signature of the curve's digest. */
static void ec_weierstrass(const char *tag, int nid, const char *curve, const char *hash,
                           const unsigned char *digest, size_t dlen, size_t flen, unsigned char top_mask)
{
  unsigned char da[66], db[66], qa[1 + 2 * 66], qb[1 + 2 * 66], z[66], sig[2 * 66];
  fill(da, flen);
  fill(db, flen);
  da[0] &= top_mask;
  db[0] &= top_mask;
  EC_GROUP *g = EC_GROUP_new_by_curve_name(nid);
  BIGNUM *a = BN_bin2bn(da, (int)flen, NULL), *b = BN_bin2bn(db, (int)flen, NULL), *x = BN_new();
  EC_POINT *q = g ? EC_POINT_new(g) : NULL, *s = g ? EC_POINT_new(g) : NULL;
  if (!g || !a || !b || !x || !q || !s || !EC_POINT_mul(g, q, b, NULL, NULL, bnctx) ||
      EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, qb, sizeof qb, bnctx) != 1 + 2 * flen ||
      !EC_POINT_mul(g, s, NULL, q, a, bnctx) ||
      !EC_POINT_get_affine_coordinates(g, s, x, NULL, bnctx) || BN_bn2binpad(x, z, (int)flen) < 0 ||
      !EC_POINT_mul(g, q, a, NULL, NULL, bnctx) ||
      EC_POINT_point2oct(g, q, POINT_CONVERSION_UNCOMPRESSED, qa, sizeof qa, bnctx) != 1 + 2 * flen)
    fail(tag);
  ecdsa_sign(g, a, digest, dlen, sig, flen);
  self_check(&(cpr_sig){ "ecdsa", curve, hash, qa, 1 + 2 * flen, digest, dlen, sig, 2 * flen }, tag);
  char name[32];
  snprintf(name, sizeof name, "%s_d_a", tag);
  emit(name, da, flen);
  snprintf(name, sizeof name, "%s_q_a", tag);
  emit(name, qa, 1 + 2 * flen);
  snprintf(name, sizeof name, "%s_q_b", tag);
  emit(name, qb, 1 + 2 * flen);
  snprintf(name, sizeof name, "%s_z", tag);
  emit(name, z, flen);
  snprintf(name, sizeof name, "%s_sig", tag);
  emit(name, sig, 2 * flen);
  EC_POINT_free(q);
  EC_POINT_free(s);
  BN_free(a);
  BN_free(b);
  BN_free(x);
  EC_GROUP_free(g);
}

/* X25519 / X448 through EVP: dA with B's public key. */
static void ec_montgomery(const char *tag, int type, size_t len, const unsigned char *da,
                          const unsigned char *qb, unsigned char *z)
{
  EVP_PKEY *a = EVP_PKEY_new_raw_private_key(type, NULL, da, len);
  EVP_PKEY *b = EVP_PKEY_new_raw_public_key(type, NULL, qb, len);
  EVP_PKEY_CTX *c = a ? EVP_PKEY_CTX_new(a, NULL) : NULL;
  size_t n = len;
  if (!b || !c || EVP_PKEY_derive_init(c) <= 0 || EVP_PKEY_derive_set_peer(c, b) <= 0 ||
      EVP_PKEY_derive(c, z, &n) <= 0 || n != len)
    fail(tag);
  EVP_PKEY_CTX_free(c);
  EVP_PKEY_free(a);
  EVP_PKEY_free(b);
}

static void ec_x448(void)
{
  unsigned char da[56], db[56], qb[56], z[56];
  fill(da, sizeof da);
  fill(db, sizeof db);
  EVP_PKEY *b = EVP_PKEY_new_raw_private_key(EVP_PKEY_X448, NULL, db, sizeof db);
  size_t n = sizeof qb;
  if (!b || !EVP_PKEY_get_raw_public_key(b, qb, &n) || n != sizeof qb)
    fail("x448 public key");
  EVP_PKEY_free(b);
  ec_montgomery("x448", EVP_PKEY_X448, 56, da, qb, z);
  emit("x448_d_a", da, 56);
  emit("x448_q_b", qb, 56);
  emit("x448_z", z, 56);
}

static void ec_x25519(void)
{
  unsigned char z[32];
  ec_montgomery("x25519", EVP_PKEY_X25519, 32, x25519_alice_priv, x25519_bob_pub, z);
  if (memcmp(z, x25519_shared, sizeof z) != 0)
    fail("X25519 reproducing RFC 7748 section 6.1");
  emit("x25519_d_a", x25519_alice_priv, 32);
  emit("x25519_q_b", x25519_bob_pub, 32);
  emit("x25519_z", z, 32);
}

/* The first prime p >= a stream value with its two top bits set and
 * gcd(p - 1, e) = 1, so that p * q has exactly the wanted length. */
static BIGNUM *next_prime(size_t bytes, const BIGNUM *e)
{
  unsigned char buf[192];
  fill(buf, bytes);
  buf[0] |= 0xC0;
  buf[bytes - 1] |= 1;
  BIGNUM *p = BN_bin2bn(buf, (int)bytes, NULL), *p1 = BN_new(), *g = BN_new();
  for (;;) {
    int prime = BN_check_prime(p, bnctx, NULL);
    if (prime < 0 || !BN_sub(p1, p, BN_value_one()) || !BN_gcd(g, p1, e, bnctx))
      fail("prime search");
    if (prime == 1 && BN_is_one(g))
      break;
    if (!BN_add_word(p, 2))
      fail("prime search");
  }
  BN_free(p1);
  BN_free(g);
  return p;
}

/* The v1.5 signature of digest by OpenSSL's own RSA code. */
static void rsa_sign_v15(const BIGNUM *const f[8], const unsigned char *digest, unsigned char *sig,
                         size_t len)
{
  static const char *const keys[8] = {
    OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
    OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
    OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1,
  };
  OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
  for (int i = 0; bld && i < 8; i++)
    if (!OSSL_PARAM_BLD_push_BN(bld, keys[i], f[i]))
      fail("RSA key parameters");
  OSSL_PARAM *params = bld ? OSSL_PARAM_BLD_to_param(bld) : NULL;
  EVP_PKEY_CTX *fc = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
  EVP_PKEY *key = NULL;
  if (!params || !fc || EVP_PKEY_fromdata_init(fc) <= 0 ||
      EVP_PKEY_fromdata(fc, &key, EVP_PKEY_KEYPAIR, params) <= 0)
    fail("RSA key import");
  EVP_PKEY_CTX *sc = EVP_PKEY_CTX_new(key, NULL);
  size_t n = len;
  if (!sc || EVP_PKEY_sign_init(sc) <= 0 || EVP_PKEY_CTX_set_rsa_padding(sc, RSA_PKCS1_PADDING) <= 0 ||
      EVP_PKEY_CTX_set_signature_md(sc, EVP_sha256()) <= 0 ||
      EVP_PKEY_sign(sc, sig, &n, digest, 32) <= 0 || n != len)
    fail("RSA PKCS#1 v1.5 signature");
  EVP_PKEY_CTX_free(sc);
  EVP_PKEY_CTX_free(fc);
  EVP_PKEY_free(key);
  OSSL_PARAM_free(params);
  OSSL_PARAM_BLD_free(bld);
}

/* MGF1 with SHA-256 (RFC 8017 appendix B.2.1). */
static void mgf1_sha256(unsigned char *mask, size_t len, const unsigned char *seed, size_t seed_len)
{
  unsigned char block[64 + 4], h[32];
  memcpy(block, seed, seed_len);
  for (uint32_t counter = 0; len > 0; counter++) {
    unsigned hn = 0;
    for (int i = 0; i < 4; i++)
      block[seed_len + (size_t)i] = (unsigned char)(counter >> (24 - 8 * i));
    if (!EVP_Digest(block, seed_len + 4, h, &hn, EVP_sha256(), NULL) || hn != 32)
      fail("MGF1");
    size_t n = len < 32 ? len : 32;
    memcpy(mask, h, n);
    mask += n;
    len -= n;
  }
}

/* EMSA-PSS (RFC 8017 section 9.1.1) with SHA-256, MGF1-SHA-256 and a
 * 32-byte salt from the stream (OpenSSL's own PSS signing draws a random
 * salt; a fixed one keeps every build's images alike), then m^d mod n. */
static void rsa_sign_pss(const BIGNUM *n, const BIGNUM *d, unsigned bits, const unsigned char *digest,
                         unsigned char *sig)
{
  enum { HLEN = 32, SLEN = 32 };
  size_t em_len = bits / 8; /* emBits = bits - 1: one spare top bit */
  unsigned char salt[SLEN], mprime[8 + HLEN + SLEN] = { 0 }, h[HLEN], em[384], mask[384];
  unsigned hn = 0;
  fill_from(&nonce_stream, salt, SLEN);
  memcpy(mprime + 8, digest, HLEN);
  memcpy(mprime + 8 + HLEN, salt, SLEN);
  size_t db_len = em_len - HLEN - 1;
  memset(em, 0, db_len);
  em[db_len - SLEN - 1] = 0x01;
  memcpy(em + db_len - SLEN, salt, SLEN);
  if (!EVP_Digest(mprime, sizeof mprime, h, &hn, EVP_sha256(), NULL) || hn != HLEN)
    fail("EMSA-PSS encoding");
  mgf1_sha256(mask, db_len, h, HLEN);
  for (size_t i = 0; i < db_len; i++)
    em[i] ^= mask[i];
  em[0] &= 0x7F;
  memcpy(em + db_len, h, HLEN);
  em[em_len - 1] = 0xBC;
  BIGNUM *m = BN_bin2bn(em, (int)em_len, NULL), *s = BN_new();
  if (!m || !s || !BN_mod_exp(s, m, d, n, bnctx) || BN_bn2binpad(s, sig, (int)em_len) < 0)
    fail("RSA-PSS signature");
  BN_free(m);
  BN_free(s);
}

static void rsa_key(unsigned bits, const unsigned char *digest)
{
  size_t len = bits / 8;
  BIGNUM *e = BN_new(), *n = BN_new(), *d = BN_new(), *phi = BN_new(), *p1 = BN_new(),
         *q1 = BN_new(), *dp = BN_new(), *dq = BN_new(), *qi = BN_new();
  if (!e || !BN_set_word(e, 65537))
    fail("RSA exponent");
  BIGNUM *p = next_prime(len / 2, e), *q = next_prime(len / 2, e);
  if (!BN_mul(n, p, q, bnctx) || BN_num_bits(n) != (int)bits || !BN_sub(p1, p, BN_value_one()) ||
      !BN_sub(q1, q, BN_value_one()) || !BN_mul(phi, p1, q1, bnctx) ||
      !BN_mod_inverse(d, e, phi, bnctx) || !BN_mod(dp, d, p1, bnctx) || !BN_mod(dq, d, q1, bnctx) ||
      !BN_mod_inverse(qi, q, p, bnctx))
    fail("RSA key");
  const BIGNUM *f[8] = { n, e, d, p, q, dp, dq, qi };
  unsigned char sig[384], pss[384], nb[384];
  rsa_sign_v15(f, digest, sig, len);
  rsa_sign_pss(n, d, bits, digest, pss);
  if (BN_bn2binpad(n, nb, (int)len) < 0)
    fail("RSA modulus");
  self_check(&(cpr_sig){ "rsa-pkcs1-v1.5", NULL, "sha256", nb, len, digest, 32, sig, len }, "RSA v1.5");
  self_check(&(cpr_sig){ "rsa-pss", NULL, "sha256", nb, len, digest, 32, pss, len }, "RSA-PSS");
  char name[32];
  snprintf(name, sizeof name, "rsa%u_n", bits);
  emit_bn(name, n, len);
  snprintf(name, sizeof name, "rsa%u_p", bits);
  emit_bn(name, p, len / 2);
  snprintf(name, sizeof name, "rsa%u_q", bits);
  emit_bn(name, q, len / 2);
  snprintf(name, sizeof name, "rsa%u_d", bits);
  emit_bn(name, d, len);
  snprintf(name, sizeof name, "rsa%u_dp", bits);
  emit_bn(name, dp, len / 2);
  snprintf(name, sizeof name, "rsa%u_dq", bits);
  emit_bn(name, dq, len / 2);
  snprintf(name, sizeof name, "rsa%u_qinv", bits);
  emit_bn(name, qi, len / 2);
  snprintf(name, sizeof name, "rsa%u_sig", bits);
  emit(name, sig, len);
  snprintf(name, sizeof name, "rsa%u_pss", bits);
  emit(name, pss, len);
  BIGNUM *all[] = { e, n, d, phi, p1, q1, dp, dq, qi, p, q };
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    BN_free(all[i]);
}

int main(int argc, char **argv)
{
  if (argc != 2 || !(out = fopen(argv[1], "w"))) {
    fprintf(stderr, "usage: mkpkvectors <out.c>\n");
    return 2;
  }
  if (!(bnctx = BN_CTX_new()))
    fail("BN_CTX_new");
  fprintf(out, "/* Generated by firmware/vectors/mkpkvectors.c with OpenSSL. Do not edit. */\n"
               "#include \"pk_vectors.h\"\n");
  /* The digests the ECDSA and RSA known answers sign: SHA-2 of the first 32
   * bytes of the message stream of mkvectors (cp_vec_sha256[0], ...). */
  unsigned char msg[32];
  uint32_t s = 0x2545F491u;
  for (size_t i = 0; i < sizeof msg; i++)
    msg[i] = cp_stream_byte(&s);
  unsigned n256 = 0, n384 = 0, n512 = 0;
  if (!EVP_Digest(msg, sizeof msg, sha256, &n256, EVP_sha256(), NULL) || n256 != 32 ||
      !EVP_Digest(msg, sizeof msg, sha384, &n384, EVP_sha384(), NULL) || n384 != 48 ||
      !EVP_Digest(msg, sizeof msg, sha512, &n512, EVP_sha512(), NULL) || n512 != 64)
    fail("SHA-2");
  ec_weierstrass("p256", NID_X9_62_prime256v1, "secp256r1", "sha256", sha256, 32, 32, 0x7F);
  ec_weierstrass("p384", NID_secp384r1, "secp384r1", "sha384", sha384, 48, 48, 0x7F);
  ec_weierstrass("p521", NID_secp521r1, "secp521r1", "sha512", sha512, 64, 66, 0x01);
  ec_x25519();
  ec_x448();
  fprintf(out, "#define EC(c, f, q) { c##_d_a, c##_q_a, c##_q_b, c##_z, c##_sig, f, q, f }\n"
               "#define XDH(c, f) { c##_d_a, NULL, c##_q_b, c##_z, NULL, f, f, f }\n"
               "const struct cp_ec_vector cp_vec_ec[5] = {\n"
               "  EC(p256, 32, 65), EC(p384, 48, 97), EC(p521, 66, 133), XDH(x25519, 32), XDH(x448, 56),\n"
               "};\n");

  const unsigned char *digest = sha256;
  static const unsigned rsa_bits[3] = { 1024, 2048, 3072 };
  for (int i = 0; i < 3; i++)
    rsa_key(rsa_bits[i], digest);
  fprintf(out, "#define RSA(b) { b, rsa##b##_n, rsa##b##_p, rsa##b##_q, rsa##b##_d, rsa##b##_dp, rsa##b##_dq, \\\n"
               "  rsa##b##_qinv, rsa##b##_sig, rsa##b##_pss }\n"
               "const struct cp_rsa_vector cp_vec_rsa[3] = { RSA(1024), RSA(2048), RSA(3072) };\n");

  BIGNUM *p1024 = BN_get_rfc2409_prime_1024(NULL), *p2048 = BN_get_rfc3526_prime_2048(NULL);
  if (!p1024 || !p2048)
    fail("DH groups");
  emit_bn("dh1024_p", p1024, 128);
  emit_bn("dh2048_p", p2048, 256);
  fprintf(out, "const struct cp_dh_vector cp_vec_dh[2] = { { 1024, dh1024_p }, { 2048, dh2048_p } };\n");
  BN_free(p1024);
  BN_free(p2048);
  BN_CTX_free(bnctx);
  if (fclose(out) != 0) {
    perror(argv[1]);
    return 2;
  }
  return 0;
}
