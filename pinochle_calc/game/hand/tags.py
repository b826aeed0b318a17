"""What a record's tags may be (``check_tag``: the names ``RECORD_TAGS`` are the record's own
fields) and what they say: its rule set as text that loads back without a file
(``rules_spec``, ``load_spec``), the convention a seat's calls are read under
(``convention_of``) and the bidder's chance of making the contract (``prediction_of``)."""

from __future__ import annotations

import json
import math
import re
from typing import Protocol

from ...errors import UserError, quoted
from ...rules import PRESETS, SCHEMA, STANDARD, RuleSet, load_rules
from .errors import RecordError
from .events import MAX_TEXT

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
#: The tags every record writes from its own fields (its rule set, its dealer): no other tag
#: takes their names.
RECORD_TAGS = ("Rules", "Dealer")


def check_tag(key: str, value: str) -> tuple[str, str]:
    """A tag's name and value, checked: a name of letters, digits and _ (at most 40), a value
    of one line of printable text (at most ``MAX_TEXT`` characters)."""
    if not isinstance(key, str) or not _TAG_NAME.fullmatch(key):
        raise RecordError(f"tag name {quoted(str(key))}: letters, digits and _, starting with a"
                          " letter, at most 40")
    if not isinstance(value, str) or len(value) > MAX_TEXT or not value.isprintable():
        raise RecordError(f"tag {key}: one line of printable text, at most {MAX_TEXT:,}"
                          " characters")
    return key, value


def check_added_tag(key: str, value: str) -> tuple[str, str]:
    """``check_tag``, and not one of ``RECORD_TAGS`` (in any case): a tag added to a record."""
    check_tag(key, value)
    if key.lower() in (t.lower() for t in RECORD_TAGS):
        raise RecordError(f"tag {key} is the record's own: set by its rule set and dealer, not"
                          " as a tag")
    return key, value


class Tagged(Protocol):
    def tag(self, name: str) -> str | None: ...


def rules_spec(rules: RuleSet) -> str:
    """The rule set as a ``--rules`` value that loads back to it without any file: a preset's
    name, a preset with overrides, or ``standard`` with every difference (and the name)."""
    from ...rules import _toml_value

    try:
        if _spec_ok(rules.name) and load_rules(rules.name) == rules:
            return rules.name
    except UserError:
        pass
    items = ["standard"]
    if rules.name != "standard":
        items.append(f"name={json.dumps(rules.name, ensure_ascii=False)}")
    for path, (name, kind) in SCHEMA.items():
        value = getattr(rules, name)
        if name == "name" or value == getattr(STANDARD, name):
            continue
        if kind == "marriage":
            value = {"true": True, "false": False}.get(value, value)
        items.append(f"{path}={_toml_value(value)}")
    return ",".join(items)


def _spec_ok(text: str) -> bool:
    """Whether a rules value names no file: a preset, alone or with overrides."""
    head = text.split(",", 1)[0].strip().lower()
    return head in PRESETS


def load_spec(text: str) -> RuleSet:
    """The rule set a record names (a preset, with overrides): never a file."""
    if not _spec_ok(text):
        raise RecordError(f"rules {quoted(text)}: a record names its rules as a preset"
                          f" ({', '.join(PRESETS)}) with any key=value overrides, not a file")
    try:
        return load_rules(text)
    except UserError as e:
        raise RecordError(f"rules: {e}") from None


def convention_of(record: Tagged, seat: int) -> str | None:
    """The bidding convention a seat's calls are read under in a record: its side's (the
    UsConvention or ThemConvention tag, else its policy's name in the Us or Them tag:
    ``advisor:jump`` gives ``jump``), else the Convention tag; None: natural bids."""
    from ...bidding.conventions import CONVENTIONS

    side = "Us" if seat % 2 == 0 else "Them"
    own = (record.tag(side + "Convention") or "").strip().lower()
    if own in CONVENTIONS:
        return own
    policy = record.tag(side)
    if policy is not None:
        name = policy.split("/", 1)[0].strip().lower()
        return name.split(":", 1)[1] if name.startswith("advisor:") else None
    word = (record.tag("Convention") or "").strip().lower()
    return word if word in CONVENTIONS else None


#: The tag of the seats whose hands the program drew, not the record's (a what-if: ``play
#: --record FILE --at EVENT`` deals the hands a record does not give): ``[Drawn "1, 2, 3"]``.
DRAWN_TAG = "Drawn"


def drawn_seats(record: Tagged) -> tuple[int, ...]:
    """The seats whose hands the program drew (the ``Drawn`` tag's; a word that is no seat
    is passed over)."""
    text = record.tag(DRAWN_TAG) or ""
    return tuple(sorted({int(w) for w in re.split(r"[\s,]+", text) if w in ("0", "1", "2", "3")}))


def drawn_text(seats) -> str:
    """The ``Drawn`` tag's value for these seats: ``1, 2, 3``."""
    return ", ".join(map(str, sorted(set(seats))))


#: The places a chance is written to: what a chance from a few thousand deals means (and the
#: digits past them differ between processors: the estimate sums through BLAS).
CHANCE_PLACES = 4


def prediction_text(chance: float) -> str:
    """The Prediction tag of a chance: to ``CHANCE_PLACES`` places (``0.9953``, ``1.0``)."""
    return repr(round(float(chance), CHANCE_PLACES))


def prediction_of(record: Tagged) -> float | None:
    """The bidder's chance of making the contract as its policy saw it (the Prediction tag, to
    ``CHANCE_PLACES`` places, as a record written before wrote it too; None: absent, or not a
    chance from 0 to 1)."""
    text = record.tag("Prediction")
    if not text or not re.fullmatch(r"[0-9]{0,3}(\.[0-9]{1,17})?", text) or text == ".":
        return None
    value = float(text)
    return round(value, CHANCE_PLACES) if math.isfinite(value) and 0 <= value <= 1 else None


__all__ = ["rules_spec", "load_spec", "convention_of", "prediction_of", "prediction_text",
           "CHANCE_PLACES", "check_tag", "DRAWN_TAG", "drawn_seats", "drawn_text",
           "check_added_tag", "RECORD_TAGS"]
