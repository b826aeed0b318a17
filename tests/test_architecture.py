"""The package's shape: no import cycles between modules, a core that never imports the terminal
libraries, and every docstring example true."""

from __future__ import annotations

import ast
import doctest
import functools
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


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every test of this file (read, never
    changed)."""
    return ast.parse(path.read_text())


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its text (lazy imports inside
    functions too): ``from .x import y`` counts as module ``x.y`` where that is a module."""
    found = set()
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    for node in ast.walk(parsed(path)):
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


#: The rule fields read in one place only (``RuleSet`` decides each rule from them: the marriage
#: needed to name trump, ``needs_marriage`` and ``marriage_after_exchange``; the minimum meld,
#: ``under_minimum``; the suit the partner passes first, ``exchange.policy.suit_asked``), and the
#: modules that may read each: the rule set's own (rules, and the rule file that parses it), the
#: one place of its rule; ``min_meld_points``, the minimum's figure, where a message or a
#: report prints it (the scoring's notes, the side's meld report).
RULE_FIELDS = {
    "marriage_required": {"pinochle_calc.rules", "pinochle_calc.rulefile"},
    "min_meld": {"pinochle_calc.rules", "pinochle_calc.rulefile"},
    "pass_suit_asked": {"pinochle_calc.rules", "pinochle_calc.rulefile",
                        "pinochle_calc.exchange.policy"},
    "min_meld_points": {"pinochle_calc.rules", "pinochle_calc.rulefile", "pinochle_calc.scoring",
                        "pinochle_calc.meld.partnership"},
}


def rule_reads(name: str, path: Path) -> list[str]:
    """Every read of a rule field in a module (``x.min_meld``), as ``module:line field``; a
    class's read of its own field of that name (``self.min_meld`` in a class that declares
    ``min_meld``, such as a seat's constraint) is that class's, not the rule's."""
    tree = parsed(path)
    own: set[int] = set()
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef):
            declared = {t.target.id for t in cls.body if isinstance(t, ast.AnnAssign)
                        and isinstance(t.target, ast.Name)}
            own.update(id(n) for n in ast.walk(cls) if isinstance(n, ast.Attribute)
                       and isinstance(n.value, ast.Name) and n.value.id == "self"
                       and n.attr in declared)
    return [f"{name}:{n.lineno} {n.attr}" for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr in RULE_FIELDS and id(n) not in own
            and name not in RULE_FIELDS[n.attr]]


def test_each_rule_field_is_read_in_its_one_place():
    found = [r for name, path in sorted(modules().items()) for r in rule_reads(name, path)]
    assert found == []


def test_the_rule_check_finds_a_read_elsewhere(tmp_path):
    path = tmp_path / "x.py"
    path.write_text("def f(rules, seat):\n    return rules.marriage_required == 'true'\n\n"
                    "class Seat:\n    min_meld: int = 0\n\n    def g(self):\n"
                    "        return self.min_meld + rules.min_meld_points\n")
    assert rule_reads("pinochle_calc.game.x", path) == [
        "pinochle_calc.game.x:2 marriage_required", "pinochle_calc.game.x:8 min_meld_points"]
    assert rule_reads("pinochle_calc.rules", path) == []


def class_names(paths: dict[str, Path]) -> dict[str, list[str]]:
    """Each class name defined in the modules, and where (``module:line``)."""
    out: dict[str, list[str]] = {}
    for name, path in sorted(paths.items()):
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ClassDef):
                out.setdefault(node.name, []).append(f"{name}:{node.lineno}")
    return out


def test_every_class_name_is_defined_once_in_the_package():
    # one model of each thing: two classes of one name are two things to keep apart (a
    # compiled type's stub, play/_solver.pyi, is the type itself, not a second class)
    twice = {k: v for k, v in class_names(modules()).items() if len(v) > 1}
    assert twice == {}


def test_the_class_check_finds_a_name_used_twice(tmp_path):
    (tmp_path / "a.py").write_text("class Choice:\n    pass\n")
    (tmp_path / "b.py").write_text("def f():\n    class Choice:\n        pass\n")
    names = class_names({"a": tmp_path / "a.py", "b": tmp_path / "b.py"})
    assert names["Choice"] == ["a:1", "b:2"]
