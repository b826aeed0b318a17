"""The settings a game at the table is followed with (``Settings``): your seat, the bidding
convention, the rule set, the deals behind each advice and their seed, and the score sheet.

They live with the game, in two places a person can read:

- each hand's record: its rule set, the ``You`` and ``Convention`` tags, and the ``Table``
  tag, the rest as ``table``'s options (``[Table "--samples 300 --seed 0 --sheet
  /srv/cards/game.csv"]``): ``of_record``, ``tagged``;
- the game's score sheet: a settings line, a comment every reader of a sheet skips, written
  before the first hand kept with them and again where a hand is kept with others
  (``# pinochle-calc table --seat 1 --convention davis --rules standard,... --seed 0``):
  ``settings_line``, ``sheet_settings``.

So the next hand's command repeats them (``options``), a hand started from the sheet takes
them, and a hand kept with other settings says which (``differences``, ``difference_words``).
A setting a source does not say (an older record, a line written by hand) is never a
difference.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ..limits import SEED_MAX
from ..rules import RuleSet

#: The tag of a record that holds the settings its other fields and tags do not.
TABLE_TAG = "Table"
#: How a score sheet's settings line starts.
LINE_HEAD = "# pinochle-calc table"
#: The most deals behind one advice ``table --samples`` takes.
MOST_SAMPLES = 100_000
#: Each setting: its field and ``table``'s option for it (the first: as written here).
OPTIONS = {"seat": ("--seat",), "convention": ("--convention", "-c"), "rules": ("--rules",),
           "samples": ("--samples", "-n"), "seed": ("--seed",), "sheet": ("--sheet", "-s")}
#: The settings the ``Table`` tag holds (the record's own fields and tags hold the others).
IN_TABLE_TAG = ("samples", "seed", "sheet")
#: The settings a score sheet's line holds (the sheet is the line's own file).
ON_SHEET = ("seat", "convention", "rules", "samples", "seed")


@dataclass(frozen=True)
class Settings:
    """A game's settings as far as a source says them (``said``: the names of the fields it
    states; a field it does not is None and never differs). ``samples`` None: each advice's
    own number of deals; ``sheet`` None: no score sheet is kept."""

    seat: int | None = None
    convention: str | None = None
    rules: RuleSet | None = None
    samples: int | None = None
    seed: int | None = None
    sheet: str | None = None
    said: frozenset[str] = field(default=frozenset(OPTIONS))

    def options(self, names: Iterable[str] = tuple(OPTIONS)) -> list[str]:
        """The settings said, of ``names``, as ``table``'s options (one not set left out: no
        ``--samples``, no ``--sheet``)."""
        out: list[str] = []
        for name in names:
            if name in self.said and (words := self.words(name)):
                out += words
        return out

    def words(self, name: str) -> list[str]:
        """One setting as options: ``["--seat", "1"]`` (``[]``: not set, as ``--samples``
        left to each advice)."""
        from .hand.tags import rules_spec

        value = getattr(self, name)
        if value is None:
            return []
        text = rules_spec(value) if name == "rules" else str(value)
        return [OPTIONS[name][0], text]

    def shown(self, name: str) -> str:
        """One setting as a person reads it in a warning: its options, quoted for a shell,
        or ``no --samples`` for the default."""
        words = self.words(name)
        return " ".join(map(shlex.quote, words)) if words else f"no {OPTIONS[name][0]}"

    def differences(self, other: Settings) -> list[str]:
        """The names of the settings both say, and say differently (a sheet by its file)."""
        out = []
        for name in OPTIONS:
            if name not in self.said or name not in other.said:
                continue
            mine, theirs = getattr(self, name), getattr(other, name)
            if name == "sheet" and mine is not None and theirs is not None:
                same = same_file(mine, theirs)
            elif name == "rules" and mine is not None and theirs is not None:
                same = replace(mine, name="") == replace(theirs, name="")
            else:
                same = mine == theirs
            if not same:
                out.append(name)
        return out

    def only(self, names: Iterable[str]) -> Settings:
        """These settings, as far as they are said; the others not said."""
        return replace(self, said=self.said & frozenset(names))


def difference_words(then: Settings, now: Settings, kept: str, has: str) -> str | None:
    """A warning naming each setting ``then`` and ``now`` say differently: ``KEPT (the
    settings then) ...; HAS (now) ...`` (None: they agree)."""
    names = then.differences(now)
    if not names:
        return None
    return (f"warning: {kept} {' '.join(then.shown(n) for n in names)}; {has}"
            f" {' '.join(now.shown(n) for n in names)}")


# ---------------------------------------------------------------------------- reading


def parse_options(text: str) -> Settings:
    """The settings in a line of ``table``'s options (a ``Table`` tag, or a sheet's settings
    line after its head): each said that is there and can be used; the others not said.
    ``--samples`` and ``--sheet`` left out are said as their defaults (the line gives every
    setting it holds)."""
    try:
        words = shlex.split(text)
    except ValueError:  # an unclosed quote: a line written by hand
        return Settings(said=frozenset())
    names = {option: name for name, options in OPTIONS.items() for option in options}
    values: dict[str, object] = {"samples": None, "sheet": None}
    for option, value in zip(words[::2], words[1::2]):
        name = names.get(option)
        if name is None:
            continue
        got = _value(name, value)
        if got is not None:
            values[name] = got
        else:
            values.pop(name, None)
    return Settings(**values, said=frozenset(values))  # type: ignore[arg-type]


def _value(name: str, text: str) -> object | None:
    """A setting's value from its option's text (None: not one ``table`` takes)."""
    from ..bidding.conventions import CONVENTIONS
    from ..errors import UserError
    from .hand.tags import load_spec

    if name == "rules":
        try:
            return load_spec(text)
        except UserError:
            return None
    if name == "convention":
        return text if text in CONVENTIONS else None
    if name == "sheet":
        return text or None
    if not text.isascii() or not text.isdigit() or len(text) > 10:
        return None
    n = int(text)
    top = {"seat": 3, "samples": MOST_SAMPLES, "seed": SEED_MAX}[name]
    least = 1 if name == "samples" else 0
    return n if least <= n <= top else None


def of_record(record) -> Settings:
    """The settings a hand's record was kept with: its rule set, your seat (``You``), the
    convention (``Convention``) and the ``Table`` tag's (not said where it has none, as in a
    record of an older version)."""
    from ..bidding.conventions import CONVENTIONS

    said = {"rules"}
    you = record.tag("You") or ""
    seat = int(you) if you in ("0", "1", "2", "3") else None
    convention = (record.tag("Convention") or "").strip().lower()
    said |= {"seat"} if seat is not None else set()
    said |= {"convention"} if convention in CONVENTIONS else set()
    table = record.tag(TABLE_TAG)
    tagged = parse_options(table).only(IN_TABLE_TAG) if table is not None else Settings(
        said=frozenset())
    return replace(tagged, seat=seat, convention=convention if convention in CONVENTIONS
                   else None, rules=record.rules, said=frozenset(said) | tagged.said)


def tagged(record, settings: Settings):
    """The record tagged with the settings (``You``, ``Convention``, ``Table``; a sheet by its
    full path, so that the record is read alike from any folder; one no tag could hold left
    out)."""
    from .hand import RecordError
    from .hand.tags import check_tag

    if "seat" in settings.said and settings.seat is not None:
        record = record.with_tag("You", str(settings.seat))
    if "convention" in settings.said and settings.convention is not None:
        record = record.with_tag("Convention", settings.convention)
    sheet = settings.sheet and os.path.abspath(settings.sheet)
    for held in (sheet, None):
        text = shlex.join(replace(settings, sheet=held).options(IN_TABLE_TAG))
        try:
            check_tag(TABLE_TAG, text)
        except RecordError:  # a sheet's name no tag can hold (a line end in it)
            continue
        return record.with_tag(TABLE_TAG, text)
    return record


def settings_line(settings: Settings) -> str:
    """A score sheet's settings line for these settings (no line end)."""
    return "# " + shlex.join([*LINE_HEAD.removeprefix("# ").split(),
                              *settings.options(ON_SHEET)])


def sheet_settings(lines: Iterable[str]) -> Settings | None:
    """The settings a score sheet keeps its game with: its last settings line's (None: it has
    none, as a sheet of an older version or one kept by hand)."""
    found = None
    for line in lines:
        text = line.strip()
        if text == LINE_HEAD or text.startswith(LINE_HEAD + " "):
            found = text
    if found is None:
        return None
    return parse_options(found[len(LINE_HEAD):]).only(ON_SHEET)


def same_file(a: str, b: str) -> bool:
    """Whether two names are one file, however each is spelled (``./``, a link, its full
    path); a file not there yet by its full path."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


__all__ = ["Settings", "TABLE_TAG", "LINE_HEAD", "OPTIONS", "ON_SHEET", "IN_TABLE_TAG",
           "difference_words", "parse_options", "of_record", "tagged", "settings_line",
           "sheet_settings", "same_file"]
