"""The rule file's language: its keys (``SCHEMA``: dotted paths such as ``bidding.steps``), the
values each takes and the words of the options that are words, the ``key=value`` overrides of
``--rules`` (``apply_overrides``), and a rule set written back as TOML (``toml_text``) or as
JSON-ready data (``to_dict``). Reading a rule file and naming a rule set are ``rules``, which
holds the value (``RuleSet``) and gives every public name here too.

Everything here works on any rule set value by its fields (``dataclasses.replace``), so that
the value's own methods (``RuleSet.override``, ``to_toml``, ``to_dict``) can use it. Standard
library only; TOML only when an override is not plain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar, get_args

from .errors import UserError, quoted, shorten

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

#: A rule set (``rules.RuleSet``), to which a change gives the same type back.
R = TypeVar("R", bound="DataclassInstance")

Table = tuple[int | None, int | None, int | None, int | None]


# The options that are words: each a ``Literal`` (the words of rule files, JSON and the command
# line), and the tuple of its words.
#: How bids go up (``RuleSet.bid_steps``).
BidSteps = Literal["by1-then-5", "any", "by10-above-100"]
#: How many rounds of bidding (``RuleSet.bid_rounds``).
BidRounds = Literal["unlimited", "one", "two"]
#: Whether the bidder needs a marriage in trump (``RuleSet.marriage_required``).
MarriageRequired = Literal["true", "false", "after-pass"]
#: Who passes first in the exchange (``RuleSet.pass_order``).
PassOrder = Literal["simultaneous", "partner-first"]
#: When the cards are exchanged (``RuleSet.pass_when``).
PassWhen = Literal["after-trump", "before-trump"]
#: What the opponents score when the bidding side concedes (``RuleSet.concession``).
Concession = Literal["standard", "nothing", "meld", "25-and-meld", "50-and-meld", "play"]
#: The kinds of meld a rule set's tables value.
MeldName = Literal["run", "royal_marriage", "marriage", "pinochle", "aces_around",
                   "kings_around", "queens_around", "jacks_around"]
BID_STEPS: tuple[BidSteps, ...] = get_args(BidSteps)
BID_ROUNDS: tuple[BidRounds, ...] = get_args(BidRounds)
MARRIAGE_REQUIRED: tuple[MarriageRequired, ...] = get_args(MarriageRequired)
PASS_ORDERS: tuple[PassOrder, ...] = get_args(PassOrder)
PASS_WHEN: tuple[PassWhen, ...] = get_args(PassWhen)
CONCESSIONS: tuple[Concession, ...] = get_args(Concession)
#: The meld kinds of the standard table, in the order the breakdown lists them (types I, II, III).
MELD_NAMES: tuple[MeldName, ...] = get_args(MeldName)


class RulesError(UserError):
    """A rule set that cannot be read: names the file (or ``--rules``), the key path and what
    is wrong. A ``UserError``, so the CLI prints it as one line."""


#: Every key of a rule file: dotted path -> (RuleSet field, kind). Kinds: ``table`` (a list of
#: four points or "-"), ``points`` (a number or "-"), ``int:LOW:HIGH``, ``bool``, ``choice``
#: (one of the listed words), ``marriage`` (true, false or "after-pass"), ``name``.
SCHEMA: dict[str, tuple[str, str]] = {
    "name": ("name", "name"),
    "scale": ("scale", "int:1:1000"),
    "min_meld": ("min_meld", "int:0:50"),
    **{f"meld.{m}": (m, "table") for m in MELD_NAMES},
    "meld.royal_beside_run": ("royal_beside_run", "bool"),
    "roundhouse.single": ("roundhouse_single", "points"),
    "roundhouse.with_run": ("roundhouse_with_run", "points"),
    "roundhouse.double": ("roundhouse_double", "points"),
    "bidding.min_bid": ("min_bid", "int:1:10000"),
    "bidding.steps": ("bid_steps", "choice"),
    "bidding.step_change": ("step_change", "int:0:10000"),
    "bidding.rounds": ("bid_rounds", "choice"),
    "bidding.marriage_required": ("marriage_required", "marriage"),
    "passing.cards": ("pass_cards", "int:0:4"),
    "passing.order": ("pass_order", "choice"),
    "passing.when": ("pass_when", "choice"),
    "passing.suit_asked": ("pass_suit_asked", "bool"),
    "scoring.concession": ("concession", "choice"),
    "scoring.target": ("target", "int:1:1000000"),
}
_CHOICES = {
    "bid_steps": BID_STEPS,
    "bid_rounds": BID_ROUNDS,
    "pass_order": PASS_ORDERS,
    "pass_when": PASS_WHEN,
    "concession": CONCESSIONS,
}
SECTIONS = ("meld", "roundhouse", "bidding", "passing", "scoring")
MAX_POINTS = 1_000_000
_INTEGER = re.compile(r"[+-]?[0-9]{1,18}")


def _leaf_index() -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for path in SCHEMA:
        index.setdefault(path.rsplit(".", 1)[-1], []).append(path)
    return index


def _nearest(key: str, candidates: Iterable[str]) -> str:
    from difflib import get_close_matches

    close = get_close_matches(key, list(candidates), n=1, cutoff=0.5)
    return f": did you mean {close[0]!r}?" if close else ""


def _fail(source: str, path: str, message: str) -> RulesError:
    source = shorten(source, 200)
    where = f"{source}: {shorten(path, 60)}: " if path else f"{source}: "
    return RulesError(where + message)


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, str):
        return f"{quoted(value)} (text)"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "a table"
    return f"{shorten(repr(value))} ({type(value).__name__})"


def _points(value: object, source: str, path: str) -> int | None:
    """One meld value: a whole number of points, or "-" for a blank cell."""
    if value == "-" or value == "—":
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, path,
                    f'expected points (a whole number) or "-", got {_describe(value)}')
    if not 0 <= value <= MAX_POINTS:
        raise _fail(source, path, f"{shorten(str(value))} is out of range (0 to {MAX_POINTS:,})")
    return value


def _convert(path: str, value: object, source: str) -> object:
    """A rule-file value checked and turned into the RuleSet field's value."""
    field, kind = SCHEMA[path]
    if kind == "table":
        if not isinstance(value, list):
            raise _fail(source, path, "expected a list of 4 values (single, double, triple,"
                        f' quadruple; points or "-"), got {_describe(value)}')
        if len(value) != 4:
            raise _fail(source, path, f"a table has 4 entries (single, double, triple,"
                        f" quadruple), not {len(value)}")
        return tuple(_points(v, source, f"{path}[{i}]") for i, v in enumerate(value))
    if kind == "points":
        return _points(value, source, path)
    if kind == "bool":
        if not isinstance(value, bool):
            raise _fail(source, path, f"expected true or false, got {_describe(value)}")
        return value
    if kind == "marriage":
        if isinstance(value, bool):
            return "true" if value else "false"
        if value in MARRIAGE_REQUIRED:
            return value
        raise _fail(source, path, f'expected true, false or "after-pass", got {_describe(value)}'
                    + (_nearest(str(value), MARRIAGE_REQUIRED) if isinstance(value, str) else ""))
    if kind == "choice":
        options = _CHOICES[field]
        if isinstance(value, str) and value in options:
            return value
        hint = _nearest(value, options) if isinstance(value, str) else ""
        raise _fail(source, path, f"expected one of {', '.join(options)}; got"
                    f" {_describe(value)}{hint}")
    if kind == "name":
        if not isinstance(value, str) or not value.strip():
            raise _fail(source, path, f"expected a name (text), got {_describe(value)}")
        if not value.strip().isprintable():
            raise _fail(source, path, f"a name is one line of printable text, not"
                        f" {_describe(value)}")
        return value.strip()
    _, low, high = kind.split(":")
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, path, f"expected a whole number, got {_describe(value)}")
    if not int(low) <= value <= int(high):
        raise _fail(source, path, f"{shorten(str(value))} is out of range ({low} to {high})")
    return value


