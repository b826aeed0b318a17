/* The play layer's dealing in C (this file; the play-outs and the module's face are _play.c):
 * the dealing of play/dealer.py and play/conditions.py, one deal after another.
 *
 * ``deal`` hands out the unseen cards in the order of their random keys, as ``Dealer`` does
 * with numpy's argsort, ``unseen_hands`` the hands a bidder imagines from the same keys, and
 * ``swap`` makes the card swaps of ``conditions._swap`` from the same random numbers. The tests
 * compare each with its numpy code card by card.
 */
#include "_play.h"

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
 * cards of a bucket across a border, a few a deal, take the other way. Returns whether every
 * key is in [0, 1): a key out of it (NaN too) falls in the first bucket or the last, so only
 * their cards, a few a deal, are looked at. */
static int blocks_of(const Blocks *b, const double *key, int *block)
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
    int keyed = 1;
    for (int p = 0; p < start[1]; p++) keyed &= key[order[p]] >= 0.0;
    for (int p = start[BUCKETS - 1]; p < u; p++) keyed &= key[order[p]] < 1.0;
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
    return keyed;
}

static void blocks_for(Blocks *b, int u, const int64_t *sizes, Py_ssize_t count)
{
    int place = 0;
    b->u = u;
    for (Py_ssize_t j = 0; j < count; j++)
        for (int i = 0; i < sizes[j]; i++) b->block_of[place++] = (int)j;
    while (place < u) b->block_of[place++] = -1;
}

/* Whether the cards to deal can be dealt: ``u`` (at most 80) cards ``unseen`` 0 to 79, each
 * once, of ``kinds`` their kinds (``unseen // 4``), with no kind more than four times among
 * them and the ``rows`` rows of 20 counts (0 to 4) ``held``; 0, or -1 with ValueError set. */
static int check_cards(const int64_t *unseen, const int64_t *kinds, Py_ssize_t u,
                       const int64_t *held, Py_ssize_t rows)
{
    int64_t copies[KINDS] = {0};
    uint64_t seen[2] = {0, 0};
    if (u > PHYSICAL) {
        PyErr_Format(PyExc_ValueError, "unseen: at most 80 cards, not %zd", u);
        return -1;
    }
    if (pc_range64(unseen, u, 0, PHYSICAL - 1, "unseen") < 0
        || pc_range64(held, rows * KINDS, 0, 4, "held") < 0)
        return -1;
    for (Py_ssize_t i = 0; i < u; i++) {
        int64_t card = unseen[i];
        if ((seen[card / 64] >> (card % 64)) & 1) {
            PyErr_Format(PyExc_ValueError, "unseen: card %lld twice", (long long)card);
            return -1;
        }
        seen[card / 64] |= (uint64_t)1 << (card % 64);
        if (kinds[i] != card / 4) {
            PyErr_Format(PyExc_ValueError, "kinds: item %zd is not its card's kind (%lld)", i,
                         (long long)(card / 4));
            return -1;
        }
        copies[card / 4]++;
    }
    for (Py_ssize_t r = 0; r < rows; r++)
        for (int c = 0; c < KINDS; c++) copies[c] += held[r * KINDS + c];
    for (int c = 0; c < KINDS; c++)
        if (copies[c] > 4) {
            PyErr_Format(PyExc_ValueError, "held and unseen: kind %d more than four times", c);
            return -1;
        }
    return 0;
}

const char dealing_deal_doc[] = PyDoc_STR(
"deal(keys, unseen, kinds, seats, sizes, held, out)\n\n"
"Dealer's dealing: the unseen cards (unseen: their numbers 0 to 79, each once; kinds: their\n"
"kinds, unseen // 4; (u,) int64 each) taken in the order of their keys (keys (n, 80) float64,\n"
"a key per physical card, those of the unseen cards in [0, 1)), the first sizes[0] to row\n"
"seats[0] of out, the next sizes[1] to row seats[1], ... (at most four blocks, no more cards\n"
"than are unseen); out (n, rows, 20), int64 or int8, is filled with those counts plus held\n"
"(rows, 20) int64, 1 to 4 rows (no kind more than four times among held and unseen).");

enum { D_KEYS, D_UNSEEN, D_KINDS, D_SEATS, D_SIZES, D_HELD, D_OUT, D_VIEWS };

