#include "header.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "machines.h"
#include "model_error.h"
#include "pool.h"
#include "quote.h"
#include "cryptoperf.h"

static const char *run_get(const cp_node *run, const char *a, const char *b)
{
    const cp_node *n = cp_map_get(run, a);
    return cp_scalar(b ? cp_map_get(n, b) : n);
}

static char *keep(char ***owned, size_t *n, char *s)
{
    *owned = cp_xrealloc(*owned, (*n + 2) * sizeof **owned);
    (*owned)[(*n)++] = s;
    (*owned)[*n] = NULL;
    return s;
}

/* "QEMU emulator version 7.2.22 (Debian ...)" -> "7.2.22" */
static char *qemu_version(const char *line)
{
    const char *v = line ? strstr(line, "version ") : NULL;
    if (!v)
        return cp_xstrdup("(unknown version)");
    v += strlen("version ");
    size_t n = strcspn(v, " ");
    return cp_xstrndup(v, n);
}

static char *upper_tail(const char *slug)
{
    const char *dash = strrchr(slug, '-');
    char *s = cp_xstrdup(dash ? dash + 1 : slug);
    for (char *p = s; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    return s;
}

int cpr_header_build(cpr_header *h, char ***owned, const cpr_set *s, const cpr_host_facts *facts, FILE *err)
{
    memset(h, 0, sizeof *h);
    *owned = NULL;
    size_t n = 0;
    const cp_node *run = s->run;
    if (!run) {
        fprintf(err, "%s: %s %s: expected at least one benchmark image run for this dataset, found only "
                "footprint images\n", s->key->board, s->key->library ? s->key->library : "-",
                s->key->version ? s->key->version : "-");
        return -1;
    }
    struct {
        const char **dst;
        const char *a, *b;
    } need[] = {
        { &h->series, "board", NULL },
        { &h->lib_slug, "library", "slug" },
        { &h->lib_name, "library", "name" },
        { &h->lib_version, "library", "version" },
        { &h->core, "core", NULL },
        { &h->compiler, "toolchain", "compiler" },
        { &h->counter_method, "counter", "method" },
    };
    int missing = 0;
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++) {
        *need[i].dst = run_get(run, need[i].a, need[i].b);
        if (!*need[i].dst || !**need[i].dst) {
            fprintf(err, "%s: run.%s%s%s: expected a value for the dataset header, found none\n", s->run_image,
                    need[i].a, need[i].b ? "." : "", need[i].b ? need[i].b : "");
            missing++;
        }
    }
    long long clock = 0;
    if (cp_scalar_int(cp_map_get(run, "core_clock_hz"), &clock) < 0 || clock < 1) {
        fprintf(err, "%s: run.core_clock_hz: expected the nominal clock in Hz, found none\n", s->run_image);
        missing++;
    }
    if (missing)
        return -1;
    /* The compiler as the host names it (with the Debian revision), once it
     * is the one the firmware says built it. */
    const char *built = strchr(h->compiler, ' ');
    if (facts->cc_version_line) {
        if (built && !strstr(facts->cc_version_line, built + 1)) {
            fprintf(err, "%s: run.toolchain.compiler: expected the installed compiler (%s), found %s: "
                    "rebuild the images\n", s->run_image, cpr_q(facts->cc_version_line), cpr_q(h->compiler));
            return -1;
        }
        h->compiler = facts->cc_version_line;
    }
    h->core_clock_hz = clock;
    h->clock_note = run_get(run, "clock_note", NULL);
    h->lib_package = run_get(run, "library", "package");
    /* A library that cannot report its version (BearSSL) says how the port
     * established it instead. */
    const char *full = run_get(run, "library", "version_full");
    const char *own_note = run_get(run, "library", "version_note");
    if (own_note && *own_note)
        h->lib_version_note = own_note;
    else
        h->lib_version_note = keep(owned, &n, full ? cp_xasprintf("reported by the library at run time (\"%s\")", full)
                                                   : cp_xstrdup("reported by the library at run time"));
    h->mcu_short = facts->mcu_short ? facts->mcu_short : keep(owned, &n, upper_tail(h->series));
    h->mcu = facts->mcu ? facts->mcu
                        : keep(owned, &n, cp_xasprintf("Arm %s FPGA image (%s), emulated", h->mcu_short, h->core));
    h->board = facts->board_name ? facts->board_name : keep(owned, &n, cp_xasprintf("Arm MPS2+ %s", h->mcu_short));
    const char *machine = run_get(run, "qemu_machine", NULL);
    if (!facts->on_board) {
        char *qv = keep(owned, &n, qemu_version(facts->qemu_version_line));
        h->emulator = keep(owned, &n, cp_xasprintf("QEMU %s %s", qv, machine ? machine : s->key->machine));
    }
    /* what a board read back from its registers (run.system) */
    const cp_node *sys = cp_map_get(run, "system");
    static const char *const sys_num[] = { "flash_latency_ws", "icache", "dcache", "prefetch_art" };
    long long *sys_dst[] = { &h->flash_latency_ws, &h->icache, &h->dcache, &h->prefetch_art };
    for (size_t i = 0; i < sizeof sys_num / sizeof sys_num[0]; i++) {
        long long v;
        *sys_dst[i] = cp_scalar_int(cp_map_get(sys, sys_num[i]), &v) == 0 ? v : -1;
    }
    h->voltage_scaling = run_get(run, "system", "voltage_scaling");
    h->counter_kind = run_get(run, "counter", "kind");
    h->flags = run_get(run, "toolchain", "flags");
    h->optimization = run_get(run, "toolchain", "optimization");
    h->libc = run_get(run, "toolchain", "libc");
    long long shift = -1, reps = -1;
    if (cp_scalar_int(cp_map_get(cp_map_get(run, "counter"), "icount_shift"), &shift) < 0)
        shift = -1;
    h->icount_shift = (int)shift;
    if (cp_scalar_int(cp_map_get(cp_map_get(run, "counter"), "repetitions"), &reps) < 0)
        reps = -1;
    h->repetitions = reps;
    h->overhead = s->overhead_min == s->overhead_max ? s->overhead_min : -1;
    h->first_call = run_get(run, "counter", "first_call");
    h->first_call_note = run_get(run, "counter", "first_call_note");
    h->firmware_revision = facts->revision;
    h->runner = facts->on_board ? "cryptoperf-run (serial lane, flashed with OpenOCD)"
                                : keep(owned, &n, cp_xasprintf("cryptoperf-run (%s)", facts->qemu_version_line
                                                                                       ? facts->qemu_version_line
                                                                                       : "QEMU"));
    h->axes = s->axes;
    h->naxes = s->naxes;
    h->families_absent = run_get(run, "families_absent", NULL);

    /* notes: what the firmware says about its methods and about families
     * the library version lacks, and a per-image overhead when the images
     * calibrated different ones */
    static const char *const note_keys[] = { "stack_method", "heap_method", "message_notes", "checks_note",
                                             "footprint_note", "repetitions_note", "families_absent_note",
                                             "arch_note" };
    const char **notes = cp_xcalloc(7 + sizeof note_keys / sizeof note_keys[0], sizeof *notes);
    int cycles = h->counter_kind && strcmp(h->counter_kind, "cycles") == 0;
    notes[h->nnotes++] = cycles ? "Figures are clock cycles counted on the board (DWT CYCCNT), the median of the "
                                  "repeated runs; where the runs differ by more than 1 % the pages show the spread."
                                : "Figures are executed instructions counted by QEMU (-icount), not cycles: the emulator "
                                  "models no pipeline, no wait states and no caches.";
    if (s->model == CPR_MODEL_RAN && s->model_machine) {
        h->cm_status = "modelled";
        h->cm_name = CPC_MODEL_NAME;
        h->cm_version = CPC_MODEL_VERSION;
        h->cm_core = s->model_machine->core;
        h->cm_memory = CPC_MODEL_MEMORY;
        h->cm_sources = s->model_machine->sources;
        h->cm_error = cpr_model_error(s->model_machine->core);
        notes[h->nnotes++] = keep(owned, &n, cp_xasprintf(
            "Estimated cycles come from a timing model of the %s inside QEMU (" CPC_MODEL_NAME " "
            CPC_MODEL_VERSION ", firmware/cycles/) that charges each executed instruction what Arm's published "
            "timing tables give for it, at 0 wait states: no flash wait states, caches or bus contention, and "
            "fixed costs where the time depends on operand values the model cannot see (firmware/cycles/README.md). "
            "It times exactly the instructions the executed-instruction count counts.", h->core));
    } else if (s->model == CPR_MODEL_NOT_MODELLED && s->model_machine) {
        h->cm_status = "not-modelled";
        h->cm_core = s->model_machine->core;
        h->cm_note = s->model_machine->note;
    }
    notes[h->nnotes++] = "Footprint: an image calling one operation against a baseline image without the call, "
                         "both holding the harness (buffers, counters, the random stream, the counting "
                         "allocator over newlib's malloc). Each input section of the two links is attributed "
                         "from the linker's map: code, constant data and global data are what the library's "
                         "own archive members add, plus the C runtime functions (libc, libgcc) the library "
                         "pulls in that the baseline did not already link (runtime_code_bytes and its siblings "
                         "in the data say how much of each figure that is); the port adapter, the benchmark's "
                         "glue between the harness and the library's API, is shown apart and not counted; the "
                         "footprint program's own call and the alignment padding between sections count "
                         "nowhere. A row holds everything the library links for the operation, also what the "
                         "operation never runs: an encryption row holds the decryption code or tables its "
                         "library links with the encryption call (README.md, \"Honest numbers\", names them). "
                         "ECDSA, ECDH and RSA rows are per curve and modulus, each from a library build with "
                         "only that curve or modulus enabled where the library has such a switch.";
    for (size_t i = 0; i < sizeof note_keys / sizeof note_keys[0]; i++) {
        const char *t = run_get(run, note_keys[i], NULL);
        if (t && *t)
            notes[h->nnotes++] = t;
    }
    if (!facts->on_board)
        notes[h->nnotes++] = "A run of an image whose ELF, QEMU command, QEMU and runner had not changed may come "
                             "from an earlier run (QEMU's count is deterministic: the same document); every check "
                             "runs on it again.";
    size_t not_run = 0;
    for (size_t i = 0; i < s->rows.n; i++)
        not_run += s->rows.v[i].text[CP_F_KIND] && strcmp(s->rows.v[i].text[CP_F_KIND], "not-run") == 0;
    if (not_run)
        notes[h->nnotes++] = keep(owned, &n, cp_xasprintf(
            "%zu case%s of the suite did not fit this board (%s): %s listed as not run, with the reason, in "
            "the table%s of %s family. What a case needs was measured by running the same code on a "
            "board with room (firmware/README.md, \"Small boards\").", not_run, not_run == 1 ? "" : "s",
            h->board ? h->board : "?", not_run == 1 ? "it is" : "they are", not_run == 1 ? "" : "s",
            not_run == 1 ? "its" : "their"));
    if (h->overhead < 0)
        notes[h->nnotes++] = keep(owned, &n, cp_xasprintf(
            "The measurement overhead is calibrated in each image (%lld to %lld instructions) and subtracted "
            "from every figure of that image.", s->overhead_min, s->overhead_max));
    h->notes = notes;
    return 0;
}

