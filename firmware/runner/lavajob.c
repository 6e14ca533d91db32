#include "lavajob.h"

#include "yamlout.h"

/* What the monitor looks for. The run header opens every document and the
 * end line closes it (firmware/README.md); without an end pattern LAVA
 * reports a finished image as an infrastructure error. The end pattern
 * takes the whole line, newline included: matched on a part of it, LAVA
 * would close down while the rest is still on its way, and its log would
 * show the end line only after LAVA's own input (seen under load: two of
 * 28 jobs). A known-answer failure shows in LAVA's own results as a failed
 * test case. */
#define MONITOR_START "run:"
#define MONITOR_END "end: \\{results: [^\\n]*\\n"
#define MONITOR_PATTERN "error: case (?P<test_case_id>[^\\s:]+): (?P<result>known-answer mismatch)"

/* Seconds LAVA may spend before and after the test: fetching the image,
 * starting QEMU or flashing a board, closing down. */
enum { DEPLOY_S = 120, BOOT_QEMU_S = 60, BOOT_BOARD_S = 180, FINALIZE_S = 60 };

static void timeout_seconds(cp_buf *b, int indent, const char *key, unsigned s)
{
    cp_buf_printf(b, "%*s%s:\n%*sseconds: %u\n", indent, "", key, indent + 2, "", s);
}

/* A block sequence of strings at indent. */
static void string_list(cp_buf *b, int indent, const char *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cp_buf_printf(b, "%*s- ", indent, "");
        cpr_yaml_str(b, v[i]);
        cp_buf_putc(b, '\n');
    }
}

void cpr_lava_job_text(cp_buf *b, const cpr_lava_job *j)
{
    unsigned boot_s = j->machine ? BOOT_QEMU_S : BOOT_BOARD_S;
    cp_buf_printf(b, "# %s\n", j->comment);
    cpr_yaml_kv(b, 0, "device_type", j->device_type);
    cpr_yaml_kv(b, 0, "job_name", j->job_name);
    cp_buf_puts(b, "priority: medium\nvisibility: public\n");
    if (j->ntags) {
        cp_buf_puts(b, "tags:\n");
        string_list(b, 0, j->tags, j->ntags);
    }
    cp_buf_puts(b, "timeouts:\n");
    timeout_seconds(b, 2, "job", DEPLOY_S + boot_s + j->timeout_s + FINALIZE_S);
    timeout_seconds(b, 2, "action", FINALIZE_S);
    if (j->machine) {
        cp_buf_puts(b, "context:\n  arch: arm\n");
        cpr_yaml_kv(b, 2, "machine", j->machine);
        cp_buf_puts(b, "  extra_options:\n");
        string_list(b, 2, j->extra, j->nextra);
    }
    cp_buf_puts(b, "actions:\n- deploy:\n    to: tmpfs\n");
    timeout_seconds(b, 4, "timeout", DEPLOY_S);
    /* QEMU takes the image as -kernel; OpenOCD's boot method substitutes
     * {BINARY} with the image of label "binary". */
    cp_buf_printf(b, "    images:\n      %s:\n", j->machine ? "kernel" : "binary");
    cpr_yaml_kv(b, 8, "url", j->image_url);
    if (j->machine)
        cpr_yaml_kv(b, 8, "image_arg", "-kernel {kernel}");
    cp_buf_printf(b, "- boot:\n    method: %s\n", j->machine ? "qemu" : "openocd");
    if (j->machine)
        cp_buf_puts(b, "    media: tmpfs\n");
    timeout_seconds(b, 4, "timeout", boot_s);
    cp_buf_puts(b, "- test:\n");
    timeout_seconds(b, 4, "timeout", j->timeout_s);
    cp_buf_puts(b, "    monitors:\n    - name: cryptoperf\n");
    cpr_yaml_kv(b, 6, "start", MONITOR_START);
    cpr_yaml_kv(b, 6, "end", MONITOR_END);
    cpr_yaml_kv(b, 6, "pattern", MONITOR_PATTERN);
    cp_buf_puts(b, "      fixupdict:\n        known-answer mismatch: fail\n");
}
