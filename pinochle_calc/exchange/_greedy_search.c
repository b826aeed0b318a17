/* The exchange's greedy search of exchange/policy.py in C, one hand after another (this file;
 * its Python face is _greedy.c, their shared types _greedy.h).
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
#include "_greedy.h"

/* the BLAS routines ``blas`` found (see _greedy.h) */
void *blas_ddot = NULL, *blas_dgemv = NULL;
int blas_ilp64 = 0;

/* ``rows`` (m, 20) @ ``values`` as numpy computes a stack of that shape: ddot for one row,
 * dgemv (column-major, transposed, as numpy's gemv passes a row-major matrix) for more */
void dot_rows(const double *values, const double *rows, int m, double *out)
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


void objective_free(PyObject *capsule)
{
    Objective *o = PyCapsule_GetPointer(capsule, CAPSULE);
    if (o == NULL) return;
    for (int i = 0; i < o->nviews; i++) PyBuffer_Release(&o->views[i]);
    PyMem_Free(o->views);
    PyMem_Free(o);
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


/* Objective.score of ``chosen``, whose parts' codes are ``given``: the cards' values (numpy's
 * product, ``dot_rows``), then each part's gain and kept meld less its meld as held, term by
 * term as numpy sums them */
double parts_of(const Search *h, double total, const int64_t *given)
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

void search_for(Search *h, const Objective *o, const int64_t *hand)
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
int pick_one(const Search *h, int64_t *chosen, int64_t *given, const uint8_t *allowed,
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
void added(const Objective *o, const int64_t *hand, int64_t *chosen, double *out)
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
void choose_one(const Objective *o, const int64_t *hand, const int64_t *first,
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