void cpr_header_release(cpr_header *h, char **owned)
{
    for (size_t i = 0; owned && owned[i]; i++)
        free(owned[i]);
    free(owned);
    free((void *)h->notes);
    memset(h, 0, sizeof *h);
}

static char *run_capture(char *const argv[], cp_buf *out)
{
    cpr_job job = { .label = argv[0], .argv = argv, .timeout_s = 60 };
    cpr_pool_opts o = { .parallel = 1 };
    int rc = cpr_pool_run(&job, 1, &o);
    char *fail = rc < 0 ? cp_xstrdup("interrupted") : cpr_job_failure(&job);
    *out = job.out;
    cp_buf_free(&job.err);
    return fail;
}

char *cpr_command_first_line(char *const argv[])
{
    cp_buf out;
    char *fail = run_capture(argv, &out);
    char *line = NULL;
    if (!fail && out.data)
        line = cp_xstrndup(out.data, strcspn(out.data, "\n"));
    free(fail);
    cp_buf_free(&out);
    return line;
}

/* What goes into an image: firmware and port sources and their make rules;
 * the runner itself and the documentation do not (a README edit must not
 * make every dataset look stale). */
#define FIRMWARE_PATHS \
    "firmware", "crypto", "mk/firmware.mk", ":(glob)mk/fw-*", ":(exclude)firmware/runner", ":(exclude,glob)**/*.md"

