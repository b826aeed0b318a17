"""The compiled hot loops, built by ``pip install`` (the README's first command) beside the
pure package: each extension sits in the layer whose numpy code it speeds up, and that numpy
code stays as the oracle the tests compare it with, and as the fallback where nothing was
built or ``PINOCHLE_CALC_PURE`` is set (``pinochle_calc/compiled.py``, docs/speed.md).
Everything else about the package is in pyproject.toml."""

import sys

from setuptools import Extension, setup

#: Floating point as written: no fused multiply-adds, so that the exchange's sums are the numpy
#: oracle's to the last bit (MSVC contracts none by default).
_FLAGS = [] if sys.platform == "win32" else ["-O2", "-ffp-contract=off"]

#: C extensions: plain C on the CPython API, reading arrays through the buffer protocol, so
#: the build needs nothing but a C compiler and setuptools (``compiled.MODULES`` lists the same:
#: the play-outs and dealing, the exchange's greedy search, the meld of many hands, and the
#: double-dummy solver, whose pure-Python oracle and fallback is play/search.py).
EXTENSIONS: list[Extension] = [
    Extension(name, [name.replace(".", "/") + ".c", *more], depends=headers,
              extra_compile_args=_FLAGS)
    for name, more, headers in (
        ("pinochle_calc.play._play", [], []),
        # the exchange's search, its Python face and the types they share
        ("pinochle_calc.exchange._greedy", ["pinochle_calc/exchange/_greedy_search.c"],
         ["pinochle_calc/exchange/_greedy.h"]),
        ("pinochle_calc.meld._meld", [], []),
        # the solver's Python face, its search and the types they share
        ("pinochle_calc.play._solver", ["pinochle_calc/play/_solver_search.c"],
         ["pinochle_calc/play/_solver.h", "pinochle_calc/_buffers.h"]),
    )
]

setup(ext_modules=EXTENSIONS)
