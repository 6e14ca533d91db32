/* The host's OpenSSL check of the signatures an image made (sigcheck.c):
 * each scheme accepts a signature libcrypto made here and refuses it with
 * one byte flipped, over a shorter digest, or under another key; a digest
 * whose length does not match its hash, an unknown scheme and a point off
 * the curve are refused with a reason. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <string.h>

#include "sigcheck.h"

static unsigned char digest[32], sig[512], key[512], msg[100];
static size_t sig_len, key_len;

static void fill_digest(void)
{
    for (size_t i = 0; i < sizeof digest; i++)
        digest[i] = (unsigned char)(i * 7 + 1);
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(i * 13 + 5);
}

static int verify(const char *scheme, const char *curve, const char *hash, const unsigned char *m,
                  size_t m_len, const char **why)
{
    cpr_sig s = { scheme, curve, hash, key, key_len, m, m_len, sig, sig_len };
    return cpr_sig_verify(&s, why);
}

/* A P-256 key and the r || s signature of digest. */
static void make_ecdsa(void)
{
    EVP_PKEY *k = EVP_EC_gen("P-256");
    assert_non_null(k);
    assert_int_equal(EVP_PKEY_get_octet_string_param(k, OSSL_PKEY_PARAM_PUB_KEY, key, sizeof key, &key_len), 1);
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(k, NULL);
    unsigned char der[80];
    size_t der_len = sizeof der;
    assert_int_equal(EVP_PKEY_sign_init(c), 1);
    assert_int_equal(EVP_PKEY_sign(c, der, &der_len, digest, sizeof digest), 1);
    const unsigned char *p = der;
    ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &p, (long)der_len);
    assert_non_null(es);
    assert_true(BN_bn2binpad(ECDSA_SIG_get0_r(es), sig, 32) == 32);
    assert_true(BN_bn2binpad(ECDSA_SIG_get0_s(es), sig + 32, 32) == 32);
    sig_len = 64;
    ECDSA_SIG_free(es);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(k);
}

static void ecdsa(void **state)
{
    (void)state;
    const char *why;
    make_ecdsa();
    assert_int_equal(verify("ecdsa", "secp256r1", "sha256", digest, sizeof digest, &why), 0);
    assert_null(why);
    sig[10] ^= 1;
    assert_int_equal(verify("ecdsa", "secp256r1", "sha256", digest, sizeof digest, &why), -1);
    assert_string_equal(why, "OpenSSL does not accept the signature");
}

static void ecdsa_half_digest(void **state)
{
    (void)state;
    const char *why;
    make_ecdsa();
    /* signed the whole digest; offered as a 16-byte one it must not pass */
    assert_int_equal(verify("ecdsa", "secp256r1", "sha256", digest, 16, &why), -1);
    assert_string_equal(why, "expected a digest of sha256, sha384 or sha512 of its length");
}

static void ecdsa_other_digest(void **state)
{
    (void)state;
    const char *why;
    make_ecdsa();
    digest[31] ^= 0x80;
    assert_int_equal(verify("ecdsa", "secp256r1", "sha256", digest, sizeof digest, &why), -1);
    assert_string_equal(why, "OpenSSL does not accept the signature");
    digest[31] ^= 0x80;
}

static void ecdsa_bad_point(void **state)
{
    (void)state;
    const char *why;
    make_ecdsa();
    key[40] ^= 1; /* no longer on the curve */
    assert_int_equal(verify("ecdsa", "secp256r1", "sha256", digest, sizeof digest, &why), -1);
    assert_string_equal(why, "the public key is not a point of the curve");
}

static void rsa_pss(void **state)
{
    (void)state;
    const char *why;
    EVP_PKEY *k = EVP_RSA_gen(1024);
    assert_non_null(k);
    BIGNUM *n = NULL;
    assert_int_equal(EVP_PKEY_get_bn_param(k, OSSL_PKEY_PARAM_RSA_N, &n), 1);
    key_len = (size_t)BN_bn2bin(n, key);
    BN_free(n);
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(k, NULL);
    sig_len = sizeof sig;
    assert_int_equal(EVP_PKEY_sign_init(c), 1);
    assert_int_equal(EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PSS_PADDING), 1);
    assert_int_equal(EVP_PKEY_CTX_set_signature_md(c, EVP_sha256()), 1);
    assert_int_equal(EVP_PKEY_sign(c, sig, &sig_len, digest, sizeof digest), 1);
    assert_int_equal(verify("rsa-pss", NULL, "sha256", digest, sizeof digest, &why), 0);
    /* a PSS signature is not a v1.5 one */
    assert_int_equal(verify("rsa-pkcs1-v1.5", NULL, "sha256", digest, sizeof digest, &why), -1);
    sig[sig_len - 1] ^= 1;
    assert_int_equal(verify("rsa-pss", NULL, "sha256", digest, sizeof digest, &why), -1);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(k);
}

static void ed25519(void **state)
{
    (void)state;
    const char *why;
    EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
    assert_non_null(k);
    key_len = 32;
    assert_int_equal(EVP_PKEY_get_raw_public_key(k, key, &key_len), 1);
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    sig_len = 64;
    assert_int_equal(EVP_DigestSignInit(c, NULL, NULL, NULL, k), 1);
    assert_int_equal(EVP_DigestSign(c, sig, &sig_len, msg, sizeof msg), 1);
    assert_int_equal(verify("ed25519", NULL, NULL, msg, sizeof msg, &why), 0);
    assert_int_equal(verify("ed25519", NULL, NULL, msg, sizeof msg / 2, &why), -1);
    assert_string_equal(why, "OpenSSL does not accept the signature");
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(k);
}

static void unknown_scheme(void **state)
{
    (void)state;
    const char *why;
    make_ecdsa();
    assert_int_equal(verify("dsa", NULL, "sha256", digest, sizeof digest, &why), -1);
    assert_string_equal(why, "expected a scheme of ecdsa, rsa-pkcs1-v1.5, rsa-pss, ed25519, ed448");
    assert_int_equal(verify("ecdsa", "brainpoolp256r1", "sha256", digest, sizeof digest, &why), -1);
    assert_string_equal(why, "expected a curve of secp256r1, secp384r1, secp521r1");
}

int main(void)
{
    fill_digest();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ecdsa),       cmocka_unit_test(ecdsa_half_digest), cmocka_unit_test(ecdsa_other_digest),
        cmocka_unit_test(ecdsa_bad_point), cmocka_unit_test(rsa_pss), cmocka_unit_test(ed25519),
        cmocka_unit_test(unknown_scheme),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
