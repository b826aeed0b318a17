/* The double-dummy solver of double-deck pinochle, compiled: its Python face (the Solver
 * type: value, values, values_many, clear). The search itself is _solver_search.c; the types
 * _solver.h; play/search.py is the same method in pure Python, the oracle and fallback. */
#include "_solver.h"

/* Parse (codes, leader, trick) from Python objects. */
static int parse_position(Solver *S, PyObject *codes_obj, int leader, PyObject *trick_obj,
                          Trick *t) {
    long long codes[16];
    int trick[4], k;
    PyObject *seq = PySequence_Fast(codes_obj, "the hands are 16 suit codes");
    if (!seq) return 0;
    if (PySequence_Fast_GET_SIZE(seq) != 16) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the hands are 16 suit codes (seat * 4 + suit)");
        return 0;
    }
    for (int i = 0; i < 16; i++) {
        codes[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (codes[i] == -1 && PyErr_Occurred()) { Py_DECREF(seq); return 0; }
    }
    Py_DECREF(seq);
    seq = PySequence_Fast(trick_obj, "the trick is a sequence of card indices");
    if (!seq) return 0;
    k = (int)PySequence_Fast_GET_SIZE(seq);
    if (k > 3) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "the trick in progress holds at most 3 cards");
        return 0;
    }
    for (int j = 0; j < k; j++) {
        trick[j] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, j));
        if (trick[j] == -1 && PyErr_Occurred()) { Py_DECREF(seq); return 0; }
    }
    Py_DECREF(seq);
    return dd_load_codes(S, codes, leader, trick, k, t);
}

static int ready(Solver *S) {
    if (!S->table) {
        PyErr_SetString(PyExc_RuntimeError, "the solver has no table");
        return 0;
    }
    return 1;
}

/* The exception the search raises where it stopped at its limit (search.Stopped). */
static PyObject *Stopped = NULL;

/* Start a search limited to `budget` more nodes (0: none). */
static void limit(Solver *S, long long budget) {
    S->stopped = 0;
    S->limit = budget ? S->nodes + budget : 0;
}

/* After a limited search: 0 and the exception if it stopped. */
static int finished(Solver *S) {
    int stopped = S->stopped;
    S->stopped = 0;
    S->limit = 0;
    if (stopped) {
        PyErr_SetString(Stopped ? Stopped : PyExc_RuntimeError,
                        "the search stopped at its limit of positions searched");
        return 0;
    }
    return 1;
}

static char *position_names[] = {"codes", "leader", "trick", "nodes", NULL};

/* Read (codes, leader, trick, nodes=0) into the solver and `t`, and start a search limited to
 * that many nodes; 0 and a Python error if they are not a position. */
static int begin(Solver *S, PyObject *args, PyObject *kwds, Trick *t) {
    PyObject *codes, *trick;
    int leader;
    long long budget = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiO|L", position_names, &codes, &leader,
                                     &trick, &budget))
        return 0;
    if (!ready(S) || !parse_position(S, codes, leader, trick, t)) return 0;
    limit(S, budget < 0 ? 0 : budget);
    return 1;
}

static PyObject *Solver_value(Solver *S, PyObject *args, PyObject *kwds) {
    Trick t;
    if (!begin(S, args, kwds, &t)) return NULL;
    int v = dd_mtdf(S, &t, -1, (S->counters + t.pts + 2) / 2);
    if (!finished(S)) return NULL;
    return PyLong_FromLong(v);
}

static PyObject *Solver_values(Solver *S, PyObject *args, PyObject *kwds) {
    int cards[20], values[20], m;
    Trick t;
    if (!begin(S, args, kwds, &t)) return NULL;
    m = dd_all_values(S, &t, cards, values);
    if (!finished(S)) return NULL;
    PyObject *out = PyTuple_New(m);
    if (!out) return NULL;
    for (int i = 0; i < m; i++) {
        PyObject *pair = Py_BuildValue("(ii)", cards[i], values[i]);
        if (!pair) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, pair);
    }
    return out;
}

static int is_int64(const Py_buffer *b) {
    return b->itemsize == 8 && b->format && (strcmp(b->format, "l") == 0
                                             || strcmp(b->format, "q") == 0);
}

/* values_many(codes, leader, trick, cards, out, nodes=0): for each of the n layouts in
 * `codes` (int64, n * 16, C-contiguous), in order, side 0's points after each of `cards`
 * (legal for the seat to play in every layout) into `out` (int64, n * len(cards)); with
 * `nodes`, it stops once the search has visited that many positions. Returns the layouts
 * done (their rows of `out` are filled). */
