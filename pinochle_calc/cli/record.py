"""Records on the command line: ``play --record FILE [--at EVENT]`` reads a record and
replays it, or continues it with the engine's players; every format ``play`` writes a hand in
(``table``, ``json``, ``record``, ``csv``) is written here from a record.

Only typer and the standard library are imported at the top; the core and rich are imported
inside each function so that the shell starts fast.
"""

from __future__ import annotations

import re
import sys

import typer

from ..limits import SEED_MAX

#: The formats ``play`` writes a hand in: the shared ones and the record's text.
PLAY_FORMATS = ("table", "json", "jsonl", "csv", "record")


def play_record(path: str, start: str | None, us: str | None, them: str | None,
                seed: int | None, samples: int, rules_given: bool):
    """The record in ``path``, checked; from event ``start`` on played by the engine's players
    (``us``/``them`` default to the record's Us/Them tags, else advisor:jump; ``seed``, default
    the record's Seed tag, seeds them as ``play --seed`` does)."""
    from ..game.hand import find_event, load_record
    from ..game.replay import continue_from
    from ..game.whole import hand_seed

    if rules_given:
        raise typer.BadParameter("a record names its own rules: leave out --rules with --record")
    record = load_record(path)
    if start is None:
        if us is not None or them is not None:
            raise typer.BadParameter("--us and --them play from --at EVENT on: give --at")
        return record
    number = find_event(record, start)
    mine = [policy_option(p)[0] for p in (us or record.tag("Us") or "advisor:jump",
                                          them or record.tag("Them") or "advisor:jump")]
    if seed is None:  # the record's seed where it is one (ASCII digits, in range)
        tag = (record.tag("Seed") or "").strip()
        seed = int(tag) if re.fullmatch(r"[0-9]{1,10}", tag) and int(tag) <= SEED_MAX else 0
    done = continue_from(record, number, mine[0], mine[1], seed=hand_seed(seed),
                         samples=samples)
    # the seed and samples the engine played with, as play writes them (review reads them)
    return done.with_tag("Seed", str(seed)).with_tag("Samples", str(samples))


def policy_option(value: str) -> tuple[str, str]:
    """A policy option: the text to give the library (a built-in name as the library spells
    it, or one with a ``MODULE:NAME`` of one's own, bidder or card player, as given, loaded
    here to check it) and the policy's name."""
    from ..errors import UserError
    from ..game.policies import POLICY_NAMES, PolicyLoadError, policy, split_policy_name

    try:
        made = policy(value)
    except PolicyLoadError as e:
        raise typer.BadParameter(str(e)) from None
    except UserError:
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(POLICY_NAMES)}, optionally"
                                 " ending in /advisor, /heuristic or /MODULE:NAME (a card player"
                                 " of your own), nor MODULE:NAME (a policy of your own)"
                                 ) from None
    bidder, cards = split_policy_name(value)
    if bidder.strip().lower() in POLICY_NAMES and ":" not in cards:
        return made.name, made.name  # a built-in name, as the library spells it
    return value.strip(), made.name


def write_record(record, fmt: str, tricks: bool = True, par=None) -> None:
    """A record on stdout in a format of ``play`` but csv (``play`` writes its row), with its
    par (``game.par.HandPar``) where given (the record's text form has no place for it)."""
    from ..game.hand import to_json, write_text
    from .app import write_json

    if fmt == "record":
        sys.stdout.write(write_text(record))
    elif fmt in ("json", "jsonl"):
        write_json(to_json(record, par))
    else:
        print_record(record, tricks, par=par)


def _seat_words(seat: int, dealer: int) -> str:
    side = "us" if seat % 2 == 0 else "them"
    return f"seat {seat} ({side}{', dealer' if seat == dealer else ''})"


def _cards(hand) -> str:
    """Cards passed, as tables and prose write cards: ``A♥ 10♥``."""
    from ..cards import CARDS

    return " ".join(CARDS[i].symbol for i in range(len(hand.counts))
                    for _ in range(hand.counts[i]))


