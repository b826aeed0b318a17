/* The double-dummy solver's types, and what its search (_solver_search.c) gives the Python
 * face (_solver.c): one extension, two files, so that each stays small. The search runs
 * without the GIL and calls back (``dd_poll``) every ``DD_POLL_EVERY`` positions, so that
 * Ctrl-C or ``Solver.interrupt`` from another thread stops it. */
#ifndef PINOCHLE_SOLVER_H
#define PINOCHLE_SOLVER_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A trick start's key: per suit 5 bytes (bytes 5s to 5s + 4), the leader byte 20. */
#define KEY_WORDS 3

typedef struct {
    uint64_t key[KEY_WORDS];
    int8_t lb, ub;   /* bounds on side 0's points from this trick start */
    uint8_t best;    /* the leader's best card + 1 (0: none) */
    uint8_t left;    /* tricks left (0: an empty slot) */
} Entry;          /* 32 bytes: the two slots a key may take share a cache line */

typedef struct {
    int leader, k, led, ws, wr, wseat, pts;
    uint8_t cards[4];
    uint8_t played[4];    /* suit: the ranks played to the trick, a bit each */
    uint8_t changed;      /* at a trick start: the suits of the trick before, a bit each (0:
                             not known; its key is made whole) */
} Trick;

typedef struct {
    PyObject_HEAD
    int trump;
    int bits;
    Entry *table;         /* aligned to a cache line within `raw` */
    void *raw;
    uint64_t mask;
    uint8_t h[4][4][5];   /* seat, suit, rank: copies held */
    uint8_t tot[4][5];    /* suit, rank: copies held by all seats */
    uint8_t ns[4][4];     /* seat, suit: cards held */
    uint8_t nc[4];        /* seat: cards held */
    uint8_t m[4][4];      /* seat, suit: the ranks held, a bit each (bit 0 the ace) */
    int counters;         /* counters held by all seats */
    uint64_t suit_keys[21][4];   /* tricks left, suit: the last trick start's key per suit */
    uint8_t keyed[21];    /* tricks left: suit_keys is of the trick start searched there */
    uint64_t hist[4][20]; /* seat, card: its cut-offs in this position's search so far, each
                             weighted by the seat's cards held squared (the history heuristic) */
    long long nodes;
    long long limit;      /* stop past this many nodes (0: never) */
    int stopped;          /* the search stopped (DD_LIMIT, DD_INTERRUPTED): its values mean
                             nothing */
    int busy;             /* a method is using the solver (set and read with the GIL held) */
    volatile int cancel;  /* interrupt(): every search stops until clear() */
    unsigned tick;        /* positions since the last look for a signal */
    PyThreadState *save;  /* the thread's state while the search runs without the GIL */
} Solver;

/* Why a search stopped. */
#define DD_LIMIT 1
#define DD_INTERRUPTED 2

/* A legal play and its place in the order: by `score`, then by its cut-offs so far. */
typedef struct { int card, score; uint64_t hist; } Move;

/* Fill the table of the key's codes (once, before any search). */
void dd_init(void);
/* The exact value of the position `t` after `card` (-1: before any) for side 0, by
 * zero-window searches from `guess` (-1: none). */
int dd_mtdf(Solver *S, const Trick *t, int card, int guess);
/* One zero-window search of the position `t` at `at`: a value of `at` or more is a lower bound
 * on side 0's points, one below `at` an upper bound. */
int dd_bound(Solver *S, const Trick *t, int at);
/* Read 16 suit codes (each 0 to 3124), the leader (0 to 3) and the trick in progress (0 to 3
 * cards, each 0 to 19) into the solver and `t`: NULL, or what makes them no position (the
 * hands' sizes, a fifth copy of a card, a hand over). Needs no GIL. */
const char *dd_load_codes(Solver *S, const long long *codes, int leader, const int *trick,
                          int k, Trick *t);
/* Called by the search every DD_POLL_EVERY positions, without the GIL: nonzero where it must
 * stop (a signal handler raised, its error set; or interrupt() was called). */
int dd_poll(Solver *S);
#define DD_POLL_EVERY 4096
/* The legal plays of the seat to play, one per class of equivalent cards (`same[i]`: each
 * legal card's class representative, else -1); returns how many. */
int dd_legal_moves(const Solver *S, const Trick *t, Move *moves, int *same);
/* Per legal card of the seat to play (card order), side 0's points; returns how many. */
int dd_all_values(Solver *S, const Trick *t, int *cards, int *values);

#endif