PyObject *dealing_deal(PyObject *self, PyObject *args)
{
    PyObject *o[D_VIEWS];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &o[D_KEYS], &o[D_UNSEEN], &o[D_KINDS], &o[D_SEATS],
                          &o[D_SIZES], &o[D_HELD], &o[D_OUT]))
        return NULL;
    static const pc_kind counts[2] = {PC_INT64, PC_INT8};
    Py_buffer v[D_VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = -1, u = -1, blocks = -1, rows = -1, cells = -1, total = 0;
    int wide = -1;
    if (pc_buffer(o[D_KEYS], &v[D_KEYS], "keys", PC_FLOAT64, -1, 0) < 0
        || (n = pc_rows(&v[D_KEYS], PHYSICAL, "keys")) < 0
        || pc_buffer(o[D_UNSEEN], &v[D_UNSEEN], "unseen", PC_INT64, -1, 0) < 0
        || pc_buffer(o[D_KINDS], &v[D_KINDS], "kinds", PC_INT64, u = pc_items(&v[D_UNSEEN]), 0) < 0
        || pc_buffer(o[D_SEATS], &v[D_SEATS], "seats", PC_INT64, -1, 0) < 0
        || pc_buffer(o[D_SIZES], &v[D_SIZES], "sizes", PC_INT64,
                     blocks = pc_items(&v[D_SEATS]), 0) < 0
        || pc_buffer(o[D_HELD], &v[D_HELD], "held", PC_INT64, -1, 0) < 0
        || (rows = pc_rows(&v[D_HELD], KINDS, "held")) < 0)
        goto done;
    if (blocks > 4 || rows < 1 || rows > 4) {
        PyErr_Format(PyExc_ValueError, "deal: 0 to 4 blocks (not %zd) to 1 to 4 rows (not %zd)",
                     blocks, rows);
        goto done;
    }
    cells = rows * KINDS;
    if ((wide = pc_buffer_of(o[D_OUT], &v[D_OUT], "out", counts, 2,
                             pc_times(n, cells, "out"), 1)) < 0
        || pc_apart(v, D_VIEWS, D_OUT, "out") < 0)
        goto done;
    wide = wide == 0;
    const double *keys = v[D_KEYS].buf;
    const int64_t *unseen = v[D_UNSEEN].buf, *kinds = v[D_KINDS].buf;
    const int64_t *seats = v[D_SEATS].buf, *sizes = v[D_SIZES].buf, *held = v[D_HELD].buf;
    if (check_cards(unseen, kinds, u, held, rows) < 0
        || pc_range64(seats, blocks, 0, rows - 1, "seats") < 0
        || pc_range64(sizes, blocks, 0, u, "sizes") < 0)
        goto done;
    for (Py_ssize_t j = 0; j < blocks; j++) total += sizes[j];
    if (total > u) {
        PyErr_Format(PyExc_ValueError, "sizes: %zd cards to deal, of %zd unseen", total, u);
        goto done;
    }
    Py_ssize_t bad = -1;
    unsigned tick = 0;
    PyThreadState *save = PyEval_SaveThread();
    Blocks b;
    blocks_for(&b, (int)u, sizes, blocks);
    int8_t start[4 * KINDS];  /* every deal begins from the cards held */
    int slot[4];              /* where each block's card of each kind is counted */
    int card_of[PHYSICAL];
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
        if (!blocks_of(&b, key, block)) {
            bad = d;
            break;
        }
        if (pc_signals_nogil(&tick, &save) < 0) break;
        for (Py_ssize_t i = 0; i < u; i++)
            if (block[i] >= 0) counts[slot[block[i]] + kinds[i]]++;
        if (wide) {
            int64_t *here = (int64_t *)v[D_OUT].buf + d * cells;
            for (int i = 0; i < cells; i++) here[i] = counts[i];
        } else {
            memcpy((int8_t *)v[D_OUT].buf + d * cells, counts, (size_t)cells);
        }
    }
    PyEval_RestoreThread(save);
    if (bad >= 0)
        PyErr_Format(PyExc_ValueError, "keys: row %zd has a key of an unseen card not in"
                     " [0, 1)", bad);
    if (!PyErr_Occurred()) result = Py_NewRef(Py_None);
done:
    pc_release(v, D_VIEWS);
    return result;
}

const char dealing_unseen_hands_doc[] = PyDoc_STR(
"unseen_hands(keys, hands, size, out)\n\n"
"For each of hands (n, 20) int64 (counts 0 to 4: a hand at seat 0, as Dealer(hand) holds it,\n"
"the first copies of its cards), the m hands of size cards it has not seen (no more than\n"
"it has not seen) that Dealer.hands deals from keys (m, 80) float64 in [0, 1): out\n"
"(n, m, 20) int64.");