char *cpr_git_revision(const char *top)
{
    /* The last commit that changed the firmware, not HEAD: a commit
     * elsewhere (templates, the datasets themselves) leaves the firmware and
     * so the datasets unchanged. */
    char *rev_argv[] = { "git", "-C", (char *)top, "log", "-1", "--format=%H", "--", FIRMWARE_PATHS, NULL };
    char *rev = cpr_command_first_line(rev_argv);
    if (!rev || strlen(rev) < CPR_REVISION_HEX) {
        free(rev);
        return NULL;
    }
    /* A fixed length, not git's %h: that one grows with the number of
     * objects in the clone (7 hex digits in one, 8 in another), so two
     * clones of one commit wrote different bytes into the same dataset. */
    rev[CPR_REVISION_HEX] = '\0';
    /* uncommitted changes (tracked or not) to what goes into an image */
    char *st_argv[] = { "git", "-C", (char *)top, "status", "--porcelain", "--", FIRMWARE_PATHS, NULL };
    cp_buf out;
    char *fail = run_capture(st_argv, &out);
    if (!fail && out.len > 0) {
        char *dirty = cp_xasprintf("%s-dirty", rev);
        free(rev);
        rev = dirty;
    }
    free(fail);
    cp_buf_free(&out);
    return rev;
}
