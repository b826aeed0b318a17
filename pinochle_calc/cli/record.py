"""Records on the command line: ``play --record FILE [--from EVENT]`` reads a record and
replays it, or continues it with the engine's players; every format ``play`` writes a hand in
(``table``, ``json``, ``record``, ``csv``) is written here from a record.

Only typer and the standard library are imported at the top; the core and rich are imported
inside each function so that the shell starts fast.
"""

from __future__ import annotations

import sys

import typer

#: The formats ``play`` writes a hand in: the shared ones and the record's text.
PLAY_FORMATS = ("table", "json", "jsonl", "csv", "record")


def play_record(path: str, start: str | None, us: str | None, them: str | None, seed: int | None,
                samples: int, rules_given: bool):
    """The record in ``path``, checked; from event ``start`` on played by the engine's players
    (``us``/``them`` default to the record's Us/Them tags, else advisor:jump; ``seed``, default
    the record's Seed tag, seeds them as ``play --seed`` does)."""
    from ..game.record import find_event, load_record
    from ..game.replay import continue_from
    from ..game.whole import hand_seed

    if rules_given:
        raise typer.BadParameter("a record names its own rules: leave out --rules with --record")
    record = load_record(path)
    if start is None:
        if us is not None or them is not None:
            raise typer.BadParameter("--us and --them play from --from EVENT on: give --from")
        return record
    number = find_event(record, start)
    mine = [policy_option(p)[0] for p in (us or record.tag("Us") or "advisor:jump",
                                          them or record.tag("Them") or "advisor:jump")]
    if seed is None:
        tag = record.tag("Seed") or "0"
        seed = int(tag) if tag.isdigit() and len(tag) < 19 else 0
    done = continue_from(record, number, mine[0], mine[1], seed=hand_seed(seed),
                         samples=samples)
    # the seed and samples the engine played with, as play writes them (review reads them)
    return done.with_tag("Seed", str(seed)).with_tag("Samples", str(samples))


def policy_option(value: str) -> tuple[str, str]:
    """A policy option: the text to give the library (a built-in name as the library spells
    it, or ``MODULE:NAME`` as given, loaded here to check it) and the policy's name."""
    from ..errors import UserError
    from ..game.policies import POLICY_NAMES, PolicyLoadError, policy, split_policy_name

    try:
        made = policy(value)
    except PolicyLoadError as e:
        raise typer.BadParameter(str(e)) from None
    except UserError:
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(POLICY_NAMES)}, optionally"
                                 " ending in /advisor or /heuristic, nor MODULE:NAME (a policy"
                                 " of your own)") from None
    if split_policy_name(made.name)[0] in POLICY_NAMES:
        return made.name, made.name
    return value.strip(), made.name


def write_record(record, fmt: str, tricks: bool = True) -> None:
    """A record on stdout in a format of ``play`` but csv (``play`` writes its row)."""
    from ..game.record import to_json, write_text
    from .app import write_json

    if fmt == "record":
        sys.stdout.write(write_text(record))
    elif fmt in ("json", "jsonl"):
        write_json(to_json(record))
    else:
        print_record(record, tricks)


def _seat_words(seat: int, dealer: int) -> str:
    side = "us" if seat % 2 == 0 else "them"
    return f"seat {seat} ({side}{', dealer' if seat == dealer else ''})"


def print_record(record, tricks: bool = True) -> None:
    """The record as tables: the tags, the hands, the auction, the contract, the exchange, the
    meld, the tricks (each with its events' numbers, for ``--from``) and the score."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from ..cards import CARDS, SUIT_SYMBOLS
    from ..game.record import replay, rules_spec

    console = Console()

    def say(text: str = "") -> None:
        console.print(text, markup=False, highlight=False, soft_wrap=True)

    progress = replay(record)
    dealer = record.dealer
    tags = "; ".join(f"{k} {v}" for k, v in record.tags)
    say(f"Record: rules {rules_spec(record.rules)}; seat {dealer} deals" + (f"; {tags}" if tags
                                                                            else ""))
    for s, hand in enumerate(record.hands):
        say(f"  {_seat_words(s, dealer):<22} {'(not known)' if hand is None else hand.symbols()}")
    calls = [(n, e) for n, e in enumerate(record.events, 1) if e.kind == "call"]
    if calls:
        table = Table("event", "seat", "call", "comment", box=box.SIMPLE_HEAD, title="Auction",
                      title_justify="left")
        for n, e in calls:
            table.add_row(str(n), _seat_words(e.seat, dealer),
                          "pass" if e.bid is None else str(e.bid), e.comment)
        console.print(table)
    if progress.contract is None:
        say(f"Next: {_next_words(progress)}")
        return
    seat, bid = progress.contract
    trump = "trump not named yet" if not progress.trump_named else \
        "no trump: no marriage" if progress.trump is None or progress.lost else \
        f"{SUIT_SYMBOLS[progress.trump]} trump"
    say(f"Contract: {_seat_words(seat, dealer)} at {bid}, {trump}"
        + (" (given: no auction)" if progress.given else ""))
    for n, e in enumerate(record.events, 1):
        if e.kind in ("request", "pass", "throw-in") or e.kind == "trump" and e.comment:
            say(f"  event {n}: {e.words()}" + (f" ({e.comment})" if e.comment else ""))
    if progress.melds:
        table = Table("seat", "meld", "shown", box=box.SIMPLE_HEAD, title="Meld",
                      title_justify="left")
        for s in range(4):
            if s in progress.melds:
                points, cards = progress.melds[s]
                table.add_row(_seat_words(s, dealer), str(points),
                              cards.symbols() if len(cards) else "—")
        console.print(table)
        side = progress.side_meld()
        if side is not None:
            say(f"Meld: us {side[0]}, them {side[1]}")
    if progress.tricks or progress.trick:
        taken = progress.trick_points()
        if taken is not None:
            say(f"Tricks: us {taken[0]}, them {taken[1]} (the last trick's 2 included)")
        if tricks:
            first = next(n for n, e in enumerate(record.events, 1) if e.kind == "play")
            for i, t in enumerate(progress.tricks, 1):
                shown = " ".join(CARDS[c].symbol for c in t.cards)
                at = first + 4 * (i - 1)
                say(f"  {i:>2}. seat {t.leader} leads: {shown:<16} won by"
                    f" {_seat_words(t.winner, dealer)}, {t.points}  (events {at}-{at + 3})")
            if progress.trick:
                shown = " ".join(CARDS[c].symbol for c in progress.trick)
                say(f"  {len(progress.tricks) + 1:>2}. seat {progress.leader} leads: {shown}")
    if record.result is not None:
        say(f"Result: {record.result}")
    if record.score is not None:
        say(f"Score: us {record.score[0]:+d}, them {record.score[1]:+d}")
    if not progress.complete:
        say(f"Next: {_next_words(progress)}")


def _next_words(progress) -> str:
    kind, seat = progress.next()
    who = "any seat yet to show its meld" if seat is None else f"seat {seat}"
    return {"call": f"{who} to call", "request": f"{who} to ask for a suit",
            "pass": f"{who} to pass {progress.exchange_cards} cards",
            "trump": f"{who} to name trump", "meld": f"{who}",
            "play": f"{who} to play", "over": "the hand is over"}[kind]


__all__ = ["PLAY_FORMATS", "play_record", "policy_option", "write_record", "print_record"]
