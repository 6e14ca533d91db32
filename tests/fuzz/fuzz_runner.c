/* The runner on any image output (what QEMU's stdout gives it): the frame
 * check (end line, byte count, CRC-32), the last case reported, then the
 * document collected into rows, sorted and checked for duplicates as for a
 * dataset. An input with a line "---8<---" has its part after it as the
 * image's stderr (the cycle model's window lines, error lines). */
#define _GNU_SOURCE   /* memmem */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "collect.h"
#include "frame.h"
#include "order.h"
#include "run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char cut[] = "\n---8<---\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* NUL-terminated copies: the runner reads output as C text */
    const char *in = (const char *)data;
    const char *at = memmem(in, size, cut, sizeof cut - 1);
    size_t out_len = at ? (size_t)(at - in) + 1 : size;
    const char *err_at = at ? at + sizeof cut - 1 : in + size;
    char *out = cp_xstrndup(in, out_len);
    char *err = cp_xstrndup(err_at, (size_t)(in + size - err_at));
    out_len = strlen(out);   /* up to a NUL, as the runner reads a pipe's text */

    cpr_frame f;
    char *why = NULL;
    cpr_frame_check(out, out_len, &f, &why);
    free(why);
    int finished;
    free(cpr_last_case(out, &finished));

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
    FILE *sink = fopen("/dev/null", "w");
    cpr_collection c;
    cpr_collection_init(&c, sink);
    cpr_run_output run = { out, err, out_len, strlen(err), CPR_MODEL_NONE };
    cpr_collect_output(&c, &im, "img.elf", &run, 1);
    cpr_order *o = cpr_order_new(cp_schema_root(fuzz_schema()));
    for (size_t i = 0; i < c.n; i++) {
        cpr_order_sort(o, &c.v[i].rows);
        cpr_order_duplicates(&c.v[i].rows, sink);
    }
    cpr_order_free(o);
    cpr_collection_free(&c);
    if (sink)
        fclose(sink);
    free(out);
    free(err);
    return 0;
}
