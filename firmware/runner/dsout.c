#include "dsout.h"

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

void cpr_dataset_text(cp_buf *b, const cpr_header *h, const cpr_rows *rows)
{
    cpr_yaml_kv(b, 0, "format", "cryptoperf-dataset/1");
    cpr_yaml_kv(b, 0, "series", h->series);
    cpr_yaml_kv(b, 0, "layout", "st");
    cp_buf_puts(b, "library:\n");
    cpr_yaml_kv(b, 2, "slug", h->lib_slug);
    cpr_yaml_kv(b, 2, "name", h->lib_name);
    cpr_yaml_kv(b, 2, "version", h->lib_version);
    cpr_yaml_kv(b, 2, "version_note", h->lib_version_note);
    cpr_yaml_kv(b, 2, "package", h->lib_package);
    cp_buf_puts(b, "hardware:\n");
    cpr_yaml_kv(b, 2, "mcu", h->mcu);
    cpr_yaml_kv(b, 2, "mcu_short", h->mcu_short);
    cpr_yaml_kv(b, 2, "core", h->core);
    cpr_yaml_kv(b, 2, "board", h->board);
    cpr_yaml_kv(b, 2, "emulator", h->emulator);
    cp_buf_puts(b, "system:\n");
    cpr_yaml_kv_int(b, 2, "core_clock_hz", h->core_clock_hz);
    cpr_yaml_kv(b, 2, "clock_note", h->clock_note);
    cp_buf_puts(b, "toolchain:\n");
    cpr_yaml_kv(b, 2, "compiler", h->compiler);
    cpr_yaml_kv(b, 2, "flags", h->flags);
    cpr_yaml_kv(b, 2, "optimization", h->optimization);
    cpr_yaml_kv(b, 2, "libc", h->libc);
    cp_buf_puts(b, "counter:\n");
    cpr_yaml_kv(b, 2, "kind", "instructions");
    cpr_yaml_kv(b, 2, "method", h->counter_method);
    cpr_yaml_kv_int(b, 2, "icount_shift", h->icount_shift);
    if (h->overhead >= 0)
        cpr_yaml_kv_int(b, 2, "overhead", h->overhead);
    cpr_yaml_kv(b, 2, "first_call", h->first_call);
    cpr_yaml_kv(b, 2, "first_call_note", h->first_call_note);
    cp_buf_puts(b, "provenance:\n");
    cpr_yaml_kv(b, 2, "kind", "measured");
    cpr_yaml_kv(b, 2, "firmware_revision", h->firmware_revision);
    cpr_yaml_kv(b, 2, "runner", h->runner);
    if (h->naxes) {
        cp_buf_puts(b, "axes:\n");
        for (size_t i = 0; i < h->naxes; i++) {
            cp_buf_puts(b, "  - field: configuration\n");
            cpr_yaml_kv(b, 4, "label", h->axis_label[i]);
            cpr_yaml_kv(b, 4, "meaning", h->axis_meaning[i]);
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
