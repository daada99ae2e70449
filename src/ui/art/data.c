/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "data.h"

#include <stdio.h>
#include <string.h>

#ifndef TASCA_SOURCE_DIR
#define TASCA_SOURCE_DIR "."
#endif

static char data_dir[512] = TASCA_SOURCE_DIR;

void art_set_data_dir(const char *dir)
{
    if (!dir || !dir[0])
        dir = TASCA_SOURCE_DIR;
    size_t n = strlen(dir);
    /* SDL_GetBasePath ends with a slash; keep one form so joins stay clean. */
    while (n > 1 && (dir[n - 1] == '/' || dir[n - 1] == '\\'))
        n--;
    if (n >= sizeof data_dir)
        n = sizeof data_dir - 1;
    memcpy(data_dir, dir, n);
    data_dir[n] = '\0';
}

const char *art_data_dir(void)
{
    return data_dir;
}

const char *art_data_path(const char *rel, char *out, size_t size)
{
    int n = snprintf(out, size, "%s/%s", data_dir, rel);
    if (n < 0 || (size_t)n >= size)
        out[0] = '\0';
    return out;
}
