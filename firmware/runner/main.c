/* cryptoperf-run: runs the firmware images of a manifest in QEMU, in
 * parallel, and turns what they print into one dataset per library version
 * under data/. All or nothing: any failing image, timeout or invalid output
 * and no dataset is written. Usage in firmware/runner/README.md. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "collect.h"
#include "cryptoperf.h"
#include "dsout.h"
#include "header.h"
#include "lava.h"
#include "manifest.h"
#include "modelcost.h"
#include "order.h"
#include "pool.h"
#include "quote.h"
#include "run.h"
#include "runcache.h"
#include "serial.h"

enum { EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };

static const char usage[] =
    "usage: cryptoperf-run [options] MANIFEST\n"
    "Runs the images of MANIFEST (mk/firmware.mk's manifest.tsv) in QEMU and writes\n"
    "DATA/<board>/<library>-<version>/dataset.yaml for each library version.\n"
    "  -j N             images run in parallel (default: number of cores)\n"
    "  --kind K         run the images of kind K (repeatable; default: bench)\n"
    "  --no-footprint   skip the footprint images\n"
    "  --data DIR       where datasets go (default: data)\n"
    "  --schema FILE    dataset schema (default: $CRYPTOPERF_SCHEMA, else\n"
    "                   schema/dataset.schema.json here, else the installed one)\n"
    "  --top DIR        folder manifest paths are relative to (default: .)\n"
    "  --qemu PROG      emulator (default: qemu-system-arm)\n"
    "  --cc PROG        the compiler that built the images, for the header\n"
    "                   (default: arm-none-eabi-gcc)\n"
    "  --timeout S      per-image time limit, overriding the manifest's\n"
    "  --revision R     firmware revision (default: git revision of --top)\n"
    "  --mcu S, --mcu-short S, --board-name S   hardware naming for the header\n"
    "  --dry-run        check everything, write nothing\n"
    "  --run-cache DIR  keep each passing QEMU run and reuse it while the image,\n"
    "                   its QEMU command, QEMU and the runner stay the same; order\n"
    "                   the others by their last duration, longest first\n"
    "  --cycles-plugin F  run every image of a core the cycle model knows under\n"
    "                   its QEMU plugin F (build/cycles/cpcycles.so) and give each\n"
    "                   performance result its estimated cycles\n"
    "  --model-cost N   after the sweep, run N of the images that ran under the\n"
    "                   cycle model again with and without it and print the ratio\n"
    "                   of QEMU's CPU times (what the model costs)\n"
    "  --print-revision print the firmware revision of --top (what datasets\n"
    "                   record) and exit\n"
    "serial lane (a board, or QEMU with the console on a USART; images run\n"
    "one after the other, firmware/runner/README.md):\n"
    "  --serial PORT    flash each image with OpenOCD and read its document from\n"
    "                   the serial port PORT (e.g. /dev/ttyACM0)\n"
    "  --openocd-cfg F  OpenOCD board script: one of OpenOCD's own (e.g.\n"
    "                   board/st_nucleo_l5.cfg) or a file by its path\n"
    "  --openocd PROG   OpenOCD program (default: openocd)\n"
    "  --qemu-serial N  run the images in QEMU with serial N (0: the first USART)\n"
    "                   on a pty, and read the document there\n"
    "  --baud N         serial speed (default: 115200)\n"
    "  --attempts N     runs of an image whose document arrives broken (default: 3)\n"
    "  --silence S      a port silent for S seconds has failed (default: 10)\n"
    "LAVA (firmware/runner/README.md, \"LAVA\"):\n"
    "  --backend B      direct (default: QEMU or the serial lane here), lava-local\n"
    "                   (each image a LAVA job run by lava-run), lava (jobs on a\n"
    "                   LAVA server through lavacli), lava-jobs (only write the\n"
    "                   job definitions)\n"
    "  --lava KEY=VALUE a LAVA setting (repeatable): url, identity, tags, devices,\n"
    "                   jobs, image_url, poll, lava_run, lavacli\n"
    "  --lava-config F  LAVA settings from a YAML file (--lava wins)\n"
    "exit status: 0 ok, 1 a run failed or gave invalid data (nothing written),\n"
    "2 usage or I/O error\n";

typedef struct {
    unsigned jobs;
    const char **kinds;
    size_t nkinds;
    int footprint, dry_run, print_revision;
    const char *run_cache, *cycles_plugin;
    const char *data, *schema, *top, *qemu, *cc, *revision, *manifest;
    unsigned timeout, model_cost;
    cpr_host_facts facts;
    cpr_serial_opts serial;
    int serial_lane;
    const char *lava_config;
    char **lava_sets;
    size_t nlava_sets;
    cpr_lava_opts lava;
} options;

static int number(const char *opt, const char *arg, unsigned lo, unsigned hi, unsigned *v)
{
    char *end;
    unsigned long n = strtoul(arg, &end, 10);
    if (*end || !*arg || n < lo || n > hi) {
        fprintf(stderr, "cryptoperf-run: %s: expected a number %u..%u, found %s\n", opt, lo, hi, cpr_q(arg));
        return -1;
    }
    *v = (unsigned)n;
    return 0;
}

static int parse_options(options *o, int argc, char **argv)
{
    enum { O_KIND = 256, O_NOFP, O_DATA, O_SCHEMA, O_TOP, O_QEMU, O_TIMEOUT, O_REV, O_MCU, O_MCUS, O_BOARD,
           O_DRY, O_HELP, O_CC, O_PRINTREV, O_RUNCACHE, O_SERIAL, O_OCDCFG, O_OCD, O_QSERIAL, O_BAUD, O_ATTEMPTS,
           O_SILENCE, O_BACKEND, O_LAVA, O_LAVACONF, O_CYCLES, O_MODELCOST };
    static const struct option longopts[] = {
        { "kind", required_argument, 0, O_KIND },      { "no-footprint", no_argument, 0, O_NOFP },
        { "data", required_argument, 0, O_DATA },      { "schema", required_argument, 0, O_SCHEMA },
        { "top", required_argument, 0, O_TOP },        { "qemu", required_argument, 0, O_QEMU },
        { "cc", required_argument, 0, O_CC },
        { "timeout", required_argument, 0, O_TIMEOUT }, { "revision", required_argument, 0, O_REV },
        { "mcu", required_argument, 0, O_MCU },        { "mcu-short", required_argument, 0, O_MCUS },
        { "board-name", required_argument, 0, O_BOARD }, { "dry-run", no_argument, 0, O_DRY },
        { "help", no_argument, 0, O_HELP },            { "print-revision", no_argument, 0, O_PRINTREV },
        { "run-cache", required_argument, 0, O_RUNCACHE }, { "cycles-plugin", required_argument, 0, O_CYCLES },
        { "model-cost", required_argument, 0, O_MODELCOST },
        { "serial", required_argument, 0, O_SERIAL },  { "openocd-cfg", required_argument, 0, O_OCDCFG },
        { "openocd", required_argument, 0, O_OCD },    { "qemu-serial", required_argument, 0, O_QSERIAL },
        { "baud", required_argument, 0, O_BAUD },      { "attempts", required_argument, 0, O_ATTEMPTS },
        { "silence", required_argument, 0, O_SILENCE },
        { "backend", required_argument, 0, O_BACKEND }, { "lava", required_argument, 0, O_LAVA },
        { "lava-config", required_argument, 0, O_LAVACONF },
        { 0, 0, 0, 0 },
    };
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    o->jobs = ncpu > 0 ? (unsigned)ncpu : 1;
    o->footprint = 1;
    o->data = "data";
    o->top = ".";
    o->qemu = "qemu-system-arm";
    o->cc = "arm-none-eabi-gcc";
    o->kinds = cp_xcalloc((size_t)argc + 1, sizeof *o->kinds);
    o->lava_sets = cp_xcalloc((size_t)argc + 1, sizeof *o->lava_sets);
    int c;
    char *end;
    while ((c = getopt_long(argc, argv, "j:h", longopts, NULL)) != -1) {
        switch (c) {
        case 'j':
            o->jobs = (unsigned)strtoul(optarg, &end, 10);
            if (*end || o->jobs < 1 || o->jobs > 1024) {
                fprintf(stderr, "cryptoperf-run: -j: expected a number of jobs 1..1024, found %s\n", cpr_q(optarg));
                return -1;
            }
            break;
        case O_KIND: o->kinds[o->nkinds++] = optarg; break;
        case O_NOFP: o->footprint = 0; break;
        case O_DATA: o->data = optarg; break;
        case O_SCHEMA: o->schema = optarg; break;
        case O_TOP: o->top = optarg; break;
        case O_QEMU: o->qemu = optarg; break;
        case O_CC: o->cc = optarg; break;
        case O_TIMEOUT:
            o->timeout = (unsigned)strtoul(optarg, &end, 10);
            if (*end || o->timeout < 1) {
                fprintf(stderr, "cryptoperf-run: --timeout: expected seconds >= 1, found %s\n", cpr_q(optarg));
                return -1;
            }
            break;
        case O_REV: o->revision = optarg; break;
        case O_MCU: o->facts.mcu = optarg; break;
        case O_MCUS: o->facts.mcu_short = optarg; break;
        case O_BOARD: o->facts.board_name = optarg; break;
        case O_DRY: o->dry_run = 1; break;
        case O_PRINTREV: o->print_revision = 1; break;
        case O_RUNCACHE: o->run_cache = optarg; break;
        case O_CYCLES: o->cycles_plugin = optarg; break;
        case O_MODELCOST:
            if (number("--model-cost", optarg, 1, 1000, &o->model_cost) < 0)
                return -1;
            break;
        case O_SERIAL:
            o->serial.kind = CPR_TARGET_OPENOCD;
            o->serial.port = optarg;
            o->serial_lane = 1;
            break;
        case O_OCDCFG: o->serial.openocd_cfg = optarg; break;
        case O_OCD: o->serial.openocd = optarg; break;
        case O_QSERIAL:
            o->serial.kind = CPR_TARGET_QEMU_PTY;
            o->serial_lane = 1;
            if (number("--qemu-serial", optarg, 0, 7, &o->serial.serial_index) < 0)
                return -1;
            break;
        case O_BAUD:
            if (number("--baud", optarg, 1200, 4000000, &o->serial.baud) < 0)
                return -1;
            break;
        case O_ATTEMPTS:
            if (number("--attempts", optarg, 1, 20, &o->serial.attempts) < 0)
                return -1;
            break;
        case O_SILENCE:
            if (number("--silence", optarg, 1, 3600, &o->serial.silence_s) < 0)
                return -1;
            break;
        case O_BACKEND:
            if (cpr_backend_parse(optarg, &o->lava.backend) < 0) {
                fprintf(stderr, "cryptoperf-run: --backend: expected direct, lava-local, lava or lava-jobs, "
                        "found %s\n", cpr_q(optarg));
                return -1;
            }
            break;
        case O_LAVA: o->lava_sets[o->nlava_sets++] = optarg; break;
        case O_LAVACONF: o->lava_config = optarg; break;
        case 'h':
        case O_HELP: fputs(usage, stdout); exit(EXIT_OK);
        default: fputs(usage, stderr); return -1;
        }
    }
    if (o->print_revision && optind == argc)
        return 0;
    if (optind != argc - 1) {
        fputs(usage, stderr);
        return -1;
    }
    o->manifest = argv[optind];
    if (!o->nkinds)
        o->kinds[o->nkinds++] = "bench";
    if (o->serial_lane && o->serial.kind == CPR_TARGET_OPENOCD && !o->serial.openocd_cfg) {
        fprintf(stderr, "cryptoperf-run: --serial: expected --openocd-cfg with the board's OpenOCD script "
                        "(e.g. board/st_nucleo_l5.cfg), found none\n");
        return -1;
    }
    if (!o->serial.baud)
        o->serial.baud = 115200;
    if (o->lava.backend != CPR_BACKEND_DIRECT && o->serial_lane) {
        fprintf(stderr, "cryptoperf-run: --backend: a LAVA back end runs the images on LAVA's devices, "
                        "expected no --serial or --qemu-serial, found one\n");
        return -1;
    }
    if (o->lava.backend != CPR_BACKEND_DIRECT &&
        cpr_lava_opts_load(&o->lava, o->lava_config, o->lava_sets, o->nlava_sets, stderr) < 0)
        return -1;
    o->lava.manifest = o->manifest;
    return 0;
}

static void options_free(options *o)
{
    free(o->kinds);
    free(o->lava_sets);
    cpr_lava_opts_free(&o->lava);
}

/* A copy of a refused dataset's text in a folder of its own under TMPDIR,
 * so that the positions of its problems name a file that exists; NULL when
 * none could be made. */
