/* Placeholder so the tree links; replaced by the real command. */
#include <stdio.h>

#include "commands.h"

static int run(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("cryptoperf validate: not built yet\n", stderr);
    return CP_EXIT_USAGE;
}

const cp_command cp_cmd_validate = { "validate", "(not built yet)", "cryptoperf validate: not built yet\n", run };
