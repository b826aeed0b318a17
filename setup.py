"""The compiled hot loops, built by ``pip install`` (the README's first command) beside the
pure package: each extension sits in the layer whose numpy code it speeds up, and that numpy
code stays as the oracle the tests compare it with, and as the fallback where nothing was
built (docs/speed.md). Everything else about the package is in pyproject.toml."""

from setuptools import Extension, setup

#: C extensions: plain C on the CPython API, reading arrays through the buffer protocol, so
#: the build needs nothing but a C compiler and setuptools.
EXTENSIONS: list[Extension] = [
    # the double-dummy solver (play/search.py is its pure-Python oracle and fallback)
    Extension("pinochle_calc.play._solver", ["pinochle_calc/play/_solver.c"],
              extra_compile_args=["-O2"]),
]

setup(ext_modules=EXTENSIONS)