PyObject *dealing_unseen_hands(PyObject *self, PyObject *args)
{
    PyObject *keys_o, *hands_o, *size_o, *out_o;
    long long size;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO", &keys_o, &hands_o, &size_o, &out_o)
        || pc_int(size_o, "size", 0, PHYSICAL, &size) < 0)
        return NULL;
    Py_buffer v[3];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t m = -1, n = -1;
    if (pc_buffer(keys_o, &v[0], "keys", PC_FLOAT64, -1, 0) < 0
        || (m = pc_rows(&v[0], PHYSICAL, "keys")) < 0
        || pc_buffer(hands_o, &v[1], "hands", PC_INT64, -1, 0) < 0
        || (n = pc_rows(&v[1], KINDS, "hands")) < 0
        || pc_buffer(out_o, &v[2], "out", PC_INT64,
                     pc_times(pc_times(n, m, "out"), KINDS, "out"), 1) < 0
        || pc_apart(v, 3, 2, "out") < 0)
        goto done;
    const double *keys = v[0].buf;
    const int64_t *hands = v[1].buf;
    int64_t *out = v[2].buf;
    if (pc_keys(keys, m * PHYSICAL, "keys") < 0 || pc_range64(hands, n * KINDS, 0, 4, "hands") < 0)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t held = 0;
        for (int c = 0; c < KINDS; c++) held += hands[i * KINDS + c];
        if (PHYSICAL - held < size) {
            PyErr_Format(PyExc_ValueError, "size: %lld cards, but hand %zd has seen all but"
                         " %lld", size, i, (long long)(PHYSICAL - held));
            goto done;
        }
    }
    memset(out, 0, (size_t)v[2].len);
    unsigned tick = 0;
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
            if (pc_signals(&tick) < 0) goto done;
        }
    }
    result = Py_NewRef(Py_None);
done:
    pc_release(v, 3);
    return result;
}

const char dealing_swap_doc[] = PyDoc_STR(
"swap(deals, a, b, at_a, at_b, out)\n\n"
"conditions._swap from its random numbers: out (n, 4, 20) int64 is deals (counts 0 to 4)\n"
"with a card of seat a (the first whose running count passes at_a times the seat's cards)\n"
"swapped for one of seat b (likewise at_b); a, b (n,) int64, two seats holding cards, at_a,\n"
"at_b (n,) float64 in [0, 1).");

PyObject *dealing_swap(PyObject *self, PyObject *args)
{
    PyObject *objects[6];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOO", &objects[0], &objects[1], &objects[2], &objects[3],
                          &objects[4], &objects[5]))
        return NULL;
    static const char *const names[6] = {"deals", "a", "b", "at_a", "at_b", "out"};
    Py_buffer v[6];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = -1;
    if (pc_buffer(objects[0], &v[0], "deals", PC_INT64, -1, 0) < 0
        || (n = pc_rows(&v[0], 4 * KINDS, "deals")) < 0)
        goto done;
    for (int i = 1; i < 6; i++)
        if (pc_buffer(objects[i], &v[i], names[i], i < 3 || i == 5 ? PC_INT64 : PC_FLOAT64,
                      i == 5 ? 4 * KINDS * n : n, i == 5) < 0)
            goto done;
    if (pc_apart(v, 6, 5, "out") < 0) goto done;
    const int64_t *deals = v[0].buf, *a = v[1].buf, *b = v[2].buf;
    const double *at_a = v[3].buf, *at_b = v[4].buf;
    int64_t *out = v[5].buf;
    if (pc_range64(deals, n * 4 * KINDS, 0, 4, "deals") < 0 || pc_range64(a, n, 0, 3, "a") < 0
        || pc_range64(b, n, 0, 3, "b") < 0 || pc_keys(at_a, n, "at_a") < 0
        || pc_keys(at_b, n, "at_b") < 0)
        goto done;
    for (Py_ssize_t d = 0; d < n; d++) {
        int64_t cards[2] = {0, 0};
        for (int c = 0; c < KINDS; c++) {
            cards[0] += deals[(d * 4 + a[d]) * KINDS + c];
            cards[1] += deals[(d * 4 + b[d]) * KINDS + c];
        }
        if (a[d] == b[d] || !cards[0] || !cards[1]) {
            PyErr_Format(PyExc_ValueError, "deal %zd: a swap is between two seats holding cards",
                         d);
            goto done;
        }
    }
    memcpy(out, deals, (size_t)v[0].len);
    unsigned tick = 0;
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
        if (pc_signals(&tick) < 0) goto done;
    }
    result = Py_NewRef(Py_None);
done:
    pc_release(v, 6);
    return result;
}
