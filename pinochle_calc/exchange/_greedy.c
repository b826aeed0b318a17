/* The exchange's greedy search in C: its Python face (objective, pick, choose, choose_blind,
 * score, added, blas, dots). The search is _greedy_search.c, their shared types _greedy.h;
 * exchange/policy.py keeps the numpy search these are tested against. */
#include "_greedy.h"


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
