/* cryptoperf: validate, import and render crypto benchmark datasets. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "base/cleanup.h"

static const cp_command *const commands[] = {
    &cp_cmd_validate,
    &cp_cmd_import,
    &cp_cmd_render,
    &cp_cmd_diff,
    &cp_cmd_publish,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const cp_command *find(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* One line, the same from every command: what a bug report quotes. */
static int version(void)
{
    puts("cryptoperf " CP_VERSION);
    return fflush(stdout) == 0 ? CP_EXIT_OK : CP_EXIT_USAGE;
}

static void overview(FILE *f)
{
    fputs("usage: cryptoperf <command> [options] [args]\n\n"
          "Turns crypto benchmark records into performance pages.\n\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fputs("  help       show help for a command: cryptoperf help <command>\n\n"
          "--help after a command shows its help, --version (alone or after a\n"
          "command) the version.\n"
          "exit status: 0 ok, 1 invalid data, 2 usage or I/O error, 3 the wiki refused\n"
          "(publish), 4 a mark named by diff --fail-on\n"
          "see also: man cryptoperf (gen/cryptoperf.1)\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        overview(stderr);
        return CP_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
        overview(stdout);
        return CP_EXIT_OK;
    }
    if (!strcmp(cmd, "--version"))
        return version();
    if (!strcmp(cmd, "help")) {
        if (argc < 3) {
            overview(stdout);
            return CP_EXIT_OK;
        }
        const cp_command *c = find(argv[2]);
        if (!c) {
            fprintf(stderr, "cryptoperf: unknown command '%s'\n", argv[2]);
            return CP_EXIT_USAGE;
        }
        fputs(c->usage, stdout);
        return CP_EXIT_OK;
    }
    const cp_command *c = find(cmd);
    if (!c) {
        fprintf(stderr, "cryptoperf: unknown command '%s' (try cryptoperf --help)\n", cmd);
        return CP_EXIT_USAGE;
    }
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--"))
            break;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(c->usage, stdout);
            return CP_EXIT_OK;
        }
        if (!strcmp(argv[i], "--version"))
            return version();
    }
    /* the commands that write files: a SIGINT or SIGTERM leaves no
     * temporary file (base/cleanup.h); started before any thread */
    if (c == &cp_cmd_import || c == &cp_cmd_render || c == &cp_cmd_diff)
        cp_cleanup_start();
    return c->run(argc - 1, argv + 1);
}
