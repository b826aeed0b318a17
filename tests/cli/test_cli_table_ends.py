"""`table`'s loose ends, typed as a player types them: a meld never typed is said at once, in
the table's own words (never a `card` option), and how to give it works; `show` says the
exchange is to come once trump is named; `?` out of turn says whose turn it is; a hand thrown
in before the meld waits for the meld the score sheet needs; and the table's figures agree in
number ("1 more card scores lower").

The oracles are the hands as the engine played them: their events, their meld and their sheet
row (``session.sheet_row`` of the engine's own record, not of what was typed)."""

from __future__ import annotations

from dataclasses import replace

from cli_runner import line_of, run

from pinochle_calc.game.hand import card_position, load_record
from pinochle_calc.game.session import sheet_row
from pinochle_calc.game.whole import deal_cards, hand_seed, play_hand
from pinochle_calc.scoring import SHEET_COLUMNS
from pinochle_calc.seats import seats_text


def finished_hand(seed: int = 3, rules: str = "standard"):
    return play_hand(deal_cards(seed), "formula", "formula", rules, seed=hand_seed(seed))


def typed(record, upto: int | None = None, seat: int = 0, skip=()) -> list[str]:
    """Seat ``seat``'s hand, then the events before event ``upto`` (1-based; all of them:
    None), leaving out the events numbered in ``skip``."""
    events = record.events if upto is None else record.events[:upto - 1]
    return [record.hands[seat].symbols(),
            *(line_of(e) for n, e in enumerate(events, 1) if n not in skip)]


