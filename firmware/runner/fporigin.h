/* Whose bytes an input file of a footprint or baseline link holds, from
 * the file name its link map gives (firmware/README.md, "Footprint"):
 *   library  a member of an archive in the library folder
 *            build/fw/lib-<core flags>/ (the configuration's archive,
 *            Mbed TLS's base archive it is linked over, a footprint
 *            restriction's archive, LibTomCrypt's LibTomMath);
 *   adapter  an object of the port, build/fw/<board>/obj/<library>-
 *            <version>-<configuration>[-<restriction>]/<source>.o,
 *            compiled from crypto/<library>/<source>.c;
 *   harness  an object compiled from firmware/: obj/hal/, obj/bench/,
 *            obj/<name>.o, and the footprint program itself,
 *            obj/<library>-.../fp-<operation>.o (firmware/bench/footprint.c);
 *   runtime  a member of the toolchain's C runtime archives (libc, libg,
 *            libm, libgcc, libnosys, librdimon, their _nano forms) and
 *            the linker's own glue ("linker stubs").
 * Anything else is refused: a new kind of input is to be placed here, not
 * counted by guess. */
#ifndef CPR_FPORIGIN_H
#define CPR_FPORIGIN_H

typedef enum {
    CPR_FROM_LIBRARY,
    CPR_FROM_ADAPTER,
    CPR_FROM_HARNESS,
    CPR_FROM_RUNTIME,
    CPR_FROM_PADDING,           /* *fill*, script data and gaps: no file */
    CPR_FROM_COUNT
} cpr_origin;

/* "library", "adapter", ... */
const char *cpr_origin_name(cpr_origin o);

/* The origin of file (as a map names it) in an image of library version
 * (the manifest's library and version columns). Returns 0, or -1 with *why
 * (static text) saying what was expected. */
int cpr_origin_of(const char *file, const char *library, const char *version, cpr_origin *out, const char **why);

#endif
