/* The exchange's greedy search in C: its Python face (objective, pick, choose, choose_blind,
 * score, added, blas, dots). The search is _greedy_search.c, their shared types _greedy.h;
 * exchange/policy.py keeps the numpy search these are tested against. Every argument is
 * checked (``_buffers.h``: its type, size and range, a card twice in a part, an output apart
 * from the inputs) before the search reads it, and the loops over hands look for Ctrl-C. */
#include "_greedy.h"


/* ``obj``'s buffer of ``count`` items of ``kind`` (written if asked), held by the objective
 * until its capsule is freed; NULL with an error set. */
static void *hold(Objective *o, PyObject *obj, pc_kind kind, Py_ssize_t count, int writable,
                  const char *name)
{
    Py_buffer *view = &o->views[o->nviews];
    if (pc_buffer(obj, view, name, kind, count, writable) < 0) return NULL;
    o->nviews++;
    return view->buf;
}

/* ``seq``, a tuple of one item per part; -1 with TypeError (not a tuple) or ValueError set. */
static int one_per_part(PyObject *seq, int parts, const char *name)
{
    if (!PyTuple_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s: a tuple of one item per part wanted, not %.80s", name,
                     Py_TYPE(seq)->tp_name);
        return -1;
    }
    if (PyTuple_GET_SIZE(seq) != parts) {
        PyErr_Format(PyExc_ValueError, "%s: %d items (one per part) wanted, not %zd", name,
                     parts, PyTuple_GET_SIZE(seq));
        return -1;
    }
    return 0;
}

/* Part ``i`` of ``parts``: a tuple of 1 to 5 distinct cards 0 to 19, each counted among the
 * parts its card belongs to; -1 with an error set. */
static int read_part(Objective *o, int i, PyObject *part)
{
    if (!PyTuple_Check(part) || PyTuple_GET_SIZE(part) < 1 || PyTuple_GET_SIZE(part) > MAXSIZE) {
        PyErr_Format(PyTuple_Check(part) ? PyExc_ValueError : PyExc_TypeError,
                     "parts: each a tuple of 1 to 5 cards, not %.80s", Py_TYPE(part)->tp_name);
        return -1;
    }
    o->size[i] = (int)PyTuple_GET_SIZE(part);
    for (int j = 0; j < o->size[i]; j++) {
        long long card;
        if (pc_int(PyTuple_GET_ITEM(part, j), "parts: a card", 0, CARDS - 1, &card) < 0)
            return -1;
        if ((o->member_mask[card] >> i) & 1) {
            PyErr_Format(PyExc_ValueError, "parts: card %lld twice in part %d", card, i);
            return -1;
        }
        o->cards[i][j] = (int)card;
        int k = o->member_count[card]++;
        o->member_part[card][k] = i;
        o->member_digit[card][k] = j;
        o->member_mask[card] |= 1u << i;
    }
    return 0;
}

PyDoc_STRVAR(objective_doc,
"objective(per_card, parts, gains, kept, incoming, averaged, known)\n\n"
"An objective as policy.Objective holds it: per_card (20,) float64, parts a tuple of 1 to 16\n"
"tuples of 1 to 5 distinct cards 0 to 19 (a card may be in several parts), gains and kept a\n"
"float64 table per part (5 ** cards), incoming None or (m, 20) int64 counts 0 to 4 (1 to\n"
"10,000 rows) with averaged (float64) and known (bool) tables per part, writable and apart\n"
"from every other table, filled as codes are met. The arrays are held, not copied.");

