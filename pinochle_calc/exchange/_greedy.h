/* The exchange's greedy search in C: the types and constants its search (_greedy_search.c)
 * and its Python face (_greedy.c) share, and what the search gives the face. */
#ifndef PINOCHLE_GREEDY_H
#define PINOCHLE_GREEDY_H
#include "../_buffers.h"
#include <math.h>
#include <stdlib.h>
#ifndef _WIN32
#include <dlfcn.h>
#ifndef RTLD_NOLOAD
#define RTLD_NOLOAD 0
#endif
#endif

#define CARDS 20
#define MAXPARTS 16
#define MAXSIZE 5
/* the most incoming passes an objective averages its kept meld over (the policy's: 60) */
#define MAXINCOMING 10000
/* the ranks of cards.py (A 10 K Q J) and the cards the starts of ``policy._starts`` name */
#define ACE 0
#define KING 2
#define QUEEN 3
#define JACK 4
#define Q_SPADES (0 * 5 + QUEEN)
#define J_DIAMONDS (2 * 5 + JACK)
#define STARTS 7

static const int64_t POW5[MAXSIZE + 1] = {1, 5, 25, 125, 625, 3125};

/* The BLAS numpy's matrix product calls (``blas``): cblas_ddot and cblas_dgemv, with 64-bit
 * integers (ILP64, the ``64_`` names) or 32-bit ones. */
typedef double (*ddot64_t)(int64_t, const double *, int64_t, const double *, int64_t);
typedef void (*dgemv64_t)(int, int, int64_t, int64_t, double, const double *, int64_t,
                          const double *, int64_t, double, double *, int64_t);
typedef double (*ddot32_t)(int, const double *, int, const double *, int);
typedef void (*dgemv32_t)(int, int, int, int, double, const double *, int, const double *, int,
                          double, double *, int);
extern void *blas_ddot, *blas_dgemv;
extern int blas_ilp64;
enum { COL_MAJOR = 102, TRANS = 112 };  /* CBLAS's CblasColMajor, CblasTrans */

static const char CAPSULE[] = "pinochle_calc.exchange._greedy.objective";

typedef struct {
    int parts;
    int size[MAXPARTS];
    int cards[MAXPARTS][MAXSIZE];
    const double *gain[MAXPARTS], *kept[MAXPARTS];
    double *averaged[MAXPARTS];  /* with incoming passes: the kept meld's mean, by code */
    uint8_t *known[MAXPARTS];    /* ... and whether it is worked out yet */
    double per_card[CARDS];
    /* the parts each card belongs to, and its digit there */
    int member_count[CARDS], member_part[CARDS][MAXPARTS], member_digit[CARDS][MAXPARTS];
    unsigned member_mask[CARDS];  /* the parts of each card, a bit each */
    const int64_t *incoming;
    Py_ssize_t m;
    Py_buffer *views;
    int nviews;
} Objective;

/* The code of part ``i``'s cards in ``counts`` */
static inline int64_t code_of(const Objective *o, int i, const int64_t *counts)
{
    int64_t code = 0;
    for (int j = 0; j < o->size[i]; j++) code += counts[o->cards[i][j]] * POW5[j];
    return code;
}

/* A search for one hand: the objective, the hand, its parts' codes and the passer's meld of
 * each part as held; and, where the objective receives nothing, what one more card of each
 * kind adds to the choice the search starts from (``first``), shared by its starts. */
typedef struct {
    const Objective *o;
    const int64_t *hand;
    int64_t held[MAXPARTS];
    double kept_held[MAXPARTS];
    int64_t first[CARDS];
    int64_t first_given[MAXPARTS];
    double first_steps[MAXPARTS][MAXSIZE];
    double first_gains[CARDS];
    int have_first;
} Search;

/* ``rows`` (m, 20) @ ``values`` as numpy computes a stack of that shape */
void dot_rows(const double *values, const double *rows, int m, double *out);
/* The capsule's destructor: the buffers an objective holds released, the objective freed */
void objective_free(PyObject *capsule);
/* Objective.score of a choice from its cards' values ``total`` and its parts' codes */
double parts_of(const Search *h, double total, const int64_t *given);
/* Start a search of ``hand`` under ``o`` */
void search_for(Search *h, const Objective *o, const int64_t *hand);
/* Add ``count`` cards to ``chosen`` greedily (see _greedy_search.c) */
int pick_one(const Search *h, int64_t *chosen, int64_t *given, const uint8_t *allowed,
             int64_t count, int distinct, int64_t *states);
/* Objective.added for one hand */
void added(const Objective *o, const int64_t *hand, int64_t *chosen, double *out);
/* choose, for one hand */
void choose_one(const Objective *o, const int64_t *hand, const int64_t *first, int64_t k,
                int trump, int64_t *out);

#endif
