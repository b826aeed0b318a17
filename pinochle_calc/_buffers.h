/* The one way the compiled loops read the arrays they are handed (every extension includes it).
 *
 * An argument is taken only if it is a C-contiguous buffer of exactly the element type the loop
 * reads (by its format, not only its size: a float64 array is not an int64 one, nor bool a
 * uint8; ``pc_buffer``, or ``pc_buffer_of`` for one of several), of the number of items the
 * loop will touch (``pc_rows``, ``pc_times``), and, where it is written, sharing no memory with
 * another argument (``pc_apart``); else a TypeError (wrong type) or ValueError (wrong size or
 * value) is raised naming the argument, and nothing is read. Whole-number arguments are read by
 * ``pc_int`` (in range, however large: 2**63 is a ValueError). Values that index tables are
 * checked by range before any loop reads them (``pc_range``, ``pc_keys``). Long loops call
 * ``pc_signals`` now and then, so that Ctrl-C stops them (``pc_signals_nogil`` where the loop
 * runs without the GIL; ``pc_signals_by`` for steps of much work).
 */
#ifndef PINOCHLE_BUFFERS_H
#define PINOCHLE_BUFFERS_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef enum { PC_INT64, PC_INT16, PC_INT8, PC_UINT8, PC_BOOL, PC_FLOAT64 } pc_kind;

static const char *const PC_KIND_NAME[] = {"int64", "int16", "int8", "uint8", "bool", "float64"};
static const Py_ssize_t PC_KIND_SIZE[] = {8, 2, 1, 1, 1, 8};

/* Whether a struct-module format string names ``kind`` in native byte order. */
static inline int pc_format_is(const char *format, Py_ssize_t itemsize, pc_kind kind)
{
    if (format == NULL) format = "B";  /* PEP 3118: no format means unsigned bytes */
    if (*format == '@' || *format == '=') format++;
#if PY_LITTLE_ENDIAN
    else if (*format == '<') format++;
#else
    else if (*format == '>' || *format == '!') format++;
#endif
    if (format[0] == '\0' || format[1] != '\0' || itemsize != PC_KIND_SIZE[kind]) return 0;
    switch (kind) {
    case PC_INT64: return format[0] == 'q' || (format[0] == 'l' && sizeof(long) == 8);
    case PC_INT16: return format[0] == 'h';
    case PC_INT8: return format[0] == 'b';
    case PC_UINT8: return format[0] == 'B';
    case PC_BOOL: return format[0] == '?';
    case PC_FLOAT64: return format[0] == 'd';
    }
    return 0;
}

/* ``obj`` as a C-contiguous buffer of one of the ``nkinds`` element types ``kinds`` (writable if
 * asked) holding ``count`` items, or any number if ``count`` < 0 (then ``pc_items`` tells it):
 * the index in ``kinds`` of the type found; else -1 with TypeError (no buffer: None, another
 * type; or another element type) or ValueError (not contiguous, read-only where it is written,
 * or another number of items) set and ``view->obj`` NULL. */
static inline int pc_buffer_of(PyObject *obj, Py_buffer *view, const char *name,
                               const pc_kind *kinds, int nkinds, Py_ssize_t count, int writable)
{
    char wanted[96] = "";  /* (the six names, " or " between them, fit) */
    for (int k = 0; k < nkinds; k++) {
        if (k) strcat(wanted, " or ");
        strcat(wanted, PC_KIND_NAME[kinds[k]]);
    }
    memset(view, 0, sizeof *view);
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (obj == NULL || obj == Py_None) {
        PyErr_Format(PyExc_TypeError, "%s: a C-contiguous %s array wanted, not None", name,
                     wanted);
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyObject *type, *value, *trace;
        PyErr_Fetch(&type, &value, &trace);
        int bad_type = type == NULL || PyErr_GivenExceptionMatches(type, PyExc_TypeError);
        Py_XDECREF(type); Py_XDECREF(value); Py_XDECREF(trace);
        /* no buffer at all: a wrong type; one that is not contiguous or not writable: a value */
        PyErr_Format(bad_type ? PyExc_TypeError : PyExc_ValueError,
                     "%s: a C-contiguous%s %s array wanted, not %.80s", name,
                     writable ? " writable" : "", wanted, Py_TYPE(obj)->tp_name);
        view->obj = NULL;
        return -1;
    }
    int found = -1;
    for (int k = 0; k < nkinds && found < 0; k++)
        if (pc_format_is(view->format, view->itemsize, kinds[k])) found = k;
    if (found < 0) {
        PyErr_Format(PyExc_TypeError, "%s: %s items wanted, not format '%s' of %zd bytes", name,
                     wanted, view->format ? view->format : "B", view->itemsize);
        PyBuffer_Release(view);
        view->obj = NULL;
        return -1;
    }
    if (count >= 0 && view->len != count * view->itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: %zd %s items wanted, not %zd", name, count,
                     PC_KIND_NAME[kinds[found]], view->len / view->itemsize);
        PyBuffer_Release(view);
        view->obj = NULL;
        return -1;
    }
    return found;
}

