/* Signatures checked with OpenSSL's libcrypto, an implementation
 * independent of the libraries under test: the runner verifies every
 * signature an image made (its record's evidence) before a dataset is
 * written, and firmware/vectors/mkpkvectors.c checks the signatures it
 * builds for the firmware to verify. Self-contained (libcrypto and libc
 * only) so both can link it. */
#ifndef CPR_SIGCHECK_H
#define CPR_SIGCHECK_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *scheme;  /* ecdsa, rsa-pkcs1-v1.5, rsa-pss, ed25519, ed448 */
    const char *curve;   /* ecdsa: secp256r1, secp384r1, secp521r1 */
    const char *hash;    /* ecdsa, rsa: sha256, sha384, sha512 */
    const uint8_t *key;  /* ecdsa: uncompressed point; rsa: modulus (e = 65537); EdDSA: raw key */
    size_t key_len;
    const uint8_t *msg;  /* ecdsa, rsa: the digest signed; EdDSA: the message */
    size_t msg_len;
    const uint8_t *sig;  /* ecdsa: r || s, each as long as the order */
    size_t sig_len;
} cpr_sig;

/* 0 when s->sig is a valid signature of s->msg under s->key; else -1 with
 * *why a static text saying what did not hold. */
int cpr_sig_verify(const cpr_sig *s, const char **why);

#endif
