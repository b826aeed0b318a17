"""The package's shape: no import cycles between modules, a core that never imports the terminal
libraries, and every docstring example true."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pinochle_calc

PACKAGE = Path(pinochle_calc.__file__).resolve().parent


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its text (lazy imports inside
    functions too): ``from .x import y`` counts as module ``x.y`` where that is a module."""
    found = set()
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
    return {m for m in found if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_module_imports_itself_through_others():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert graph["pinochle_calc.notation"] >= {"pinochle_calc.cards"}
    assert cycles(graph) == []


#: The layers, lowest first: a module imports only modules of its own layer or lower ones (the
#: basics are the package's top-level modules; the package itself and ``__main__`` are the
#: faces over all of them). docs/engine.md draws the same picture.
LAYERS = ("basics", "meld", "play", "exchange", "bidding", "game", "cli")


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else 0


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Every import of a higher layer (imports inside functions counted)."""
    faces = {"pinochle_calc", "pinochle_calc.__main__"}
    return sorted(f"{a} -> {b}" for a, targets in graph.items() if a not in faces
                  for b in targets if layer(b) > layer(a))


def test_every_layer_imports_only_the_layers_below_it():
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    assert {layer(m) for m in known} == set(range(len(LAYERS)))
    assert upward_imports(graph) == []


def test_the_layer_check_finds_an_upward_import_inside_a_function(tmp_path):
    path = tmp_path / "x.py"
    path.write_text("def f():\n    from ..bidding.auction import start\n    return start\n")
    known = {"pinochle_calc.play.x": path, "pinochle_calc.bidding.auction": path}
    graph = {"pinochle_calc.play.x": imports("pinochle_calc.play.x", path, known)}
    assert upward_imports(graph) == ["pinochle_calc.play.x -> pinochle_calc.bidding.auction"]
    assert layer("pinochle_calc.scoring") == 0 and layer("pinochle_calc.cli.app") == 6


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_core_never_imports_the_terminal_libraries():
    core = sorted(m for m in modules() if not m.startswith(("pinochle_calc.cli",
                                                             "pinochle_calc.__main__")))
    code = (f"import importlib, sys\nfor m in {core!r}: importlib.import_module(m)\n"
            "print(sorted(m for m in ('typer', 'rich', 'click') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_docstring_example_runs():
    names = ["pinochle_calc"] + [info.name for info in pkgutil.walk_packages(
        pinochle_calc.__path__, "pinochle_calc.") if info.name != "pinochle_calc.__main__"]
    tested = 0
    for name in names:
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name
        tested += result.attempted
    assert tested >= 5
