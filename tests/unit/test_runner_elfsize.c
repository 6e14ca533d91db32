/* Footprint from ELF32 section headers: code (AX), constants (A), global
 * data (WA, .bss included), non-allocated sections ignored, both byte
 * orders, and a clear refusal of what is not an ELF32 file. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "elfsize.h"

enum { SHDR = 40, NSEC = 7, SHOFF = 64 };
static unsigned char img[SHOFF + NSEC * SHDR];

static void put(unsigned char *p, unsigned v, int n, int big)
{
    for (int i = 0; i < n; i++)
        p[big ? n - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

/* type, flags, size of each section after the NULL one */
static const unsigned sections[NSEC - 1][3] = {
    { 1, 0x6, 100 },    /* .text      PROGBITS AX */
    { 1, 0x2, 40 },     /* .rodata    PROGBITS A */
    { 0x70000001, 0x82, 8 }, /* .ARM.exidx A + LINK_ORDER */
    { 1, 0x3, 8 },      /* .data      PROGBITS WA */
    { 8, 0x3, 16 },     /* .bss       NOBITS WA */
    { 1, 0x0, 500 },    /* .debug_info, not allocated */
};

static void build(int big)
{
    memset(img, 0, sizeof img);
    memcpy(img, "\177ELF", 4);
    img[4] = 1;
    img[5] = big ? 2 : 1;
    img[6] = 1;                 /* EI_VERSION: libelf reads nothing else */
    put(img + 20, 1, 4, big);   /* e_version */
    put(img + 40, 52, 2, big);  /* e_ehsize */
    put(img + 32, SHOFF, 4, big);
    put(img + 46, SHDR, 2, big);
    put(img + 48, NSEC, 2, big);
    for (int i = 1; i < NSEC; i++) {
        unsigned char *sh = img + SHOFF + i * SHDR;
        put(sh + 4, sections[i - 1][0], 4, big);
        put(sh + 8, sections[i - 1][1], 4, big);
        put(sh + 20, sections[i - 1][2], 4, big);
    }
}

static void classifies_by_flags(void **state)
{
    (void)state;
    for (int big = 0; big < 2; big++) {
        build(big);
        cpr_footprint fp;
        const char *why = NULL;
        assert_int_equal(cpr_elf_footprint_mem(img, sizeof img, &fp, &why), 0);
        assert_int_equal(fp.code, 100);
        assert_int_equal(fp.konst, 48);
        assert_int_equal(fp.data, 24);
    }
}

static void refuses_bad_files(void **state)
{
    (void)state;
    cpr_footprint fp;
    const char *why = NULL;
    build(0);
    assert_int_equal(cpr_elf_footprint_mem(img, 10, &fp, &why), -1);
    assert_string_equal(why, "not an ELF file");
    img[4] = 2;
    assert_int_equal(cpr_elf_footprint_mem(img, sizeof img, &fp, &why), -1);
    assert_string_equal(why, "not a 32-bit ELF file");
    build(0);
    assert_int_equal(cpr_elf_footprint_mem(img, sizeof img - 1, &fp, &why), -1);
    assert_string_equal(why, "section header table lies outside the file");
    put(img + 32, 0xfffffff0u, 4, 0);
    assert_int_equal(cpr_elf_footprint_mem(img, sizeof img, &fp, &why), -1);
    assert_string_equal(why, "section header table lies outside the file");
    build(0);
    put(img + 48, 0, 2, 0);
    assert_int_equal(cpr_elf_footprint_mem(img, sizeof img, &fp, &why), -1);
    assert_string_equal(why, "no section headers");
    assert_int_equal(cpr_elf_footprint("/nonexistent/x.elf", &fp, &why), -1);
    assert_non_null(why);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classifies_by_flags),
        cmocka_unit_test(refuses_bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
