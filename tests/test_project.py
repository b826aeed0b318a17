"""The README's promises: its first two commands are what CI runs, lint and types are clean,
and the package is what it says it is (one version, a license, typed)."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_readme_opens_with_the_two_commands_ci_runs():
    block = re.search(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    commands = [line for line in block.splitlines() if line.strip()]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert len(commands) == 2
    assert ci[-2:] == commands


def test_ruff_is_clean():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is part of the test extra"
    proc = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout


@pytest.mark.long
def test_mypy_is_clean():
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent)) or shutil.which("mypy")
    assert mypy, "mypy is part of the test extra"
    proc = subprocess.run([mypy, "pinochle_calc"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout


def test_no_module_is_over_700_lines():
    """The brief's limit, for the package's Python and C sources alike."""
    sources = [*(ROOT / "pinochle_calc").rglob("*.py"), *(ROOT / "pinochle_calc").rglob("*.c"),
               *(ROOT / "pinochle_calc").rglob("*.h")]
    assert len(sources) > 50
    long = {str(p.relative_to(ROOT)): n for p in sources
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 700}
    assert long == {}


def test_every_command_has_help():
    from typer.testing import CliRunner

    from pinochle_calc.cli import app

    commands = ["meld", "explain", "bid", "pass", "score", "tricks", "legal", "card", "rules"]
    listing = CliRunner().invoke(app, ["--help"]).stdout
    for command in commands:
        assert command in listing
        result = CliRunner().invoke(app, [command, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.stdout, command


def test_the_version_is_written_once():
    from importlib.metadata import version

    import pinochle_calc

    project = (ROOT / "pyproject.toml").read_text().split("\n[")[1]  # the [project] table
    assert 'dynamic = ["version"]' in project and not re.search(r"^version\s*=", project, re.M)
    assert version("pinochle-calc") == pinochle_calc.__version__


def test_the_package_ships_its_license_type_marker_and_exchange_tables():
    project = (ROOT / "pyproject.toml").read_text()
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    data = re.search(r"^pinochle_calc = (\[.*\])$", project, re.M)
    assert data is not None
    for name in ("py.typed", "exchange/gains.bin"):
        assert (ROOT / "pinochle_calc" / name).exists() and f'"{name}"' in data.group(1)
    assert "License :: OSI Approved :: MIT License" in project and "Typing :: Typed" in project


def test_the_suites_work_units_keep_a_page_and_a_costly_fixtures_file_on_one_worker():
    """``conftest.work_unit`` (the suite's ``--dist loadgroup``): a docs page's examples one
    unit, in order, whatever pytest does with xdist's group suffix; a file of
    ``ONE_WORKER_FILES`` one unit; any other test alone."""
    from conftest import ONE_WORKER_FILES, work_unit

    page = "tests/test_docs.py::test_example_prints_what_the_page_shows[docs/card-play.md:{}]"
    assert {work_unit(page.format(n)) for n in (16, 308, 849)} == {"docs/card-play.md"}
    assert work_unit(page.format(16) + "@docs/card-play.md") == "docs/card-play.md"
    assert work_unit("tests/test_docs.py::test_example_prints_what_the_page_shows[README.md:26]"
                     ) != work_unit(page.format(16))
    for path in ONE_WORKER_FILES:
        assert work_unit(f"{path}::test_a[1]") == work_unit(f"{path}::test_b") == path
    alone = "tests/play/test_solver.py::test_x[2]"
    assert work_unit(alone) == alone != work_unit("tests/play/test_solver.py::test_x[3]")
