/* A signature's evidence against the host's own vectors (collect.c,
 * hostvec.c; issue 28): the host's key, digest or message and signature of
 * every scheme pass (ECDSA P-256/384/521, RSA v1.5 and PSS 1024/2048/3072,
 * Ed25519, Ed448); evidence whose signature OpenSSL accepts but over
 * another digest or message, under another key, of another scheme, or for
 * a result the host has no vectors for is refused at file:line:column,
 * naming the case, before OpenSSL is asked. Each forged evidence is first
 * shown to verify with OpenSSL, which is all the runner checked before. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect.h"
#include "sigcheck.h"
#include "../bench/ops.h"
#include "../bench/pk_vectors.h"
#include "../bench/vectors.h"
#include "../bench/vectors_edwards.h"

static char *hex(const uint8_t *p, size_t n)
{
    char *t = malloc(2 * n + 1);
    for (size_t i = 0; i < n; i++)
        snprintf(t + 2 * i, 3, "%02x", p[i]);
    t[2 * n] = '\0';
    return t;
}

/* One image's document: a signature result whose evidence comes first, so
 * that its lines are the same in every test: case on line 9, scheme 10,
 * public_key 11, signed 12, signature 13. fields: the result's other
 * fields, one per line, indented by four spaces. */
static char *document(const char *id, const char *scheme, const uint8_t *key, size_t key_len, const uint8_t *msg,
                      size_t msg_len, const uint8_t *sig, size_t sig_len, const char *fields)
{
    char *k = hex(key, key_len), *m = hex(msg, msg_len), *s = hex(sig, sig_len);
    size_t size = strlen(k) + strlen(m) + strlen(s) + strlen(fields) + 1024;
    char *doc = malloc(size);
    snprintf(doc, size,
             "run:\n"
             "  board: mps2-an505\n"
             "  qemu_machine: mps2-an505\n"
             "  library: {slug: mbedtls, version: \"3.6.6\", package: \"mbedtls 3.6.6-1\","
             " fingerprint: \"mbedtls-3.6.6-small 0123456789abcdef\"}\n"
             "  configuration: small\n"
             "  counter: {kind: instructions, icount_shift: 7, overhead: 17}\n"
             "results:\n"
             "  - evidence:\n"
             "      case: \"%s\"\n"
             "      scheme: \"%s\"\n"
             "      public_key: \"%s\"\n"
             "      signed: \"%s\"\n"
             "      signature: \"%s\"\n"
             "    kind: performance\n"
             "    operation: signature\n"
             "    instructions: 1000\n"
             "    stack_bytes: 8\n"
             "    heap_bytes: 0\n"
             "%s",
             id, scheme, k, m, s, fields);
    free(k);
    free(m);
    free(s);
    return doc;
}

/* Collects doc; returns the number of problems, what was said in *said
 * (allocated) and the signatures OpenSSL verified in *verified. */
static unsigned collect(char *doc, char **said, unsigned *verified)
{
    cpr_image im = { 0 };
    im.image = "img.elf";
    im.kind = "bench";
    im.board = "mps2-an505";
    im.machine = "mps2-an505";
    im.icount_shift = 7;
    im.library = "mbedtls";
    im.version = "3.6.6";
    im.package = "mbedtls 3.6.6-1";
    im.configuration = "small";
    size_t len = 0;
    *said = NULL;
    FILE *err = open_memstream(said, &len);
    cpr_collection c;
    cpr_collection_init(&c, err);
    cpr_run_output out = { doc, "", strlen(doc), 0, CPR_MODEL_NONE };
    cpr_collect_output(&c, &im, "img.elf", &out, 1);
    unsigned errors = c.errors;
    *verified = c.signatures;
    cpr_collection_free(&c);
    fclose(err);
    free(doc);
    if (errors)
        fprintf(stderr, "# %s", *said);
    return errors;
}

/* What the runner checked before: OpenSSL accepts the evidence as it is. */
static void openssl_accepts(const char *scheme, const char *curve, const char *hash, const uint8_t *key,
                            size_t key_len, const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len)
{
    const char *why;
    cpr_sig s = { scheme, curve, hash, key, key_len, msg, msg_len, sig, sig_len };
    assert_int_equal(cpr_sig_verify(&s, &why), 0);
}

static void said_once(unsigned errors, char *said, const char *want)
{
    assert_int_equal(errors, 1);
    assert_non_null(strstr(said, want));
    free(said);
}

