/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target for the save loader: any bytes must either load or be refused with a
 * one-line message, and whatever loads must survive save -> load unchanged. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* A private copy of exactly `size` bytes: reads past the end hit ASan's redzone. */
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    if (size)
        memcpy(text, data, size);
    char err[MATCH_ERR] = "";
    Match *m = match_load_text(text, size, err, sizeof err);
    free(text);
    if (!m) {
        if (!err[0] || strchr(err, '\n'))
            abort(); /* a refusal must say why, on one line */
        return 0;
    }
    char *saved = match_save_text(m);
    if (!saved)
        abort();
    char err2[MATCH_ERR] = "";
    Match *back = match_load_text(saved, strlen(saved), err2, sizeof err2);
    if (!back || back->history_len != m->history_len || back->seed != m->seed ||
        memcmp(back->state, m->state, m->rules->state_size) != 0 ||
        (m->history_len &&
         memcmp(back->history, m->history, (size_t)m->history_len * sizeof(Action)) != 0))
        abort(); /* what loads must save and load back identically */
    match_free(back);
    free(saved);
    match_free(m);
    return 0;
}