def script(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def flat(text: str) -> str:
    """Output with its wrapping undone."""
    return " ".join(text.split())


def melds(record) -> list[int]:
    """The numbers of the record's meld events."""
    return [n for n, e in enumerate(record.events, 1) if e.kind == "meld"]


def first_play(record) -> int:
    return next(n for n, e in enumerate(record.events, 1) if e.kind == "play")


def test_a_meld_never_typed_is_said_at_once_in_the_tables_own_words(tmp_path):
    """Only your own meld typed, then the first card: the table says which seats' meld is
    missing, what it costs and how to give it (undo, then the meld); the advice never points
    at card's --shown. Undone and typed, the card advice has the contract's chance again."""
    hand = finished_hand()
    mine = next(n for n in melds(hand) if hand.events[n - 1].seat == 0)
    others = [n for n in melds(hand) if n != mine]
    missing = sorted(hand.events[n - 1].seat for n in others)
    start = first_play(hand)
    two_tricks = start + 8  # seat 0 plays in each trick: its advice comes
    path = tmp_path / "h.txt"
    out = run("table", "--save", str(path), "--samples", "20",
              input=script(*typed(hand, two_tricks, skip=others), "quit"))
    assert out.exit_code == 0, out.stdout
    said = flat(out.stdout)
    assert (f"warning: the meld of {seats_text(missing)} was not typed: it stays unknown, so"
            " the card advice ranks the cards by trick points (no chance of the contract, no"
            " score), and the hand cannot go on a score sheet. To give it: undo (the card"
            f" back), then type each seat's meld ({missing[0]}: ♠K Q ♥K Q, or {missing[0]}:"
            " none)") in said
    assert said.count("was not typed") == 1  # said once, at the first card
    assert "--shown" not in out.stdout and "--tricks" not in out.stdout
    assert f"ranked by trick points: not given the meld of {seats_text(missing)}" in said
    assert "contract made" not in out.stdout

    # as it says: undo the card, type the meld, and the advice has the contract's chance
    fixed = tmp_path / "fixed.txt"
    lines = typed(hand, start, skip=others)
    again = run("table", "--save", str(fixed), "--samples", "20", input=script(
        *lines, line_of(hand.events[start - 1]), "undo",
        *(line_of(hand.events[n - 1]) for n in others),
        *(line_of(e) for e in hand.events[start - 1:two_tricks - 1]), "quit"))
    assert again.exit_code == 0, again.stdout
    undone = again.stdout[again.stdout.index("undone: "):]
    assert "contract made" in undone and "not given" not in undone
    assert load_record(str(fixed)).events == tuple(
        replace(e, comment="") for e in hand.events[:two_tricks - 1])


def test_a_played_hand_without_the_meld_says_how_to_put_it_on_the_sheet_and_that_works(
        tmp_path):
    """The whole hand played without the other seats' meld: the sheet cannot take it, and the
    table says how to give it (lines in the record, then --resume). Done so, the hand goes on
    the sheet with the row the engine's own record gives."""
    hand = finished_hand()
    mine = next(n for n in melds(hand) if hand.events[n - 1].seat == 0)
    others = [n for n in melds(hand) if n != mine]
    missing = sorted(hand.events[n - 1].seat for n in others)
    path, sheet = tmp_path / "h.txt", tmp_path / "game.csv"
    out = run("table", "--save", str(path), "--samples", "20", "--sheet", str(sheet),
              input=script(*typed(hand, skip=others), "quit"))
    assert out.exit_code == 1
    assert (f"Not on the score sheet: the meld of {seats_text(missing)} was not typed, and the"
            f" sheet needs each seat's. To give it: add a line for each to {path} before its"
            f" first lead line (meld {missing[0]}: ♠K Q ♥K Q, or meld {missing[0]}: 0), then"
            f" go on with pinochle-calc table --resume {path}") in flat(out.stdout)
    assert not sheet.exists()
    text = path.read_text().splitlines()
    lead = next(i for i, line in enumerate(text) if line.startswith("lead "))
    added = [f"meld {hand.events[n - 1].seat}: {hand.events[n - 1].cards.symbols()}"
             for n in others]
    path.write_text("\n".join(text[:lead] + added + text[lead:]) + "\n")
    done = run("table", "--resume", str(path), input="quit\n")  # the record names the sheet
    assert done.exit_code == 0, done.stdout
    assert f"Added to the score sheet {sheet}" in flat(done.stdout)
    row = sheet.read_text().splitlines()[-1].split(",")
    assert row == [str(sheet_row(hand)[c]) for c in SHEET_COLUMNS]


def test_a_throw_in_before_the_meld_waits_for_the_meld_the_sheet_needs(tmp_path):
    """The bidder concedes before the meld: with a sheet, the table says the sheet needs each
    seat's meld and takes it (no card); then the hand goes on the sheet with that meld."""
    hand = finished_hand()
    bidder = hand.state.contract.seat
    path, sheet = tmp_path / "h.txt", tmp_path / "game.csv"
    shown = [line_of(hand.events[n - 1]) for n in melds(hand)]
    out = run("table", "--save", str(path), "--samples", "20", "--sheet", str(sheet),
              input=script(*typed(hand, melds(hand)[0]), "throw-in", "A♥", *shown, "quit"))
    said = flat(out.stdout)
    assert out.exit_code == 1  # the card was refused
    assert (f"event {melds(hand)[0]}: seat {bidder} throws the hand in") in said
    assert "The hand is over before the meld, and the score sheet needs each seat's: type it"\
        in said
    assert "meld: seat 0, 1, 2, 3 to show (for the score)>" in out.stdout
    assert "refused: " in out.stdout and "no card is played" in said
    assert f"Added to the score sheet {sheet}" in said
    row = dict(zip(SHEET_COLUMNS, sheet.read_text().splitlines()[-1].split(",")))
    side = hand.state.side_meld()
    assert (row["meld_us"], row["meld_them"], row["result"]) == (str(side[0]), str(side[1]),
                                                                  "thrown-in")
    assert run("score", "--sheet", str(sheet), "-f", "json").exit_code == 0
    # without a sheet the hand is over at once, as before
    alone = run("table", "--save", str(tmp_path / "a.txt"), "--samples", "20",
                input=script(*typed(hand, melds(hand)[0]), "throw-in", "quit"))
    assert "The hand is over" in alone.stdout and "sheet needs" not in alone.stdout


def test_show_and_advice_out_of_turn_say_what_is_so(tmp_path):
    """In Davis's game, trump named and the partner to pass: show says the exchange is to
    come (not "no trump was named"), ? says whose turn it is (not your meld); at the meld, ?
    shows your meld; in the play, out of turn, whose turn it is."""
    hand = finished_hand(3, "standard,bidding.steps=any,passing.cards=4")
    trump = next(n for n, e in enumerate(hand.events, 1) if e.kind == "trump")
    assert hand.state.contract.seat != 0 and hand.events[trump].seat != 0  # not ours to pass
    passer = hand.events[trump].seat
    start = first_play(hand)
    after = next(n for n, e in enumerate(hand.events, 1)
                 if n > start and e.kind == "play" and e.seat != 0)  # not ours to play
    lines = typed(hand, trump + 1)
    out = run("table", "--save", str(tmp_path / "h.txt"), "--samples", "20", "-c", "davis",
              input=script(*lines, "show", "?",
                           *(line_of(e) for e in hand.events[trump:melds(hand)[0] - 1]), "?",
                           *(line_of(e) for e in hand.events[melds(hand)[0] - 1:after - 1]),
                           "?", "quit"))
    assert out.exit_code == 0, out.stdout
    said = out.stdout
    shown = said[said.index("> show\n"):said.index("> ?\n")]
    assert "Exchange: to come" in shown and "no trump was named" not in shown
    first = said[said.index("> ?\n"):]
    first = first[:first.index(">", 4)]
    # the opponents' pass is not seen: the prompt says it may be typed hidden
    assert f"No advice: it is not your turn: seat {passer} to pass 4 cards (hidden: not seen)" \
        in first
    assert "Your meld" not in first
    at_meld = said.split("> ?\n")[2]
    assert at_meld.startswith("Your meld: ")
    in_play = said.split("> ?\n")[3]
    seat = hand.events[after - 1].seat
    assert in_play.startswith(f"No advice: it is not your turn: seat {seat} to play")


def test_one_more_card_is_said_as_one(tmp_path):
    """The card advice shows the best four cards; with five to choose from, "1 more card
    scores lower" (not "1 more cards score lower")."""
    hand = finished_hand()
    n = next(n for n, e in enumerate(hand.events, 1) if e.kind == "play" and e.seat == 0
             and len(card_position(hand.state_before(n), 0).legal()) == 5)
    out = run("table", "--save", str(tmp_path / "h.txt"), "--samples", "20",
              input=script(*typed(hand, n), "quit"))
    assert out.exit_code == 0
    assert "  (1 more card scores lower)" in out.stdout.splitlines()
