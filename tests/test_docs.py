"""Every example in the README and in docs/ is true: each ``$ command`` of a ```console block runs
(in a shell, from a scratch folder holding the samples) and prints what the page shows, and every
``>>>`` example runs as a doctest.

In an expected output, a line that is just ``...`` stands for any lines (none too), and ``...``
inside a line for any text: for timings and the like. Run this file as a script to rewrite the
outputs that differ (``python tests/test_docs.py --update``), then read the diff.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: Terminal width the examples are printed at.
WIDTH = 80


class Example(NamedTuple):
    page: Path
    line: int  # of the command, 1-based
    command: str
    expected: list[str]
    span: tuple[int, int]  # the expected output's lines, 0-based, end exclusive

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def examples(page: Path) -> list[Example]:
    """The ``$ command`` / output pairs of every ```console block of a page."""
    lines = page.read_text().split("\n")
    out: list[Example] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            if not lines[i].startswith("$ "):
                raise ValueError(f"{page.name}:{i + 1}: a console block's output has no command")
            start, command = i, lines[i][2:]
            while command.endswith("\\"):
                i += 1
                command = command[:-1] + " " + lines[i].strip()
            i += 1
            first = i
            while i < len(lines) and lines[i].strip() != "```" and not lines[i].startswith("$ "):
                i += 1
            out.append(Example(page, start + 1, command, lines[first:i], (first, i)))
        i += 1
    return out


def _pattern(expected: list[str]) -> re.Pattern[str]:
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.rstrip().split("...")) + r"\n")
    return re.compile("".join(parts), re.S)


def _normal(text: str) -> str:
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "".join(line + "\n" for line in lines)


def run(command: str, scratch: Path) -> str:
    """What ``command`` prints (stdout and stderr as they come), run by bash in ``scratch``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PINOCHLE_", "FORCE_COLOR"))}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               COLUMNS=str(WIDTH), LINES="50", NO_COLOR="1", PYTHONUNBUFFERED="1", TERM="dumb")
    proc = subprocess.run(["bash", "-c", command], cwd=scratch, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
    return proc.stdout


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """A folder with the project's samples and benchmarks, and ``.venv`` this interpreter's."""
    folder = tmp_path_factory.mktemp("docs")
    for name in ("samples", "benchmarks"):
        (folder / name).symlink_to(ROOT / name)
    (folder / ".venv").symlink_to(Path(sys.prefix))
    return folder


ALL = [e for page in PAGES for e in examples(page)]


def test_the_pages_have_examples():
    assert len(ALL) >= 20 and any(e.page.name == "README.md" for e in ALL)


@pytest.mark.parametrize("example", ALL, ids=[e.id for e in ALL])
def test_example_prints_what_the_page_shows(example: Example, scratch: Path):
    got = _normal(run(example.command, scratch))
    want = _normal("\n".join(example.expected))
    assert _pattern(want.split("\n")[:-1]).fullmatch(got), (
        f"{example.id}: $ {example.command}\n--- page\n{want}--- printed\n{got}")


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_python_examples_run(page: Path):
    test = doctest.DocTestParser().get_doctest(page.read_text(), {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def update() -> None:
    """Rewrite every expected output that the command no longer prints."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name in ("samples", "benchmarks"):
            (folder / name).symlink_to(ROOT / name)
        (folder / ".venv").symlink_to(Path(sys.prefix))
        for page in PAGES:
            lines = page.read_text().split("\n")
            changed = False
            printed = [(e, _normal(run(e.command, folder))) for e in examples(page)]  # in order
            for e, got in reversed(printed):
                want = _normal("\n".join(e.expected))
                if not _pattern(want.split("\n")[:-1]).fullmatch(got):
                    lines[e.span[0]:e.span[1]] = got.rstrip("\n").split("\n") if got else []
                    changed = True
                    print(f"updated {e.id}")
            if changed:
                page.write_text("\n".join(lines))


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    update()
