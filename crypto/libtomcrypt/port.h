/* What the adapters of the LibTomCrypt port share. LibTomCrypt finds its
 * algorithms through descriptor tables filled at run time (register_cipher,
 * register_hash, register_prng) and its big numbers through a math
 * descriptor (ltc_mp); an application does both once at start-up. The port
 * does them on first use and keeps the index, so the first call of a case
 * (its untimed known-answer run) registers and the timed calls find it
 * done. */
#ifndef CP_LTC_PORT_H
#define CP_LTC_PORT_H
#include <tomcrypt.h>

/* The index of a descriptor, registered on first use (-1 on failure). */
int cp_ltc_cipher(const struct ltc_cipher_descriptor *d, int *idx);
int cp_ltc_hash(const struct ltc_hash_descriptor *d, int *idx);
/* The harness's random stream as a LibTomCrypt PRNG (rng.c): its index
 * and the (unused) state the calls take; also sets ltc_mp to LibTomMath. */
int cp_ltc_prng(void);
prng_state *cp_ltc_prng_state(void);
/* LibTomMath's mp_rand draws from the stream too (ltm.c: LibTomMath's and
 * LibTomCrypt's headers cannot meet in one file, both define mp_init). */
void cp_ltm_use_stream(void);
/* SHA-256's index, for RSA's DigestInfo and PSS. */
int cp_ltc_sha256(void);
void cp_ec_release(int slot);
void cp_rsa_release(void);
void cp_dh_release(int slot);

#endif
