/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Runs the fuzz target over files named on the command line, without libFuzzer: the seed
 * corpus is checked in every build, with any compiler. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            perror(argv[i]);
            return 1;
        }
        size_t cap = 1 << 16, n = 0, got;
        unsigned char *buf = malloc(cap);
        while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
            n += got;
            if (n == cap)
                buf = realloc(buf, cap *= 2);
        }
        fclose(f);
        if (!buf) {
            fprintf(stderr, "out of memory\n");
            return 1;
        }
        LLVMFuzzerTestOneInput(buf, n);
        free(buf);
    }
    printf("%d corpus files checked\n", argc - 1);
    return 0;
}
