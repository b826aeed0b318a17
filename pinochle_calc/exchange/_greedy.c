/* The exchange's greedy search of exchange/policy.py in C, one hand after another.
 *
 * policy.py keeps the numpy search (``Objective.score``, ``Objective.added``, ``pick``,
 * ``choose``), which works on many hands at once; this module makes the same choices with the
 * same sums, in the same order, so the worths are equal to the last bit and every tie is
 * broken alike (the first card, the first start). The tests compare the two choice by choice.
 *
 * An objective is built once (``objective``) from the tables numpy works out: per part of
 * meld, the receiver's gain and the passer's kept meld by the code of the part's cards (base
 * 5, a digit per card); the value of each card; and, where the passer receives at the same
 * time, the incoming passes and the tables of its mean meld after them, which both paths fill
 * as codes are met. The cards' values are summed as numpy's matrix product sums them: by the
 * very BLAS routines numpy calls (``blas``: its ddot for one choice, its dgemv for several),
 * found in the library numpy loaded, whose order of sums is the machine's. Arrays are read and
 * written through the buffer protocol: the build needs nothing but a C compiler and the Python
 * headers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <dlfcn.h>
#ifndef RTLD_NOLOAD
#define RTLD_NOLOAD 0
#endif
#endif

#define CARDS 20
#define MAXPARTS 16
#define MAXSIZE 5
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
static void *blas_ddot = NULL, *blas_dgemv = NULL;
static int blas_ilp64 = 0;
enum { COL_MAJOR = 102, TRANS = 112 };  /* CBLAS's CblasColMajor, CblasTrans */

/* ``rows`` (m, 20) @ ``values`` as numpy computes a stack of that shape: ddot for one row,
 * dgemv (column-major, transposed, as numpy's gemv passes a row-major matrix) for more */
static void dot_rows(const double *values, const double *rows, int m, double *out)
{
    if (m == 1) {
        out[0] = blas_ilp64 ? ((ddot64_t)blas_ddot)(CARDS, rows, 1, values, 1)
                            : ((ddot32_t)blas_ddot)(CARDS, rows, 1, values, 1);
    } else if (blas_ilp64) {
        ((dgemv64_t)blas_dgemv)(COL_MAJOR, TRANS, CARDS, m, 1.0, rows, CARDS, values, 1, 0.0,
                                out, 1);
    } else {
        ((dgemv32_t)blas_dgemv)(COL_MAJOR, TRANS, CARDS, m, 1.0, rows, CARDS, values, 1, 0.0,
                                out, 1);
    }
}
static const char *CAPSULE = "pinochle_calc.exchange._greedy.objective";

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

static void objective_free(PyObject *capsule)
{
    Objective *o = PyCapsule_GetPointer(capsule, CAPSULE);
    if (o == NULL) return;
    for (int i = 0; i < o->nviews; i++) PyBuffer_Release(&o->views[i]);
    PyMem_Free(o->views);
    PyMem_Free(o);
}

/* ``obj``'s buffer of ``count`` items of ``size`` bytes, kept by the objective */
static void *hold(Objective *o, PyObject *obj, Py_ssize_t size, Py_ssize_t count,
                  int writable, const char *name)
{
    Py_buffer *view = &o->views[o->nviews];
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) return NULL;
    if (view->itemsize != size || view->len != size * count) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items of %zd bytes wanted", name, count, size);
        PyBuffer_Release(view);
        return NULL;
    }
    o->nviews++;
    return view->buf;
}

/* The code of part ``i``'s cards in ``counts`` */
static inline int64_t code_of(const Objective *o, int i, const int64_t *counts)
{
    int64_t code = 0;
    for (int j = 0; j < o->size[i]; j++) code += counts[o->cards[i][j]] * POW5[j];
    return code;
}

/* The passer's meld of part ``i`` from the code of the cards it keeps: as kept, or its mean
 * over the incoming passes (worked out once per code; the meld tables hold whole numbers, so
 * the sum is exact in any order, and divided as numpy's mean divides it). */
