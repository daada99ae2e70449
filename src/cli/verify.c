/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca verify: checks again, away from the table, the deal of networked games whose records
 * a player's client kept (dealfile.h). */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fileio.h"
#include "../engine/match.h"
#include "../engine/registry.h"
#include "../net/dealfile.h"
#include "cli.h"

static int verify_one(const char *path)
{
    char err[256];
    size_t len;
    char *text = file_read_all(path, DEAL_RECORD_MAX, &len, err, sizeof err);
    if (!text) {
        printf("%s: cannot be read: %s\n", path, err);
        return 2;
    }
    DealRecord r;
    bool ok = deal_record_parse(text, len, &r, err, sizeof err);
    free(text);
    if (!ok) {
        printf("%s: not a record of a deal: %s\n", path, err);
        return 2;
    }
    char fp[17];
    sodium_bin2hex(fp, sizeof fp, r.dealer, 8);
    int views = 0;
    for (uint32_t i = 0; i < r.seen.n; i++)
        views += r.seen.have[i];
    char why[WIRE_REASON];
    const char *e = deal_record_check(&r, why, sizeof why);
    if (e)
        printf("%s: NOT VERIFIED: %s\n  table %s, game %u of %s, seat %d of %d, dealer key %s\n",
               path, e, r.code, r.game_no + 1, r.game, r.seat + 1, r.n, fp);
    else
        printf("%s: verified: every one of the %d views seat %d was shown came from the deck "
               "the dealer committed to\n  table %s, game %u of %s, seat %d of %d, dealer key "
               "%s\n",
               path, views, r.seat + 1, r.code, r.game_no + 1, r.game, r.seat + 1, r.n, fp);
    deal_record_free(&r);
    return e ? 1 : 0;
}

int cli_verify(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("Usage: tasca verify FILE...\n"
               "Checks again the deal of networked games. The window keeps a record of each\n"
               "game it played at a networked table, one TABLE-gN.tdeal file a game in\n"
               "~/.local/share/tasca/tasca/deals/: the dealer's commitment, this seat's own\n"
               "contribution, a hash of every view it was shown and the dealer's proof. The\n"
               "game is replayed from the revealed deck and every view compared.\n"
               "Exit status: 0 when every file is verified, 1 when a deal is not, 2 when a\n"
               "file cannot be read as such a record.\n");
        return 0;
    }
    if (argc < 2) {
        fprintf(stderr, "tasca verify: expected one FILE or more (see 'tasca verify --help')\n");
        return 2;
    }
    if (sodium_init() < 0) {
        fprintf(stderr, "tasca verify: libsodium does not start\n");
        return 2;
    }
    int worst = 0;
    for (int i = 1; i < argc; i++) {
        int rc = verify_one(argv[i]);
        if (rc > worst)
            worst = rc;
    }
    return worst;
}
