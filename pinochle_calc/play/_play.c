/* The play layer's hot loops in C, one deal after another: the heuristic play-outs of
 * play/lockstep.py, and the dealing of play/dealer.py and play/conditions.py.
 *
 * lockstep.py keeps the numpy engine (``_play``), which plays many deals in lockstep; ``play``
 * plays the same deals with the same decisions, clause by clause, one deal at a time: it takes
 * the arrays ``lockstep._play`` takes (the deals' suit codes in the engine's suits, trump suit
 * 0) and fills the trick points and, if asked, the cards played. ``deal`` hands out the unseen
 * cards in the order of their random keys, as ``Dealer`` does with numpy's argsort, and
 * ``swap`` makes the card swaps of ``conditions._swap`` from the same random numbers. The
 * tests compare each with its numpy code card by card. Arrays are read and written through
 * the buffer protocol: the build needs nothing but a C compiler and the Python headers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NCODES 3125
#define NONE 5
#define CASH_MIN_OUT 2
#define LAST_TRICK_BONUS 2
#define NOT (-(1 << 14))

static const int W[5] = {1, 5, 25, 125, 625};
static const int POINTS[5] = {1, 1, 1, 0, 0};
/* the heuristic's preference among counters fed to partner, by rank (codes.FEED_ORDER) */
static const int FEED_ORDER[3] = {1, 3, 2};

/* The tables of play/codes.py by suit code, and lockstep.py's packed keys built on them. */
static int16_t HI[NCODES], LO[NCODES], NHELD[NCODES], HEAD[NCODES * 6], FEED[NCODES];
static int16_t TOP[NCODES], LOW_LEAD[NCODES], FEED_SIDE[NCODES], LOW_SIDE[NCODES];

static void build_tables(void)
{
    for (int code = 0; code < NCODES; code++) {
        int held[5], n = 0, hi = NONE, lo = -1;
        for (int r = 0; r < 5; r++) {
            held[r] = (code / W[r]) % 5;
            n += held[r];
            if (held[r]) {
                if (hi == NONE) hi = r;
                lo = r;
            }
        }
        HI[code] = (int16_t)hi;
        LO[code] = (int16_t)lo;
        NHELD[code] = (int16_t)n;
        for (int b = 0; b < 6; b++) {  /* the lowest rank held that beats rank b */
            int head = -1;
            for (int r = 0; r < b; r++)
                if (held[r]) head = r;
            HEAD[code * 6 + b] = (int16_t)head;
        }
        FEED[code] = (int16_t)(held[1] ? 1 : held[2] ? 2 : held[0] ? 0 : -1);
        TOP[code] = (int16_t)(hi == NONE ? NONE + 1 : hi);
        LOW_LEAD[code] = (int16_t)(n ? (lo * 32 + n) * 32 + lo : NOT);
        FEED_SIDE[code] = (int16_t)(FEED[code] >= 0 ? FEED_ORDER[FEED[code]] * 32 + FEED[code]
                                    : NOT);
        LOW_SIDE[code] = (int16_t)(n ? lo * 32 + lo : NOT);
    }
}

/* One deal in play: codes H (seat * 4 + suit, trump 0), unplayed cards U per suit, voids
 * shown V per seat (a bit per suit, bit 0 trump). */
typedef struct {
    int H[16], U[4], V[4];
} Deal;

static inline int tag(int side) { return 32 - 8 * side; }

static inline void unpack(int packed, int *suit, int *rank)
{
    *suit = 4 - ((packed >> 3) & 3);
    *rank = packed & 7;
}