static inline double kept_meld(const Objective *o, int i, int64_t code)
{
    if (o->incoming == NULL) return o->kept[i][code];
    if (!o->known[i][code]) {
        int digits[MAXSIZE];
        for (int j = 0; j < o->size[i]; j++) digits[j] = (int)(code / POW5[j] % 5);
        double sum = 0.0;
        for (Py_ssize_t r = 0; r < o->m; r++) {
            const int64_t *in = o->incoming + r * CARDS;
            int64_t after = 0;
            for (int j = 0; j < o->size[i]; j++) {
                int64_t d = digits[j] + in[o->cards[i][j]];
                after += (d < 4 ? d : 4) * POW5[j];
            }
            sum += o->kept[i][after];
        }
        o->averaged[i][code] = sum / (double)o->m;
        o->known[i][code] = 1;
    }
    return o->averaged[i][code];
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

/* Objective.score of ``chosen``, whose parts' codes are ``given``: the cards' values (numpy's
 * product, ``dot_rows``), then each part's gain and kept meld less its meld as held, term by
 * term as numpy sums them */
static double parts_of(const Search *h, double total, const int64_t *given)
{
    const Objective *o = h->o;
    for (int i = 0; i < o->parts; i++)
        total += (o->gain[i][given[i]] + kept_meld(o, i, h->held[i] - given[i]))
                 - h->kept_held[i];
    return total;
}

static double score_of(const Search *h, const int64_t *chosen, const int64_t *given)
{
    double row[CARDS], total;
    for (int c = 0; c < CARDS; c++) row[c] = (double)chosen[c];
    dot_rows(h->o->per_card, row, 1, &total);
    return parts_of(h, total, given);
}

static void search_for(Search *h, const Objective *o, const int64_t *hand)
{
    h->o = o;
    h->hand = hand;
    h->have_first = 0;
    for (int i = 0; i < o->parts; i++) {
        h->held[i] = code_of(o, i, hand);
        h->kept_held[i] = kept_meld(o, i, h->held[i]);
    }
}

/* What one more copy of each card of part ``i`` adds to the part's worth (the receiver's gain
 * and the passer's kept meld), as ``Objective.added`` sums it: where the hand has one more */
static inline void part_steps(const Search *h, int i, const int64_t *chosen, int64_t given,
                              double *steps)
{
    const Objective *o = h->o;
    int64_t kept = h->held[i] - given;
    double base = o->gain[i][given] + o->kept[i][kept];
    for (int j = 0; j < o->size[i]; j++) {
        int c = o->cards[i][j];
        if (chosen[c] < h->hand[c])
            steps[j] = (o->gain[i][given + POW5[j]] + o->kept[i][kept - POW5[j]]) - base;
    }
}

/* ``Objective.added`` of one card from the parts' steps: its value, then each part it belongs
 * to in the parts' order (-inf where the hand has no more) */
static inline double card_worth(const Search *h, int c, const int64_t *chosen,
                                double steps[][MAXSIZE])
{
    const Objective *o = h->o;
    if (chosen[c] >= h->hand[c]) return -INFINITY;
    double worth = o->per_card[c];
    for (int k = 0; k < o->member_count[c]; k++)
        worth += steps[o->member_part[c][k]][o->member_digit[c][k]];
    return worth;
}

/* Objective.added with incoming passes: each choice with one card more scored (the 20 of
 * them in one product, as numpy scores them), less the choice's score (``given``: its
 * parts' codes) */
static void added_receiving(const Search *h, int64_t *chosen, int64_t *given, double *out)
{
    const Objective *o = h->o;
    double now = score_of(h, chosen, given), more[CARDS * CARDS], worth[CARDS];
    for (int x = 0; x < CARDS; x++)
        for (int c = 0; c < CARDS; c++) {
            int64_t k = chosen[c] + (c == x);
            more[x * CARDS + c] = (double)(k < h->hand[c] ? k : h->hand[c]);
        }
    dot_rows(o->per_card, more, CARDS, worth);
    for (int c = 0; c < CARDS; c++) {
        if (chosen[c] >= h->hand[c]) {
            out[c] = -INFINITY;
            continue;
        }
        for (int k = 0; k < o->member_count[c]; k++)
            given[o->member_part[c][k]] += POW5[o->member_digit[c][k]];
        out[c] = parts_of(h, worth[c], given) - now;
        for (int k = 0; k < o->member_count[c]; k++)
            given[o->member_part[c][k]] -= POW5[o->member_digit[c][k]];
    }
}

/* The steps of every part and the worth of every card for ``chosen`` (codes ``given``): from
 * the search's first choice where a part's cards are as there */
static void all_worths(const Search *h, const int64_t *chosen, const int64_t *given,
                       double steps[][MAXSIZE], double *gains)
{
    const Objective *o = h->o;
    unsigned changed = 0;  /* the parts whose cards are not as in the first choice */
    for (int i = 0; i < o->parts; i++) {
        if (h->have_first && given[i] == h->first_given[i]) {
            memcpy(steps[i], h->first_steps[i], sizeof(double) * MAXSIZE);
        } else {
            part_steps(h, i, chosen, given[i], steps[i]);
            changed |= 1u << i;
        }
    }
    for (int c = 0; c < CARDS; c++) {
        int as_first = h->have_first && chosen[c] == h->first[c]
                       && !(o->member_mask[c] & changed);
        gains[c] = as_first ? h->first_gains[c] : card_worth(h, c, chosen, steps);
    }
}

/* numpy's argmax: the first NaN, else the first largest (a NaN is rare: looked for once) */
static int argmax(const double *values, int n)
{
    int best = 0, nan = values[0] != values[0];
    double top = values[0];
    for (int i = 1; i < n; i++) {
        nan |= values[i] != values[i];
        if (values[i] > top) {
            top = values[i];
            best = i;
        }
    }
    if (nan)
        for (int i = 0; i < n; i++)
            if (values[i] != values[i]) return i;
    return best;
}

/* pick, for one hand: up to ``count`` more cards among ``allowed`` (NULL: any), each the one
 * adding most; with ``distinct``, kinds not chosen yet. ``given`` holds the parts' codes of
 * ``chosen`` and follows it. ``states`` (room for count + 1 choices, or NULL) gets the
 * choice after each card added; returns the cards added. Without incoming passes, a card
 * added changes only the steps of its own parts, so only those are worked out again (the
 * same terms, summed in the same order). */
static int pick_one(const Search *h, int64_t *chosen, int64_t *given, const uint8_t *allowed,
                    int64_t count, int distinct, int64_t *states)
{
    const Objective *o = h->o;
    double gains[CARDS], steps[MAXPARTS][MAXSIZE];
    if (states) memcpy(states, chosen, sizeof(int64_t) * CARDS);
    int adds = 0, last = -1;
    for (int64_t step = 0; step < count; step++) {
        if (o->incoming != NULL) {
            added_receiving(h, chosen, given, gains);
        } else if (last < 0) {
            all_worths(h, chosen, given, steps, gains);
        } else {  /* the parts of the card added last, and their cards */
            for (int k = 0; k < o->member_count[last]; k++) {
                int i = o->member_part[last][k];
                part_steps(h, i, chosen, given[i], steps[i]);
            }
            gains[last] = card_worth(h, last, chosen, steps);
            for (int k = 0; k < o->member_count[last]; k++) {
                int i = o->member_part[last][k];
                for (int j = 0; j < o->size[i]; j++) {
                    int c = o->cards[i][j];
                    gains[c] = card_worth(h, c, chosen, steps);
                }
            }
        }
        double worth[CARDS];
        const double *these = gains;
        if (allowed || distinct) {
            for (int c = 0; c < CARDS; c++)
                worth[c] = (allowed && !allowed[c]) || (distinct && chosen[c] > 0) ? -INFINITY
                                                                                  : gains[c];
            these = worth;
        }
        int best = argmax(these, CARDS);
        double top = these[best];
        if (!isfinite(top)) break;  /* nothing to add: every later step alike */
        chosen[best]++;
        for (int k = 0; k < o->member_count[best]; k++)
            given[o->member_part[best][k]] += POW5[o->member_digit[best][k]];
        last = best;
        adds++;
        if (states) memcpy(states + adds * CARDS, chosen, sizeof(int64_t) * CARDS);
    }
    return adds;
}

/* Objective.added for one hand (the numpy oracle's, for the tests) */
static void added(const Objective *o, const int64_t *hand, int64_t *chosen, double *out)
{
    Search h;
    int64_t given[MAXPARTS];
    double steps[MAXPARTS][MAXSIZE];
    search_for(&h, o, hand);
    for (int i = 0; i < o->parts; i++) given[i] = code_of(o, i, chosen);
    if (o->incoming != NULL)
        added_receiving(&h, chosen, given, out);
    else
        all_worths(&h, chosen, given, steps, out);
}

/* choose, for one hand (``thorough`` is numpy's alone): the plain greedy from ``first``, then
 * each start (``policy._starts``) it does not pass through, grown greedily; the first best. */
static void choose_one(const Objective *o, const int64_t *hand, const int64_t *first,
                       int64_t k, int trump, int64_t *out)
{
    Search h;
    int64_t states[(4 * CARDS + 1) * CARDS];
    int64_t plain[CARDS], grown[STARTS][CARDS], rest[CARDS], given[MAXPARTS], taken = 0;
    double scores[STARTS + 1];
    search_for(&h, o, hand);
    for (int c = 0; c < CARDS; c++) {
        plain[c] = h.first[c] = first[c];
        rest[c] = hand[c] - first[c];
        taken += first[c];
    }
    for (int i = 0; i < o->parts; i++) given[i] = h.first_given[i] = code_of(o, i, first);
    if (o->incoming == NULL) {  /* what each card adds to the first choice, for every start */
        all_worths(&h, first, given, h.first_steps, h.first_gains);
        h.have_first = 1;
    }
    int adds = pick_one(&h, plain, given, NULL, k - taken, 0, states);
    scores[0] = score_of(&h, plain, given);
    for (int s = 0; s < STARTS; s++) {
        /* the start's cards (each at most once: a card of each kind named, where left) */
        int cards[5], n = 0;
        if (s < 4) {  /* a card of one rank in every suit held: an around */
            static const int ranks[4] = {ACE, KING, QUEEN, JACK};
            for (int suit = 0; suit < 4; suit++) cards[n++] = suit * 5 + ranks[s];
        } else if (s == 4) {  /* the trump K-Q: a royal marriage */
            cards[n++] = trump * 5 + KING;
            cards[n++] = trump * 5 + QUEEN;
        } else if (s == 5) {  /* a pinochle */
            cards[n++] = Q_SPADES;
            cards[n++] = J_DIAMONDS;
        } else {  /* the trump run */
            for (int r = 0; r < 5; r++) cards[n++] = trump * 5 + r;
        }
        int added[5], size = 0;
        for (int j = 0; j < n; j++)
            if (rest[cards[j]] > 0) added[size++] = cards[j];
        int64_t *begun = grown[s];
        memcpy(begun, first, sizeof(int64_t) * CARDS);
        if (taken + size > k) size = 0;  /* it does not fit: the first choice */
        for (int j = 0; j < size; j++) begun[added[j]]++;
        /* passed by the plain greedy: it ends where that does */
        if (size <= adds && memcmp(begun, states + size * CARDS, sizeof(int64_t) * CARDS) == 0) {
            scores[s + 1] = -INFINITY;
            continue;
        }
        for (int i = 0; i < o->parts; i++) given[i] = h.first_given[i];
        for (int j = 0; j < size; j++)  /* the start's cards added to the first choice's codes */
            for (int m = 0; m < o->member_count[added[j]]; m++)
                given[o->member_part[added[j]][m]] += POW5[o->member_digit[added[j]][m]];
        pick_one(&h, begun, given, NULL, k - taken - size, 0, NULL);
        scores[s + 1] = score_of(&h, begun, given);
    }
    int best = argmax(scores, STARTS + 1);
    memcpy(out, best ? grown[best - 1] : plain, sizeof(int64_t) * CARDS);
}

/* ------------------------------------------------------------------------------------------ */
/* Python face */

static int sequence_item_count(PyObject *seq, int parts, const char *name)
{
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) != parts) {
        PyErr_Format(PyExc_ValueError, "%s: a tuple of one item per part wanted", name);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(objective_doc,
"objective(per_card, parts, gains, kept, incoming, averaged, known)\n\n"
"An objective as policy.Objective holds it: per_card (20,) float64, parts a tuple of tuples\n"
"of cards, gains and kept a float64 table per part (5 ** cards), incoming None or (m, 20)\n"
"int64 with averaged (float64) and known (bool) tables per part, filled as codes are met.\n"
"The arrays are held, not copied.");

static PyObject *objective(PyObject *self, PyObject *args)
{
    PyObject *per_card, *parts, *gains, *kept, *incoming, *averaged, *known;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO!O!O!OOO", &per_card, &PyTuple_Type, &parts, &PyTuple_Type,
                          &gains, &PyTuple_Type, &kept, &incoming, &averaged, &known))
        return NULL;
    Py_ssize_t nparts = PyTuple_GET_SIZE(parts);
    if (blas_ddot == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the BLAS numpy calls is not found yet (blas)");
        return NULL;
    }
    if (nparts < 1 || nparts > MAXPARTS) {
        PyErr_SetString(PyExc_ValueError, "parts: 1 to 16 wanted");
        return NULL;
    }
    Objective *o = PyMem_Calloc(1, sizeof(Objective));
    if (o == NULL) return PyErr_NoMemory();
    o->views = PyMem_Calloc(2 + 4 * MAXPARTS, sizeof(Py_buffer));
    if (o->views == NULL) {
        PyMem_Free(o);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(o, CAPSULE, objective_free);
    if (capsule == NULL) {
        PyMem_Free(o->views);
        PyMem_Free(o);
        return NULL;
    }
    o->parts = (int)nparts;
    const double *values = hold(o, per_card, 8, CARDS, 0, "per_card");
    if (values == NULL) goto fail;
    memcpy(o->per_card, values, sizeof o->per_card);
    if (sequence_item_count(gains, o->parts, "gains") < 0
        || sequence_item_count(kept, o->parts, "kept") < 0)
        goto fail;
    int with_incoming = incoming != Py_None;
    if (with_incoming) {
        if (sequence_item_count(averaged, o->parts, "averaged") < 0
            || sequence_item_count(known, o->parts, "known") < 0)
            goto fail;
        if (PyObject_GetBuffer(incoming, &o->views[o->nviews], PyBUF_C_CONTIGUOUS) < 0)
            goto fail;
        Py_buffer *in = &o->views[o->nviews++];
        o->m = in->len / (8 * CARDS);
        if (in->itemsize != 8 || in->len != o->m * 8 * CARDS || o->m < 1) {
            PyErr_SetString(PyExc_ValueError, "incoming: (m, 20) int64 wanted, m > 0");
            goto fail;
        }
        o->incoming = in->buf;
        for (Py_ssize_t r = 0; r < o->m * CARDS; r++)
            if (o->incoming[r] < 0 || o->incoming[r] > 4) {
                PyErr_SetString(PyExc_ValueError, "incoming: counts 0 to 4 wanted");
                goto fail;
            }
    }
    for (int i = 0; i < o->parts; i++) {
        PyObject *part = PyTuple_GET_ITEM(parts, i);
        if (!PyTuple_Check(part) || PyTuple_GET_SIZE(part) < 1
            || PyTuple_GET_SIZE(part) > MAXSIZE) {
            PyErr_SetString(PyExc_ValueError, "parts: tuples of 1 to 5 cards wanted");
            goto fail;
        }
        o->size[i] = (int)PyTuple_GET_SIZE(part);
        for (int j = 0; j < o->size[i]; j++) {
            long card = PyLong_AsLong(PyTuple_GET_ITEM(part, j));
            if (card < 0 || card >= CARDS) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "parts: cards 0 to 19 wanted");
                goto fail;
            }
            o->cards[i][j] = (int)card;
            int k = o->member_count[card]++;
            o->member_part[card][k] = i;
            o->member_digit[card][k] = j;
            o->member_mask[card] |= 1u << i;
        }
        Py_ssize_t codes = (Py_ssize_t)POW5[o->size[i]];
        o->gain[i] = hold(o, PyTuple_GET_ITEM(gains, i), 8, codes, 0, "gains");
        o->kept[i] = o->gain[i] ? hold(o, PyTuple_GET_ITEM(kept, i), 8, codes, 0, "kept") : NULL;
        if (o->kept[i] == NULL) goto fail;
        if (with_incoming) {
            o->averaged[i] = hold(o, PyTuple_GET_ITEM(averaged, i), 8, codes, 1, "averaged");
            o->known[i] = o->averaged[i] ? hold(o, PyTuple_GET_ITEM(known, i), 1, codes, 1,
                                                "known") : NULL;
            if (o->known[i] == NULL) goto fail;
        }
    }
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

