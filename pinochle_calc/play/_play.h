/* The play layer's compiled loops: what the dealing (_play_deal.c) gives the module's face
 * (_play.c), and the shared header every extension reads its arrays through. */
#ifndef PINOCHLE_PLAY_H
#define PINOCHLE_PLAY_H
#include "../_buffers.h"

/* _play.deal, _play.unseen_hands and _play.swap, with their docstrings */
extern const char dealing_deal_doc[], dealing_unseen_hands_doc[], dealing_swap_doc[];
PyObject *dealing_deal(PyObject *self, PyObject *args);
PyObject *dealing_unseen_hands(PyObject *self, PyObject *args);
PyObject *dealing_swap(PyObject *self, PyObject *args);

#endif