/* heuristic_lead: the card ``seat`` leads */
static void lead(const Deal *d, int seat, int *suit, int *rank)
{
    const int *own = d->H + seat * 4;
    int out[4];
    for (int s = 0; s < 4; s++) out[s] = d->U[s] - own[s];
    int ht = own[0], ot = out[0];
    int v1 = d->V[(seat + 1) & 3], v3 = d->V[(seat + 3) & 3];
    int opp_trump = ot > 0 && (v1 & v3 & 1) == 0;
    int trumpable = ((v1 & 1) ? 0 : v1) | ((v3 & 1) ? 0 : v3);
    int cash = NOT, low = NOT;
    for (int s = 1; s < 4; s++) {
        int top = TOP[own[s]], n_out = NHELD[out[s]];
        int skip = opp_trump && (n_out < CASH_MIN_OUT || ((trumpable >> s) & 1));
        int key = (top <= HI[out[s]] && !skip) ? n_out * 32 + tag(s) + top : NOT;
        if (key > cash) cash = key;
        int lowkey = LOW_LEAD[own[s]] + tag(s);
        if (lowkey > low) low = lowkey;
    }
    int top_t = HI[ht];
    int trump_rank = top_t <= HI[ot] ? top_t : LO[ht];
    int pull = ht > 0 && opp_trump && NHELD[ht] >= NHELD[ot];
    if (cash < 0 && (pull || low < 0)) {
        *suit = 0;
        *rank = trump_rank;
    } else {
        unpack(cash >= 0 ? cash : low, suit, rank);
    }
}

/* _trump: the rank a player void in the suit led plays from its trumps; may_trump < 0 for
 * the last to play */
static int trump_rank(int ht, int ot, int trumped, int win_rank, int may_trump)
{
    int top = HI[ht], low = LO[ht], over = HEAD[ht * 6 + win_rank];
    if (may_trump >= 0) {
        int sure = top <= HI[ot];
        if (sure) over = top;
        if (!trumped && may_trump && sure) low = top;
    }
    return (trumped && top < win_rank) ? over : low;
}

/* _throw: void in the suit led and in trump; holds < 0 where partner has not played */
static void throw_off(const int *side, int holds, int *suit, int *rank)
{
    int throw = NOT, feed = NOT;
    for (int s = 1; s < 4; s++) {
        int key = LOW_SIDE[side[s - 1]] + tag(s);
        if (key > throw) throw = key;
        key = FEED_SIDE[side[s - 1]] + tag(s);
        if (key > feed) feed = key;
    }
    unpack((holds > 0 && feed >= 0) ? feed : throw, suit, rank);
}

/* heuristic_follow: the k-th card of the trick (1 to 3), played by ``seat`` */
static void follow(const Deal *d, int seat, int k, int led, int win_suit, int win_rank,
                   int win_seat, int *suit, int *rank)
{
    const int *own = d->H + seat * 4;
    int h = own[led], out = d->U[led] - h;
    int ht = own[0], ot = d->U[0] - ht;
    int top = HI[h];
    int head = HEAD[h * 6 + win_rank];
    int may_trump = -1, holds = -1;
    if (k < 3) {
        int vq = d->V[(seat + 1) & 3];
        may_trump = ot > 0 && (vq & 1) == 0 && ((vq >> led) & 1);
        if (top <= HI[out] && !may_trump) head = top;
    }
    int r;
    if (k == 1) {
        r = top < win_rank ? head : LO[h];
    } else {
        holds = (win_seat ^ seat) == 2;
        if (k == 2) {
            int trumped = win_suit == 0;
            holds = holds && HI[trumped ? ot : out] >= win_rank && (trumped || !may_trump);
        }
        int feed = FEED[h];
        r = (win_suit == led && top < win_rank) ? head : (holds && feed >= 0) ? feed : LO[h];
    }
    if (h) {
        *suit = led;
        *rank = r;
    } else if (ht > 0) {
        *suit = 0;
        *rank = trump_rank(ht, ot, win_suit == 0, win_rank, may_trump);
    } else {
        throw_off(own + 1, holds, suit, rank);
    }
}