/* The hands (n, 20) int64 and the objective of a call; n, or -1 with an error set. */
static Py_ssize_t rows(PyObject *array, Py_buffer *view, int writable, const char *name)
{
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(array, view, flags) < 0) return -1;
    Py_ssize_t n = view->len / (8 * CARDS);
    if (view->itemsize != 8 || view->len != n * 8 * CARDS) {
        PyErr_Format(PyExc_ValueError, "%s: (n, 20) int64 wanted", name);
        PyBuffer_Release(view);
        return -1;
    }
    return n;
}

static void release(Py_buffer *views, int count)
{
    for (int i = 0; i < count; i++)
        if (views[i].obj != NULL) PyBuffer_Release(&views[i]);
}

/* every count 0 to 4, and each choice within its hand */
static int check_counts(const int64_t *hands, const int64_t *chosen, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n * CARDS; i++)
        if (hands[i] < 0 || hands[i] > 4 || (chosen && (chosen[i] < 0 || chosen[i] > hands[i]))) {
            PyErr_SetString(PyExc_ValueError, "counts 0 to 4 wanted, each choice within its hand");
            return -1;
        }
    return 0;
}

PyDoc_STRVAR(pick_doc,
"pick(objective, hands, chosen, allowed, count, distinct)\n\n"
"policy.pick in place on chosen (n, 20) int64: allowed (n, 20) bool, count (n,) int64.");

