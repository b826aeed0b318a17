"""An install where no C compiler is found (``CC`` names none): ``pip install`` installs the
package all the same, the compiled loops left out (``setup.py`` says so as it builds), and the
package then runs its pure code, saying so once on stderr when it first wants a loop (not on
every call, and not where ``PINOCHLE_CALC_PURE`` asks for the pure code); ``setup.py
build_ext --inplace`` (what ``pip install -e .`` runs) goes on likewise.

Built offline from a copy of the project with the test environment's own setuptools: no build
isolation, no index, no dependencies (the test extra holds a setuptools that makes wheels by
itself)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle_calc import compiled

ROOT = Path(__file__).resolve().parents[1]
HAND = "♥A 10 K Q J 10 ♠Q Q 10 10 ♦A J J 10 K ♣A 10 K 10 J"
#: A compiler that is not there.
NO_COMPILER = {"CC": "/nonexistent/cc", "LDSHARED": "/nonexistent/cc -shared"}


def project_copy(to: Path) -> Path:
    """The project's package and build files, copied without anything built."""
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, to / name)
    shutil.copytree(ROOT / "pinochle_calc", to / "pinochle_calc",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "build"))
    return to


def clean_env(**more: str) -> dict[str, str]:
    """This environment without the switch to the pure code or a path to another package."""
    env = {k: v for k, v in os.environ.items() if k not in (compiled.PURE, "PYTHONPATH")}
    return env | more


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    """The package installed with pip from a copy, where no compiler is found: the folder it
    went to, and pip's run."""
    source = project_copy(tmp_path_factory.mktemp("source"))
    target = tmp_path_factory.mktemp("site")
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "-v", "--no-build-isolation",
                           "--no-deps", "--no-index", "--target", str(target), str(source)],
                          capture_output=True, text=True, timeout=600,
                          env=clean_env(**NO_COMPILER, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    return target, proc


def shell(target: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    """``pinochle-calc ARGS`` from the package installed in ``target``."""
    return subprocess.run([sys.executable, "-m", "pinochle_calc", *args], capture_output=True,
                          text=True, timeout=600, cwd=target.parent,
                          env=clean_env(PYTHONPATH=str(target), **env))


def test_pip_installs_the_package_without_a_compiler(installed):
    target, proc = installed
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    for name in compiled.MODULES:  # each left out, and said so
        assert f"warning: {name} not built" in proc.stdout + proc.stderr
    assert (target / "pinochle_calc" / "__init__.py").is_file()
    assert sorted(p.name for p in target.rglob("*") if p.suffix in (".so", ".pyd")) == []


def test_the_install_bids_on_its_pure_path_saying_so_once(installed):
    """A bid (the dealing, the meld, the play-outs and the exchange: every layer's loop wanted)
    gives the very advice the built package gives on its pure path, and says once that the
    loops are missing; asked for the pure code, it says nothing."""
    target, _ = installed
    where = subprocess.run([sys.executable, "-c", "import pinochle_calc; print(pinochle_calc"
                            ".__file__)"], capture_output=True, text=True, cwd=target.parent,
                           env=clean_env(PYTHONPATH=str(target)), check=True).stdout
    assert Path(where.strip()).is_relative_to(target)
    args = ("bid", HAND, "-a", "50", "-c", "davis", "--rules", "standard,passing.cards=4",
            "-n", "300", "-f", "json")
    missing = shell(target, *args)
    assert missing.returncode == 0, missing.stderr
    assert missing.stderr == compiled.MISSING + "\n"
    asked = shell(target, *args, **{compiled.PURE: "1"})
    assert asked.returncode == 0 and asked.stderr == ""
    reference = subprocess.run([sys.executable, "-m", "pinochle_calc", *args],
                               capture_output=True, text=True, timeout=600, cwd=target.parent,
                               env=clean_env(**{compiled.PURE: "1"}))
    assert reference.returncode == 0 and reference.stderr == ""
    assert json.loads(missing.stdout) == json.loads(asked.stdout) == json.loads(reference.stdout)


def test_setup_builds_in_place_without_a_compiler(tmp_path):
    """``setup.py build_ext --inplace``, as an editable install runs it: each extension said
    not built, none copied into the package, and the command ends well."""
    source = project_copy(tmp_path)
    proc = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"],
                          capture_output=True, text=True, timeout=600, cwd=source,
                          env=clean_env(**NO_COMPILER))
    assert proc.returncode == 0, proc.stderr[-3000:]
    for name in compiled.MODULES:
        assert f"warning: {name} not built" in proc.stderr
    assert sorted(p.name for p in source.rglob("*") if p.suffix in (".so", ".pyd")) == []