static PyObject *objective(PyObject *self, PyObject *args)
{
    PyObject *per_card, *parts, *gains, *kept, *incoming, *averaged, *known;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO!OOOOO", &per_card, &PyTuple_Type, &parts, &gains, &kept,
                          &incoming, &averaged, &known))
        return NULL;
    Py_ssize_t nparts = PyTuple_GET_SIZE(parts);
    if (blas_ddot == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the BLAS numpy calls is not found yet (blas)");
        return NULL;
    }
    if (nparts < 1 || nparts > MAXPARTS) {
        PyErr_Format(PyExc_ValueError, "parts: 1 to 16 wanted, not %zd", nparts);
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
    const double *values = hold(o, per_card, PC_FLOAT64, CARDS, 0, "per_card");
    if (values == NULL) goto fail;
    memcpy(o->per_card, values, sizeof o->per_card);
    int with_incoming = incoming != Py_None;
    if (one_per_part(gains, o->parts, "gains") < 0 || one_per_part(kept, o->parts, "kept") < 0
        || (with_incoming && (one_per_part(averaged, o->parts, "averaged") < 0
                              || one_per_part(known, o->parts, "known") < 0)))
        goto fail;
    if (with_incoming) {
        Py_buffer *in = &o->views[o->nviews];
        if (hold(o, incoming, PC_INT64, -1, 0, "incoming") == NULL
            || (o->m = pc_rows(in, CARDS, "incoming")) < 0)
            goto fail;
        if (o->m < 1 || o->m > MAXINCOMING) {
            PyErr_Format(PyExc_ValueError, "incoming: 1 to 10,000 passes wanted, not %zd", o->m);
            goto fail;
        }
        o->incoming = in->buf;
        if (pc_range64(o->incoming, o->m * CARDS, 0, 4, "incoming") < 0) goto fail;
    }
    for (int i = 0; i < o->parts; i++) {
        if (read_part(o, i, PyTuple_GET_ITEM(parts, i)) < 0) goto fail;
        Py_ssize_t codes = (Py_ssize_t)POW5[o->size[i]];
        o->gain[i] = hold(o, PyTuple_GET_ITEM(gains, i), PC_FLOAT64, codes, 0, "gains");
        o->kept[i] = o->gain[i] ? hold(o, PyTuple_GET_ITEM(kept, i), PC_FLOAT64, codes, 0,
                                       "kept") : NULL;
        if (o->kept[i] == NULL) goto fail;
        if (with_incoming) {
            o->averaged[i] = hold(o, PyTuple_GET_ITEM(averaged, i), PC_FLOAT64, codes, 1,
                                  "averaged");
            o->known[i] = o->averaged[i] ? hold(o, PyTuple_GET_ITEM(known, i), PC_BOOL, codes, 1,
                                                "known") : NULL;
            if (o->known[i] == NULL) goto fail;
        }
    }
    /* each table written (averaged and known, views 4 + 4i and 5 + 4i: after per_card,
     * incoming and the part's gains and kept) apart from every other table */
    for (int i = 0; with_incoming && i < o->parts; i++)
        if (pc_apart(o->views, o->nviews, 4 + 4 * i, "averaged") < 0
            || pc_apart(o->views, o->nviews, 5 + 4 * i, "known") < 0)
            goto fail;
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

/* The objective a capsule made by ``objective`` holds; NULL with TypeError set. */
static Objective *objective_of(PyObject *capsule)
{
    if (!PyCapsule_IsValid(capsule, CAPSULE)) {
        PyErr_Format(PyExc_TypeError, "objective: one made by _greedy.objective wanted, not"
                     " %.80s", Py_TYPE(capsule)->tp_name);
        return NULL;
    }
    return PyCapsule_GetPointer(capsule, CAPSULE);
}

/* The hands (n, 20) int64 of a call (counts 0 to 4) into ``view``: n, or -1 with an error set */
static Py_ssize_t hands_of(PyObject *array, Py_buffer *view)
{
    Py_ssize_t n;
    if (pc_buffer(array, view, "hands", PC_INT64, -1, 0) < 0
        || (n = pc_rows(view, CARDS, "hands")) < 0
        || pc_range64(view->buf, n * CARDS, 0, 4, "hands") < 0)
        return -1;
    return n;
}

/* Each of the ``n`` rows of ``chosen`` (``m`` per hand) within its hand: 0, or -1 with
 * ValueError set. */
static int within(const int64_t *hands, const int64_t *chosen, Py_ssize_t n, Py_ssize_t m,
                  const char *name)
{
    for (Py_ssize_t r = 0; r < n * m; r++)
        for (int c = 0; c < CARDS; c++) {
            int64_t x = chosen[r * CARDS + c];
            if (x < 0 || x > hands[(r / m) * CARDS + c]) {
                PyErr_Format(PyExc_ValueError, "%s: row %zd holds %lld of card %d, not 0 to its"
                             " hand's %lld", name, r, (long long)x, c,
                             (long long)hands[(r / m) * CARDS + c]);
                return -1;
            }
        }
    return 0;
}

PyDoc_STRVAR(pick_doc,
"pick(objective, hands, chosen, allowed, count, distinct)\n\n"
"policy.pick in place on chosen (n, 20) int64 (each row within its hand of hands (n, 20)\n"
"int64): allowed (n, 20) bool, count (n,) int64, 0 to 80 more cards.");

enum { P_HANDS, P_CHOSEN, P_ALLOWED, P_COUNT, P_VIEWS };

static PyObject *pick(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *chosen_o, *allowed_o, *count_o;
    int distinct;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOp", &capsule, &hands_o, &chosen_o, &allowed_o, &count_o,
                          &distinct))
        return NULL;
    Objective *o = objective_of(capsule);
    if (o == NULL) return NULL;
    Py_buffer v[P_VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = hands_of(hands_o, &v[P_HANDS]);
    if (n < 0 || pc_buffer(chosen_o, &v[P_CHOSEN], "chosen", PC_INT64, n * CARDS, 1) < 0
        || pc_buffer(allowed_o, &v[P_ALLOWED], "allowed", PC_BOOL, n * CARDS, 0) < 0
        || pc_buffer(count_o, &v[P_COUNT], "count", PC_INT64, n, 0) < 0
        || pc_apart(v, P_VIEWS, P_CHOSEN, "chosen") < 0)
        goto done;
    const int64_t *hands = v[P_HANDS].buf, *count = v[P_COUNT].buf;
    int64_t *chosen = v[P_CHOSEN].buf;
    const uint8_t *allowed = v[P_ALLOWED].buf;
    if (within(hands, chosen, n, 1, "chosen") < 0
        || pc_range64(count, n, 0, 4 * CARDS, "count") < 0)
        goto done;
    unsigned tick = 0;
    for (Py_ssize_t r = 0; r < n; r++) {
        Search h;
        int64_t given[MAXPARTS];
        search_for(&h, o, hands + r * CARDS);
        for (int i = 0; i < o->parts; i++) given[i] = code_of(o, i, chosen + r * CARDS);
        pick_one(&h, chosen + r * CARDS, given, allowed + r * CARDS, count[r], distinct, NULL);
        if (pc_signals_by(&tick, o->incoming ? PC_SIGNAL_EVERY : 16) < 0) goto done;
    }
    result = Py_NewRef(Py_None);
done:
    pc_release(v, P_VIEWS);
    return result;
}