def _flatten(data: dict, source: str) -> dict[str, object]:
    """The dotted key paths of a parsed rule file, checked against ``SCHEMA``."""
    flat: dict[str, object] = {}
    for key, value in data.items():
        if key == "extends":
            continue
        if key in SECTIONS:
            if not isinstance(value, dict):
                raise _fail(source, key, f"expected a [{key}] table, got {_describe(value)}")
            for sub, sub_value in value.items():
                path = f"{key}.{sub}"
                if path not in SCHEMA:
                    valid = [p.split(".", 1)[1] for p in SCHEMA if p.startswith(key + ".")]
                    raise _fail(source, path, f"unknown key{_nearest(sub, valid)}"
                                f" (valid in [{key}]: {', '.join(valid)})")
                flat[path] = sub_value
        elif key in SCHEMA:
            flat[key] = value
        else:
            leaves = _leaf_index()
            if key in leaves and len(leaves[key]) == 1:
                hint = f": it belongs in a section, as {leaves[key][0]!r}"
            else:
                hint = _nearest(key, [*SCHEMA, *SECTIONS, "extends"])
            raise _fail(source, key, f"unknown key{hint}")
    return flat


def _apply(base: R, flat: dict[str, object], source: str) -> R:
    changes: dict[str, Any]
    changes = {SCHEMA[path][0]: _convert(path, value, source) for path, value in flat.items()}
    return replace(base, **changes)


