"""A recorded hand continued by the engine's players from any event on (``continue_from``):
the events before that one are facts and stand exactly; the hands the record does not give are
dealt only in ways that meet them (``hand.deal_unknown``)."""

from __future__ import annotations

from ..bidding.estimate import DEFAULT_SAMPLES
from ..errors import UserError
from .hand import Record, deal_unknown
from .whole import play_on


def continue_from(record: Record, start: int, us: str, them: str, *, seed: int = 0,
                  samples: int = DEFAULT_SAMPLES) -> Record:
    """The hand as recorded up to event ``start`` (1-based; the events before it stand), and
    from that event on decided by the engine's players (``us`` at seats 0 and 2, ``them`` at 1
    and 3), the unknown hands dealt to meet every event before it (seeded by ``seed``). Tagged
    with the players, ``From`` (the event played on from) and ``Drawn`` (the seats whose hands
    were drawn, not the record's: with those the record's tag names already); the record's own
    tags are kept."""
    from .hand.tags import DRAWN_TAG, drawn_seats, drawn_text

    if not 1 <= start <= len(record.events) + 1:
        raise UserError(f"--from: an event 1 to {len(record.events) + 1} (the record has"
                        f" {len(record.events)} events), not {start}")
    prefix = deal_unknown(record.prefix(start - 1), seed)
    done = play_on(prefix, us, them, seed=seed, samples=samples)
    played = dict(done.tags)  # the players' tags: Us, Them and the bidder's Prediction
    kept = tuple((k, v) for k, v in record.tags if k.lower() != "prediction")
    out = Record(record.rules, record.dealer, done.hands, done.events, kept, done.result,
                 done.score)
    for name in ("Us", "Them", "Prediction"):
        out = out.with_tag(name, played[name]) if name in played else out
    drawn = {*drawn_seats(record), *(s for s in range(4) if record.hands[s] is None)}
    if drawn:
        out = out.with_tag(DRAWN_TAG, drawn_text(drawn))
    return out.with_tag("From", str(start))


__all__ = ["continue_from"]
