"""Every example in the README and in docs/ is true: each ``$ command`` of a ```console block runs
(in a shell, from a scratch folder holding the samples) and prints what the page shows, and every
``>>>`` example runs as a doctest. Every file a page cites is in the repository, and no page
cites a path outside it.

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


#: Each page's scratch folder, made at its first example.
_FOLDERS: dict[Path, Path] = {}


@pytest.fixture
def scratch(example: Example, tmp_path_factory) -> Path:
    """The page's own folder, with the project's samples and benchmarks and ``.venv`` this
    interpreter's: a page's examples run in order in one folder (a later one may read what an
    earlier one wrote), and pages never share one."""
    if example.page not in _FOLDERS:
        folder = tmp_path_factory.mktemp("docs")
        for name in ("samples", "benchmarks"):
            (folder / name).symlink_to(ROOT / name)
        (folder / ".venv").symlink_to(Path(sys.prefix))
        _FOLDERS[example.page] = folder
    return _FOLDERS[example.page]


ALL = [e for page in PAGES for e in examples(page)]


def test_the_pages_have_examples():
    assert len(ALL) >= 20 and any(e.page.name == "README.md" for e in ALL)


# a page's examples go to one worker of pytest-xdist, in the page's order (--dist loadgroup)
@pytest.mark.parametrize("example", [
    pytest.param(e, id=e.id, marks=pytest.mark.xdist_group(str(e.page.relative_to(ROOT))))
    for e in ALL])
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


#: A fenced block (its commands are run above), a link's target, a span of inline code.
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE = re.compile(r"`([^`\n]+)`")
#: A path of the repository's own in a span of code: ``benchmarks/bench_card.py``, and
#: ``benchmarks/unpriced.py:jump`` for the file ``benchmarks/unpriced.py``.
OWN_PATH = re.compile(r"(?<![\w./-])((?:benchmarks|samples|docs|tests|pinochle_calc)/[\w./-]*)")
#: A path outside the repository, anywhere on a page (a clone has none of them).
OUTSIDE = re.compile(r"(?<![\w.~-])(/(?:work|tmp|home|root|Users)/[^\s`)'\"]*)")


def cited(page: Path) -> list[str]:
    """The paths a page cites, relative to the repository: its links' targets (not web
    addresses or anchors) and the paths of its own in its inline code."""
    prose = FENCE.sub("", page.read_text())
    out = []
    for m in LINK.finditer(prose):
        target = m.group(1).split("#")[0]
        if target and not re.match(r"[a-z]+:", target):
            out.append(os.path.relpath((page.parent / target).resolve(), ROOT.resolve()))
    for m in CODE.finditer(prose):
        out += [p.split(":")[0].rstrip(".") for p in OWN_PATH.findall(m.group(1))]
    return out


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_file_a_page_cites_is_in_the_repository(page: Path):
    paths = cited(page)
    missing = [p for p in paths if p.startswith("..") or not (ROOT / p).exists()]
    assert not missing, f"{page.name} cites what the repository does not hold: {missing}"
    outside = OUTSIDE.findall(page.read_text())
    assert not outside, f"{page.name} cites paths outside the repository: {outside}"


def test_the_citation_check_sees_links_code_and_paths_outside(tmp_path: Path):
    page = tmp_path / "docs" / "page.md"
    page.parent.mkdir()
    page.write_text("See [the sample](../samples/my_bidder.py#L3), [web](https://x.org/a.py),"
                    " `benchmarks/unpriced.py:jump`, `.venv/bin/python benchmarks/x.py`\n"
                    "```console\n$ cat tests/not_cited.py\n```\nraw output in"
                    " `/work/notes/run.log` and /tmp/x\n", encoding="utf-8")
    assert [Path(p).parts[-2:] for p in cited(page)] == [("samples", "my_bidder.py"),
                                                   ("benchmarks", "unpriced.py"),
                                                   ("benchmarks", "x.py")]
    assert OUTSIDE.findall(page.read_text()) == ["/work/notes/run.log", "/tmp/x"]


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
