/* The double-dummy solver of double-deck pinochle, compiled: its Python face (the Solver
 * type: value, values, values_many, bound, clear, interrupt). The search itself is
 * _solver_search.c; the types _solver.h; play/search.py is the same method in pure Python,
 * the oracle and fallback, and refuses the same arguments with the same errors.
 *
 * Every argument is checked before the search sees it (../_buffers.h reads the arrays): a
 * whole number where one is wanted (else TypeError), in its range (else ValueError), a
 * position that can be (the hands' sizes, at most four copies of a card counting the trick in
 * progress, a card to play). The search runs without the GIL, looking for signals every few
 * thousand positions (Ctrl-C stops it with KeyboardInterrupt); a solver serves one thread at a
 * time (a second caller gets a RuntimeError), and interrupt(), from any thread, stops it. */
#include "_solver.h"
#if defined(__GNUC__)  /* the shared header's helpers this extension has no use for */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include "../_buffers.h"
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/* The most positions a search may be limited to (search.NODES_MAX). */
#define NODES_MAX 1000000000000000LL

/* The exception the search raises where it stopped at its limit (search.Stopped). */
static PyObject *Stopped = NULL;

/* ---- arguments --------------------------------------------------------------------------- */

/* The name of `obj`'s type, as type(obj).__name__ gives it. */
static const char *type_name(PyObject *obj) {
    const char *name = Py_TYPE(obj)->tp_name, *dot = strrchr(name, '.');
    return dot ? dot + 1 : name;
}

/* `obj` as a whole number from `lo` to `hi` into `*out`: 0, else -1 with a TypeError (not a
 * whole number) or a ValueError (out of range) naming `what`. */
static int int_arg(PyObject *obj, const char *what, long long lo, long long hi,
                   long long *out) {
    PyObject *index = PyNumber_Index(obj);
    if (!index) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError)) return -1;
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: a whole number (an int) wanted, not %s", what,
                     type_name(obj));
        return -1;
    }
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow) {
        PyErr_Format(PyExc_ValueError, "%s: %lld to %lld wanted, not a number beyond 64 bits",
                     what, lo, hi);
        return -1;
    }
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s: %lld to %lld wanted, not %lld", what, lo, hi, v);
        return -1;
    }
    *out = v;
    return 0;
}

/* `obj`, any iterable, as `least` to `most` whole numbers from `lo` to `hi` into `out` (room
 * for `most`), their number into `*count`: 0, else -1 with a TypeError or a ValueError naming
 * `what` and the `item`. */