/* ``obj`` as a C-contiguous buffer of ``kind`` (writable if asked) holding ``count`` items, or
 * any number if ``count`` < 0 (then ``pc_items`` tells it). 0 on success; -1 with TypeError or
 * ValueError set and ``view->obj`` NULL. */
static inline int pc_buffer(PyObject *obj, Py_buffer *view, const char *name, pc_kind kind,
                            Py_ssize_t count, int writable)
{
    return pc_buffer_of(obj, view, name, &kind, 1, count, writable) < 0 ? -1 : 0;
}

/* The number of items in a buffer ``pc_buffer`` took. */
static inline Py_ssize_t pc_items(const Py_buffer *view)
{
    return view->itemsize ? view->len / view->itemsize : 0;
}

/* Release every buffer taken (those never taken have ``obj`` NULL). */
static inline void pc_release(Py_buffer *views, int count)
{
    for (int i = 0; i < count; i++)
        if (views[i].obj != NULL) {
            PyBuffer_Release(&views[i]);
            views[i].obj = NULL;
        }
}

/* Whether every one of ``n`` int64 values lies in [lo, hi]; else ValueError naming the first
 * one out of range. */
static inline int pc_range64(const int64_t *a, Py_ssize_t n, int64_t lo, int64_t hi,
                             const char *name)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (a[i] < lo || a[i] > hi) {
            PyErr_Format(PyExc_ValueError, "%s: item %zd is %lld, not %lld to %lld", name, i,
                         (long long)a[i], (long long)lo, (long long)hi);
            return -1;
        }
    return 0;
}

/* The same for int16 values. */
static inline int pc_range16(const int16_t *a, Py_ssize_t n, int lo, int hi, const char *name)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (a[i] < lo || a[i] > hi) {
            PyErr_Format(PyExc_ValueError, "%s: item %zd is %d, not %d to %d", name, i, a[i], lo,
                         hi);
            return -1;
        }
    return 0;
}

/* The same for int8 values. */
static inline int pc_range8(const int8_t *a, Py_ssize_t n, int lo, int hi, const char *name)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (a[i] < lo || a[i] > hi) {
            PyErr_Format(PyExc_ValueError, "%s: item %zd is %d, not %d to %d", name, i, a[i], lo,
                         hi);
            return -1;
        }
    return 0;
}

/* How many steps of a long loop pass between two looks for a signal. */
#define PC_SIGNAL_EVERY 4096

/* With the GIL held: -1 (the error set, KeyboardInterrupt on Ctrl-C) when a signal handler
 * raised, checked once every ``PC_SIGNAL_EVERY`` calls; else 0. */
static inline int pc_signals(unsigned *tick)
{
    if (++*tick % PC_SIGNAL_EVERY) return 0;
    return PyErr_CheckSignals();
}

/* Without the GIL (``*save`` from ``PyEval_SaveThread``): the same, taking the GIL for the
 * look only. */
static inline int pc_signals_nogil(unsigned *tick, PyThreadState **save)
{
    if (++*tick % PC_SIGNAL_EVERY) return 0;
    PyEval_RestoreThread(*save);
    int r = PyErr_CheckSignals();
    *save = PyEval_SaveThread();
    return r;
}

/* ------------------------------------------------------------------------------------------ */
/* More of the same: rows, integers, keys, outputs apart from inputs, signals by weight. */

/* The rows of ``width`` items a buffer ``pc_buffer`` took holds; -1 with ValueError set where
 * its items are not whole rows. */