static PyObject *pick(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *chosen_o, *allowed_o, *count_o;
    int distinct;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOp", &capsule, &hands_o, &chosen_o, &allowed_o, &count_o,
                          &distinct))
        return NULL;
    Objective *o = PyCapsule_GetPointer(capsule, CAPSULE);
    if (o == NULL) return NULL;
    Py_buffer v[4];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = rows(hands_o, &v[0], 0, "hands");
    if (n < 0 || rows(chosen_o, &v[1], 1, "chosen") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "chosen: one row per hand");
        goto done;
    }
    if (PyObject_GetBuffer(allowed_o, &v[2], PyBUF_C_CONTIGUOUS) < 0) goto done;
    if (v[2].itemsize != 1 || v[2].len != n * CARDS) {
        PyErr_SetString(PyExc_ValueError, "allowed: (n, 20) bool wanted");
        goto done;
    }
    if (PyObject_GetBuffer(count_o, &v[3], PyBUF_C_CONTIGUOUS) < 0) goto done;
    if (v[3].itemsize != 8 || v[3].len != n * 8) {
        PyErr_SetString(PyExc_ValueError, "count: (n,) int64 wanted");
        goto done;
    }
    const int64_t *hands = v[0].buf, *count = v[3].buf;
    int64_t *chosen = v[1].buf;
    const uint8_t *allowed = v[2].buf;
    if (check_counts(hands, chosen, n) < 0) goto done;
    for (Py_ssize_t r = 0; r < n; r++) {
        Search h;
        int64_t given[MAXPARTS];
        search_for(&h, o, hands + r * CARDS);
        for (int i = 0; i < o->parts; i++) given[i] = code_of(o, i, chosen + r * CARDS);
        pick_one(&h, chosen + r * CARDS, given, allowed + r * CARDS, count[r], distinct, NULL);
    }
    result = Py_NewRef(Py_None);