static int int_list(PyObject *obj, const char *what, const char *item, Py_ssize_t least,
                    Py_ssize_t most, long long lo, long long hi, long long *out, int *count) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError)) return -1;
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: a sequence of ints wanted, not %s", what,
                     type_name(obj));
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n < least || n > most) {
        if (least == most)
            PyErr_Format(PyExc_ValueError, "%s: %zd items wanted, not %zd", what, least, n);
        else
            PyErr_Format(PyExc_ValueError, "%s: %zd to %zd items wanted, not %zd", what, least,
                         most, n);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        char name[120];
        PyOS_snprintf(name, sizeof name, "%s, %s %zd", what, item, i + 1);
        if (int_arg(PySequence_Fast_GET_ITEM(seq, i), name, lo, hi, &out[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    *count = (int)n;
    return 0;
}

/* A position's leader and trick in progress, checked (the codes are read apart). */
typedef struct {
    int leader, k, trick[4];
} Lead;

/* Read the leader and the trick in progress: 0, else -1 and the error. */
static int read_lead(PyObject *leader_obj, PyObject *trick_obj, Lead *lead) {
    long long leader, cards[3];
    if (int_arg(leader_obj, "the leader", 0, 3, &leader) < 0) return -1;
    if (int_list(trick_obj, "the trick in progress", "card", 0, 3, 0, 19, cards, &lead->k) < 0)
        return -1;
    lead->leader = (int)leader;
    for (int j = 0; j < lead->k; j++) lead->trick[j] = (int)cards[j];
    return 0;
}

/* Read `nodes`, the budget of a search (0: none): 0, else -1 and the error. */
static int read_nodes(PyObject *obj, long long *budget) {
    *budget = 0;
    return obj == NULL ? 0 : int_arg(obj, "nodes", 0, NODES_MAX, budget);
}

/* ---- one search at a time, without the GIL ----------------------------------------------- */

/* Take the solver for a method: 0, else -1 with a RuntimeError (no table: __init__ was not
 * called or failed; or another thread is using it). */
static int take(Solver *S) {
    if (!S->table) {
        PyErr_SetString(PyExc_RuntimeError, "the solver has no table (Solver(trump, bits)"
                        " makes one)");
        return -1;
    }
    if (S->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the solver is searching in another thread: a"
                        " solver serves one thread at a time");
        return -1;
    }
    S->busy = 1;
    return 0;
}

/* Start a search limited to `budget` more nodes (0: none), the GIL released: 0, else -1 with
 * KeyboardInterrupt (interrupt() was called since the last clear()) and the solver let go. */
static int begin(Solver *S, long long budget) {
    if (S->cancel) {
        S->busy = 0;
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        return -1;
    }
    S->stopped = 0;
    S->limit = budget ? S->nodes + budget : 0;
    S->tick = 0;
    S->save = PyEval_SaveThread();
    return 0;
}

/* End a search begun: the GIL taken back. Returns how it stopped (0: it finished), the error
 * set for DD_INTERRUPTED (KeyboardInterrupt where interrupt() was called). */
static int end(Solver *S) {
    PyEval_RestoreThread(S->save);
    S->save = NULL;
    int stopped = S->stopped;
    S->stopped = 0;
    S->limit = 0;
    if (stopped == DD_INTERRUPTED && !PyErr_Occurred()) PyErr_SetNone(PyExc_KeyboardInterrupt);
    return stopped;
}

int dd_poll(Solver *S) {
    if (pc_signals_nogil(&S->tick, &S->save) < 0) return 1;
    return S->cancel;
}

/* A search stopped at its limit: Stopped. */
static PyObject *stopped_error(void) {
    PyErr_SetString(Stopped ? Stopped : PyExc_RuntimeError,
                    "the search stopped at its limit of positions searched");
    return NULL;
}

/* ---- value and values -------------------------------------------------------------------- */

static char *position_names[] = {"codes", "leader", "trick", "nodes", NULL};

/* Read the position's codes, leader, trick and nodes (NULL: 0) into the solver and `t`, the
 * solver taken: 0, else -1 and the error (the solver not taken). */
static int load_position(Solver *S, PyObject *codes_obj, PyObject *leader_obj,
                         PyObject *trick_obj, PyObject *nodes_obj, Trick *t,
                         long long *budget) {
    long long codes[16];
    int n;
    Lead lead;
    if (int_list(codes_obj, "the hands", "suit code", 16, 16, 0, 3124, codes, &n) < 0
        || read_lead(leader_obj, trick_obj, &lead) < 0 || read_nodes(nodes_obj, budget) < 0
        || take(S) < 0)
        return -1;
    const char *problem = dd_load_codes(S, codes, lead.leader, lead.trick, lead.k, t);
    if (problem) {
        S->busy = 0;
        PyErr_SetString(PyExc_ValueError, problem);
        return -1;
    }
    return 0;
}

/* Read (codes, leader, trick, nodes=0) into the solver and `t`, the solver taken: 0, else -1
 * and the error (the solver not taken). */
static int position(Solver *S, PyObject *args, PyObject *kwds, Trick *t, long long *budget) {
    PyObject *codes_obj, *leader_obj, *trick_obj, *nodes_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO|O", position_names, &codes_obj,
                                     &leader_obj, &trick_obj, &nodes_obj))
        return -1;
    return load_position(S, codes_obj, leader_obj, trick_obj, nodes_obj, t, budget);
}