/* A deal played out from here: the trick points per side, the cards played (if asked). */
static void play_deal(Deal *d, const int16_t *order, int leader, int tricks,
                      const int16_t *start, int64_t *points, int8_t *played)
{
    int at = 0, got = 0, first, led = 0, win_suit = 0, win_rank = 0, win_seat = 0;
    int side[2] = {0, 0};
    for (int t = 0; t < tricks; t++) {
        if (t == 0 && start != NULL) {
            first = start[0];
            led = start[1];
            win_suit = start[2];
            win_rank = start[3];
            win_seat = start[4];
            got = start[5];
        } else {
            int suit, rank, seat = leader;
            first = 1;
            lead(d, seat, &suit, &rank);
            d->H[seat * 4 + suit] -= W[rank];
            d->U[suit] -= W[rank];
            if (played) played[at++] = (int8_t)(order[suit] * 5 + rank);
            led = win_suit = suit;
            win_rank = rank;
            win_seat = seat;
            got = POINTS[rank];
        }
        for (int k = first; k < 4; k++) {
            int suit, rank, seat = (leader + k) & 3;
            follow(d, seat, k, led, win_suit, win_rank, win_seat, &suit, &rank);
            d->H[seat * 4 + suit] -= W[rank];
            d->U[suit] -= W[rank];
            if (played) played[at++] = (int8_t)(order[suit] * 5 + rank);
            if (suit != led) d->V[seat] |= (1 << led) | (suit != 0);
            int beats = suit == win_suit ? rank < win_rank : suit == 0;
            if (beats) {
                win_suit = suit;
                win_rank = rank;
                win_seat = seat;
            }
            got += POINTS[rank];
        }
        if (t == tricks - 1) got += LAST_TRICK_BONUS;
        side[win_seat & 1] += got;
        leader = win_seat;
    }
    points[0] = side[0];
    points[1] = side[1];
}

/* A buffer of ``count`` items of ``size`` bytes, C-contiguous (writable if asked); 0 on
 * success, -1 with a Python error set (and ``view->obj`` NULL). */
