/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Generic alpha-beta search for two-player, zero-sum games of perfect information.
 *
 * The game is a const table of callbacks over an opaque, fixed-size position that the
 * search copies (copy-make: `make` writes the child into a buffer of `pos_size` bytes;
 * nothing is undone). Scores are always from the point of view of the side to act.
 *
 * The module owns: iterative deepening, negamax alpha-beta or principal variation search,
 * a transposition table (2-entry buckets, depth-preferred + always-replace, mate scores
 * stored relative to the node), killer and history move ordering, a quiescence search over
 * the game's "noisy" moves, repetition detection over a stack of position keys, the node,
 * time and cancel checks, root move sorting and the result (depth, nodes, best move,
 * score, principal variation).
 *
 * The game owns: the position, move generation, make, evaluation, hashing, end-of-game
 * detection and move-ordering hints.
 *
 * Nothing is allocated per node. A search allocates its context once; the table lives in a
 * per-thread buffer that is reused (and cleared) from one search to the next. No SDL. */
#ifndef TASCA_AI_ALPHABETA_H
#define TASCA_AI_ALPHABETA_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef uint16_t AbMove; /* game-defined; AB_NO_MOVE is reserved */
#define AB_NO_MOVE ((AbMove)0xFFFFu)

#define AB_MAX_PLY 100     /* deepest ply of the main search (quiescence stops there too) */
#define AB_MAX_MOVES 640   /* most moves `generate` may return at one node */
#define AB_MAX_POS 128     /* largest position (bytes) */
#define AB_QS_MAX 8        /* quiescence plies */
#define AB_HISTORY 4096    /* history-table entries per side */
#define AB_MATE 30000      /* a loss at ply p scores -(AB_MATE - p) */
#define AB_MATE_BOUND (AB_MATE - 1000) /* |score| above this: a forced result */
#define AB_INF 32000

/* Ordering hints (see AbGame.order). */
#define AB_ORDER_PRIORITY (1 << 27) /* at or above: ordered before killers and history */
#define AB_ORDER_TT (1 << 30)       /* the table's move (set by the search) */

/* What `terminal` (or `probe`) says of a position, for the side to act. AB_SCORE: only
 * from `probe`. */
typedef enum { AB_GOING = 0, AB_LOSS, AB_DRAW, AB_WIN, AB_SCORE } AbTerminal;

typedef struct AbGame {
    int pos_size; /* bytes of a position, <= AB_MAX_POS */

    /* The moves of the side to act (at most AB_MAX_MOVES); with `noisy_only`, only the
     * moves the quiescence search should follow. */
    int (*generate)(const void *user, const void *pos, AbMove *out, bool noisy_only);
    /* Writes the position after `m` into `child` (pos_size bytes). */
    void (*make)(const void *user, const void *pos, AbMove m, void *child);
    /* Static evaluation for the side to act. */
    int (*evaluate)(const void *user, const void *pos);
    /* Whether the game has ended before the side to act plays. */
    AbTerminal (*terminal)(const void *user, const void *pos);
    /* The side to act (0 or 1): draw contempt and the history table. */
    int (*side)(const void *pos);

    /* Transposition table: `hash` picks the bucket (and is prefetched after make); `key`
     * verifies the entry (NULL: the hash itself). Both unused when tt_bits is 0. */
    uint64_t (*hash)(const void *user, const void *pos);
    uint64_t (*key)(const void *user, const void *pos);

    /* Repetition (NULL: none): a position whose `rep_key` occurs on the key stack since
     * the last irreversible move is a draw. `irreversible` (NULL: every move reversible)
     * starts a new window. */
    uint64_t (*rep_key)(const void *user, const void *pos);
    bool (*irreversible)(const void *user, AbMove m);

    /* Ordering hints (NULL: all 0): score[i] >= AB_ORDER_PRIORITY for moves to try before
     * killers and history (captures, blocks; must stay below AB_ORDER_TT), otherwise a
     * quiet-move score used only when killers/history are off. */
    void (*order)(const void *user, const void *pos, const AbMove *mv, int n, int32_t *score);
    /* Killer/history slot of a quiet move in [0, AB_HISTORY), or -1 for a move that must
     * not update them (NULL: m % AB_HISTORY for every move). */
    int (*history_index)(const void *user, AbMove m);

    /* Exact knowledge from outside the search, such as endgame tables (NULL: none). Asked
     * at every node below the root after `terminal` and the repetition check; the node is
     * then not searched. Returns AB_GOING when it knows nothing; AB_WIN or AB_LOSS with
     * *value = the plies to the end (the search adds the node's ply, as for its own mates);
     * AB_DRAW (scored as the search's draws); or AB_SCORE with *value a score for the side
     * to act, taken as it is. */
    AbTerminal (*probe)(const void *user, const void *pos, int *value);
    /* Extensions (NULL: none; used with AbConfig.extensions): whether the move `m` from
     * `pos`, giving `child`, is forcing enough to be searched one ply deeper (a double
     * threat, a check). A path is extended by at most half the iteration's depth, rounded up. */
    bool (*extend)(const void *user, const void *pos, AbMove m, const void *child);
} AbGame;