done:
    release(v, 4);
    return result;
}

PyDoc_STRVAR(choose_doc,
"choose(objective, hands, first, k, trump, out)\n\n"
"policy.choose (not thorough) into out (n, 20) int64: the k cards to pass from each of\n"
"hands (n, 20) int64, first (n, 20) int64 chosen already.");

static PyObject *choose(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *first_o, *out_o;
    long long k;
    int trump;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOLiO", &capsule, &hands_o, &first_o, &k, &trump, &out_o))
        return NULL;
    Objective *o = PyCapsule_GetPointer(capsule, CAPSULE);
    if (o == NULL) return NULL;
    if (trump < 0 || trump > 3 || k < 0 || k > 4 * CARDS) {
        PyErr_SetString(PyExc_ValueError, "trump 0 to 3 and k 0 to 80 wanted");
        return NULL;
    }
    Py_buffer v[3];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = rows(hands_o, &v[0], 0, "hands");
    if (n < 0 || rows(first_o, &v[1], 0, "first") != n || rows(out_o, &v[2], 1, "out") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one row per hand wanted");
        goto done;
    }
    const int64_t *hands = v[0].buf, *first = v[1].buf;
    if (check_counts(hands, first, n) < 0) goto done;
    for (Py_ssize_t r = 0; r < n; r++)
        choose_one(o, hands + r * CARDS, first + r * CARDS, k, trump,
                   (int64_t *)v[2].buf + r * CARDS);
    result = Py_NewRef(Py_None);
done:
    release(v, 3);
    return result;
}

