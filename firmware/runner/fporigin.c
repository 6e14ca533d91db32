#include "fporigin.h"

#include <stdlib.h>
#include <string.h>

const char *cpr_origin_name(cpr_origin o)
{
    static const char *const names[] = { "library", "adapter", "harness", "runtime", "padding" };
    return o < CPR_FROM_COUNT ? names[o] : "?";
}

/* The folder component before position end of path (end points at a '/'),
 * as [*start, end). */
static const char *component_before(const char *path, const char *end)
{
    const char *s = end;
    while (s > path && s[-1] != '/')
        s--;
    return s;
}

static int equals(const char *s, const char *e, const char *word)
{
    return (size_t)(e - s) == strlen(word) && strncmp(s, word, (size_t)(e - s)) == 0;
}

/* An archive in the library folder: .../fw/lib-<flags>/<name>.a */
static int in_library_folder(const char *archive, const char *end)
{
    const char *base = component_before(archive, end);
    if (base == archive)
        return 0;
    const char *folder = component_before(archive, base - 1);
    if (strncmp(folder, "lib-", 4) != 0 || folder == archive)
        return 0;
    const char *fw = component_before(archive, folder - 1);
    return equals(fw, folder - 1, "fw");
}

static int runtime_archive(const char *archive, const char *end)
{
    static const char *const names[] = { "libc.a", "libg.a", "libm.a", "libgcc.a", "libnosys.a", "librdimon.a",
                                         "libc_nano.a", "libg_nano.a", "libm_nano.a", "librdimon_nano.a" };
    const char *base = component_before(archive, end);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (equals(base, end, names[i]))
            return 1;
    return 0;
}

/* An object under the board's obj/ folder: the path after the last
 * "/obj/" (or a leading "obj/"). */
static const char *under_obj(const char *file)
{
    const char *rel = NULL;
    for (const char *p = strstr(file, "/obj/"); p; p = strstr(p + 1, "/obj/"))
        rel = p + 5;
    if (!rel && strncmp(file, "obj/", 4) == 0)
        rel = file + 4;
    return rel;
}

static int object_origin(const char *rel, const char *library, const char *version, cpr_origin *out)
{
    const char *slash = strchr(rel, '/');
    if (!slash) {
        *out = CPR_FROM_HARNESS;            /* obj/vectors.o, obj/case-*.o */
        return 0;
    }
    if (equals(rel, slash, "hal") || equals(rel, slash, "bench")) {
        *out = CPR_FROM_HARNESS;
        return 0;
    }
    size_t nl = strlen(library), nv = strlen(version);
    if (strchr(slash + 1, '/') || strncmp(rel, library, nl) != 0 || rel[nl] != '-' ||
        strncmp(rel + nl + 1, version, nv) != 0 || rel[nl + 1 + nv] != '-')
        return -1;
    /* the footprint program shares the configuration's folder */
    *out = strncmp(slash + 1, "fp-", 3) == 0 ? CPR_FROM_HARNESS : CPR_FROM_ADAPTER;
    return 0;
}

int cpr_origin_of(const char *file, const char *library, const char *version, cpr_origin *out, const char **why)
{
    size_t n = strlen(file);
    if (strcmp(file, "linker stubs") == 0) {
        *out = CPR_FROM_RUNTIME;
        return 0;
    }
    const char *open = n && file[n - 1] == ')' ? strrchr(file, '(') : NULL;
    if (open) {
        /* archive(member) */
        if (open - file < 2 || open[-2] != '.' || open[-1] != 'a' || open + 2 == file + n) {
            *why = "expected an object file or archive(member)";
            return -1;
        }
        if (in_library_folder(file, open)) {
            *out = CPR_FROM_LIBRARY;
            return 0;
        }
        if (runtime_archive(file, open)) {
            *out = CPR_FROM_RUNTIME;
            return 0;
        }
        *why = "expected a member of a library archive (build/fw/lib-<core flags>/) or of the C runtime "
               "(libc, libg, libm, libgcc, libnosys, librdimon)";
        return -1;
    }
    const char *rel = under_obj(file);
    if (!rel || !library || !version || object_origin(rel, library, version, out) < 0) {
        *why = "expected an object of the harness (obj/hal/, obj/bench/, obj/<name>.o, obj/<library>-"
               "<version>-.../fp-<operation>.o) or of the port (obj/<library>-<version>-.../<source>.o)";
        return -1;
    }
    return 0;
}
