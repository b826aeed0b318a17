/* The one way the compiled loops read the arrays they are handed (every extension includes it).
 *
 * An argument is taken only if it is a C-contiguous buffer of exactly the element type the loop
 * reads (by its format, not only its size: a float64 array is not an int64 one), of the number
 * of items the loop will touch; else a TypeError (wrong type) or ValueError (wrong size or
 * value) is raised naming the argument, and nothing is read. Values that index tables are
 * checked by range before any loop reads them (``pc_range``). Long loops call
 * ``pc_signals`` now and then, so that Ctrl-C stops them (``pc_signals_nogil`` where the loop
 * runs without the GIL).
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
static int pc_format_is(const char *format, Py_ssize_t itemsize, pc_kind kind)
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

/* ``obj`` as a C-contiguous buffer of ``kind`` (writable if asked) holding ``count`` items, or
 * any number if ``count`` < 0 (then ``pc_items`` tells it). 0 on success; -1 with TypeError or
 * ValueError set and ``view->obj`` NULL. */
static int pc_buffer(PyObject *obj, Py_buffer *view, const char *name, pc_kind kind,
                     Py_ssize_t count, int writable)
{
    memset(view, 0, sizeof *view);
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (obj == NULL || obj == Py_None) {
        PyErr_Format(PyExc_TypeError, "%s: a C-contiguous %s array wanted, not None", name,
                     PC_KIND_NAME[kind]);
        return -1;
    }
    if (PyObject_GetBuffer(obj, view, flags) < 0) {
        PyObject *type, *value, *trace;
        PyErr_Fetch(&type, &value, &trace);
        int bad_type = type == NULL || PyErr_GivenExceptionMatches(type, PyExc_TypeError);
        Py_XDECREF(type); Py_XDECREF(value); Py_XDECREF(trace);
        PyErr_Format(bad_type ? PyExc_TypeError : PyExc_ValueError,
                     "%s: a C-contiguous%s %s array wanted, not %.80s", name,
                     writable ? " writable" : "", PC_KIND_NAME[kind], Py_TYPE(obj)->tp_name);
        view->obj = NULL;
        return -1;
    }
    if (!pc_format_is(view->format, view->itemsize, kind)) {
        PyErr_Format(PyExc_TypeError, "%s: %s items wanted, not format '%s' of %zd bytes", name,
                     PC_KIND_NAME[kind], view->format ? view->format : "B", view->itemsize);
        PyBuffer_Release(view);
        view->obj = NULL;
        return -1;
    }
    if (count >= 0 && view->len != count * view->itemsize) {
        PyErr_Format(PyExc_ValueError, "%s: %zd %s items wanted, not %zd", name, count,
                     PC_KIND_NAME[kind], view->len / view->itemsize);
        PyBuffer_Release(view);
        view->obj = NULL;
        return -1;
    }
    return 0;
}

/* The number of items in a buffer ``pc_buffer`` took. */
static inline Py_ssize_t pc_items(const Py_buffer *view)
{
    return view->itemsize ? view->len / view->itemsize : 0;
}

/* Release every buffer taken (those never taken have ``obj`` NULL). */
static void pc_release(Py_buffer *views, int count)
{
    for (int i = 0; i < count; i++)
        if (views[i].obj != NULL) {
            PyBuffer_Release(&views[i]);
            views[i].obj = NULL;
        }
}

/* Whether every one of ``n`` int64 values lies in [lo, hi]; else ValueError naming the first
 * one out of range. */
static int pc_range64(const int64_t *a, Py_ssize_t n, int64_t lo, int64_t hi, const char *name)
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
static int pc_range16(const int16_t *a, Py_ssize_t n, int lo, int hi, const char *name)
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
static int pc_range8(const int8_t *a, Py_ssize_t n, int lo, int hi, const char *name)
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

#endif
