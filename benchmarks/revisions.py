"""A module of the package as it was at a git revision, loaded beside today's, for the scripts
that time a piece of code against its earlier self (``bench_card --against``,
``bench_unseen --against``). Not a benchmark: the scripts share it."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_at(revision: str, module: str) -> types.ModuleType:
    """``module`` (a module of the package, ``pinochle_calc.play.unseen``) as its file is at
    ``revision``, loaded under the name ``MODULE_then`` in the same package, so that its
    relative imports are this checkout's."""
    package, _, name = module.rpartition(".")
    path = module.replace(".", "/") + ".py"
    source = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    then = types.ModuleType(f"{package}.{name}_then")
    then.__package__ = package
    sys.modules[then.__name__] = then  # as an import leaves it (a dataclass looks it up)
    exec(compile(source, f"{revision}:{path}", "exec"), then.__dict__)
    return then
