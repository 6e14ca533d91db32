#include "dsout.h"

#include <stdlib.h>
#include <string.h>

#include "cryptoperf.h"
#include "yamlout.h"

static void result_line(cp_buf *b, const cpr_row *r)
{
    cp_buf_puts(b, "  - {");
    const char *sep = "";
    for (int f = 0; f < CP_F_COUNT; f++) {
        if (!r->text[f])
            continue;
        cp_buf_printf(b, "%s%s: ", sep, cp_fields[f].name);
        if (cp_fields[f].type == CP_FT_INT)
            cp_buf_printf(b, "%lld", r->num[f]);
        else
            cpr_yaml_str(b, r->text[f]);
        sep = ", ";
    }
    cp_buf_puts(b, "}\n");
}

/* A header line: a section ("library:") when key is NULL, else a string
 * (skipped when NULL) or an integer (skipped when negative). */
typedef struct {
    const char *section, *key, *text;
    long long num;
    int is_num;
} header_line;

#define SECTION(name) { name, NULL, NULL, 0, 0 }
#define STR(k, v) { NULL, k, v, 0, 0 }
#define NUM(k, v) { NULL, k, NULL, v, 1 }

void cpr_dataset_text(cp_buf *b, const cpr_header *h, const cpr_rows *rows)
{
    const header_line lines[] = {
        STR("format", "cryptoperf-dataset/1"), STR("series", h->series), STR("layout", "st"),
        SECTION("library"), STR("slug", h->lib_slug), STR("name", h->lib_name), STR("version", h->lib_version),
        STR("version_note", h->lib_version_note), STR("package", h->lib_package),
        SECTION("hardware"), STR("mcu", h->mcu), STR("mcu_short", h->mcu_short), STR("core", h->core),
        STR("board", h->board), STR("emulator", h->emulator),
        SECTION("system"), NUM("core_clock_hz", h->core_clock_hz), STR("clock_note", h->clock_note),
        NUM("flash_latency_ws", h->flash_latency_ws), STR("voltage_scaling", h->voltage_scaling),
        NUM("icache", h->icache), NUM("dcache", h->dcache), NUM("prefetch_art", h->prefetch_art),
        SECTION("toolchain"), STR("compiler", h->compiler), STR("flags", h->flags),
        STR("optimization", h->optimization), STR("libc", h->libc),
        SECTION("counter"), STR("kind", h->counter_kind), STR("method", h->counter_method),
        NUM("icount_shift", h->icount_shift), NUM("overhead", h->overhead), NUM("repetitions", h->repetitions),
        STR("first_call", h->first_call),
        STR("first_call_note", h->first_call_note),
        SECTION("provenance"), STR("kind", "measured"), STR("firmware_revision", h->firmware_revision),
        STR("runner", h->runner),
    };
    int indent = 0;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const header_line *l = &lines[i];
        if (l->section) {
            cp_buf_printf(b, "%s:\n", l->section);
            indent = 2;
        } else if (l->is_num && l->num >= 0) {
            cpr_yaml_kv_int(b, indent, l->key, l->num);
        } else if (!l->is_num) {
            cpr_yaml_kv(b, indent, l->key, l->text);
        }
    }
    if (h->cm_status) {
        cp_buf_puts(b, "cycle_model:\n");
        const char *const cm[][2] = { { "status", h->cm_status }, { "name", h->cm_name },
                                      { "version", h->cm_version }, { "core", h->cm_core },
                                      { "memory", h->cm_memory }, { "sources", h->cm_sources },
                                      { "error", h->cm_error }, { "note", h->cm_note } };
        for (size_t i = 0; i < sizeof cm / sizeof cm[0]; i++)
            if (cm[i][1])
                cpr_yaml_kv(b, 2, cm[i][0], cm[i][1]);
    }
    if (h->naxes) {
        cp_buf_puts(b, "axes:\n");
        for (size_t i = 0; i < h->naxes; i++) {
            const cpr_axis *a = &h->axes[i];
            if (a->family) {
                cpr_yaml_kv(b, 2, "- family", a->family);
                cpr_yaml_kv(b, 4, "field", a->field);
            } else {
                cpr_yaml_kv(b, 2, "- field", a->field);
            }
            cpr_yaml_kv(b, 4, "label", a->label);
            cpr_yaml_kv(b, 4, "meaning", a->meaning);
        }
    }
    if (h->families_absent && *h->families_absent) {
        cp_buf_puts(b, "families_absent:\n");
        for (const char *p = h->families_absent; *p;) {
            size_t n = strcspn(p, ",");
            char *name = cp_xstrndup(p, n);
            cp_buf_puts(b, "  - ");
            cpr_yaml_str(b, name);
            cp_buf_putc(b, '\n');
            free(name);
            p += n;
            p += strspn(p, ", ");
        }
    }
    if (h->nnotes) {
        cp_buf_puts(b, "notes:\n");
        for (size_t i = 0; i < h->nnotes; i++) {
            cp_buf_puts(b, "  - ");
            cpr_yaml_str(b, h->notes[i]);
            cp_buf_putc(b, '\n');
        }
    }
    cp_buf_puts(b, "results:\n");
    for (size_t i = 0; i < rows->n; i++)
        result_line(b, &rows->v[i]);
}

void cpr_dataset_modeline(cp_buf *b, const char *dataset_path, const char *schema_path)
{
    char *dir = cp_path_dir(dataset_path);
    char *rel = cp_path_relative(dir, schema_path);
    /* a newline in a folder name must not end the comment */
    for (char *p = rel; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = '?';
    cp_buf_printf(b, "# yaml-language-server: $schema=%s\n", rel);
    free(rel);
    free(dir);
}
