/* The GNU ld map parser (firmware/runner/ldmap.c) on excerpts of maps ld
 * 2.40 wrote for the footprint images: input sections on one line and
 * wrapped over two, *fill*, patterns, symbols and assignments skipped,
 * discarded input sections not counted, an output section ld did not
 * create, and refusals with line and column. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ldmap.h"

static const char MAP[] =
    "Archive member included to satisfy reference by file (symbol)\n"
    "\n"
    "/b/lib-m4/mbedtls-3.6.6-fast.a(aes.o)\n"
    "                              /b/obj/mbedtls-3.6.6-fast/adapter_cipher.o (mbedtls_aes_init)\n"
    "\n"
    "Discarded input sections\n"
    "\n"
    " .text          0x00000000        0x0 /b/obj/hal/startup.o\n"
    " .text.cp_crc32\n"
    "                0x00000000       0x38 /b/obj/hal/console.o\n"
    " .rodata.cp_stack_measure.str1.4\n"
    "                0x00000000       0x36 /b/obj/hal/stack.o\n"
    "\n"
    "Memory Configuration\n"
    "\n"
    "Name             Origin             Length             Attributes\n"
    "CODE             0x00000000         0x00400000         xr\n"
    "*default*        0x00000000         0xffffffff\n"
    "\n"
    "Linker script and memory map\n"
    "\n"
    "LOAD /b/obj/mbedtls-3.6.6-fast/fp-aes-cbc-enc-sb.o\n"
    "START GROUP\n"
    "LOAD /usr/lib/libc.a\n"
    "END GROUP\n"
    "\n"
    ".vectors        0x00000000       0xc0\n"
    " *(.vectors)\n"
    " .vectors       0x00000000       0xc0 /b/obj/hal/startup.o\n"
    "\n"
    ".text           0x000000c0      0x3a0\n"
    " *(.text .text.* .gnu.linkonce.t.*)\n"
    " .text.startup.main\n"
    "                0x000000c0       0x98 /b/obj/mbedtls-3.6.6-fast/fp-aes-cbc-enc-sb.o\n"
    "                0x000000c0                main\n"
    " .text._init    0x00000158        0x4 /b/obj/hal/startup.o\n"
    " .text.mbedtls_internal_aes_encrypt\n"
    "                0x0000015c      0x3a8 /b/lib-m4/mbedtls-3.6.6-fast.a(aes.o)\n"
    "                0x0000015c                mbedtls_internal_aes_encrypt\n"
    " *fill*         0x00000504        0x4 \n"
    " .text          0x00000508       0x24 /usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v7e-m/nofp/libgcc.a(_dvmd_tls.o)\n"
    " *(.glue_7)\n"
    " .glue_7        0x0000052c        0x0 linker stubs\n"
    " KEEP (*(.init))\n"
    "\n"
    ".ARM.extab\n"
    " *(.ARM.extab* .gnu.linkonce.armextab.*)\n"
    "\n"
    ".rodata         0x00000530       0x3d\n"
    " .rodata.str1.4\n"
    "                0x00000530       0x3a /usr/lib/libc.a(lib_a-dtoa.o)\n"
    "                                 0x3e (size before relaxing)\n"
    " *fill*         0x0000056a        0x2 00\n"
    "                0x0000056c        0x1 BYTE 0x7\n"
    "                0x00000570                        . = ALIGN (0x4)\n"
    "                [!provide]                        PROVIDE (__stack = .)\n"
    "\n"
    ".data           0x20000000        0x4 load address 0x00000570\n"
    " .data.state    0x20000000        0x4 /b/obj/bench/rand.o\n"
    "\n"
    ".bss            0x20000004       0x20 load address 0x00000574\n"
    " *(COMMON)\n"
    " COMMON         0x20000004       0x20 /b/obj/mbedtls-3.6.6-fast/adapter_cipher.o\n"
    "OUTPUT(/b/img/fp-mbedtls-3.6.6-fast-aes-cbc-enc-sb.elf elf32-littlearm)\n"
    "LOAD linker stubs\n"
    "\n"
    ".debug_line_str\n"
    "                0x00000000      0x2b1\n"
    " .debug_line_str\n"
    "                0x00000000      0x2b1 /b/obj/hal/startup.o\n";

static void reads_sections_and_inputs(void **state)
{
    (void)state;
    cpr_ldmap m;
    char *err = NULL;
    assert_int_equal(cpr_ldmap_parse(MAP, sizeof MAP - 1, "t.map", &m, &err), 0);
    assert_null(err);
    assert_string_equal(m.output, "/b/img/fp-mbedtls-3.6.6-fast-aes-cbc-enc-sb.elf");
    assert_int_equal(m.n, 7);
    const char *names[] = { ".vectors", ".text", ".ARM.extab", ".rodata", ".data", ".bss", ".debug_line_str" };
    for (size_t i = 0; i < m.n; i++)
        assert_string_equal(m.v[i].name, names[i]);

    const cpr_map_section *text = &m.v[1];
    assert_true(text->placed);
    assert_int_equal(text->addr, 0xc0);
    assert_int_equal(text->size, 0x3a0);
    assert_int_equal(text->nin, 6);
    /* wrapped: the name on one line, address, size and file on the next */
    assert_string_equal(text->in[0].name, ".text.startup.main");
    assert_string_equal(text->in[0].file, "/b/obj/mbedtls-3.6.6-fast/fp-aes-cbc-enc-sb.o");
    assert_int_equal(text->in[0].size, 0x98);
    assert_int_equal(text->in[0].line, 33);
    assert_string_equal(text->in[1].name, ".text._init");
    assert_int_equal(text->in[1].size, 4);
    assert_string_equal(text->in[2].file, "/b/lib-m4/mbedtls-3.6.6-fast.a(aes.o)");
    assert_int_equal(text->in[2].size, 0x3a8);
    assert_string_equal(text->in[3].name, "*fill*");
    assert_null(text->in[3].file);
    assert_int_equal(text->in[3].size, 4);
    assert_string_equal(text->in[4].file,
                        "/usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v7e-m/nofp/libgcc.a(_dvmd_tls.o)");
    /* a file name with a space */
    assert_string_equal(text->in[5].file, "linker stubs");

    /* ld did not create it: no address, no input */
    assert_false(m.v[2].placed);
    assert_int_equal(m.v[2].nin, 0);

    const cpr_map_section *ro = &m.v[3];
    assert_int_equal(ro->nin, 3);
    assert_int_equal(ro->in[0].size, 0x3a); /* not the size before relaxing */
    assert_string_equal(ro->in[1].name, "*fill*");
    assert_int_equal(ro->in[1].size, 2);
    assert_string_equal(ro->in[2].name, "BYTE");
    assert_null(ro->in[2].file);

    assert_int_equal(m.v[4].addr, 0x20000000);
    assert_int_equal(m.v[4].size, 4);
    assert_string_equal(m.v[5].in[0].name, "COMMON");
    /* a wrapped output section header */
    assert_true(m.v[6].placed);
    assert_int_equal(m.v[6].size, 0x2b1);
    assert_int_equal(m.v[6].nin, 1);
    cpr_ldmap_free(&m);
}

