/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin endgame tables: the exact value of every moving-phase position (both hands empty,
 * no removal owed) with few pieces, computed by retrograde analysis.
 *
 * Covered: every count from 3 v 3 to 5 v 5 (pieces of the side to move v pieces of the
 * other; see MOULIN_EG_COVERS), with either side to move. A side with 3 pieces flies when
 * the flying option is on; the two variants are separate tables.
 *
 * Values ignore the two draw rules (threefold repetition, the N-move rule): a win in d means
 * the side to move can force the end of the game (the opponent below 3 pieces or without a
 * legal move) within d turns, a turn being one side's move with the removal it earns (the
 * search's unit, see moulin_bots.h); a loss in d means the opponent can force it within d
 * turns and the side to move can hold out d turns. Wins have odd distances, losses even
 * ones (a side with no legal move: a loss in 0; closing a mill against 3 pieces: a win in 1).
 * A draw: neither side can force a win.
 *
 * Storage: one byte per position, 0 = draw, else distance + 1 (so the parity says who wins).
 * A position is indexed by the class of the mover's set under the 16 symmetries of the board
 * (rotations, reflections, swapping the inner and outer squares) times the combinatorial rank
 * of the opponent's set among the remaining points.
 *
 * Stages: the tables up to 4 pieces a side (5.4 MiB a variant, a few seconds to build) are
 * made by moulin_eg_ensure, in the caller's thread; those with a side of 5 (three more
 * pairs, 64 MiB a variant with the first, up to a minute of CPU) by moulin_eg_ensure_all, or
 * in the background by moulin_eg_start, each pair usable as soon as it is ready (5 v 3 and
 * 3 v 5 first, then 5 v 4 and 4 v 5, then 5 v 5). TASCA_MOULIN_EG_PIECES=4 (or
 * moulin_eg_set_max_pieces) keeps them to 4 pieces.
 *
 * Each stage is kept in a cache file (XDG: $XDG_CACHE_HOME/tasca, else ~/.cache/tasca;
 * $TASCA_CACHE_DIR overrides) with a header, a version and a checksum: a file of another
 * version, damaged or truncated, is reported on stderr and built again. With no cache folder
 * (or moulin_eg_set_cache_dir(NULL)) they live in memory only, and moulin_eg_start builds
 * nothing. Everything here is thread-safe; probing never blocks. */
#ifndef TASCA_MOULIN_ENDGAME_H
#define TASCA_MOULIN_ENDGAME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* Pieces per side the tables reach (3..MOULIN_EG_MAX_PIECES), when every stage is ready. */
#define MOULIN_EG_MAX_PIECES 5
#define MOULIN_EG_COVERS(a, b)                                                                     \
    ((a) >= 3 && (b) >= 3 && (a) <= MOULIN_EG_MAX_PIECES && (b) <= MOULIN_EG_MAX_PIECES)

typedef enum {
    MOULIN_EG_UNKNOWN = 0, /* not covered, or the tables are not loaded */
    MOULIN_EG_WIN,
    MOULIN_EG_LOSS,
    MOULIN_EG_DRAW,
} MoulinEgValue;

typedef struct {
    int a, b;           /* pieces of the side to move, of the other */
    uint64_t entries;   /* stored bytes */
    uint64_t positions; /* entries that are positions (the rest are symmetric duplicates) */
    uint64_t wins, losses, draws;
    int longest_win, longest_loss; /* turns */
    bool loaded;         /* its stage was read from the cache file (else built) */
    double stage_cpu_ms; /* the CPU time its stage took (built or read; a stage of
                            several tables counts once for each) */
} MoulinEgTableInfo;

typedef struct {
    bool ready;
    bool loaded;        /* every stage ready was read from its cache file (else built) */
    int pieces;         /* the largest count of a side the ready tables reach */
    uint64_t bytes;     /* memory (and file payloads): one byte per entry */
    double ms;          /* building (or loading) time of the stages ready, wall clock */
    double cpu_ms;      /* the same in the CPU time of the thread that made each */
    int ntables;
    MoulinEgTableInfo table[9];
    char path[512];     /* the first stage's cache file, "" when in memory only */
} MoulinEgInfo;

/* Makes the tables of one variant up to 4 pieces a side available: loads the cache file,
 * or builds them (a few seconds) and writes it. Blocks other callers of the same variant
 * until done. Returns false when `cancel` was set before the end (nothing is kept) or
 * memory ran out. */
bool moulin_eg_ensure(bool flying, const atomic_int *cancel);

/* The same for every stage allowed (up to moulin_eg_max_pieces()), in the caller's thread:
 * up to a minute of CPU when nothing is cached. */
bool moulin_eg_ensure_all(bool flying, const atomic_int *cancel);

/* Starts (once, returning at once) a worker thread at a low priority that makes every stage
 * allowed: the first, then the 5-piece pairs one by one, each probed as soon as it is
 * ready. Does nothing without a cache folder, or when the tables stop at 4 pieces.
 * moulin_eg_unload stops it. */
void moulin_eg_start(bool flying);

/* The largest piece count of a side the tables may reach: TASCA_MOULIN_EG_PIECES (3 to 5,
 * read once), else MOULIN_EG_MAX_PIECES; moulin_eg_set_max_pieces overrides it (before the
 * stages it leaves out are made). */
int moulin_eg_max_pieces(void);
void moulin_eg_set_max_pieces(int k);

/* The largest piece count of a side the ready tables of the variant reach (0: none). */
int moulin_eg_pieces_ready(bool flying);

/* The value of a position for the side to move (`mover`, `opp`: bitboards of the moving
 * phase). UNKNOWN when the piece counts are not covered or the variant is not ready.
 * `dist` (may be NULL) receives the distance in turns for a win or a loss. */
MoulinEgValue moulin_eg_probe(bool flying, uint32_t mover, uint32_t opp, int *dist);

/* Is the variant ready (probing can answer)? */
bool moulin_eg_ready(bool flying);

/* The cache folder: NULL = in memory only. Must be called before the first ensure; without
 * it, the folder comes from the environment as described above. */
void moulin_eg_set_cache_dir(const char *dir);

/* Figures of a variant (zeros when not ready); the counts by value take a moment the first
 * time. */
void moulin_eg_info(bool flying, MoulinEgInfo *out);

/* Tests: stops the worker, drops both variants (no search may be running). */
void moulin_eg_unload(void);

/* Tests: the nice value of the workers started from now on (10 by default, so that the
 * bot's search keeps the processor; the worker's own tests run it at 0, so that other work
 * on a loaded machine does not starve it). */
void moulin_eg_set_worker_nice(int nice);

/* Tests: build only the first `pairs` pairs of the building order (1: 3 v 3; 2: and
 * 3 v 4, 4 v 3; 3: and 4 v 4; 4: and 5 v 3, 3 v 5; ...; 6: all), before the next ensure.
 * A stage cut short has its own cache file ("-part"). */
void moulin_eg_limit(int pairs);

/* Tests: the raw stored byte for a position, or -1 when not covered or not ready. */
int moulin_eg_raw(bool flying, uint32_t mover, uint32_t opp);

#endif