PyDoc_STRVAR(choose_blind_doc,
"choose_blind(objective, hands, incoming, m, k, trump, out)\n\n"
"policy.choose (from nothing chosen) of the objective made to receive incoming passes\n"
"(Objective.receiving), a set of m per hand: hands (n, 20) int64, incoming (n * m, 20)\n"
"int64, the k cards each hand passes into out (n, 20) int64. The means after receiving are\n"
"worked out here, per hand, as numpy works them out.");

static PyObject *choose_blind(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *incoming_o, *out_o;
    Py_ssize_t m;
    long long k;
    int trump;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOnLiO", &capsule, &hands_o, &incoming_o, &m, &k, &trump,
                          &out_o))
        return NULL;
    Objective *o = PyCapsule_GetPointer(capsule, CAPSULE);
    if (o == NULL) return NULL;
    if (o->incoming != NULL || m < 1 || trump < 0 || trump > 3 || k < 0 || k > 4 * CARDS) {
        PyErr_SetString(PyExc_ValueError, "an objective receiving nothing, m > 0, trump 0 to 3"
                        " and k 0 to 80 wanted");
        return NULL;
    }
    Py_buffer v[3];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    double *averaged = NULL;
    uint8_t *known = NULL;
    Py_ssize_t n = rows(hands_o, &v[0], 0, "hands");
    if (n < 0 || rows(incoming_o, &v[1], 0, "incoming") != n * m
        || rows(out_o, &v[2], 1, "out") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "m passes per hand wanted");
        goto done;
    }
    const int64_t *hands = v[0].buf, *incoming = v[1].buf;
    if (check_counts(hands, NULL, n) < 0 || check_counts(incoming, NULL, n * m) < 0) goto done;
    Py_ssize_t codes = 0;
    for (int i = 0; i < o->parts; i++) codes += (Py_ssize_t)POW5[o->size[i]];
    averaged = PyMem_Malloc(sizeof(double) * codes);
    known = PyMem_Malloc((size_t)codes);
    if (averaged == NULL || known == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Objective blind = *o;  /* the tables shared; the means its own */
    blind.views = NULL;
    blind.nviews = 0;
    blind.m = m;
    for (int i = 0, at = 0; i < o->parts; i++) {
        blind.averaged[i] = averaged + at;
        blind.known[i] = known + at;
        at += (int)POW5[o->size[i]];
    }
    int64_t first[CARDS];
    memset(first, 0, sizeof first);
    for (Py_ssize_t r = 0; r < n; r++) {
        memset(known, 0, (size_t)codes);
        blind.incoming = incoming + r * m * CARDS;
        choose_one(&blind, hands + r * CARDS, first, k, trump, (int64_t *)v[2].buf + r * CARDS);
    }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(averaged);
    PyMem_Free(known);
    release(v, 3);
    return result;
}

