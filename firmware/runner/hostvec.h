/* The host's own vectors of the signature cases: what a signature result's
 * evidence must hold before OpenSSL is asked about its signature. They are
 * the tables the firmware's known answers are compiled from
 * (build/fw/vectors/vectors.c, pk_vectors.c, vectors_edwards.c, written by
 * firmware/vectors/mk*.c with OpenSSL and linked into the runner too), and
 * they are chosen by the result's identifying fields, never by what the
 * firmware reports: a harness that signed and reported another digest,
 * message or key is refused even when its signature verifies. */
#ifndef CPR_HOSTVEC_H
#define CPR_HOSTVEC_H

#include <stddef.h>
#include <stdint.h>

#include "row.h"

typedef struct {
    const char *scheme;      /* ecdsa, rsa-pkcs1-v1.5, rsa-pss, ed25519, ed448 (sigcheck.h) */
    const char *curve;       /* ECDSA: secp256r1, secp384r1, secp521r1; else NULL */
    const char *hash;        /* ECDSA, RSA: sha256, sha384, sha512; else NULL */
    const uint8_t *key;      /* ECDSA: side A's uncompressed point; RSA: the modulus; EdDSA: the raw key */
    size_t key_len;
    const uint8_t *msg;      /* ECDSA, RSA: the digest; EdDSA: the message */
    size_t msg_len;
    const char *key_name;    /* which vector each is, for messages */
    const char *msg_name;
} cpr_hostvec;

/* The host's vectors for a signature result r (family, curve, hash,
 * pkcs1, modulus_bits, message_bytes): 0 with *v set, or -1 with *why a
 * static text saying which results the host has vectors for. */
int cpr_hostvec_find(const cpr_row *r, cpr_hostvec *v, const char **why);

#endif