/* Each of the ``n`` rows of ``first`` within its hand and no more than ``k`` cards: 0, or -1
 * with ValueError set. */
static int begun_within(const int64_t *hands, const int64_t *first, Py_ssize_t n, long long k)
{
    if (first != NULL && within(hands, first, n, 1, "first") < 0) return -1;
    for (Py_ssize_t r = 0; r < n; r++) {
        int64_t taken = 0, held = 0;
        for (int c = 0; c < CARDS; c++) {
            taken += first ? first[r * CARDS + c] : 0;
            held += hands[r * CARDS + c];
        }
        if (taken > k || k > held) {
            PyErr_Format(PyExc_ValueError, "k: %lld cards to pass from hand %zd of %lld cards,"
                         " %lld of them chosen already", k, r, (long long)held,
                         (long long)taken);
            return -1;
        }
    }
    return 0;
}

PyDoc_STRVAR(choose_doc,
"choose(objective, hands, first, k, trump, out)\n\n"
"policy.choose (not thorough) into out (n, 20) int64: the k cards to pass from each of\n"
"hands (n, 20) int64 (k no more than a hand holds), first (n, 20) int64 chosen already\n"
"(within its hand, no more than k cards); trump 0 to 3.");

enum { C_HANDS, C_FIRST, C_OUT, C_VIEWS };