static PyObject *Solver_values_many(Solver *S, PyObject *args, PyObject *kwds) {
    static char *names[] = {"codes", "leader", "trick", "cards", "out", "nodes", NULL};
    PyObject *codes_obj, *trick_obj, *cards_obj, *out_obj;
    int leader, trick[4], k, cards[20], m;
    long long budget = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiOOO|L", names, &codes_obj, &leader,
                                     &trick_obj, &cards_obj, &out_obj, &budget))
        return NULL;
    if (budget < 0) { PyErr_SetString(PyExc_ValueError, "nodes is 0 or more"); return NULL; }
    if (!ready(S)) return NULL;
    PyObject *seq = PySequence_Fast(trick_obj, "the trick is a sequence of card indices");
    if (!seq) return NULL;
    k = (int)PySequence_Fast_GET_SIZE(seq);
    for (int j = 0; j < k && j < 4; j++)
        trick[j] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, j));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    if (k > 3) { PyErr_SetString(PyExc_ValueError, "at most 3 cards in the trick"); return NULL; }
    seq = PySequence_Fast(cards_obj, "the cards are a sequence of card indices");
    if (!seq) return NULL;
    m = (int)PySequence_Fast_GET_SIZE(seq);
    for (int j = 0; j < m && j < 20; j++)
        cards[j] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, j));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    if (m < 1 || m > 20) { PyErr_SetString(PyExc_ValueError, "1 to 20 cards"); return NULL; }
    Py_buffer cb, ob;
    if (PyObject_GetBuffer(codes_obj, &cb, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (PyObject_GetBuffer(out_obj, &ob, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&cb);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t n = cb.len / (16 * 8);
    if (!is_int64(&cb) || !is_int64(&ob) || cb.len != n * 16 * 8 || ob.len != n * m * 8) {
        PyErr_SetString(PyExc_ValueError, "codes are int64 (n, 16) and out int64 (n, cards)");
        goto done;
    }
    const long long *codes = (const long long *)cb.buf;
    long long *out = (long long *)ob.buf;
    Py_ssize_t done = 0;
    limit(S, budget);
    for (Py_ssize_t i = 0; i < n && !S->stopped; i++) {
        Trick t;
        if (!dd_load_codes(S, codes + 16 * i, leader, trick, k, &t)) goto done;
        Move moves[20];
        int same[20];
        for (int c = 0; c < 20; c++) same[c] = -1;
        dd_legal_moves(S, &t, moves, same);
        for (int j = 0; j < m; j++)
            if (cards[j] < 0 || cards[j] >= 20 || same[cards[j]] < 0) {
                PyErr_Format(PyExc_ValueError, "layout %zd: card %d is not legal", i, cards[j]);
                goto done;
            }
        int found[20], guess = (S->counters + t.pts + 2) / 2;
        for (int c = 0; c < 20; c++) found[c] = -1;
        for (int j = 0; j < m && !S->stopped; j++) {
            int rep = same[cards[j]];
            if (found[rep] < 0) found[rep] = guess = dd_mtdf(S, &t, rep, guess);
            out[i * m + j] = found[rep];
        }
        if (!S->stopped) done = i + 1;
    }
    result = PyLong_FromSsize_t(done);
done:
    S->limit = 0;
    S->stopped = 0;
    PyBuffer_Release(&cb);
    PyBuffer_Release(&ob);
    return result;
}

static PyObject *Solver_clear(Solver *S, PyObject *Py_UNUSED(ignored)) {
    if (S->table) memset(S->table, 0, (size_t)(S->mask + 1) * sizeof(Entry));
    S->nodes = 0;
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
    int trump, bits = 18;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i|i", names, &trump, &bits)) return -1;
    if (trump < 0 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "trump is 0 to 3");
        return -1;
    }
    if (bits < 4 || bits > 28) {
        PyErr_SetString(PyExc_ValueError, "the table has 2**bits entries, bits 4 to 28");
        return -1;
    }
    free(S->table);
    S->table = (Entry *)calloc((size_t)1 << bits, sizeof(Entry));
    if (!S->table) { PyErr_NoMemory(); return -1; }
    S->trump = trump;
    S->bits = bits;
    S->mask = ((uint64_t)1 << bits) - 1;
    S->nodes = 0;
    return 0;
}

static void Solver_dealloc(Solver *S) {
    free(S->table);
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
     "values_many(codes, leader, trick, cards, out, nodes=0): side 0's points after each card,"
     " per layout, into out; stops past `nodes` positions searched; returns the layouts done."},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Empty the table."},
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
    .tp_doc = "The double-dummy solver for one trump suit, with its transposition table.",
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