static const char *const ec_curves[3] = { "secp256r1", "secp384r1", "secp521r1" };
static const char *const ec_hashes[3] = { "sha256", "sha384", "sha512" };
static const uint8_t *ec_digest(int i)
{
    return i == 0 ? cp_vec_sha256[0] : i == 1 ? cp_vec_sha384[0] : cp_vec_sha512[0];
}

/* ECDSA: r || s of digest under private scalar d (with its public point q)
 * on the curve named group. */
static size_t ecdsa_sign(const char *group, const uint8_t *d, size_t d_len, const uint8_t *q, size_t q_len,
                         const uint8_t *digest, size_t digest_len, uint8_t *sig)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *priv = BN_bin2bn(d, (int)d_len, NULL);
    assert_non_null(bld);
    assert_non_null(priv);
    assert_int_equal(OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0), 1);
    assert_int_equal(OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, priv), 1);
    assert_int_equal(OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, q, q_len), 1);
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *fc = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *key = NULL;
    assert_int_equal(EVP_PKEY_fromdata_init(fc), 1);
    assert_int_equal(EVP_PKEY_fromdata(fc, &key, EVP_PKEY_KEYPAIR, params), 1);
    EVP_PKEY_CTX *sc = EVP_PKEY_CTX_new(key, NULL);
    unsigned char der[160];
    size_t der_len = sizeof der;
    assert_int_equal(EVP_PKEY_sign_init(sc), 1);
    assert_int_equal(EVP_PKEY_sign(sc, der, &der_len, digest, digest_len), 1);
    const unsigned char *p = der;
    ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &p, (long)der_len);
    assert_non_null(es);
    assert_true(BN_bn2binpad(ECDSA_SIG_get0_r(es), sig, (int)d_len) == (int)d_len);
    assert_true(BN_bn2binpad(ECDSA_SIG_get0_s(es), sig + d_len, (int)d_len) == (int)d_len);
    ECDSA_SIG_free(es);
    EVP_PKEY_CTX_free(sc);
    EVP_PKEY_free(key);
    EVP_PKEY_CTX_free(fc);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_free(priv);
    return 2 * d_len;
}

static char *ecdsa_fields(int i)
{
    char *f = malloc(128);
    snprintf(f, 128, "    family: ECDSA\n    curve: %s\n    hash: %s\n", ec_curves[i], ec_hashes[i]);
    return f;
}

static void every_scheme_passes_with_the_host_vectors(void **state)
{
    (void)state;
    char *said, id[64];
    unsigned verified;
    for (int i = 0; i < 3; i++) {
        const struct cp_ec_vector *v = &cp_vec_ec[i];
        char *f = ecdsa_fields(i);
        snprintf(id, sizeof id, "ecdsa-%s-%s-sign", ec_curves[i], ec_hashes[i]);
        assert_int_equal(collect(document(id, "ecdsa", v->q_a, v->q_len, ec_digest(i), (size_t)32 + 16 * (size_t)i,
                                          v->sig, 2 * v->z_len, f), &said, &verified), 0);
        assert_int_equal(verified, 1);
        free(said);
        free(f);
    }
    for (int pss = 0; pss < 2; pss++) {
        for (int k = 0; k < 3; k++) {
            const struct cp_rsa_vector *v = &cp_vec_rsa[k];
            char f[128];
            snprintf(f, sizeof f, "    family: RSA\n    pkcs1: %s\n    hash: sha256\n    modulus_bits: %u\n",
                     pss ? "v2.1" : "v1.5", v->bits);
            snprintf(id, sizeof id, "rsa-%s-%u-sign", pss ? "pss" : "v1.5", v->bits);
            assert_int_equal(collect(document(id, pss ? "rsa-pss" : "rsa-pkcs1-v1.5", v->n, v->bits / 8,
                                              cp_vec_sha256[0], 32, pss ? v->sig_pss : v->sig_v15, v->bits / 8, f),
                                     &said, &verified), 0);
            assert_int_equal(verified, 1);
            free(said);
        }
    }
    assert_int_equal(collect(document("ed25519-sign-1023", "ed25519", cp_vec_ed25519_pub, CP_ED25519_KEY,
                                      cp_vec_ed_msg, CP_VEC_ED_MSG_LEN, cp_vec_ed25519_sig, CP_ED25519_SIG,
                                      "    family: EdDSA\n    curve: ed25519\n    message_bytes: 1023\n"),
                             &said, &verified), 0);
    assert_int_equal(verified, 1);
    free(said);
    assert_int_equal(collect(document("ed448-sign-1023", "ed448", cp_vec_ed448_pub, CP_ED448_KEY, cp_vec_ed_msg,
                                      CP_VEC_ED_MSG_LEN, cp_vec_ed448_sig, CP_ED448_SIG,
                                      "    family: EdDSA\n    curve: ed448\n    message_bytes: 1023\n"),
                             &said, &verified), 0);
    assert_int_equal(verified, 1);
    free(said);
}