static PyObject *Solver_value(Solver *S, PyObject *args, PyObject *kwds) {
    Trick t;
    long long budget;
    if (position(S, args, kwds, &t, &budget) < 0 || begin(S, budget) < 0) return NULL;
    int v = dd_mtdf(S, &t, -1, -1);
    int stopped = end(S);
    S->busy = 0;
    if (stopped) return stopped == DD_LIMIT ? stopped_error() : NULL;
    return PyLong_FromLong(v);
}

static PyObject *Solver_values(Solver *S, PyObject *args, PyObject *kwds) {
    int cards[20], values[20], m;
    Trick t;
    long long budget;
    if (position(S, args, kwds, &t, &budget) < 0 || begin(S, budget) < 0) return NULL;
    m = dd_all_values(S, &t, cards, values);
    int stopped = end(S);
    S->busy = 0;
    if (stopped) return stopped == DD_LIMIT ? stopped_error() : NULL;
    PyObject *out = PyTuple_New(m);
    if (!out) return NULL;
    for (int i = 0; i < m; i++) {
        PyObject *pair = Py_BuildValue("(ii)", cards[i], values[i]);
        if (!pair) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, pair);
    }
    return out;
}

/* The most points a position holds (every counter and the last trick's 2): `at` of bound. */
#define POINTS_MAX 50

static char *bound_names[] = {"codes", "leader", "trick", "at", "nodes", NULL};

static PyObject *Solver_bound(Solver *S, PyObject *args, PyObject *kwds) {
    PyObject *codes_obj, *leader_obj, *trick_obj, *at_obj, *nodes_obj = NULL;
    long long at, budget;
    Trick t;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOO|O", bound_names, &codes_obj,
                                     &leader_obj, &trick_obj, &at_obj, &nodes_obj)
        || int_arg(at_obj, "at", 1, POINTS_MAX, &at) < 0
        || load_position(S, codes_obj, leader_obj, trick_obj, nodes_obj, &t, &budget) < 0
        || begin(S, budget) < 0)
        return NULL;
    int v = dd_bound(S, &t, (int)at);
    int stopped = end(S);
    S->busy = 0;
    if (stopped) return stopped == DD_LIMIT ? stopped_error() : NULL;
    return PyLong_FromLong(v);
}

/* ---- values_many ------------------------------------------------------------------------- */

/* Whether the `m` cards are legal plays of the seat to play in position `t` (loaded), each's
 * class representative into `rep`: NULL, else the first card that is not. */
static const int *illegal(const Solver *S, const Trick *t, const int *cards, int m, int *rep) {
    Move moves[20];
    int same[20];
    for (int c = 0; c < 20; c++) same[c] = -1;
    dd_legal_moves(S, t, moves, same);
    for (int j = 0; j < m; j++) {
        if (same[cards[j]] < 0) return &cards[j];
        rep[j] = same[cards[j]];
    }
    return NULL;
}

/* The shape of a buffer `pc_buffer` took: 0 if it is (rows, `width`) with `rows` = `*n`
 * (any if `*n` < 0, then set), else -1 and a ValueError. */
static int rows_of(const Py_buffer *view, const char *name, Py_ssize_t width, Py_ssize_t *n) {
    if (view->ndim != 2 || view->shape == NULL || view->shape[1] != width
        || (*n >= 0 && view->shape[0] != *n)) {
        if (*n >= 0)
            PyErr_Format(PyExc_ValueError, "%s: an array of shape (%zd, %zd) wanted", name, *n,
                         width);
        else
            PyErr_Format(PyExc_ValueError, "%s: an array of shape (n, %zd) wanted", name, width);
        return -1;
    }
    *n = view->shape[0];
    return 0;
}

/* values_many(codes, leader, trick, cards, out, nodes=0): see the method's doc below. Every
 * argument and every layout is checked before anything is searched or written. */
