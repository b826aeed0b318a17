/* The double-dummy solver's types, and what its search (_solver_search.c) gives the Python
 * face (_solver.c): one extension, two files, so that each stays small. */
#ifndef PINOCHLE_SOLVER_H
#define PINOCHLE_SOLVER_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t key[4];
    int8_t lb, ub;   /* bounds on side 0's points from this trick start */
    uint8_t best;    /* the leader's best card + 1 (0: none) */
    uint8_t left;    /* tricks left (0: an empty slot) */
} Entry;

typedef struct {
    int leader, k, led, ws, wr, wseat, pts;
    uint8_t cards[4];
    uint8_t played[4];    /* suit: the ranks played to the trick, a bit each */
} Trick;

typedef struct {
    PyObject_HEAD
    int trump;
    int bits;
    Entry *table;
    uint64_t mask;
    uint8_t h[4][4][5];   /* seat, suit, rank: copies held */
    uint8_t tot[4][5];    /* suit, rank: copies held by all seats */
    uint8_t ns[4][4];     /* seat, suit: cards held */
    uint8_t nc[4];        /* seat: cards held */
    uint8_t m[4][4];      /* seat, suit: the ranks held, a bit each (bit 0 the ace) */
    int counters;         /* counters held by all seats */
    long long nodes;
    long long limit;      /* stop past this many nodes (0: never) */
    int stopped;          /* a search stopped at the limit: its values mean nothing */
} Solver;

typedef struct { int card, score; } Move;

/* The exact value of the position `t` after `card` (-1: before any) for side 0, by
 * zero-window searches from `guess`. */
int dd_mtdf(Solver *S, const Trick *t, int card, int guess);
/* Read 16 suit codes and the trick in progress into the solver and `t`; 0 and a Python error
 * if they are not a position. */
int dd_load_codes(Solver *S, const long long *codes, int leader, const int *trick, int k,
                  Trick *t);
/* The legal plays of the seat to play, one per class of equivalent cards (`same[i]`: each
 * legal card's class representative, else -1); returns how many. */
int dd_legal_moves(const Solver *S, const Trick *t, Move *moves, int *same);
/* Per legal card of the seat to play (card order), side 0's points; returns how many. */
int dd_all_values(Solver *S, const Trick *t, int *cards, int *values);

#endif