def _split_top(text: str) -> list[str]:
    """Split at commas that are not inside brackets or quotes."""
    items, depth, quote, start = [], 0, "", 0
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items if item.strip()]


def _override_value(path: str, raw: str, source: str) -> object:
    """The value of one ``key=value`` override: a TOML value, a slash-separated table, or text."""
    kind = SCHEMA[path][1]
    if kind == "table" and "/" in raw and not raw.startswith("["):
        parts = [p.strip() for p in raw.split("/")]
        return [int(p) if _INTEGER.fullmatch(p) else p for p in parts]
    if "\n" in raw or "\r" in raw:
        raise _fail(source, path, "a value is one line")
    simple = _plain_value(raw)
    if simple is not None:
        return simple[0]
    data, problem = _toml(f"v = {raw}")
    return raw if problem else data["v"]


_TOML_INTEGER = re.compile(r"[+-]?(?:0|[1-9][0-9]{0,17})")
_BARE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*")


def _plain_value(raw: str) -> tuple[object] | None:
    """What TOML reads in ``v = raw`` where that is plain (a whole number, true or false, or a
    word TOML cannot read, which stays text), without loading the TOML parser (a few ms at the
    start of every command whose convention sets its rules): ``(value,)``; None otherwise."""
    if _TOML_INTEGER.fullmatch(raw):
        return (int(raw),)
    if raw in ("true", "false"):
        return (raw == "true",)
    if _BARE_WORD.fullmatch(raw) and raw not in ("inf", "nan"):
        return (raw,)
    return None


def _toml(text: str) -> tuple[dict, str]:
    """TOML text parsed, and '' or what is wrong with it."""
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib

    try:
        return tomllib.loads(text), ""
    except tomllib.TOMLDecodeError as e:
        return {}, str(e)
    except RecursionError:
        return {}, "nested too deeply"
    except ValueError:  # a number of thousands of digits
        return {}, "a number too long to read"


def _resolve_key(key: str, source: str) -> str:
    if key in SCHEMA:
        return key
    leaves = _leaf_index()
    if key in leaves:
        if len(leaves[key]) == 1:
            return leaves[key][0]
        raise _fail(source, key, f"ambiguous key: write one of {', '.join(leaves[key])}")
    raise _fail(source, key, f"unknown key{_nearest(key, [*SCHEMA, *leaves])}")


