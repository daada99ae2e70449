/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The `tasca` subcommands without the window: the judge's tests run this program. */
#include <stdio.h>

#include "cli/cli.h"

int main(int argc, char **argv)
{
    int r = cli_dispatch(argc, argv);
    if (r < 0) {
        fprintf(stderr, "buraco_cli_runner: a subcommand is needed\n");
        return 2;
    }
    return r;
}