static PyObject *choose(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *first_o, *k_o, *trump_o, *out_o;
    long long k, trump;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOO", &capsule, &hands_o, &first_o, &k_o, &trump_o, &out_o))
        return NULL;
    Objective *o = objective_of(capsule);
    if (o == NULL || pc_int(k_o, "k", 0, 4 * CARDS, &k) < 0
        || pc_int(trump_o, "trump", 0, 3, &trump) < 0)
        return NULL;
    Py_buffer v[C_VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = hands_of(hands_o, &v[C_HANDS]);
    if (n < 0 || pc_buffer(first_o, &v[C_FIRST], "first", PC_INT64, n * CARDS, 0) < 0
        || pc_buffer(out_o, &v[C_OUT], "out", PC_INT64, n * CARDS, 1) < 0
        || pc_apart(v, C_VIEWS, C_OUT, "out") < 0)
        goto done;
    const int64_t *hands = v[C_HANDS].buf, *first = v[C_FIRST].buf;
    if (begun_within(hands, first, n, k) < 0) goto done;
    unsigned tick = 0;
    for (Py_ssize_t r = 0; r < n; r++) {
        choose_one(o, hands + r * CARDS, first + r * CARDS, k, (int)trump,
                   (int64_t *)v[C_OUT].buf + r * CARDS);
        if (pc_signals_by(&tick, o->incoming ? PC_SIGNAL_EVERY : 64) < 0) goto done;
    }
    result = Py_NewRef(Py_None);
done:
    pc_release(v, C_VIEWS);
    return result;
}

PyDoc_STRVAR(choose_blind_doc,
"choose_blind(objective, hands, incoming, m, k, trump, out)\n\n"
"policy.choose (from nothing chosen) of the objective made to receive incoming passes\n"
"(Objective.receiving; the objective itself receives nothing), a set of m (1 to 10,000) per\n"
"hand: hands (n, 20) int64, incoming (n * m, 20) int64 counts 0 to 4, the k cards each hand\n"
"passes into out (n, 20) int64. The means after receiving are worked out here, per hand, as\n"
"numpy works them out.");

enum { B_HANDS, B_INCOMING, B_OUT, B_VIEWS };

static PyObject *choose_blind(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *incoming_o, *m_o, *k_o, *trump_o, *out_o;
    long long m, k, trump;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOO", &capsule, &hands_o, &incoming_o, &m_o, &k_o,
                          &trump_o, &out_o))
        return NULL;
    Objective *o = objective_of(capsule);
    if (o == NULL || pc_int(m_o, "m", 1, MAXINCOMING, &m) < 0
        || pc_int(k_o, "k", 0, 4 * CARDS, &k) < 0 || pc_int(trump_o, "trump", 0, 3, &trump) < 0)
        return NULL;
    if (o->incoming != NULL) {
        PyErr_SetString(PyExc_ValueError, "objective: one receiving nothing wanted (the"
                        " incoming passes are given here)");
        return NULL;
    }
    Py_buffer v[B_VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    double *averaged = NULL;
    uint8_t *known = NULL;
    Py_ssize_t n = hands_of(hands_o, &v[B_HANDS]);
    if (n < 0 || pc_buffer(incoming_o, &v[B_INCOMING], "incoming", PC_INT64,
                           pc_times(pc_times(n, (Py_ssize_t)m, "incoming"), CARDS, "incoming"),
                           0) < 0
        || pc_buffer(out_o, &v[B_OUT], "out", PC_INT64, n * CARDS, 1) < 0
        || pc_apart(v, B_VIEWS, B_OUT, "out") < 0)
        goto done;
    const int64_t *hands = v[B_HANDS].buf, *incoming = v[B_INCOMING].buf;
    if (pc_range64(incoming, n * m * CARDS, 0, 4, "incoming") < 0
        || begun_within(hands, NULL, n, k) < 0)
        goto done;
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
    blind.m = (Py_ssize_t)m;
    for (int i = 0, at = 0; i < o->parts; i++) {
        blind.averaged[i] = averaged + at;
        blind.known[i] = known + at;
        at += (int)POW5[o->size[i]];
    }
    int64_t first[CARDS];
    memset(first, 0, sizeof first);
    unsigned tick = 0;
    for (Py_ssize_t r = 0; r < n; r++) {
        memset(known, 0, (size_t)codes);
        blind.incoming = incoming + r * m * CARDS;
        choose_one(&blind, hands + r * CARDS, first, k, (int)trump,
                   (int64_t *)v[B_OUT].buf + r * CARDS);
        if (pc_signals_by(&tick, PC_SIGNAL_EVERY) < 0) goto done;
    }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(averaged);
    PyMem_Free(known);
    pc_release(v, B_VIEWS);
    return result;
}

PyDoc_STRVAR(score_doc,
"score(objective, hands, choices, out)\n\n"
"Objective.score into out (n, m) float64: choices (n, m, 20) int64 from hands (n, 20), each\n"
"within its hand.");

enum { S_HANDS, S_CHOICES, S_OUT, S_VIEWS };

