/* The meld of many hands of meld/vector.py in C, one hand after another.
 *
 * vector.py keeps the numpy code (``meld_points``, ``best_points``), which works a column at a
 * time; this module sums the same table look-ups for each hand (the trump's runs and royal
 * marriages, each other suit's marriages, each around, the pinochles: the tables of
 * ``vector._parts``), whole numbers, so the figures are equal. Rule sets with a roundhouse
 * option stay with numpy. Arrays are read and written through the buffer protocol
 * (``_buffers.h``: each checked for its type, size and range before a loop reads it), and the
 * loops look for Ctrl-C now and then: the build needs nothing but a C compiler and the Python
 * headers.
 */
#include "../_buffers.h"

#define CARDS 20

typedef struct {
    const int64_t *type_one, *marriage, *singles;  /* (4, 25), (5,), (5, 5) */
} Tables;

static inline int64_t least(const int64_t *c, int first, int step, int count)
{
    int64_t low = c[first];
    for (int i = 1; i < count; i++)
        if (c[first + i * step] < low) low = c[first + i * step];
    return low;
}

/* The meld of one hand with each trump S H D C (``vector.meld_points``) */
static void meld_of(const Tables *t, const int64_t *c, int64_t *points)
{
    static const int around[4] = {0, 2, 3, 4};  /* aces, kings, queens, jacks */
    int64_t runs[4], pairs[4], married[4], total = 0;
    for (int s = 0; s < 4; s++) {
        runs[s] = least(c, 5 * s, 1, 5);
        pairs[s] = c[5 * s + 2] < c[5 * s + 3] ? c[5 * s + 2] : c[5 * s + 3];
        married[s] = t->marriage[pairs[s]];
        total += married[s];
    }
    for (int k = 0; k < 4; k++) total += t->singles[k * 5 + least(c, around[k], 5, 4)];
    total += t->singles[4 * 5 + (c[3] < c[14] ? c[3] : c[14])];  /* Q♠ J♦ */
    for (int s = 0; s < 4; s++)
        points[s] = total - married[s] + t->type_one[s * 25 + runs[s] * 5 + pairs[s]];
}

/* The hand's meld in its best trump (``vector.best_points``): among the suits it may name (a
 * marriage in them, unless ``any_suit``), or all four where it may name none */
static int64_t best_of(const Tables *t, const int64_t *c, int any_suit)
{
    int64_t points[4], named = 0, top = 0;
    int may = 0, seen = 0;
    meld_of(t, c, points);
    for (int s = 0; s < 4; s++) {
        if (!seen++ || points[s] > top) top = points[s];
        if (any_suit || (c[5 * s + 2] > 0 && c[5 * s + 3] > 0)) {
            if (!may++ || points[s] > named) named = points[s];
        }
    }
    return may ? named : top;
}

/* Hand ``i`` of ``counts`` (int64 or int8 rows of 20) as 20 int64 counts */
static inline void hand_at(const Py_buffer *counts, Py_ssize_t i, int64_t *hand)
{
    if (counts->itemsize == 8) {
        memcpy(hand, (const int64_t *)counts->buf + i * CARDS, sizeof(int64_t) * CARDS);
    } else {
        const int8_t *row = (const int8_t *)counts->buf + i * CARDS;
        for (int c = 0; c < CARDS; c++) hand[c] = row[c];
    }
}

enum { COUNTS, TYPE_ONE, MARRIAGE, SINGLES, ADDING, OUT, VIEWS };

/* The hands and tables of a call: n, or -1 with an error set. Every count 0 to 4 (so every
 * table entry read is in range). The counts are int64, or int8 (deals to test:
 * ``Dealer.deal``). */
static Py_ssize_t hands_and_tables(PyObject *counts, PyObject *type_one, PyObject *marriage,
                                   PyObject *singles, Py_buffer *v, Tables *t)
{
    static const pc_kind kinds[2] = {PC_INT64, PC_INT8};
    int wide;
    Py_ssize_t n;
    if ((wide = pc_buffer_of(counts, &v[COUNTS], "counts", kinds, 2, -1, 0)) < 0
        || (n = pc_rows(&v[COUNTS], CARDS, "counts")) < 0
        || pc_buffer(type_one, &v[TYPE_ONE], "type_one", PC_INT64, 100, 0) < 0
        || pc_buffer(marriage, &v[MARRIAGE], "marriage", PC_INT64, 5, 0) < 0
        || pc_buffer(singles, &v[SINGLES], "singles", PC_INT64, 25, 0) < 0)
        return -1;
    if (wide == 0 ? pc_range64(v[COUNTS].buf, n * CARDS, 0, 4, "counts") < 0
                  : pc_range8(v[COUNTS].buf, n * CARDS, 0, 4, "counts") < 0)
        return -1;
    t->type_one = v[TYPE_ONE].buf;
    t->marriage = v[MARRIAGE].buf;
    t->singles = v[SINGLES].buf;
    return n;
}