static PyObject *Solver_values_many(Solver *S, PyObject *args, PyObject *kwds) {
    static char *names[] = {"codes", "leader", "trick", "cards", "out", "nodes", NULL};
    PyObject *codes_obj, *leader_obj, *trick_obj, *cards_obj, *out_obj, *nodes_obj = NULL;
    Lead lead;
    long long budget, wanted[20];
    int cards[20], rep[20], m;
    Py_ssize_t n = -1;
    Py_buffer views[2];
    memset(views, 0, sizeof views);
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOO|O", names, &codes_obj, &leader_obj,
                                     &trick_obj, &cards_obj, &out_obj, &nodes_obj))
        return NULL;
    if (pc_buffer(codes_obj, &views[0], "codes", PC_INT64, -1, 0) < 0
        || rows_of(&views[0], "codes", 16, &n) < 0
        || pc_range64((const int64_t *)views[0].buf, 16 * n, 0, 3124, "codes") < 0
        || read_lead(leader_obj, trick_obj, &lead) < 0
        || int_list(cards_obj, "the cards", "card", 1, 20, 0, 19, wanted, &m) < 0
        || pc_buffer(out_obj, &views[1], "out", PC_INT64, -1, 1) < 0
        || rows_of(&views[1], "out", m, &n) < 0 || read_nodes(nodes_obj, &budget) < 0) {
        pc_release(views, 2);
        return NULL;
    }
    for (int j = 0; j < m; j++) cards[j] = (int)wanted[j];
    const char *c0 = views[0].buf, *o0 = views[1].buf;
    const long long *codes = (const long long *)views[0].buf;
    long long *out = (long long *)views[1].buf;
    if (n && c0 < o0 + views[1].len && o0 < c0 + views[0].len) {
        PyErr_SetString(PyExc_ValueError, "out shares memory with codes");
        pc_release(views, 2);
        return NULL;
    }
    if (take(S) < 0) {
        pc_release(views, 2);
        return NULL;
    }
    Trick t;
    for (Py_ssize_t i = 0; i < n; i++) {  /* every layout a position, every card legal */
        const char *problem = dd_load_codes(S, codes + 16 * i, lead.leader, lead.trick, lead.k,
                                            &t);
        const int *bad = problem ? NULL : illegal(S, &t, cards, m, rep);
        if (problem || bad) {
            S->busy = 0;
            pc_release(views, 2);
            if (problem) PyErr_Format(PyExc_ValueError, "layout %zd: %s", i, problem);
            else PyErr_Format(PyExc_ValueError, "layout %zd: card %d is not legal", i, *bad);
            return NULL;
        }
    }
    Py_ssize_t done = 0;
    const char *changed = NULL;
    if (begin(S, budget) < 0) {
        pc_release(views, 2);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n && !S->stopped; i++) {
        /* checked again: another thread may have written to codes meanwhile */
        changed = dd_load_codes(S, codes + 16 * i, lead.leader, lead.trick, lead.k, &t);
        if (changed || illegal(S, &t, cards, m, rep)) {
            if (!changed) changed = "a card is no longer legal";
            done = i;
            break;
        }
        int found[20], guess = -1;
        for (int c = 0; c < 20; c++) found[c] = -1;
        for (int j = 0; j < m && !S->stopped; j++) {
            if (found[rep[j]] < 0) found[rep[j]] = guess = dd_mtdf(S, &t, rep[j], guess);
            out[i * m + j] = found[rep[j]];
        }
        if (!S->stopped) done = i + 1;
    }
    int stopped = end(S);
    S->busy = 0;
    pc_release(views, 2);
    if (stopped == DD_INTERRUPTED) return NULL;
    if (changed) {
        PyErr_Format(PyExc_ValueError, "layout %zd changed while it was searched: %s", done,
                     changed);
        return NULL;
    }
    return PyLong_FromSsize_t(done);
}

/* ---- the rest ---------------------------------------------------------------------------- */

static PyObject *Solver_clear(Solver *S, PyObject *Py_UNUSED(ignored)) {
    if (take(S) < 0) return NULL;
    memset(S->table, 0, (size_t)(S->mask + 1) * sizeof(Entry));
    S->nodes = 0;
    S->cancel = 0;
    S->busy = 0;
    Py_RETURN_NONE;
}

static PyObject *Solver_interrupt(Solver *S, PyObject *Py_UNUSED(ignored)) {
    S->cancel = 1;
    Py_RETURN_NONE;
}

