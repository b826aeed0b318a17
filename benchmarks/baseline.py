"""The package as it was at a git revision, for comparisons in the same run (used by
``bench_meld.py`` and ``compare_meld.py``; not a benchmark itself).

``BEFORE_ARRAYS`` is the last commit before the batch read and wrote whole chunks as arrays
(issue 12): the old path, kept runnable this way rather than as dead code in the package.
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


def cli(package_parent: Path | str) -> list[str]:
    """The command that runs the CLI of the package found in ``package_parent``."""
    code = (f"import sys; sys.path.insert(0, {str(package_parent)!r});"
            " from pinochle_calc.cli import main; main()")
    return [sys.executable, "-c", code]


@contextmanager
def cli_at(revision: str) -> Iterator[list[str]]:
    """The command that runs the CLI as it was at ``revision`` (exported with ``git archive``
    to a temporary directory and compiled to bytecode, as an install would leave it)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "pinochle_calc"],
                             capture_output=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tmp)  # noqa: S202 (our own repository's archive)
        compileall.compile_dir(tmp, quiet=1)
        yield cli(tmp)


def current_cli() -> list[str]:
    """The command that runs this worktree's CLI, compiled to bytecode like the old one."""
    compileall.compile_dir(ROOT / "pinochle_calc", quiet=1)
    return cli(ROOT)
