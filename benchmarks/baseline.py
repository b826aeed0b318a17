"""The package as it was at a git revision, for comparisons in the same run (used by
``bench_meld.py``, ``compare_meld.py``, ``bench_bid.py``, ``bench_arena.py`` and
``compare_advice.py``; not a benchmark itself).

``BEFORE_ARRAYS`` is the last commit before the batch read and wrote whole chunks as arrays
(issue 12): the old path, kept runnable this way rather than as dead code in the package.
``BEFORE_SPEED`` is ``main`` where the advice's speed work of issue 20 began.
"""

from __future__ import annotations

import compileall
import io
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BEFORE_ARRAYS = "66e90f24e626f3d8650062abff88a9435258e2c1"
BEFORE_SPEED = "c1fb1e8313561b6b3053e2f0ccc2f791c41e1709"


def cli(package_parent: Path | str) -> list[str]:
    """The command that runs the CLI of the package found in ``package_parent``."""
    code = (f"import sys; sys.path.insert(0, {str(package_parent)!r});"
            " from pinochle_calc.cli import main; main()")
    return [sys.executable, "-c", code]


@contextmanager
def package_at(revision: str, build: bool = False) -> Iterator[str]:
    """A directory holding the package as it was at ``revision`` (exported with ``git archive``
    and compiled to bytecode, as an install would leave it): put it first on ``sys.path``. With
    ``build``, its C extensions are built in place too (``setup.py build_ext --inplace``, as
    ``pip install -e .`` builds them); else it runs its pure code."""
    paths = ["pinochle_calc"] + (["setup.py", "pyproject.toml", "README.md"] if build else [])
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, *paths],
                             capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp)  # noqa: S202 (our own repository's archive)
        if build:
            subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                           cwd=tmp, check=True, capture_output=True)
        compileall.compile_dir(tmp, quiet=1)
        yield tmp


@contextmanager
def cli_at(revision: str) -> Iterator[list[str]]:
    """The command that runs the CLI as it was at ``revision`` (``package_at``)."""
    with package_at(revision) as tmp:
        yield cli(tmp)


def current_cli() -> list[str]:
    """The command that runs this worktree's CLI, compiled to bytecode like the old one."""
    compileall.compile_dir(ROOT / "pinochle_calc", quiet=1)
    return cli(ROOT)