def _passed(state, seat: int) -> str:
    """The cards ``seat`` passed, or how many where they were not seen."""
    from ..game.hand.events import HIDDEN

    if state.pass_hidden(seat):
        return f"{state.exchange_cards} {HIDDEN} cards"
    return _cards(state.passed(seat))


def print_record(record, tricks: bool = True, source: str | None = None, par=None) -> None:
    """A hand as tables, the one way every command shows one (``play``, ``play --record``,
    the table's ``show``): the deal, the auction (``#``: each call's event number), the
    contract, the exchange, the meld, the tricks (each with its events' numbers, for
    ``--at``), the par where given (``game.par.HandPar``) and the score."""
    from ..bidding.conventions import meld_words
    from ..cards import CARDS, SUIT_SYMBOLS
    from ..game.hand import Call, Request, ThrowIn, Trump, rules_spec
    from ..game.hand.json_form import summary
    from ..game.hand.tags import DRAWN_TAG, drawn_seats, prediction_of
    from ..meld.engine import meld
    from .render import add_row, console, new_table, say, show

    con = console()
    state = record.state
    dealer = record.dealer
    us, them = record.tag("Us"), record.tag("Them")
    head = f"Deal: {source}; " if source else ""
    said = ("Us", "Them", "Prediction", DRAWN_TAG) + (("Seed", "Samples") if source else ())
    others = "; ".join(f"{k} {v}" for k, v in record.tags if k not in said)
    say(con, f"{head}rules {rules_spec(record.rules)}; seat {dealer} deals"
        + (f"; us (seats 0, 2): {us}, them (seats 1, 3): {them}" if us or them else "")
        + (f"; {others}" if others else ""))
    drawn = drawn_seats(record)
    for s, hand in enumerate(record.hands):
        say(con, f"  {_seat_words(s, dealer):<22} "
            + ("(not known)" if hand is None else
               f"* {hand.symbols()}" if s in drawn else hand.symbols()), hang=25)
    if drawn:
        start = record.tag("From")
        say(con, "  * drawn: not the real hand, but one dealt"
            + (f" to meet every event before event {start}" if start else "")
            + " (what if?)", hang=4)
    calls = [(n, e) for n, e in enumerate(record.events, 1) if isinstance(e, Call)]
    if calls:
        table = new_table(("#", "right", False), ("seat", "left", False),
                          ("call", "right", False), ("meaning", "left", True), title="Auction")
        for n, e in calls:
            add_row(table, str(n), _seat_words(e.seat, dealer),
                    "pass" if e.bid is None else str(e.bid), e.comment)
        show(con, table)
    if state.contract is None:
        say(con, f"Next: {_next_words(state)}")
        return
    seat, bid = state.contract.seat, state.contract.bid
    trump = "trump not named yet" if not state.trump_named else \
        "no trump: no marriage" if state.trump is None or state.lost else \
        f"{SUIT_SYMBOLS[state.trump]} trump"
    line = f"Contract: {_seat_words(seat, dealer)} at {bid}, {trump}"
    if state.contract.given:
        line += " (given: no auction)"
    prediction = prediction_of(record)
    if prediction is not None:
        line += f"; its chance of making it, at its last bid: {prediction:.0%}"
    say(con, line)
    rules = record.rules
    if state.passes:
        asked = []
        if state.request is not None:
            asked.append(f"asked for {SUIT_SYMBOLS[state.request]}")
        hint = summary(record, state)["exchange"]["hint"]
        if hint is not None:
            asked.append(f"hint: {hint}")
        extra = f" ({'; '.join(asked)})" if asked else ""
        back = "" if len(state.passes) < 2 else \
            f"; seat {seat} {'passes back' if rules.pass_order == 'partner-first' else 'passes'}" \
            f" {_passed(state, seat)}"
        say(con, f"Exchange{extra}: seat {seat.partner} passes {_passed(state, seat.partner)} to"
            f" the bidder{back}")
    elif state.trump_named:
        say(con, f"Exchange: {_no_exchange(state)}")
    for n, e in enumerate(record.events, 1):
        if isinstance(e, (Request, ThrowIn)) or isinstance(e, Trump) and e.comment:
            say(con, f"  event {n}: {e.words()}" + (f" ({e.comment})" if e.comment else ""))
    if any(m is not None for m in state.melds):
        named = state.trump is not None and not state.lost
        title = "Meld (after the exchange)" if named and rules.pass_cards else "Meld"
        table = new_table(("seat", "left", False), ("meld", "right", False),
                          ("melds", "left", True), title=title)
        for s, shown in enumerate(state.melds):
            if shown is None:
                continue
            points, cards = shown
            words = "no meld"
            if len(cards):
                report = meld(cards, rules)
                tm = report.trumps[state.trump] if named else report.best
                words = meld_words(tm) + ("" if named else
                                          f" (its best suit, {SUIT_SYMBOLS[tm.trump]})")
            add_row(table, _seat_words(s, dealer), str(points), words)
        show(con, table)
        side = state.side_meld()
        if side is not None:
            say(con, f"Meld: us {side[0]}, them {side[1]}")
    if state.tricks or state.trick:
        taken = state.trick_points()
        if taken is not None:
            say(con, f"Tricks: us {taken[0]}, them {taken[1]} (the last trick's"
                f" {2 * rules.scale} included)")
        if tricks:
            t_suit = state.trump or 0
            first = next(n for n, e in enumerate(record.events, 1) if e.kind == "play")
            for i, t in enumerate(state.tricks, 1):
                shown = " ".join(CARDS[c].symbol for c in t.cards)
                at = first + 4 * (i - 1)
                say(con, f"  {i:>2}. seat {t.leader} leads: {shown:<16} won by"
                    f" {_seat_words(t.winner(t_suit), dealer)}, {t.points(i == 20, rules.scale)}"
                    f"  (events {at}-{at + 3})", hang=6)
            if state.trick:
                shown = " ".join(CARDS[c].symbol for c in state.trick)
                leader = state.to_play().after(-len(state.trick))
                say(con, f"  {len(state.tricks) + 1:>2}. seat {leader} leads: {shown}")
    elif state.complete and state.contract is not None and state.trump_named:
        say(con, "Tricks: not played")
    if par is not None and (state.tricks or state.trick):  # a hand whose cards were played
        say(con, par.words(), hang=5)
    score = state.scored()
    if record.result is not None:
        say(con, f"Result: {record.result}")
    if score is not None:
        for note in score.notes:
            say(con, f"  {note}")
    if record.score is not None:
        say(con, f"Score: us {record.score[0]:+d}, them {record.score[1]:+d}")
    if not state.complete:
        say(con, f"Next: {_next_words(state)}")


def _no_exchange(state) -> str:
    """Why no card has passed once trump is named: the rules pass none, no trump was named,
    or the exchange is still to come."""
    rules = state.rules
    if not rules.pass_cards:
        return f"none (the {rules.name} rules pass no cards)"
    if state.trump is None or state.lost:
        return "none (no trump was named)"
    return "to come" if state.next_decision().kind in ("request", "pass") else "none"


def _next_words(state) -> str:
    d = state.next_decision()
    who = "any seat yet to show its meld" if d.kind == "meld" else f"seat {d.seat}"
    return {"call": f"{who} to call", "request": f"{who} to ask for a suit",
            "pass": f"{who} to pass {state.exchange_cards} cards",
            "trump": f"{who} to name trump", "meld": f"{who}",
            "play": f"{who} to play", "over": "the hand is over"}[d.kind]


__all__ = ["PLAY_FORMATS", "play_record", "policy_option", "write_record", "print_record"]
