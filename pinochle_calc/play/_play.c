/* The play layer's hot loops in C, one deal after another: the heuristic play-outs of
 * play/lockstep.py (this file, with the module's face), and the dealing of play/dealer.py and
 * play/conditions.py (_play_deal.c).
 *
 * lockstep.py keeps the numpy engine (``_play``), which plays many deals in lockstep; ``play``
 * plays the same deals with the same decisions, clause by clause, one deal at a time: it takes
 * the arrays ``lockstep._play`` takes (the deals' suit codes in the engine's suits, trump suit
 * 0) and fills the trick points and, if asked, the cards played. ``deal`` hands out the unseen
 * cards in the order of their random keys, as ``Dealer`` does with numpy's argsort, and
 * ``swap`` makes the card swaps of ``conditions._swap`` from the same random numbers. The
 * tests compare each with its numpy code card by card. Arrays are read and written through
 * the buffer protocol (``_buffers.h``: every argument checked for its type, size and range
 * before a loop reads it, so that a wrong one is a TypeError or ValueError, never a crash),
 * and every loop looks for Ctrl-C now and then: the build needs nothing but a C compiler and
 * the Python headers.
 */
#include "_play.h"

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
/* each rank's copies in a 6-bit field (the ace lowest): four seats' codes of a suit summed,
 * a field over 4 is a card held more than four times (``MANY`` finds it) */
static int32_t DIGITS[NCODES];
#define FIELDS(x) ((x) | (x) << 6 | (x) << 12 | (x) << 18 | (x) << 24)
#define MANY(sum) ((((sum) + FIELDS(27)) & FIELDS(32)) != 0)

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
        DIGITS[code] = held[0] | held[1] << 6 | held[2] << 12 | held[3] << 18 | held[4] << 24;
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

/* What is wrong with deal ``i``'s arguments, or NULL where ``play_deal`` can play it: every
 * code 0 to 3124 and no card more than four times among the seats, ``order`` a permutation of
 * the suits, the leader a seat, voids a bit per suit, the trick in progress (``here``, or
 * NULL) one that can be (1 to 3 cards, won by a card of the suit led or a trump, by a seat that
 * played to it), and each seat holding the tricks left (one fewer where it has played to the
 * trick in progress): so that every seat asked to play has a card to play. */
static const char *deal_fault(const int16_t *codes, const int16_t *order, int leader,
                              int tricks, const int16_t *voids, const int16_t *here)
{
    int seen = 0, j = 0;
    for (int k = 0; k < 16; k++)
        if (codes[k] < 0 || codes[k] >= NCODES) return "a suit code is 0 to 3124";
    for (int s = 0; s < 4; s++) {
        if (order[s] < 0 || order[s] > 3 || ((seen >> order[s]) & 1))
            return "order: each deal's a permutation of the suits 0 to 3";
        seen |= 1 << order[s];
    }
    if (leader < 0 || leader > 3) return "leader: a seat, 0 to 3";
    for (int s = 0; voids && s < 4; s++)
        if (voids[s] < 0 || voids[s] > 15) return "voids: 0 to 15 (a bit per suit)";
    if (here) {
        j = here[0];
        int led = here[1], suit = here[2], rank = here[3], seat = here[4], got = here[5];
        if (j < 1 || j > 3 || led < 0 || led > 3 || suit < 0 || suit > 3
            || (suit != led && suit != 0) || rank < 0 || rank > 4 || seat < 0 || seat > 3
            || ((seat - leader) & 3) >= j || got < 0 || got > j)
            return "start: a trick in progress of 1 to 3 cards (led, the winning suit, rank"
                   " and seat, the points so far) that cannot be";
    }
    for (int s = 0; s < 4; s++)
        if (MANY(DIGITS[codes[s]] + DIGITS[codes[4 + s]] + DIGITS[codes[8 + s]]
                 + DIGITS[codes[12 + s]]))
            return "a card held more than four times among the hands and the trick in"
                   " progress";
    for (int seat = 0; seat < 4; seat++) {
        int held = 0;
        for (int s = 0; s < 4; s++) held += NHELD[codes[seat * 4 + s]];
        if (held != tricks - (((seat - leader) & 3) < j))
            return "hands of different sizes: every deal of a batch has the same tricks left,"
                   " and each seat holds them (one card fewer where it has played to the trick"
                   " in progress)";
    }
    return NULL;
}

PyDoc_STRVAR(play_doc,
"play(codes, order, leader, tricks, points, played, voids, start)\n\n"
"Play n deals out, as lockstep._play does: codes (n, 16) int16 in the engine's suits (no\n"
"card more than four times; each seat holding tricks cards, one fewer where it has played\n"
"to the trick in progress), order (n, 4) int16 (each row a permutation of the suits),\n"
"leader (n,) int16, tricks the tricks left (0 to 20); points (n, 2) int64 is filled, and\n"
"played (n, 4 * tricks - cards in the trick) int8 unless None; voids (n, 4) int16 (0 to 15)\n"
"or None; start None or (6, n) int16: cards played to the trick in progress (1 to 3, the\n"
"same in every deal), led, win_suit, win_rank, win_seat, points so far.");