def apply_overrides(base: R, text: str, source: str) -> R:
    flat: dict[str, object] = {}
    shown = []
    for item in _split_top(text):
        key, eq, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key:
            raise _fail(source, item, "expected key=value (such as scale=10)")
        path = _resolve_key(key, source)
        flat[path] = _override_value(path, raw, source)
        shown.append(f"{key}={raw}")
    rules = _apply(base, flat, source)
    if not shown or "name" in flat:  # a name given among the overrides stands
        return rules
    return replace(rules, name=",".join([base.name, *shown]))  # type: ignore[attr-defined]


# The canonical text -------------------------------------------------------------------------

def _toml_value(value: object) -> str:
    if value is None:
        return '"-"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    import json

    return json.dumps(value, ensure_ascii=False)


_COMMENTS = {
    "scale": "10: every score times 10 (\"100 aces\")",
    "min_meld": "the minimum-20 rule: 20; 0: off",
    "meld.royal_beside_run": "a run's K-Q also count in a multiple royal marriage",
    "roundhouse.single": '"-": a roundhouse scores its parts (24)',
    "roundhouse.with_run": '"-": its parts (35: the run takes the trump K-Q)',
    "roundhouse.double": '"-": its parts (160)',
    "bidding.steps": " | ".join(BID_STEPS),
    "bidding.step_change": "bids go by 1 up to here",
    "bidding.rounds": " | ".join(BID_ROUNDS),
    "bidding.marriage_required": 'true | false | "after-pass"',
    "passing.cards": "0 to 4 (0: no passing)",
    "passing.order": " | ".join(PASS_ORDERS),
    "passing.when": " | ".join(PASS_WHEN),
    "passing.suit_asked": "the partner passes the suit asked for first (Toby Thomas)",
    "scoring.concession": " | ".join(CONCESSIONS),
    "scoring.target": "the game is won at this score (scaled)",
}


EXTENDS = 'extends = "standard"'


def toml_text(rules: Any, summary: str | None = None) -> str:
    """A rule set as a complete, commented TOML rule file (``rules.to_toml``, which gives the
    preset's ``summary`` for its first line)."""
    lines = [f"# pinochle-calc rule set {rules.name!r}" + (f": {summary}" if summary else ""),
             "# meld tables: [single, double, triple, quadruple], \"-\" for a blank cell"]
    section = ""
    for path, (field, kind) in SCHEMA.items():
        head, _, leaf = path.rpartition(".")
        if head != section:
            lines += ["", f"[{head}]"]
            section = head
        value = getattr(rules, field)
        if kind == "marriage":
            value = {"true": True, "false": False}.get(value, value)
        line = f"{leaf} = {_toml_value(value)}"
        if path in _COMMENTS:
            line = f"{line:<32} # {_COMMENTS[path]}"
        lines.append(line)
        if path == "name":
            lines.append(f"{EXTENDS:<32} # every key below overrides it")
    return "\n".join(lines) + "\n"


def to_dict(rules: Any) -> dict[str, object]:
    """The rule set as JSON-ready data, keyed by the rule file's dotted paths."""
    data: dict[str, object] = {}
    for path, (field, kind) in SCHEMA.items():
        value = getattr(rules, field)
        if kind == "table":
            value = ["-" if v is None else v for v in value]
        elif kind == "marriage":
            value = {"true": True, "false": False}.get(value, value)
        data[path] = value
    return data


__all__ = ["Table", "MeldName", "MELD_NAMES", "BidSteps", "BID_STEPS", "BidRounds", "BID_ROUNDS",
           "MarriageRequired", "MARRIAGE_REQUIRED", "PassOrder", "PASS_ORDERS", "PassWhen",
           "PASS_WHEN", "Concession", "CONCESSIONS", "RulesError", "SCHEMA", "SECTIONS",
           "MAX_POINTS", "apply_overrides", "toml_text", "to_dict", "EXTENDS"]