PyDoc_STRVAR(points_doc,
"points(counts, type_one, marriage, singles, out)\n\n"
"vector.meld_points into out (n, 4) int64, for counts (n, 20) int64 or int8 (0 to 4) and the\n"
"tables of vector._parts (type_one (4, 25), marriage (5,), singles (5, 5), int64).");

static PyObject *points(PyObject *self, PyObject *args)
{
    PyObject *counts, *type_one, *marriage, *singles, *out;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOO", &counts, &type_one, &marriage, &singles, &out))
        return NULL;
    Py_buffer v[VIEWS];
    memset(v, 0, sizeof v);
    Tables t;
    PyObject *result = NULL;
    Py_ssize_t n = hands_and_tables(counts, type_one, marriage, singles, v, &t);
    if (n < 0 || pc_buffer(out, &v[OUT], "out", PC_INT64, 4 * n, 1) < 0
        || pc_apart(v, VIEWS, OUT, "out") < 0)
        goto done;
    int64_t *o = v[OUT].buf;
    unsigned tick = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t hand[CARDS];
        hand_at(&v[COUNTS], i, hand);
        meld_of(&t, hand, o + i * 4);
        if (pc_signals(&tick) < 0) goto done;
    }
    result = Py_NewRef(Py_None);
done:
    pc_release(v, VIEWS);
    return result;
}

PyDoc_STRVAR(best_doc,
"best(counts, type_one, marriage, singles, any_suit, adding, out)\n\n"
"vector.best_points into out (n, m) int64: of each hand of counts (n, 20) int64 or int8 (0\n"
"to 4) with one more copy (at most four) of each card of adding (m,) int64, a card -1 for\n"
"none (-1 to 19); any_suit:\n"
"every suit may be named (no marriage required).");

static PyObject *best(PyObject *self, PyObject *args)
{
    PyObject *counts, *type_one, *marriage, *singles, *adding, *out;
    int any_suit;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOpOO", &counts, &type_one, &marriage, &singles, &any_suit,
                          &adding, &out))
        return NULL;
    Py_buffer v[VIEWS];
    memset(v, 0, sizeof v);
    Tables t;
    PyObject *result = NULL;
    Py_ssize_t n = hands_and_tables(counts, type_one, marriage, singles, v, &t), m = -1;
    if (n < 0 || pc_buffer(adding, &v[ADDING], "adding", PC_INT64, -1, 0) < 0
        || pc_buffer(out, &v[OUT], "out", PC_INT64,
                     pc_times(n, m = pc_items(&v[ADDING]), "out"), 1) < 0
        || pc_apart(v, VIEWS, OUT, "out") < 0)
        goto done;
    const int64_t *add = v[ADDING].buf;
    if (pc_range64(add, m, -1, CARDS - 1, "adding") < 0) goto done;
    int64_t *o = v[OUT].buf;
    unsigned tick = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t hand[CARDS];
        hand_at(&v[0], i, hand);
        for (Py_ssize_t j = 0; j < m; j++) {
            int64_t card = add[j], was = card >= 0 ? hand[card] : 0;
            if (card >= 0 && was < 4) hand[card] = was + 1;
            o[i * m + j] = best_of(&t, hand, any_suit);
            if (card >= 0) hand[card] = was;
        }
        if (pc_signals_by(&tick, m < PC_SIGNAL_EVERY ? (unsigned)m + 1 : PC_SIGNAL_EVERY) < 0)
            goto done;
    }
    result = Py_NewRef(Py_None);
done:
    pc_release(v, VIEWS);
    return result;
}

static PyMethodDef methods[] = {
    {"points", points, METH_VARARGS, points_doc},
    {"best", best, METH_VARARGS, best_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_meld",
    "The meld of many hands of meld/vector.py in C (vector's numpy code is the oracle).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__meld(void) { return PyModule_Create(&module); }