enum { CODES, ORDER, LEADER, POINTS_OUT, PLAYED, VOIDS, START, VIEWS };

static PyObject *play(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *codes_o, *order_o, *leader_o, *tricks_o, *points_o, *played_o, *voids_o, *start_o;
    long long tricks;
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &codes_o, &order_o, &leader_o, &tricks_o,
                          &points_o, &played_o, &voids_o, &start_o)
        || pc_int(tricks_o, "tricks", 0, 20, &tricks) < 0)
        return NULL;
    static int built = 0;
    if (!built) {  /* on the first call, not at import: a bid imports this module first */
        build_tables();
        built = 1;
    }
    Py_buffer v[VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = -1, plays = 0;
    if (pc_buffer(codes_o, &v[CODES], "codes", PC_INT16, -1, 0) < 0
        || (n = pc_rows(&v[CODES], 16, "codes")) < 0
        || pc_buffer(order_o, &v[ORDER], "order", PC_INT16, 4 * n, 0) < 0
        || pc_buffer(leader_o, &v[LEADER], "leader", PC_INT16, n, 0) < 0
        || pc_buffer(points_o, &v[POINTS_OUT], "points", PC_INT64, 2 * n, 1) < 0
        || (voids_o != Py_None && pc_buffer(voids_o, &v[VOIDS], "voids", PC_INT16, 4 * n, 0) < 0)
        || (start_o != Py_None && pc_buffer(start_o, &v[START], "start", PC_INT16, 6 * n, 0) < 0))
        goto done;
    const int16_t *c = v[CODES].buf, *o = v[ORDER].buf, *l = v[LEADER].buf;
    const int16_t *vo = v[VOIDS].obj ? v[VOIDS].buf : NULL;
    const int16_t *s = v[START].obj ? v[START].buf : NULL;
    int j = s && n ? s[0] : 0;
    for (Py_ssize_t i = 0; s && i < n; i++)
        if (s[i] != j) {
            PyErr_SetString(PyExc_ValueError, "start: the same number of cards in the trick in"
                            " progress in every deal");
            goto done;
        }
    if (played_o != Py_None) {
        plays = 4 * tricks - j;
        if (plays < 0) plays = 0;  /* (refused below: no deal has tricks 0 and a trick begun) */
        if (pc_buffer(played_o, &v[PLAYED], "played", PC_INT8, n * plays, 1) < 0) goto done;
    }
    if (pc_apart(v, VIEWS, POINTS_OUT, "points") < 0
        || (v[PLAYED].obj && pc_apart(v, VIEWS, PLAYED, "played") < 0))
        goto done;
    int64_t *p = v[POINTS_OUT].buf;
    int8_t *pl = v[PLAYED].obj ? v[PLAYED].buf : NULL;
    unsigned tick = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int16_t here[6];
        for (int k = 0; s && k < 6; k++) here[k] = s[k * n + i];
        const char *fault = deal_fault(c + i * 16, o + i * 4, l[i], (int)tricks,
                                       vo ? vo + i * 4 : NULL, s ? here : NULL);
        if (fault != NULL) {
            PyErr_Format(PyExc_ValueError, "deal %zd: %s", i, fault);
            goto done;
        }
        if (pc_signals(&tick) < 0) goto done;
    }
    PyThreadState *save = PyEval_SaveThread();
    int stopped = 0;
    for (Py_ssize_t i = 0; i < n && !stopped; i++) {
        Deal d;
        int16_t here[6];
        for (int k = 0; k < 16; k++) d.H[k] = c[i * 16 + k];
        for (int u = 0; u < 4; u++) {
            d.U[u] = d.H[u] + d.H[4 + u] + d.H[8 + u] + d.H[12 + u];
            d.V[u] = vo ? vo[i * 4 + u] : 0;
        }
        if (s)
            for (int k = 0; k < 6; k++) here[k] = s[k * n + i];
        play_deal(&d, o + i * 4, l[i], (int)tricks, s ? here : NULL, p + i * 2,
                  pl ? pl + i * plays : NULL);
        stopped = pc_signals_nogil(&tick, &save) < 0;
    }
    PyEval_RestoreThread(save);
    if (!stopped) result = Py_NewRef(Py_None);
done:
    pc_release(v, VIEWS);
    return result;
}

static PyMethodDef methods[] = {
    {"play", play, METH_VARARGS, play_doc},
    {"deal", dealing_deal, METH_VARARGS, dealing_deal_doc},
    {"unseen_hands", dealing_unseen_hands, METH_VARARGS, dealing_unseen_hands_doc},
    {"swap", dealing_swap, METH_VARARGS, dealing_swap_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_play",
    "The play layer's hot loops in C: play-outs and dealing (their numpy code is the oracle).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__play(void) { return PyModule_Create(&module); }