static PyObject *Solver_get_nodes(Solver *S, void *Py_UNUSED(closure)) {
    return PyLong_FromLongLong(S->nodes);
}

static PyObject *Solver_get_trump(Solver *S, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(S->trump);
}

static int Solver_init(Solver *S, PyObject *args, PyObject *kwds) {
    static char *names[] = {"trump", "bits", NULL};
    PyObject *trump_obj, *bits_obj = NULL;
    long long trump, bits = 18;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O", names, &trump_obj, &bits_obj))
        return -1;
    if (int_arg(trump_obj, "trump", 0, 3, &trump) < 0
        || (bits_obj && int_arg(bits_obj, "bits", 4, 28, &bits) < 0))
        return -1;
    if (S->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the solver is searching in another thread: a"
                        " solver serves one thread at a time");
        return -1;
    }
    /* calloc (pages of zeros the system gives as they are touched), a line more to align */
    void *raw = calloc(((size_t)1 << bits) + 2, sizeof(Entry));
    if (!raw) { PyErr_NoMemory(); return -1; }
    free(S->raw);
    S->raw = raw;
    S->table = (Entry *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
    S->trump = (int)trump;
    S->bits = (int)bits;
    S->mask = ((uint64_t)1 << bits) - 1;
    S->nodes = 0;
    S->cancel = 0;
    return 0;
}

static void Solver_dealloc(Solver *S) {
    free(S->raw);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

static PyMethodDef Solver_methods[] = {
    {"value", (PyCFunction)(void (*)(void))Solver_value, METH_VARARGS | METH_KEYWORDS,
     "value(codes, leader, trick, nodes=0): side 0's trick points from the trick in progress"
     " on; raises search.Stopped past `nodes` positions searched."},
    {"values", (PyCFunction)(void (*)(void))Solver_values, METH_VARARGS | METH_KEYWORDS,
     "values(codes, leader, trick, nodes=0): per legal card of the seat to play, (card, side"
     " 0's points); raises search.Stopped past `nodes` positions searched."},
    {"values_many", (PyCFunction)(void (*)(void))Solver_values_many, METH_VARARGS | METH_KEYWORDS,
     "values_many(codes, leader, trick, cards, out, nodes=0): for each of the n layouts in"
     " `codes` (int64, shape (n, 16)), in order, side 0's points after each of `cards` (legal"
     " for the seat to play in every layout) into `out` (int64, shape (n, len(cards))); with"
     " `nodes`, it stops once the search has visited that many positions. Returns the layouts"
     " done (their rows of `out` are filled)."},
    {"bound", (PyCFunction)(void (*)(void))Solver_bound, METH_VARARGS | METH_KEYWORDS,
     "bound(codes, leader, trick, at, nodes=0): one zero-window search of the position at"
     " `at` (1 to 50): a result of `at` or more is a lower bound on side 0's trick points from"
     " the trick in progress on, one below `at` an upper bound; raises search.Stopped past"
     " `nodes` positions searched."},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS,
     "Empty the table (and undo interrupt())."},
    {"interrupt", (PyCFunction)Solver_interrupt, METH_NOARGS,
     "From any thread: the search under way, and every one after until clear(), stops with"
     " KeyboardInterrupt."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"nodes", (getter)Solver_get_nodes, NULL, "Positions searched since the table was made.", NULL},
    {"trump", (getter)Solver_get_trump, NULL, "The trump suit, 0 to 3.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pinochle_calc.play._solver.Solver",
    .tp_doc = "Solver(trump, bits=18): the double-dummy solver for one trump suit, with its"
              " transposition table of 2**bits entries (bits 4 to 28).",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver",
    "The double-dummy solver of double-deck pinochle, compiled (see play/search.py).", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__solver(void) {
    dd_init();
    if (PyType_Ready(&SolverType) < 0) return NULL;
    if (!Stopped) {
        PyObject *search = PyImport_ImportModule("pinochle_calc.play.search");
        if (!search) return NULL;
        Stopped = PyObject_GetAttrString(search, "Stopped");
        Py_DECREF(search);
        if (!Stopped) return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
