/* Whose an input file of a footprint link is (firmware/runner/fporigin.c),
 * by the file names ld writes in the maps of mk/firmware.mk's links, and
 * the refusal of a file it cannot place. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "fporigin.h"

static void expect(const char *file, cpr_origin want)
{
    cpr_origin o = CPR_FROM_COUNT;
    const char *why = NULL;
    if (cpr_origin_of(file, "mbedtls", "3.6.6", &o, &why) != 0)
        fail_msg("%s: refused: %s", file, why);
    if (o != want)
        fail_msg("%s: %s, expected %s", file, cpr_origin_name(o), cpr_origin_name(want));
}

static void refused(const char *file)
{
    cpr_origin o = CPR_FROM_COUNT;
    const char *why = NULL;
    if (cpr_origin_of(file, "mbedtls", "3.6.6", &o, &why) == 0)
        fail_msg("%s: placed as %s, expected a refusal", file, cpr_origin_name(o));
    assert_non_null(why);
}

static void places_each_kind_of_input(void **state)
{
    (void)state;
    expect("/w/build/fw/lib--mcpu-cortex-m4-mthumb-mfloat-abi-soft/mbedtls-3.6.6-fast.a(aes.o)", CPR_FROM_LIBRARY);
    expect("/w/build/fw/lib--mcpu-cortex-m4/mbedtls-3.6.6-ecc-fast-high-p256.a(ecp_curves.o)", CPR_FROM_LIBRARY);
    expect("build/fw/lib-x/libtommath-1.2.0.a(bn_mp_mul.o)", CPR_FROM_LIBRARY);
    expect("/w/build/fw/mps2-an386/obj/mbedtls-3.6.6-fast/adapter_cipher.o", CPR_FROM_ADAPTER);
    expect("/w/build/fw/mps2-an386/obj/mbedtls-3.6.6-ecc-fast-high-p256/adapter_ecc.o", CPR_FROM_ADAPTER);
    expect("/w/build/fw/mps2-an386/obj/mbedtls-3.6.6-fast/families.o", CPR_FROM_ADAPTER);
    /* the footprint program shares the configuration's folder */
    expect("/w/build/fw/mps2-an386/obj/mbedtls-3.6.6-fast/fp-aes-cbc-enc-sb.o", CPR_FROM_HARNESS);
    expect("/w/build/fw/mps2-an386/obj/hal/startup.o", CPR_FROM_HARNESS);
    expect("/w/build/fw/mps2-an386/obj/bench/heap.o", CPR_FROM_HARNESS);
    expect("/w/build/fw/mps2-an386/obj/vectors.o", CPR_FROM_HARNESS);
    expect("/usr/lib/gcc/arm-none-eabi/12.2.1/thumb/v7e-m/nofp/libgcc.a(_udivmoddi4.o)", CPR_FROM_RUNTIME);
    expect("/usr/lib/gcc/arm-none-eabi/12.2.1/../../../arm-none-eabi/lib/thumb/v7e-m/nofp/libc.a(lib_a-memcpy.o)",
           CPR_FROM_RUNTIME);
    expect("/usr/lib/arm-none-eabi/lib/thumb/v6-m/nofp/libnosys.a(sbrk.o)", CPR_FROM_RUNTIME);
    expect("linker stubs", CPR_FROM_RUNTIME);
}

static void refuses_what_it_cannot_place(void **state)
{
    (void)state;
    /* an archive outside the library folder, not the C runtime's */
    refused("/w/build/fw/mps2-an386/obj/other.a(x.o)");
    refused("/usr/lib/libcrypto.a(aes.o)");
    /* a library folder not under fw/ */
    refused("/w/build/lib-x/mbedtls-3.6.6-fast.a(aes.o)");
    /* another library's or version's port */
    refused("/w/build/fw/mps2-an386/obj/wolfssl-5.7.2-fast/adapter_cipher.o");
    refused("/w/build/fw/mps2-an386/obj/mbedtls-2.28.3-fast/adapter_cipher.o");
    refused("/w/build/fw/mps2-an386/obj/mbedtls-3.6.6fast/adapter_cipher.o");
    /* deeper than a port's folder, or no obj/ folder at all */
    refused("/w/build/fw/mps2-an386/obj/mbedtls-3.6.6-fast/sub/adapter_cipher.o");
    refused("/tmp/x.o");
    refused("x.a()");
    refused("linker");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(places_each_kind_of_input),
        cmocka_unit_test(refuses_what_it_cannot_place),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