static inline Py_ssize_t pc_rows(const Py_buffer *view, Py_ssize_t width, const char *name)
{
    Py_ssize_t items = pc_items(view);
    if (items % width) {
        PyErr_Format(PyExc_ValueError, "%s: rows of %zd items wanted, not %zd items", name,
                     width, items);
        return -1;
    }
    return items / width;
}

/* ``a * b`` items, both counts of real buffers, or -1 with ValueError where the product would
 * not fit (``count`` < 0 means "any number" to ``pc_buffer``: never let it wrap there). */
static inline Py_ssize_t pc_times(Py_ssize_t a, Py_ssize_t b, const char *name)
{
    if (a < 0 || b < 0 || (a && b > PY_SSIZE_T_MAX / a)) {
        PyErr_Format(PyExc_ValueError, "%s: too many items (%zd by %zd)", name, a, b);
        return -1;
    }
    return a * b;
}

/* A whole-number argument (an int, or anything with ``__index__`` as numpy's integers) in
 * [lo, hi]: 0 with ``*out`` set; else -1 with TypeError (not a whole number: a float, None, a
 * string) or ValueError (out of the range, however large: 2**63 is not an OverflowError). */
static inline int pc_int(PyObject *obj, const char *name, long long lo, long long hi,
                         long long *out)
{
    PyObject *index = obj == NULL ? NULL : PyNumber_Index(obj);
    if (index == NULL) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: a whole number wanted, not %.80s", name,
                     obj == NULL ? "nothing" : Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (overflow) {
        PyErr_Format(PyExc_ValueError, "%s: %lld to %lld wanted, not a number that large", name,
                     lo, hi);
        return -1;
    }
    if (value < lo || value > hi) {
        PyErr_Format(PyExc_ValueError, "%s: %lld to %lld wanted, not %lld", name, lo, hi, value);
        return -1;
    }
    *out = value;
    return 0;
}

/* Whether ``x`` is a random key as a generator's ``random`` draws it: in [0, 1) (NaN is not). */
static inline int pc_is_key(double x)
{
    return (x >= 0.0) & (x < 1.0);  /* (no branch: a loop over keys stays a straight line) */
}

/* Whether every one of ``n`` float64 values is a key (``pc_is_key``); else ValueError naming the
 * first that is not. */
static inline int pc_keys(const double *a, Py_ssize_t n, const char *name)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (!pc_is_key(a[i])) {
            PyErr_Format(PyExc_ValueError, "%s: item %zd is not in [0, 1)", name, i);
            return -1;
        }
    return 0;
}

/* Whether no buffer written (``written``, taken) shares a byte with any other of ``views`` (the
 * call's buffers, those not taken with ``obj`` NULL): an output that overlaps an input would be
 * read after it is written (a silent wrong answer). 0, or -1 with ValueError set. */
static inline int pc_apart(const Py_buffer *views, int count, int written, const char *name)
{
    const char *lo = views[written].buf, *hi = lo + views[written].len;
    for (int i = 0; i < count; i++) {
        if (i == written || views[i].obj == NULL || views[i].len == 0 || lo == hi) continue;
        const char *a = views[i].buf, *b = a + views[i].len;
        if (a < hi && lo < b) {
            PyErr_Format(PyExc_ValueError, "%s: an array of its own wanted, not one that"
                         " shares memory with another argument", name);
            return -1;
        }
    }
    return 0;
}

/* With the GIL held: as ``pc_signals``, for a step worth ``steps`` of its calls (a step of much
 * work, as a whole hand's search, looks each time with ``PC_SIGNAL_EVERY``). */
static inline int pc_signals_by(unsigned *tick, unsigned steps)
{
    *tick += steps;
    if (*tick < PC_SIGNAL_EVERY) return 0;
    *tick = 0;
    return PyErr_CheckSignals();
}

/* Without the GIL: the same (``*save`` from ``PyEval_SaveThread``). */
static inline int pc_signals_nogil_by(unsigned *tick, unsigned steps, PyThreadState **save)
{
    *tick += steps;
    if (*tick < PC_SIGNAL_EVERY) return 0;
    *tick = 0;
    PyEval_RestoreThread(*save);
    int r = PyErr_CheckSignals();
    *save = PyEval_SaveThread();
    return r;
}

#endif