static int get(PyObject *obj, Py_buffer *view, Py_ssize_t size, Py_ssize_t count,
               int writable, const char *name)
{
    int flags = PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) return -1;
    if (view->itemsize != size || view->len != size * count) {
        PyErr_Format(PyExc_ValueError, "%s: %zd items of %zd bytes wanted", name, count, size);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

static void release(Py_buffer *views, int count)
{
    for (int i = 0; i < count; i++)
        if (views[i].obj != NULL) PyBuffer_Release(&views[i]);
}

PyDoc_STRVAR(play_doc,
"play(codes, order, leader, tricks, points, played, voids, start)\n\n"
"Play n deals out, as lockstep._play does: codes (n, 16) int16 in the engine's suits,\n"
"order (n, 4) int16, leader (n,) int16, tricks the tricks left; points (n, 2) int64 is\n"
"filled, and played (n, plays) int8 unless None; voids (n, 4) int16 or None; start None\n"
"or (6, n) int16: cards played to the trick in progress, led, win_suit, win_rank,\n"
"win_seat, points so far.");

enum { CODES, ORDER, LEADER, POINTS_OUT, PLAYED, VOIDS, START, VIEWS };

static PyObject *play(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *codes_o, *order_o, *leader_o, *points_o, *played_o, *voids_o, *start_o;
    int tricks;
    if (!PyArg_ParseTuple(args, "OOOiOOOO", &codes_o, &order_o, &leader_o, &tricks, &points_o,
                          &played_o, &voids_o, &start_o))
        return NULL;
    if (tricks < 0 || tricks > 20) {
        PyErr_SetString(PyExc_ValueError, "tricks: 0 to 20");
        return NULL;
    }
    static int built = 0;
    if (!built) {  /* on the first call, not at import: a bid imports this module first */
        build_tables();
        built = 1;
    }
    Py_buffer v[VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    if (PyObject_GetBuffer(codes_o, &v[CODES], PyBUF_C_CONTIGUOUS) < 0) return NULL;
    Py_ssize_t n = v[CODES].len / 32, plays = 0;
    if (v[CODES].itemsize != 2 || v[CODES].len != n * 32) {
        PyErr_SetString(PyExc_ValueError, "codes: (n, 16) int16 wanted");
        goto done;
    }
    if (get(order_o, &v[ORDER], 2, n * 4, 0, "order") < 0
        || get(leader_o, &v[LEADER], 2, n, 0, "leader") < 0
        || get(points_o, &v[POINTS_OUT], 8, n * 2, 1, "points") < 0
        || (voids_o != Py_None && get(voids_o, &v[VOIDS], 2, n * 4, 0, "voids") < 0)
        || (start_o != Py_None && get(start_o, &v[START], 2, n * 6, 0, "start") < 0))
        goto done;
    if (played_o != Py_None) {
        if (PyObject_GetBuffer(played_o, &v[PLAYED], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
            goto done;
        plays = n ? v[PLAYED].len / n : 0;
        if (v[PLAYED].itemsize != 1 || plays * n != v[PLAYED].len) {
            PyErr_SetString(PyExc_ValueError, "played: (n, plays) int8 wanted");
            goto done;
        }
    }
    const int16_t *c = v[CODES].buf, *o = v[ORDER].buf, *l = v[LEADER].buf;
    const int16_t *vo = v[VOIDS].obj ? v[VOIDS].buf : NULL;
    const int16_t *s = v[START].obj ? v[START].buf : NULL;
    int64_t *p = v[POINTS_OUT].buf;
    int8_t *pl = v[PLAYED].obj ? v[PLAYED].buf : NULL;
    for (Py_ssize_t i = 0; i < n * 16; i++)
        if (c[i] < 0 || c[i] >= NCODES) {
            PyErr_SetString(PyExc_ValueError, "a suit code is 0 to 3124");
            goto done;
        }
    /* every number used as an index in range; the cards recorded as many as are played */
    for (Py_ssize_t i = 0; i < n; i++) {
        int j = s ? s[i] : 0;
        if (l[i] < 0 || l[i] > 3 || (pl && plays != 4 * tricks - j)
            || (s && (j < 0 || j > 3 || s[n + i] < 0 || s[n + i] > 3 || s[2 * n + i] < 0
                      || s[2 * n + i] > 3 || s[3 * n + i] < 0 || s[3 * n + i] > 4
                      || s[4 * n + i] < 0 || s[4 * n + i] > 3))) {
            PyErr_SetString(PyExc_ValueError, "a leader, a trick in progress or the cards"
                            " recorded out of range");
            goto done;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        Deal d;
        int16_t here[6];
        for (int k = 0; k < 16; k++) d.H[k] = c[i * 16 + k];
        for (int u = 0; u < 4; u++) {
            d.U[u] = d.H[u] + d.H[4 + u] + d.H[8 + u] + d.H[12 + u];
            d.V[u] = vo ? vo[i * 4 + u] : 0;
        }
        if (s)
            for (int k = 0; k < 6; k++) here[k] = s[k * n + i];
        play_deal(&d, o + i * 4, l[i], tricks, s ? here : NULL, p + i * 2,
                  pl ? pl + i * plays : NULL);
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    release(v, VIEWS);
    return result;
}

/* ------------------------------------------------------------------------------------------ */
/* Dealing */

/* (key, position) in lexicographic order: the key's order, ties to the earlier card (a tie
 * of two 53-bit keys in a deal has odds about 1e-13; numpy's unstable argsort may order it
 * either way); no branch */
static inline int before(const double *key, int i, int j)
{
    return (key[i] < key[j]) | ((key[i] == key[j]) & (i < j));
}

#define KINDS 20
#define PHYSICAL 80
#define BUCKETS 64

/* Where the cards go, for a deal of ``u`` cards in blocks: ``block_of[p]``, the block of the
 * p-th card in key order (-1: past every block, dealt to no one). */
typedef struct {
    int u, block_of[PHYSICAL];
} Blocks;

/* The block of each of the ``u`` cards whose keys are ``key`` (uniform in [0, 1)): a counting
 * sort of the keys into buckets, where every card of a bucket goes to the block of the
 * bucket's first place, except in a bucket holding the border of two blocks, where a card's
 * place is the bucket's first plus the cards of its bucket (one to three, most often) before it
 * by (key, card). Few branches (a comparison sort mispredicts one comparison in two): only the
 * cards of a bucket across a border, a few a deal, take the other way. */
static void blocks_of(const Blocks *b, const double *key, int *block)
{
    int start[BUCKETS + 1], fill[BUCKETS], bucket[PHYSICAL], order[PHYSICAL];
    const int u = b->u;
    memset(start, 0, sizeof start);
    for (int i = 0; i < u; i++) {  /* each card's bucket, and how many each holds */
        double k = key[i] * BUCKETS;
        int at = k >= 0 ? (k < BUCKETS ? (int)k : BUCKETS - 1) : 0;
        bucket[i] = at;
        start[at + 1]++;
    }
    for (int at = 0; at < BUCKETS; at++) {  /* each bucket's first place */
        fill[at] = start[at];
        start[at + 1] += start[at];
    }
    for (int i = 0; i < u; i++) order[fill[bucket[i]]++] = i;  /* the cards by bucket */
    for (int i = 0; i < u; i++) {
        int at = bucket[i], lo = start[at], hi = start[at + 1], first = b->block_of[lo];
        if (first == b->block_of[hi - 1]) {  /* one block: the card goes to it */
            block[i] = first;
            continue;
        }
        int rank = lo;  /* across a border: the card's place */
        for (int p = lo; p < hi; p++) rank += before(key, order[p], i);
        block[i] = b->block_of[rank];
    }
}

static void blocks_for(Blocks *b, int u, const int64_t *sizes, Py_ssize_t count)
{
    int place = 0;
    b->u = u;
    for (Py_ssize_t j = 0; j < count; j++)
        for (int i = 0; i < sizes[j]; i++) b->block_of[place++] = (int)j;
    while (place < u) b->block_of[place++] = -1;
}

PyDoc_STRVAR(deal_doc,
"deal(keys, unseen, kinds, seats, sizes, held, out)\n\n"
"Dealer's dealing: the unseen cards (unseen: their numbers 0 to 79, kinds: their kinds,\n"
"(u,) int64 each) taken in the order of their keys (keys (n, 80) float64, a key per\n"
"physical card), the first sizes[0] to row seats[0] of out, the next sizes[1] to row\n"
"seats[1], ...; out (n, rows, 20), int64 or int8, is filled with those counts plus held\n"
"(rows, 20) int64.");

static PyObject *deal(PyObject *self, PyObject *args)
{
    PyObject *keys_o, *unseen_o, *kinds_o, *seats_o, *sizes_o, *held_o, *out_o;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &keys_o, &unseen_o, &kinds_o, &seats_o, &sizes_o,
                          &held_o, &out_o))
        return NULL;
    Py_buffer v[7];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    PyObject *objects[7] = {keys_o, unseen_o, kinds_o, seats_o, sizes_o, held_o, out_o};
    for (int i = 0; i < 7; i++) {
        int flags = PyBUF_C_CONTIGUOUS | (i == 6 ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(objects[i], &v[i], flags) < 0) goto done;
        if (v[i].itemsize != 8 && !(i == 6 && v[i].itemsize == 1)) {
            PyErr_SetString(PyExc_ValueError, "64-bit items wanted (out: 64 or 8 bits)");
            goto done;
        }
    }
    Py_ssize_t n = v[0].len / (8 * PHYSICAL), u = v[1].len / 8, blocks = v[3].len / 8;
    Py_ssize_t rows = v[5].len / (8 * KINDS), wide = v[6].itemsize == 8;
    const double *keys = v[0].buf;
    const int64_t *unseen = v[1].buf, *kinds = v[2].buf, *seats = v[3].buf, *sizes = v[4].buf;
    const int64_t *held = v[5].buf;
    Py_ssize_t total = 0;
    int ok = v[0].len == n * 8 * PHYSICAL && v[2].len == u * 8 && v[4].len == blocks * 8
             && v[5].len == rows * 8 * KINDS && v[6].len == n * rows * v[6].itemsize * KINDS
             && u <= PHYSICAL;
    for (Py_ssize_t i = 0; ok && i < u; i++)
        ok = unseen[i] >= 0 && unseen[i] < PHYSICAL && kinds[i] >= 0 && kinds[i] < KINDS;
    for (Py_ssize_t j = 0; ok && j < blocks; j++) {
        ok = seats[j] >= 0 && seats[j] < rows && sizes[j] >= 0;
        total += sizes[j];
    }
    for (Py_ssize_t i = 0; ok && i < rows * KINDS; i++) ok = held[i] >= 0 && held[i] <= 4;
    if (!ok || total > u) {
        PyErr_SetString(PyExc_ValueError, "deal: keys (n, 80), cards 0 to 79 of kinds 0 to 19,"
                        " blocks no larger than the cards, out (n, rows, 20)");
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    Blocks b;
    blocks_for(&b, (int)u, sizes, blocks);
    int8_t start[4 * KINDS];  /* every deal begins from the cards held */
    int slot[PHYSICAL + 1];   /* where each block's card of each kind is counted */
    int cells = (int)(rows * KINDS), card_of[PHYSICAL];
    for (int i = 0; i < cells; i++) start[i] = (int8_t)held[i];
    for (Py_ssize_t i = 0; i < u; i++) card_of[i] = (int)unseen[i];
    for (Py_ssize_t j = 0; j < blocks; j++) slot[j] = (int)seats[j] * KINDS;
    for (Py_ssize_t d = 0; d < n; d++) {
        double key[PHYSICAL];
        int block[PHYSICAL];
        int8_t counts[4 * KINDS];
        const double *row = keys + d * PHYSICAL;
        memcpy(counts, start, (size_t)cells);
        for (Py_ssize_t i = 0; i < u; i++) key[i] = row[card_of[i]];
        blocks_of(&b, key, block);
        for (Py_ssize_t i = 0; i < u; i++)
            if (block[i] >= 0) counts[slot[block[i]] + kinds[i]]++;
        if (wide) {
            int64_t *here = (int64_t *)v[6].buf + d * cells;
            for (int i = 0; i < cells; i++) here[i] = counts[i];
        } else {
            memcpy((int8_t *)v[6].buf + d * cells, counts, (size_t)cells);
        }
    }
    Py_END_ALLOW_THREADS
    result = Py_NewRef(Py_None);
done:
    release(v, 7);
    return result;
}

PyDoc_STRVAR(unseen_hands_doc,
"unseen_hands(keys, hands, size, out)\n\n"
"For each of hands (n, 20) int64 (a hand at seat 0, as Dealer(hand) holds it: the first\n"
"copies of its cards), the m hands of size cards it has not seen that Dealer.hands deals\n"
"from keys (m, 80) float64: out (n, m, 20) int64.");

static PyObject *unseen_hands(PyObject *self, PyObject *args)
{
    PyObject *keys_o, *hands_o, *out_o;
    int size;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOiO", &keys_o, &hands_o, &size, &out_o)) return NULL;
    Py_buffer v[3];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    if (PyObject_GetBuffer(keys_o, &v[0], PyBUF_C_CONTIGUOUS) < 0
        || PyObject_GetBuffer(hands_o, &v[1], PyBUF_C_CONTIGUOUS) < 0
        || PyObject_GetBuffer(out_o, &v[2], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0)
        goto done;
    Py_ssize_t m = v[0].len / (8 * PHYSICAL), n = v[1].len / (8 * KINDS);
    const double *keys = v[0].buf;
    const int64_t *hands = v[1].buf;
    int64_t *out = v[2].buf;
    int ok = v[0].itemsize == 8 && v[1].itemsize == 8 && v[2].itemsize == 8
             && v[0].len == m * 8 * PHYSICAL && v[1].len == n * 8 * KINDS
             && v[2].len == n * m * 8 * KINDS && size >= 0;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        int64_t held = 0;
        for (int c = 0; c < KINDS; c++) {
            int64_t x = hands[i * KINDS + c];
            ok &= x >= 0 && x <= 4;
            held += x;
        }
        ok &= PHYSICAL - held >= size;
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "unseen_hands: keys (m, 80) float64, hands (n, 20)"
                        " int64 of 0 to 4, size no more than the cards unseen, out (n, m, 20)");
        goto done;
    }
    memset(out, 0, (size_t)v[2].len);
    for (Py_ssize_t i = 0; i < n; i++) {
        int unseen[PHYSICAL], kinds[PHYSICAL], u = 0;
        for (int c = 0; c < KINDS; c++)
            for (int64_t j = hands[i * KINDS + c]; j < 4; j++) {
                unseen[u] = 4 * c + (int)j;
                kinds[u++] = c;
            }
        Blocks b;
        int64_t sizes[1] = {size};
        blocks_for(&b, u, sizes, 1);
        for (Py_ssize_t r = 0; r < m; r++) {
            double key[PHYSICAL];
            int block[PHYSICAL];
            int64_t *row = out + (i * m + r) * KINDS;
            for (int p = 0; p < u; p++) key[p] = keys[r * PHYSICAL + unseen[p]];
            blocks_of(&b, key, block);
            for (int p = 0; p < u; p++)
                if (block[p] == 0) row[kinds[p]]++;
        }
    }
    result = Py_NewRef(Py_None);
done:
    release(v, 3);
    return result;
}

PyDoc_STRVAR(swap_doc,
"swap(deals, a, b, at_a, at_b, out)\n\n"
"conditions._swap from its random numbers: out (n, 4, 20) int64 is deals with a card of\n"
"seat a (the first whose running count passes at_a times the seat's cards) swapped for one\n"
"of seat b (likewise at_b); a, b (n,) int64, at_a, at_b (n,) float64 in [0, 1).");

static PyObject *swap(PyObject *self, PyObject *args)
{
    PyObject *objects[6];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOO", &objects[0], &objects[1], &objects[2], &objects[3],
                          &objects[4], &objects[5]))
        return NULL;
    Py_buffer v[6];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    for (int i = 0; i < 6; i++) {
        int flags = PyBUF_C_CONTIGUOUS | (i == 5 ? PyBUF_WRITABLE : 0);
        if (PyObject_GetBuffer(objects[i], &v[i], flags) < 0) goto done;
    }
    Py_ssize_t n = v[1].len / 8;
    const int64_t *deals = v[0].buf, *a = v[1].buf, *b = v[2].buf;
    const double *at_a = v[3].buf, *at_b = v[4].buf;
    int64_t *out = v[5].buf;
    int ok = 1;
    for (int i = 0; i < 6; i++) ok &= v[i].itemsize == 8;
    ok &= v[0].len == n * 8 * 4 * KINDS && v[5].len == v[0].len && v[2].len == n * 8
          && v[3].len == n * 8 && v[4].len == n * 8;
    for (Py_ssize_t i = 0; ok && i < n; i++) ok = a[i] >= 0 && a[i] < 4 && b[i] >= 0 && b[i] < 4;
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "swap: deals (n, 4, 20) int64, seats 0 to 3");
        goto done;
    }
    memcpy(out, deals, (size_t)v[0].len);
    for (Py_ssize_t d = 0; d < n; d++) {
        int picked[2];
        const int64_t seat[2] = {a[d], b[d]};
        const double point[2] = {at_a[d], at_b[d]};
        for (int k = 0; k < 2; k++) {  /* as numpy: (cumsum > point * cards).argmax() */
            const int64_t *held = deals + (d * 4 + seat[k]) * KINDS;
            int64_t cards = 0, running = 0;
            for (int c = 0; c < KINDS; c++) cards += held[c];
            double mark = point[k] * (double)cards;
            picked[k] = 0;
            for (int c = 0; c < KINDS; c++) {
                running += held[c];
                if ((double)running > mark) {
                    picked[k] = c;
                    break;
                }
            }
        }
        int64_t *ra = out + (d * 4 + seat[0]) * KINDS, *rb = out + (d * 4 + seat[1]) * KINDS;
        ra[picked[0]] -= 1;
        ra[picked[1]] += 1;
        rb[picked[1]] -= 1;
        rb[picked[0]] += 1;
    }
    result = Py_NewRef(Py_None);
done:
    release(v, 6);
    return result;
}

static PyMethodDef methods[] = {
    {"play", play, METH_VARARGS, play_doc},
    {"deal", deal, METH_VARARGS, deal_doc},
    {"unseen_hands", unseen_hands, METH_VARARGS, unseen_hands_doc},
    {"swap", swap, METH_VARARGS, swap_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_play",
    "The play layer's hot loops in C: play-outs and dealing (their numpy code is the oracle).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__play(void) { return PyModule_Create(&module); }