typedef struct {
    int max_depth;        /* plies of the iterative deepening; 0 = up to AB_MAX_PLY - 4 */
    uint64_t node_budget; /* 0 = none */
    int64_t time_ns;      /* 0 = none */
    bool cpu_time;        /* time_ns counts this thread's CPU time, not wall-clock time */
    bool pvs;             /* principal variation search (else plain alpha-beta) */
    bool killers_history; /* killer and history move ordering */
    bool quiescence;      /* follow noisy moves beyond the horizon */
    bool lmr;             /* late move reductions (with pvs, below the root) */
    bool extensions;      /* the game's `extend`: forcing moves one ply deeper */
    int tt_bits;          /* 2 * 2^tt_bits entries (16 bytes each); 0 = no table */
    int contempt;         /* a draw counts this much below 0 for the root's side */
    const atomic_int *cancel; /* set from another thread: stop as soon as possible */
} AbConfig;

#define AB_MAX_PV 32

typedef struct {
    AbMove best; /* AB_NO_MOVE when the root has no move */
    int score;   /* for the side to act at the root */
    int depth;   /* deepest completed iteration */
    uint64_t nodes;
    double ms;     /* wall time */
    double cpu_ms; /* this thread's CPU time */
    bool mate;     /* the score is a forced result */
    int root_moves;
    uint64_t probe_hits; /* nodes answered by `probe` */
    uint64_t extended;   /* moves searched one ply deeper (`extend`) */
    int pv_len; /* the principal variation, from the table (best first) */
    AbMove pv[AB_MAX_PV];
} AbResult;

/* Searches `root`. A root with a single move returns it at once, unsearched (score 0,
 * depth 0). The node budget, the clock and `cancel` are checked every 1024 nodes; a partial
 * iteration counts only when its best move beat the previous best with a full score.
 * `history` holds the repetition keys of the game's positions since its
 * last irreversible move, the root last (may be NULL/0: the root's key alone). */
void ab_search(const AbGame *g, const void *user, const void *root, const uint64_t *history,
               int nhistory, const AbConfig *cfg, AbResult *out);

/* ab_search, then (with `moves`) every root move scored for an analysis: the best at the
 * search's score; the others by full-window searches from the same table, depth after
 * depth up to the search's completed depth (at least 1), within `extra_nodes` more nodes
 * (0: no limit) and the search's own time budget (counted from its start), each from the deepest pass that finished (`depths`; 0 and -AB_INF when
 * none did), capped at the best's score (the search proved them no better). `out` is what
 * ab_search gives. Returns the root's move count; the arrays need AB_MAX_MOVES slots. */
int ab_search_all(const AbGame *g, const void *user, const void *root, const uint64_t *history,
                  int nhistory, const AbConfig *cfg, AbResult *out, uint64_t extra_nodes,
                  AbMove *moves, int *scores, int *depths);

/* Every root move (in generation order) scored by a full-window search of `depth` plies
 * (the move included). Returns the count; `moves` and `scores` need AB_MAX_MOVES slots. */
int ab_score_moves(const AbGame *g, const void *user, const void *root, const uint64_t *history,
                   int nhistory, const AbConfig *cfg, int depth, AbMove *moves, int *scores);

#endif