/* The harness signed and reported another digest (the SHA-256 of 64 bytes,
 * the next row of the table) with the host's key: a valid signature. */
static void ecdsa_another_digest_refused(void **state)
{
    (void)state;
    const struct cp_ec_vector *v = &cp_vec_ec[CP_P256];
    uint8_t sig[64];
    size_t n = ecdsa_sign("P-256", v->d_a, v->d_len, v->q_a, v->q_len, cp_vec_sha256[1], 32, sig);
    openssl_accepts("ecdsa", "secp256r1", "sha256", v->q_a, v->q_len, cp_vec_sha256[1], 32, sig, n);
    char *said, *f = ecdsa_fields(0);
    unsigned verified;
    unsigned errors = collect(document("ecdsa-secp256r1-sha256-sign", "ecdsa", v->q_a, v->q_len, cp_vec_sha256[1],
                                       32, sig, n, f), &said, &verified);
    assert_int_equal(verified, 0);
    said_once(errors, said,
              "img.elf:12:15: case 'ecdsa-secp256r1-sha256-sign': evidence.signed: expected the host's digest, "
              "SHA-256 of the suite's 32-byte message (cp_vec_sha256[0], firmware/vectors/mkvectors.c), found "
              "other bytes: 32 bytes, the first difference at byte 0");
    free(f);
}

/* A key of the harness's own (a fresh one) signed the host's digest. */
static void ecdsa_another_key_refused(void **state)
{
    (void)state;
    EVP_PKEY *k = EVP_EC_gen("P-384");
    assert_non_null(k);
    uint8_t q[97], d[48], sig[96];
    size_t q_len = 0;
    BIGNUM *priv = NULL;
    assert_int_equal(EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_PUB_KEY, q, sizeof q, &q_len), 1);
    assert_int_equal(EVP_PKEY_get_bn_param(k, OSSL_PKEY_PARAM_PRIV_KEY, &priv), 1);
    assert_true(BN_bn2binpad(priv, d, sizeof d) == (int)sizeof d);
    size_t n = ecdsa_sign("P-384", d, sizeof d, q, q_len, cp_vec_sha384[0], 48, sig);
    openssl_accepts("ecdsa", "secp384r1", "sha384", q, q_len, cp_vec_sha384[0], 48, sig, n);
    char *said, *f = ecdsa_fields(1);
    unsigned verified;
    unsigned errors = collect(document("ecdsa-secp384r1-sha384-sign", "ecdsa", q, q_len, cp_vec_sha384[0], 48, sig,
                                       n, f), &said, &verified);
    assert_int_equal(verified, 0);
    said_once(errors, said,
              "img.elf:11:19: case 'ecdsa-secp384r1-sha384-sign': evidence.public_key: expected the host's public "
              "key, side A's P-384 key (cp_vec_ec[CP_P384].q_a, firmware/vectors/mkpkvectors.c), found other "
              "bytes: 97 bytes, the first difference at byte ");
    free(f);
    BN_free(priv);
    EVP_PKEY_free(k);
}

static const char rsa_v15_2048[] = "    family: RSA\n    pkcs1: v1.5\n    hash: sha256\n    modulus_bits: 2048\n";

/* The row says 2048 bits; the harness took the 1024-bit key of the table,
 * whose v1.5 signature of the host's digest is valid. */
static void rsa_another_key_refused(void **state)
{
    (void)state;
    const struct cp_rsa_vector *small = &cp_vec_rsa[0];
    openssl_accepts("rsa-pkcs1-v1.5", NULL, "sha256", small->n, 128, cp_vec_sha256[0], 32, small->sig_v15, 128);
    char *said;
    unsigned verified;
    unsigned errors = collect(document("rsa-v1.5-2048-sign", "rsa-pkcs1-v1.5", small->n, 128, cp_vec_sha256[0], 32,
                                       small->sig_v15, 128, rsa_v15_2048), &said, &verified);
    assert_int_equal(verified, 0);
    said_once(errors, said,
              "img.elf:11:19: case 'rsa-v1.5-2048-sign': evidence.public_key: expected the host's public key, the "
              "2048-bit modulus (cp_vec_rsa[1].n, firmware/vectors/mkpkvectors.c), found other bytes: 128 bytes "
              "for the host's 256");
}