PyDoc_STRVAR(score_doc,
"score(objective, hands, choices, out)\n\n"
"Objective.score into out (n, m) float64: choices (n, m, 20) int64 from hands (n, 20).");

static PyObject *score_py(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *choices_o, *out_o;
    double *rows_of = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO", &capsule, &hands_o, &choices_o, &out_o)) return NULL;
    Objective *o = PyCapsule_GetPointer(capsule, CAPSULE);
    if (o == NULL) return NULL;
    Py_buffer v[3];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = rows(hands_o, &v[0], 0, "hands");
    if (n < 0 || PyObject_GetBuffer(choices_o, &v[1], PyBUF_C_CONTIGUOUS) < 0
        || PyObject_GetBuffer(out_o, &v[2], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
        goto done;
    Py_ssize_t m = n ? v[2].len / (8 * n) : 0;
    if (v[1].itemsize != 8 || v[2].itemsize != 8 || v[2].len != n * m * 8
        || v[1].len != n * m * 8 * CARDS || m > INT32_MAX / CARDS) {
        PyErr_SetString(PyExc_ValueError, "choices (n, m, 20) int64 and out (n, m) float64");
        goto done;
    }
    const int64_t *hands = v[0].buf, *choices = v[1].buf;
    double *out = v[2].buf;
    if (check_counts(hands, NULL, n) < 0) goto done;
    for (Py_ssize_t i = 0; i < n * m * CARDS; i++)
        if (choices[i] < 0 || choices[i] > hands[(i / (m * CARDS)) * CARDS + i % CARDS]) {
            PyErr_SetString(PyExc_ValueError, "each choice within its hand wanted");
            goto done;
        }
    rows_of = PyMem_Malloc(sizeof(double) * (size_t)(m * CARDS + 1));
    if (rows_of == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t r = 0; r < n; r++) {  /* one product per hand, as numpy's stack */
        Search h;
        search_for(&h, o, hands + r * CARDS);
        for (Py_ssize_t i = 0; i < m * CARDS; i++)
            rows_of[i] = (double)choices[r * m * CARDS + i];
        if (m > 0) dot_rows(o->per_card, rows_of, (int)m, out + r * m);
        for (Py_ssize_t c = 0; c < m; c++) {
            int64_t given[MAXPARTS];
            for (int i = 0; i < o->parts; i++)
                given[i] = code_of(o, i, choices + (r * m + c) * CARDS);
            out[r * m + c] = parts_of(&h, out[r * m + c], given);
        }
    }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(rows_of);
    release(v, 3);
    return result;
}

PyDoc_STRVAR(added_doc,
"added(objective, hands, chosen, out)\n\n"
"Objective.added into out (n, 20) float64, for chosen (n, 20) int64 from hands (n, 20).");

static PyObject *added_py(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *chosen_o, *out_o;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO", &capsule, &hands_o, &chosen_o, &out_o)) return NULL;
    Objective *o = PyCapsule_GetPointer(capsule, CAPSULE);
    if (o == NULL) return NULL;
    Py_buffer v[3];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = rows(hands_o, &v[0], 0, "hands");
    if (n < 0 || rows(chosen_o, &v[1], 0, "chosen") != n
        || PyObject_GetBuffer(out_o, &v[2], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "one row per hand wanted");
        goto done;
    }
    if (v[2].itemsize != 8 || v[2].len != n * 8 * CARDS) {
        PyErr_SetString(PyExc_ValueError, "out: (n, 20) float64 wanted");
        goto done;
    }
    const int64_t *hands = v[0].buf;
    if (check_counts(hands, v[1].buf, n) < 0) goto done;
    for (Py_ssize_t r = 0; r < n; r++) {
        int64_t chosen[CARDS];
        memcpy(chosen, (const int64_t *)v[1].buf + r * CARDS, sizeof chosen);
        added(o, hands + r * CARDS, chosen, (double *)v[2].buf + r * CARDS);
    }
    result = Py_NewRef(Py_None);
done:
    release(v, 3);
    return result;
}

PyDoc_STRVAR(blas_doc,
"blas(library)\n\n"
"Find the BLAS numpy's matrix product calls (cblas_ddot and cblas_dgemv), through library\n"
"(the path of numpy's _multiarray_umath, which links it): the name of the ddot found, or\n"
"None (not found, or not on this system). Until it is found the search cannot run.");

static PyObject *blas(PyObject *self, PyObject *args)
{
    const char *path;
    (void)self;
    if (!PyArg_ParseTuple(args, "s", &path)) return NULL;
#ifdef _WIN32
    (void)path;
    Py_RETURN_NONE;
#else
    static const char *names[][2] = {{"scipy_cblas_ddot64_", "scipy_cblas_dgemv64_"},
                                     {"cblas_ddot64_", "cblas_dgemv64_"},
                                     {"scipy_cblas_ddot", "scipy_cblas_dgemv"},
                                     {"cblas_ddot", "cblas_dgemv"}};
    void *library = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
    if (library == NULL) Py_RETURN_NONE;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *ddot = dlsym(library, names[i][0]), *dgemv = dlsym(library, names[i][1]);
        if (ddot != NULL && dgemv != NULL) {
            blas_ddot = ddot;
            blas_dgemv = dgemv;
            blas_ilp64 = i < 2;
            return PyUnicode_FromString(names[i][0]);
        }
    }
    Py_RETURN_NONE;
#endif
}

PyDoc_STRVAR(dots_doc,
"dots(values, rows, out)\n\n"
"rows (m, 20) float64 @ values (20,) into out (m,), as numpy's product of a stack of that\n"
"shape sums it (the BLAS ``blas`` found): to check that it does.");

static PyObject *dots(PyObject *self, PyObject *args)
{
    PyObject *values_o, *rows_o, *out_o;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &values_o, &rows_o, &out_o)) return NULL;
    if (blas_ddot == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "no BLAS found (blas)");
        return NULL;
    }
    Py_buffer v[3];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    if (PyObject_GetBuffer(values_o, &v[0], PyBUF_C_CONTIGUOUS) < 0
        || PyObject_GetBuffer(rows_o, &v[1], PyBUF_C_CONTIGUOUS) < 0
        || PyObject_GetBuffer(out_o, &v[2], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
        goto done;
    Py_ssize_t m = v[2].len / 8;
    if (v[0].itemsize != 8 || v[0].len != 8 * CARDS || v[1].itemsize != 8
        || v[1].len != m * 8 * CARDS || v[2].itemsize != 8 || m < 1 || m > INT32_MAX / CARDS) {
        PyErr_SetString(PyExc_ValueError, "values (20,), rows (m, 20), out (m,) float64");
        goto done;
    }
    dot_rows(v[0].buf, v[1].buf, (int)m, v[2].buf);
    result = Py_NewRef(Py_None);
done:
    release(v, 3);
    return result;
}

static PyMethodDef methods[] = {
    {"blas", blas, METH_VARARGS, blas_doc},
    {"dots", dots, METH_VARARGS, dots_doc},
    {"objective", objective, METH_VARARGS, objective_doc},
    {"pick", pick, METH_VARARGS, pick_doc},
    {"choose", choose, METH_VARARGS, choose_doc},
    {"choose_blind", choose_blind, METH_VARARGS, choose_blind_doc},
    {"score", score_py, METH_VARARGS, score_doc},
    {"added", added_py, METH_VARARGS, added_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_greedy",
    "The exchange's greedy search of exchange/policy.py in C (policy's numpy search is the"
    " oracle).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__greedy(void) { return PyModule_Create(&module); }
