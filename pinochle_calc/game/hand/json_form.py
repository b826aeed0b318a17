"""The record's JSON form: the record's own keys (``format``, ``rules``, ``dealer``, ``tags``,
``hands``, ``events``) and a summary of the events (``policies``, ``auction``, ``contract``,
``exchange``, ``melds``, ``meld``, ``tricks``, ``side_total``, ``result``, ``score``, ``seed``,
``prediction``, ``play``), which is checked against them when read back; and, where the
writer worked it out (``play`` does, ``game.par``), the double-dummy ``par`` and ``par_note``,
whose form alone is checked (the par depends on the solver's budget). Every hand the program
writes in JSON, from any command, is this form. Cards are canonical tokens (``AH``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from ...cards import CARDS, SUITS
from ...scoring import SIDES
from .events import MeldShown
from .tags import convention_of, prediction_of, rules_spec

if TYPE_CHECKING:
    from ...hand import Hand
    from ...rules import RuleSet
    from ...seats import Seat
    from .events import Event
    from .state import HandState


class RecordLike(Protocol):
    """A record as the JSON form reads it (``record.Record``, which imports this module)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def hands(self) -> tuple[Hand | None, ...]: ...
    @property
    def events(self) -> tuple[Event, ...]: ...
    @property
    def tags(self) -> tuple[tuple[str, str], ...]: ...
    @property
    def result(self) -> str | None: ...
    @property
    def score(self) -> tuple[int, int] | None: ...
    @property
    def state(self) -> HandState: ...

    def tag(self, name: str) -> str | None: ...

class ParLike(Protocol):
    """A hand's par as the summary writes it (``game.par.HandPar``, which imports this
    package)."""

    def to_dict(self) -> dict: ...


FORMAT = "pinochle-calc record"


def to_json(record: RecordLike, par: ParLike | None = None) -> dict:
    """The record as JSON data (see the module docstring), with its ``par`` where given."""
    state = record.state
    out: dict = {"format": FORMAT, "rules": rules_spec(record.rules), "dealer": record.dealer,
                 "tags": dict(record.tags), "hands": [None if h is None else str(h)
                                                     for h in record.hands]}
    out.update(summary(record, state, par))
    events = []
    for number, event in enumerate(record.events, 1):
        item: dict = {"event": number, "kind": event.kind, "seat": int(event.seat)}
        points = None
        if isinstance(event, MeldShown):
            shown = state.melds[event.seat]
            points = shown[0] if shown is not None else 0
        item.update(event.json_fields(points))
        if event.comment:
            item["comment"] = event.comment
        events.append(item)
    out["events"] = events
    return out


def summary(record: RecordLike, state: HandState, par: ParLike | None = None) -> dict:
    """The summary keys, from the events (and the par, where given)."""
    from ...exchange.hints import hint_word

    us, them = record.tag("Us"), record.tag("Them")
    calls = [e for e in record.events if e.kind == "call"]
    out: dict = {"policies": {"us": us, "them": them} if us or them else None,
                 "auction": [{"seat": int(e.seat), "call": "pass" if e.bid is None  # type: ignore[attr-defined]
                              else e.bid, "meaning": e.comment}  # type: ignore[attr-defined]
                             for e in calls]}
    contract = exchange = None
    if state.contract is not None:
        seat, bid = state.contract.seat, state.contract.bid
        contract = {"seat": int(seat), "side": SIDES[seat & 1], "bid": bid,
                    "trump": None if state.trump is None or state.lost
                    else SUITS[state.trump]}
        hint = None
        if not state.contract.given:
            from ...bidding.conventions import asked_for

            convention = convention_of(record, seat.partner)
            if convention is not None:
                hint = asked_for(state.auction, seat.turn(record.dealer), convention)
        exchange = {"to_bidder": _passed(state, seat ^ 2), "to_partner": _passed(state, seat),
                    "request": None if state.request is None else SUITS[state.request],
                    "hint": hint_word(hint)}
    out["contract"] = contract
    out["exchange"] = exchange
    out["melds"] = [None if m is None else m[0] for m in state.melds]
    side = state.side_meld()
    out["meld"] = None if side is None else dict(zip(SIDES, side))
    tricks = state.trick_points()
    out["tricks"] = None if tricks is None else dict(zip(SIDES, tricks))
    if par is not None:
        out.update(par.to_dict())
    total = None
    if side is not None and tricks is not None and record.result in ("made", "set"):
        s = state.bidder & 1
        total = side[s] + tricks[s]
    out["side_total"] = total
    out["result"] = record.result
    out["score"] = None if record.score is None else dict(zip(SIDES, record.score))
    seed = record.tag("Seed")
    out["seed"] = int(seed) if seed and re.fullmatch(r"[0-9]{1,18}", seed) else None
    out["prediction"] = prediction_of(record)
    out["play"] = [{"leader": t.leader, "cards": [str(CARDS[c]) for c in t.cards],
                    "winner": t.winner(state.trump or 0),
                    "points": t.points(i == 19, record.rules.scale)}
                   for i, t in enumerate(state.tricks)]
    return out


def _passed(state: HandState, seat: int) -> list[str] | None:
    """The cards ``seat`` passed, as tokens (none yet: empty; a hidden pass: None)."""
    if state.pass_hidden(seat):
        return None
    cards = state.passed(seat)
    return [str(c) for c in cards] if cards else []


def write_json(record: RecordLike, par: ParLike | None = None) -> str:
    """The record as one line of JSON (``records.dumps``)."""
    from ...records import dumps

    return dumps(to_json(record, par))


__all__ = ["to_json", "write_json", "summary"]