static void discarded_sections_count_nowhere(void **state)
{
    (void)state;
    cpr_ldmap m;
    char *err = NULL;
    assert_int_equal(cpr_ldmap_parse(MAP, sizeof MAP - 1, "t.map", &m, &err), 0);
    for (size_t i = 0; i < m.n; i++)
        for (size_t j = 0; j < m.v[i].nin; j++) {
            const char *f = m.v[i].in[j].file;
            assert_false(f && strcmp(f, "/b/obj/hal/console.o") == 0);
            assert_false(f && strcmp(f, "/b/obj/hal/stack.o") == 0);
        }
    cpr_ldmap_free(&m);
}

/* The map with the line `line` (1-based) replaced by `with`. */
static char *replace_line(unsigned line, const char *with)
{
    const char *s = MAP;
    for (unsigned i = 1; i < line; i++)
        s = strchr(s, '\n') + 1;
    const char *e = strchr(s, '\n');
    size_t head = (size_t)(s - MAP), n = strlen(with), tail = strlen(e);
    char *out = malloc(head + n + tail + 1);
    memcpy(out, MAP, head);
    memcpy(out + head, with, n);
    memcpy(out + head + n, e, tail + 1);
    return out;
}

static void expect_refusal(unsigned line, const char *with, const char *message)
{
    char *text = replace_line(line, with);
    cpr_ldmap m;
    char *err = NULL;
    assert_int_equal(cpr_ldmap_parse(text, strlen(text), "t.map", &m, &err), -1);
    assert_non_null(err);
    assert_string_equal(err, message);
    assert_int_equal(m.n, 0);
    free(err);
    free(text);
}

