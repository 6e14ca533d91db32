/* Hashes: sole buffer (32/64/128 bytes, one-shot call), data flow (8000
 * bytes: start, update in chunks of 128/512/1024/2048, finish) and tag
 * generation (only the finish call, after 8000 bytes were absorbed). */
#include <stdio.h>
#include <string.h>
#include "case.h"
#include "vectors.h"

static const unsigned sole_sizes[] = { 32, 64, 128 };
static const unsigned chunk_sizes[] = { 128, 512, 1024, 2048 };

static void run_digest(void *arg)
{
  struct cp_case *c = arg;
  c->rc = c->hash->digest(c->in, c->len, cp_out);
}

static void run_flow(void *arg)
{
  struct cp_case *c = arg;
  const struct cp_hash *h = c->hash;
  int r = h->start(&cp_ctx);
  for (size_t off = 0, n; r == 0 && off < c->len; off += n) {
    n = c->len - off < c->chunk ? c->len - off : c->chunk;
    r = h->update(&cp_ctx, c->in + off, n);
  }
  c->rc = r ? r : h->finish(&cp_ctx, cp_out);
}

static void absorb_message(struct cp_case *c)
{
  c->rc = c->hash->start(&cp_ctx) || c->hash->update(&cp_ctx, c->in, c->len);
}

static void run_finish(void *arg)
{
  struct cp_case *c = arg;
  c->rc = c->rc ? c->rc : c->hash->finish(&cp_ctx, cp_out);
}

/* The known answers of a hash by name, rows for 32, 64, 128, 8000 bytes. */
static const uint8_t (*vectors_of(const char *name))[CP_VEC_DIGEST_MAX]
{
  static const struct { const char *name; const uint8_t (*v)[CP_VEC_DIGEST_MAX]; } t[] = {
    { "md5", cp_vec_md5 }, { "sha1", cp_vec_sha1 }, { "sha224", cp_vec_sha224 },
    { "sha256", cp_vec_sha256 }, { "sha384", cp_vec_sha384 }, { "sha512", cp_vec_sha512 },
    { "sha3-224", cp_vec_sha3_224 }, { "sha3-256", cp_vec_sha3_256 },
    { "sha3-384", cp_vec_sha3_384 }, { "sha3-512", cp_vec_sha3_512 },
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (strcmp(t[i].name, name) == 0)
      return t[i].v;
  cp_harness_error("no known answers for a hash of the port");
}

void cp_bench_hash(void)
{
  for (const struct cp_hash *h = cp_hashes; h->name; h++) {
    const uint8_t (*v)[CP_VEC_DIGEST_MAX] = vectors_of(h->name);
    struct cp_case c = {
      .r = { .family = "HASH", .hash = h->name, .operation = "digest",
             .axes = h->config_axis ? CP_AXIS_CONFIGURATION : 0u },
      .hash = h, .in = cp_vec_msg, .expect_len = h->digest_len,
    };
    for (size_t i = 0; i < sizeof sole_sizes / sizeof sole_sizes[0]; i++) {
      snprintf(c.id, sizeof c.id, "%s-sb-%u", h->name, sole_sizes[i]);
      c.r.measure = "sole-buffer";
      c.r.buffer_bytes = sole_sizes[i];
      c.run = run_digest;
      c.len = sole_sizes[i];
      c.expect = v[i];
      cp_case_run(&c);
    }
    c.r.buffer_bytes = 0;
    c.r.message_bytes = CP_VEC_MSG_LEN;
    c.len = CP_VEC_MSG_LEN;
    c.expect = v[3];
    for (size_t i = 0; i < sizeof chunk_sizes / sizeof chunk_sizes[0]; i++) {
      snprintf(c.id, sizeof c.id, "%s-df-%u-%u", h->name, CP_VEC_MSG_LEN, chunk_sizes[i]);
      c.r.measure = "data-flow";
      c.r.chunk_bytes = chunk_sizes[i];
      c.run = run_flow;
      c.chunk = chunk_sizes[i];
      cp_case_run(&c);
    }
    snprintf(c.id, sizeof c.id, "%s-tag-%u", h->name, CP_VEC_MSG_LEN);
    c.r.measure = "tag-generation";
    c.r.operation = "tag-generation";
    c.r.chunk_bytes = 0;
    c.run = run_finish;
    c.prepare = absorb_message;
    cp_case_run(&c);
  }
}
