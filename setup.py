"""The compiled hot loops, built by ``pip install`` (the README's first command) beside the
pure package: each extension sits in the layer whose numpy code it speeds up, and that numpy
code stays as the oracle the tests compare it with, and as the fallback where nothing was
built or ``PINOCHLE_CALC_PURE`` is set (``pinochle_calc/compiled.py``, docs/speed.md).

The extensions are optional: where no C compiler is found (or one fails), the build says so
and goes on, and the package installs without them and runs its pure code (saying so once, on
stderr, when it first needs a loop it has not got). Everything else about the package is in
pyproject.toml."""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

#: Floating point as written: no fused multiply-adds, so that the exchange's sums are the numpy
#: oracle's to the last bit (MSVC contracts none by default).
_FLAGS = [] if sys.platform == "win32" else ["-O2", "-ffp-contract=off"]

#: C extensions: plain C on the CPython API, reading arrays through the buffer protocol (every
#: one through ``pinochle_calc/_buffers.h``), so the build needs nothing but a C compiler and
#: setuptools (``compiled.MODULES`` lists the same: the play-outs and dealing, the exchange's
#: greedy search, the meld of many hands, and the double-dummy solver, whose pure-Python oracle
#: and fallback is play/search.py).
EXTENSIONS: list[Extension] = [
    Extension(name, [name.replace(".", "/") + ".c", *more],
              depends=[*headers, "pinochle_calc/_buffers.h"], extra_compile_args=_FLAGS)
    for name, more, headers in (
        # the play-outs and the module's face, the dealing and what they share
        ("pinochle_calc.play._play", ["pinochle_calc/play/_play_deal.c"],
         ["pinochle_calc/play/_play.h"]),
        # the exchange's search, its Python face and the types they share
        ("pinochle_calc.exchange._greedy", ["pinochle_calc/exchange/_greedy_search.c"],
         ["pinochle_calc/exchange/_greedy.h"]),
        ("pinochle_calc.meld._meld", [], []),
        # the solver's Python face, its search and the types they share
        ("pinochle_calc.play._solver", ["pinochle_calc/play/_solver_search.c"],
         ["pinochle_calc/play/_solver.h", "pinochle_calc/_buffers.h"]),
    )
]

#: What a missing or failing compiler raises (``OSError``: one that cannot be started).
_NO_COMPILER = (CCompilerError, ExecError, PlatformError, OSError)


class OptionalBuild(build_ext):
    """``build_ext`` where every extension is optional: one that cannot be built (no
    compiler, or one that fails) is said on stderr and left out of what is copied and
    installed, and the install goes on."""

    def run(self) -> None:
        try:
            super().run()
        except _NO_COMPILER as e:  # no compiler at all, found out before any extension
            self._skipped("the compiled loops", e)
            self.extensions[:] = []

    def build_extensions(self) -> None:
        self.check_extensions_list(self.extensions)
        built = []
        for ext in self.extensions:
            try:
                self.build_extension(ext)
                built.append(ext)
            except _NO_COMPILER as e:
                self._skipped(ext.name, e)
        self.extensions[:] = built  # (those not built are not copied in place, nor installed)

    @staticmethod
    def _skipped(what: str, error: Exception) -> None:
        print(f"warning: {what} not built ({error}); pinochle-calc runs its pure code without"
              " them", file=sys.stderr)


setup(ext_modules=EXTENSIONS, cmdclass={"build_ext": OptionalBuild})