static void refuses_what_it_cannot_read(void **state)
{
    (void)state;
    /* line 34 is the wrapped input's address line */
    expect_refusal(34, "                0x000000c0       zz /b/x.o",
                   "t.map:34:17: expected the address, size and file of input section '.text.startup.main', "
                   "found '0x000000c0       zz /b/x.o'");
    expect_refusal(34, " .text.other",
                   "t.map:34:1: expected the address, size and file of input section '.text.startup.main' "
                   "(line 33) on an indented line, found ' .text.other'");
    expect_refusal(36, " .text._init    0x00000158        0x4",
                   "t.map:36:17: expected the address, size and file of input section '.text._init', found "
                   "'0x00000158        0x4'");
    expect_refusal(31, ".text           0x000000c0",
                   "t.map:31:17: expected the address and size of output section '.text', found '0x000000c0'");
    expect_refusal(40, " *fill*         0x00000504",
                   "t.map:40:17: expected the address and size of *fill*, found '0x00000504'");
    expect_refusal(54, "                0x0000056c        0x1 WORD 0x7",
                   "t.map:54:39: expected a data statement (BYTE, SHORT, LONG, QUAD, SQUAD) after an address "
                   "and a size, found 'WORD 0x7'");
    expect_refusal(55, "                something else",
                   "t.map:55:17: expected an address, a size before relaxing or [!provide] in the memory map, "
                   "found 'something else'");
    expect_refusal(64, "OUTPUT(x)", "t.map:64:1: expected OUTPUT(<file> <format>), found 'OUTPUT(x)'");
    /* an input section before any output section */
    expect_refusal(24, " .text 0x0 0x4 /b/x.o",
                   "t.map:24:16: expected input section '.text' inside a placed output section, found it before "
                   "any");
    expect_refusal(1, "Hello", "t.map:1:1: expected a GNU ld map (its first heading), found 'Hello'");
}

static void refuses_truncated_maps(void **state)
{
    (void)state;
    cpr_ldmap m;
    char *err = NULL;
    /* cut after the wrapped name of an input section (line 33) */
    const char *cut = strstr(MAP, " .text.startup.main\n") + strlen(" .text.startup.main\n");
    assert_int_equal(cpr_ldmap_parse(MAP, (size_t)(cut - MAP), "t.map", &m, &err), -1);
    assert_string_equal(err, "t.map:34:1: expected the address, size and file of input section "
                             "'.text.startup.main' (line 33), found the end of the file");
    free(err);
    /* no memory map at all */
    const char *mem = strstr(MAP, "Memory Configuration");
    assert_int_equal(cpr_ldmap_parse(MAP, (size_t)(mem - MAP), "t.map", &m, &err), -1);
    assert_string_equal(err, "t.map:14:1: expected the heading \"Linker script and memory map\", found the end of "
                             "the file");
    free(err);
    /* a NUL byte */
    char *text = strdup(MAP);
    text[strstr(text, "0x98") - text] = '\0';
    assert_int_equal(cpr_ldmap_parse(text, sizeof MAP - 1, "t.map", &m, &err), -1);
    assert_string_equal(err, "t.map:34:34: expected text, found a NUL byte");
    free(err);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_sections_and_inputs),
        cmocka_unit_test(discarded_sections_count_nowhere),
        cmocka_unit_test(refuses_what_it_cannot_read),
        cmocka_unit_test(refuses_truncated_maps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