static PyObject *score_py(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *choices_o, *out_o;
    double *rows_of = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO", &capsule, &hands_o, &choices_o, &out_o)) return NULL;
    Objective *o = objective_of(capsule);
    if (o == NULL) return NULL;
    Py_buffer v[S_VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = hands_of(hands_o, &v[S_HANDS]), m = 0;
    if (n < 0 || pc_buffer(out_o, &v[S_OUT], "out", PC_FLOAT64, -1, 1) < 0
        || (m = n ? pc_rows(&v[S_OUT], n, "out") : 0) < 0
        || pc_buffer(choices_o, &v[S_CHOICES], "choices", PC_INT64,
                     pc_times(pc_items(&v[S_OUT]), CARDS, "choices"), 0) < 0
        || pc_apart(v, S_VIEWS, S_OUT, "out") < 0)
        goto done;
    if (n == 0 && pc_items(&v[S_OUT]) != 0) {
        PyErr_SetString(PyExc_ValueError, "out: (n, m) float64 wanted, no items for no hands");
        goto done;
    }
    if (m > INT32_MAX / CARDS) {
        PyErr_Format(PyExc_ValueError, "choices: at most %d per hand", INT32_MAX / CARDS);
        goto done;
    }
    const int64_t *hands = v[S_HANDS].buf, *choices = v[S_CHOICES].buf;
    double *out = v[S_OUT].buf;
    if (within(hands, choices, n, m, "choices") < 0) goto done;
    rows_of = PyMem_Malloc(sizeof(double) * (size_t)(m * CARDS + 1));
    if (rows_of == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    unsigned tick = 0;
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
        if (pc_signals_by(&tick, m < PC_SIGNAL_EVERY ? (unsigned)m + 1 : PC_SIGNAL_EVERY) < 0)
            goto done;
    }
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(rows_of);
    pc_release(v, S_VIEWS);
    return result;
}

PyDoc_STRVAR(added_doc,
"added(objective, hands, chosen, out)\n\n"
"Objective.added into out (n, 20) float64, for chosen (n, 20) int64 from hands (n, 20), each\n"
"within its hand.");

enum { A_HANDS, A_CHOSEN, A_OUT, A_VIEWS };

static PyObject *added_py(PyObject *self, PyObject *args)
{
    PyObject *capsule, *hands_o, *chosen_o, *out_o;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO", &capsule, &hands_o, &chosen_o, &out_o)) return NULL;
    Objective *o = objective_of(capsule);
    if (o == NULL) return NULL;
    Py_buffer v[A_VIEWS];
    memset(v, 0, sizeof v);
    PyObject *result = NULL;
    Py_ssize_t n = hands_of(hands_o, &v[A_HANDS]);
    if (n < 0 || pc_buffer(chosen_o, &v[A_CHOSEN], "chosen", PC_INT64, n * CARDS, 0) < 0
        || pc_buffer(out_o, &v[A_OUT], "out", PC_FLOAT64, n * CARDS, 1) < 0
        || pc_apart(v, A_VIEWS, A_OUT, "out") < 0)
        goto done;
    const int64_t *hands = v[A_HANDS].buf;
    if (within(hands, v[A_CHOSEN].buf, n, 1, "chosen") < 0) goto done;
    unsigned tick = 0;
    for (Py_ssize_t r = 0; r < n; r++) {
        int64_t chosen[CARDS];
        memcpy(chosen, (const int64_t *)v[A_CHOSEN].buf + r * CARDS, sizeof chosen);
        added(o, hands + r * CARDS, chosen, (double *)v[A_OUT].buf + r * CARDS);
        if (pc_signals_by(&tick, o->incoming ? PC_SIGNAL_EVERY : 16) < 0) goto done;
    }
    result = Py_NewRef(Py_None);
done:
    pc_release(v, A_VIEWS);
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
    Py_ssize_t m = -1;
    if (pc_buffer(values_o, &v[0], "values", PC_FLOAT64, CARDS, 0) < 0
        || pc_buffer(out_o, &v[2], "out", PC_FLOAT64, -1, 1) < 0
        || pc_buffer(rows_o, &v[1], "rows", PC_FLOAT64,
                     pc_times(m = pc_items(&v[2]), CARDS, "rows"), 0) < 0
        || pc_apart(v, 3, 2, "out") < 0)
        goto done;
    if (m < 1 || m > INT32_MAX / CARDS) {
        PyErr_Format(PyExc_ValueError, "out: 1 to %d rows wanted, not %zd", INT32_MAX / CARDS, m);
        goto done;
    }
    dot_rows(v[0].buf, v[1].buf, (int)m, v[2].buf);
    result = Py_NewRef(Py_None);
done:
    pc_release(v, 3);
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
