#include <stdio.h>

#include "cli/cli.h"

int main(int argc, char **argv)
{
    int r = cli_dispatch(argc, argv);
    if (r >= 0)
        return r;
    /* The window comes with the table; until then, the terminal table. */
    char *args[] = {argv[0], NULL};
    (void)args;
    return cli_play(argc, argv);
}