static char *kept_copy(const cp_buf *text, const char *final)
{
    const char *tmp = getenv("TMPDIR");
    char *dir = cp_xasprintf("%s/cryptoperf-run.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char *path = NULL;
    if (mkdtemp(dir)) {
        /* named after its series and library folders, <series>/<name>/
         * dataset.yaml; not shaped like a dataset path, whose folder check
         * would judge the copy's own folders */
        char *tail = cp_xstrdup(final);
        char *slash = strrchr(tail, '/');
        if (slash)
            *slash = '\0';
        char *name = strrchr(tail, '/');
        if (name)
            *name = '\0';
        char *series = strrchr(tail, '/');
        path = cp_xasprintf("%s/%s.%s.refused.yaml", dir, series ? series + 1 : tail, name ? name + 1 : "dataset");
        free(tail);
        if (cp_write_file_atomic(path, text->data ? text->data : "", text->len) != 0) {
            free(path);
            path = NULL;
            rmdir(dir);   /* no copy: no empty folder left behind */
        }
    }
    free(dir);
    return path;
}

/* The problems of one assembled dataset (0 when valid). It is checked under
 * its final name, which is never written when it is refused: its problems
 * are then told again at their places in a kept copy of the text (issue 30:
 * a position in a dataset.yaml that does not exist helps nobody). Only a
 * problem of the final name itself (its folders against its series and
 * library) is told as the first check found it. */
static unsigned check_assembled(const cp_buf *text, const char *path, const cp_schema *schema)
{
    char *caught = NULL;
    size_t caught_len = 0;
    FILE *mem = open_memstream(&caught, &caught_len);
    cp_diag first = { .out = mem ? mem : stderr };
    cp_dataset ds;
    int rc = cp_dataset_load_ex(&ds, path, text->data, text->len, schema, 0, &first);
    cp_dataset_free(&ds);
    if (mem)
        fclose(mem);
    unsigned errors = first.errors ? first.errors : 1;
    if (rc != 0) {
        char *kept = kept_copy(text, path);
        cp_diag again = { .out = stderr };
        if (kept && cp_dataset_load_ex(&ds, kept, NULL, 0, schema, 0, &again) != 0 && again.errors) {
            fprintf(stderr, "%s: the assembled dataset is invalid (%u problem%s above, at their places in %s, "
                    "kept for inspection); nothing written\n", path, again.errors, again.errors == 1 ? "" : "s",
                    kept);
            errors = again.errors;
        } else {
            fputs(caught ? caught : "", stderr);
            fprintf(stderr, "%s: the assembled dataset is invalid (%u problem%s above); nothing written\n", path,
                    errors, errors == 1 ? "" : "s");
        }
        if (kept)
            cp_dataset_free(&ds);
        free(kept);
    }
    free(caught);
    return rc != 0 ? errors : 0;
}

/* Every dataset of the run as text, checked against the schema under its
 * final name. Returns the number of problems. */
static unsigned assemble(cpr_collection *col, const options *o, const cp_schema *schema, cp_buf *texts,
                         char **paths)
{
    unsigned problems = 0;
    cpr_order *order = cpr_order_new(cp_schema_root(schema));
    for (size_t i = 0; i < col->n; i++) {
        cpr_set *s = &col->v[i];
        cpr_header h;
        char **owned;
        if (cpr_header_build(&h, &owned, s, &o->facts, stderr) < 0) {
            problems++;
            cpr_header_release(&h, owned);
            continue;
        }
        if (s->rows.n == 0) {
            /* said without a path: no dataset file is made, so no
             * file:line:column of one can be meant */
            fprintf(stderr, "cryptoperf-run: library %s %s (series %s): no result collected; no dataset written\n",
                    cpr_q(h.lib_slug), cpr_q(h.lib_version), cpr_q(h.series));
            problems++;
            cpr_header_release(&h, owned);
            continue;
        }
        cpr_order_sort(order, &s->rows);
        problems += cpr_order_duplicates(&s->rows, stderr);
        char *version = cp_xstrdup(h.lib_version);
        for (char *p = version; *p; p++)
            if (*p >= 'A' && *p <= 'Z')
                *p = (char)(*p - 'A' + 'a');
        paths[i] = cp_xasprintf("%s/%s/%s-%s/dataset.yaml", o->data, h.series, h.lib_slug, version);
        free(version);
        cpr_dataset_modeline(&texts[i], paths[i], o->schema);
        cpr_dataset_text(&texts[i], &h, &s->rows);
        problems += check_assembled(&texts[i], paths[i], schema);
        cpr_header_release(&h, owned);
    }
    for (size_t i = 0; i < col->n; i++)
        for (size_t j = 0; j < i; j++)
            if (paths[i] && paths[j] && strcmp(paths[i], paths[j]) == 0) {
                fprintf(stderr, "%s: two manifest library versions report the same version\n", paths[i]);
                problems++;
            }
    cpr_order_free(order);
    return problems;
}

/* The serial lane: every selected image, one after the other, on the one
 * board (or QEMU with its console USART on a pty). */
static int run_serial(cpr_runs *runs, options *o)
{
    const char **paths = cp_xcalloc(runs->n ? runs->n : 1, sizeof *paths);
    char **owned = cp_xcalloc(runs->n ? runs->n : 1, sizeof *owned);
    for (size_t i = 0; i < runs->n; i++) {
        const cpr_image *im = runs->image[i];
        paths[i] = im->image[0] == '/' ? im->image : (owned[i] = cp_xasprintf("%s/%s", o->top, im->image));
    }
    cpr_serial_opts so = o->serial;
    so.qemu = o->qemu;
    so.progress = stderr;
    int rc = cpr_serial_run(runs->jobs, runs->image, paths, runs->n, &so);
    for (size_t i = 0; i < runs->n; i++)
        free(owned[i]);
    free(owned);
    free(paths);
    return rc;
}

int main(int argc, char **argv)
{
    options o = { 0 };
    if (parse_options(&o, argc, argv) < 0) {
        options_free(&o);
        return EXIT_USAGE;
    }
    if (o.print_revision) {
        char *rev = cpr_git_revision(o.top);
        options_free(&o);
        if (!rev) {
            fprintf(stderr, "cryptoperf-run: %s: cannot tell the firmware revision (not a git tree?)\n", o.top);
            return EXIT_USAGE;
        }
        puts(rev);
        free(rev);
        return EXIT_OK;
    }
    cp_diag diag = { .out = stderr };
    cpr_manifest m;
    if (cpr_manifest_load(&m, o.manifest, &diag) < 0) {
        fprintf(stderr, "cryptoperf-run: %s: %u problem%s; no dataset written\n", o.manifest, diag.errors,
                diag.errors == 1 ? "" : "s");
        int unreadable = m.unreadable;
        cpr_manifest_free(&m);
        options_free(&o);
        return unreadable ? EXIT_USAGE : EXIT_FAILED;
    }
    /* the generator's rule, so an installed runner finds its installed
     * schema and a checkout keeps its own */
    o.schema = cp_schema_path(o.schema);
    cp_schema *schema = cp_schema_load(o.schema, stderr);
    if (!schema) {
        cpr_manifest_free(&m);
        options_free(&o);
        return EXIT_USAGE;
    }
    char *qemu_argv[] = { (char *)o.qemu, "--version", NULL };
    char *qemu_line = cpr_command_first_line(qemu_argv);
    char *cc_argv[] = { (char *)o.cc, "--version", NULL };
    char *cc_line = cpr_command_first_line(cc_argv);
    char *revision = o.revision ? cp_xstrdup(o.revision) : cpr_git_revision(o.top);
    int rc = EXIT_OK;
    if (!revision) {
        fprintf(stderr, "cryptoperf-run: %s: cannot tell the firmware revision (not a git tree?); "
                "give it with --revision\n", o.top);
        rc = EXIT_USAGE;
    }
    o.facts.qemu_version_line = qemu_line;
    o.lava.qemu_line = qemu_line;
    o.facts.on_board = o.serial_lane && o.serial.kind == CPR_TARGET_OPENOCD;
    o.facts.revision = revision;
    o.facts.cc_version_line = cc_line;

    cpr_runs runs;
    cpr_sweep sweep;
    int swept = 0;
    /* the model runs inside QEMU on this machine: not on a board, not in LAVA */
    const char *plugin = o.lava.backend == CPR_BACKEND_DIRECT && !o.serial_lane ? o.cycles_plugin : NULL;
    if (o.cycles_plugin && !plugin)
        fprintf(stderr, "cryptoperf-run: --cycles-plugin: the cycle model runs only in the direct QEMU lane; "
                "the datasets get no estimated cycles\n");
    if (cpr_runs_init(&runs, &m, o.kinds, o.nkinds, o.qemu, o.top, o.timeout, plugin, stderr) < 0 && rc == EXIT_OK)
        rc = EXIT_FAILED;
    cpr_collection col;
    cpr_collection_init(&col, stderr);
    if (rc == EXIT_OK) {
        /* on a board (OpenOCD, or a LAVA board) there is no QEMU and so no icount shift */
        int qemu = !(o.serial_lane && o.serial.kind == CPR_TARGET_OPENOCD);
        for (size_t i = 0; i < runs.n; i++)
            if ((qemu && runs.image[i]->icount_shift < 0 && cpr_backend_needs_icount(o.lava.backend, runs.image[i])) ||
                runs.jobs[i].timeout_s == 0) {
                fprintf(stderr, "%s:%u: %s: expected %s for an image that runs, found '-'\n", m.path,
                        runs.image[i]->line, runs.image[i]->image,
                        qemu ? "an icount shift and a timeout" : "a timeout");
                rc = EXIT_FAILED;
            }
        if (rc != EXIT_OK) {
            /* reported above */
        } else if (runs.n == 0) {
            fprintf(stderr, "%s: no image of the selected kinds to run\n", o.manifest);
            rc = EXIT_FAILED;
        } else if (o.lava.backend != CPR_BACKEND_DIRECT) {
            int lrc = cpr_lava_execute(&runs, &o.lava, o.top, o.jobs, stderr, isatty(2));
            if (lrc == -1)
                fprintf(stderr, "cryptoperf-run: interrupted; nothing written\n");
            rc = lrc == -1 ? EXIT_FAILED : lrc < 0 ? EXIT_USAGE : rc;
        } else if (o.serial_lane) {
            if (run_serial(&runs, &o) < 0) {
                fprintf(stderr, "cryptoperf-run: interrupted; nothing written\n");
                rc = EXIT_FAILED;
            }
        } else if (cpr_runs_execute_cached(&runs, o.jobs, stderr, isatty(2), o.run_cache, qemu_line, &sweep) < 0) {
            fprintf(stderr, "cryptoperf-run: interrupted; nothing written\n");
            rc = EXIT_FAILED;
        } else {
            swept = 1;
        }
    }
    /* lava-jobs wrote the job definitions; there is nothing to collect */
    if (rc == EXIT_OK && o.lava.backend != CPR_BACKEND_LAVA_JOBS) {
        unsigned failed = cpr_runs_report(&runs, stderr);
        for (size_t i = 0; i < runs.n; i++)
            if (!runs.failed[i]) {
                const cpr_job *j = &runs.jobs[i];
                cpr_run_output out = { j->out.data ? j->out.data : "", j->err.data ? j->err.data : "",
                                       j->out.len, j->err.len, runs.model[i] };
                cpr_collect_output(&col, runs.image[i], runs.name[i] ? runs.name[i] : runs.image[i]->image, &out,
                                   runs.frame[i].results);
            }
        if (o.footprint && !failed)
            for (size_t i = 0; i < m.n; i++)
                if (strcmp(m.v[i].kind, "footprint") == 0 && cpr_collection_has_set(&col, &m.v[i]))
                    cpr_collect_footprint(&col, &m, &m.v[i], o.top);
        unsigned problems = failed + col.errors;
        cp_buf *texts = cp_xcalloc(col.n, sizeof *texts);
        char **paths = cp_xcalloc(col.n, sizeof *paths);
        if (!problems)
            problems += assemble(&col, &o, schema, texts, paths);
        if (problems) {
            fprintf(stderr, "cryptoperf-run: %u problem%s; no dataset written\n", problems, problems == 1 ? "" : "s");
            rc = EXIT_FAILED;
        } else if (!o.dry_run) {
            for (size_t i = 0; i < col.n && rc == EXIT_OK; i++) {
                if (cp_write_file_atomic(paths[i], texts[i].data, texts[i].len) < 0) {
                    fprintf(stderr, "%s: cannot write: %s\n", paths[i], cp_write_file_error());
                    rc = EXIT_USAGE;
                } else {
                    fprintf(stderr, "wrote %s (%zu results)\n", paths[i], col.v[i].rows.n);
                }
            }
        }
        for (size_t i = 0; i < col.n; i++) {
            cp_buf_free(&texts[i]);
            free(paths[i]);
        }
        free(texts);
        free(paths);
    }
    if (swept)
        cpr_sweep_print(stderr, &sweep, o.jobs);
    /* after the sweep's own figures, so that its ratio to ideal is its own */
    if (swept && rc == EXIT_OK && o.model_cost && plugin)
        cpr_model_cost(&runs, o.model_cost, stderr);
    cpr_collection_free(&col);
    cpr_runs_free(&runs);
    free(qemu_line);
    free(cc_line);
    free(revision);
    cp_schema_free(schema);
    cpr_manifest_free(&m);
    options_free(&o);
    return rc;
}