/* The row says PKCS#1 v1.5; the harness made (and said) a PSS signature. */
static void rsa_another_scheme_refused(void **state)
{
    (void)state;
    const struct cp_rsa_vector *v = &cp_vec_rsa[1];
    openssl_accepts("rsa-pss", NULL, "sha256", v->n, 256, cp_vec_sha256[0], 32, v->sig_pss, 256);
    char *said;
    unsigned verified;
    unsigned errors = collect(document("rsa-v1.5-2048-sign", "rsa-pss", v->n, 256, cp_vec_sha256[0], 32, v->sig_pss,
                                       256, rsa_v15_2048), &said, &verified);
    assert_int_equal(verified, 0);
    said_once(errors, said,
              "img.elf:10:15: case 'rsa-v1.5-2048-sign': evidence.scheme: expected 'rsa-pkcs1-v1.5', the host's "
              "for this result, found 'rsa-pss'");
}

/* EdDSA signs the message itself: the host's key over 1023 other bytes. */
static void eddsa_another_message_refused(void **state)
{
    (void)state;
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, cp_vec_ed25519_priv, CP_ED25519_KEY);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    uint8_t sig[CP_ED25519_SIG];
    size_t n = sizeof sig;
    const uint8_t *other = cp_vec_msg; /* the symmetric suite's message */
    assert_non_null(k);
    assert_int_equal(EVP_DigestSignInit(ctx, NULL, NULL, NULL, k), 1);
    assert_int_equal(EVP_DigestSign(ctx, sig, &n, other, CP_VEC_ED_MSG_LEN), 1);
    openssl_accepts("ed25519", NULL, NULL, cp_vec_ed25519_pub, CP_ED25519_KEY, other, CP_VEC_ED_MSG_LEN, sig, n);
    char *said;
    unsigned verified;
    unsigned errors = collect(document("ed25519-sign-1023", "ed25519", cp_vec_ed25519_pub, CP_ED25519_KEY, other,
                                       CP_VEC_ED_MSG_LEN, sig, n,
                                       "    family: EdDSA\n    curve: ed25519\n    message_bytes: 1023\n"),
                              &said, &verified);
    assert_int_equal(verified, 0);
    said_once(errors, said,
              "img.elf:12:15: case 'ed25519-sign-1023': evidence.signed: expected the host's message, the suite's "
              "1023-byte EdDSA message (cp_vec_ed_msg, firmware/vectors/mkvectors_edwards.c), found other bytes: "
              "1023 bytes, the first difference at byte 0");
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(k);
}

/* P-384 with SHA-256: the host's P-384 key signed the SHA-256 digest, a
 * valid signature of a pair the suite does not have. */
static void no_host_vectors_refused(void **state)
{
    (void)state;
    const struct cp_ec_vector *v = &cp_vec_ec[CP_P384];
    uint8_t sig[96];
    size_t n = ecdsa_sign("P-384", v->d_a, v->d_len, v->q_a, v->q_len, cp_vec_sha256[0], 32, sig);
    openssl_accepts("ecdsa", "secp384r1", "sha256", v->q_a, v->q_len, cp_vec_sha256[0], 32, sig, n);
    char *said;
    unsigned verified;
    unsigned errors = collect(document("ecdsa-secp384r1-sha256-sign", "ecdsa", v->q_a, v->q_len, cp_vec_sha256[0],
                                       32, sig, n, "    family: ECDSA\n    curve: secp384r1\n    hash: sha256\n"),
                              &said, &verified);
    assert_int_equal(verified, 0);
    said_once(errors, said,
              "img.elf:9:7: case 'ecdsa-secp384r1-sha256-sign': evidence: expected a signature result the host "
              "has its own vectors for, found family 'ECDSA', curve 'secp384r1', hash 'sha256': the host has "
              "ECDSA vectors for secp256r1 with sha256, secp384r1 with sha384 and secp521r1 with sha512 only");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_scheme_passes_with_the_host_vectors),
        cmocka_unit_test(ecdsa_another_digest_refused),
        cmocka_unit_test(ecdsa_another_key_refused),
        cmocka_unit_test(rsa_another_key_refused),
        cmocka_unit_test(rsa_another_scheme_refused),
        cmocka_unit_test(eddsa_another_message_refused),
        cmocka_unit_test(no_host_vectors_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
