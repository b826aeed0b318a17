"""The modules the table's advice imports on first use, loaded before the first prompt
(``load_advice``).

Ctrl-C while advice is worked out must stop the session at once, with the line that resumes it
and exit status 130. Python cannot promise that when the signal lands inside an import: the
``KeyboardInterrupt`` may be raised in importlib's own clean-up, where it is swallowed, and the
advice goes on as if no key had been pressed (seen 3 times in 60 under load, each in the first
advice's import of numpy's random generator; once more in those 60 the process ended by the
signal, status -2, after the session had said where the record is; none in 100 once these
modules were loaded first). The advice imports them lazily, so that commands which never advise
start faster; a session loads them before its first prompt, and then no import is left inside
the advice for a Ctrl-C to land in (``tests/cli/test_cli_table_files.py`` checks every kind of
decision).
"""

from __future__ import annotations

from importlib import import_module

#: What the advice imports lazily, for each kind of decision: the seeds (numpy's random
#: generator, which numpy itself loads on first use, as it does its masked arrays for
#: ``np.unique``), the calls and the trump, the pass (with its stored tables) and the
#: request, the meld, the card play.
ADVICE_MODULES = (
    "numpy.random",
    "numpy.ma",
    "pinochle_calc.game.decisions",
    "pinochle_calc.game.game_pass",
    "pinochle_calc.bidding.advise",
    "pinochle_calc.bidding.estimate",
    "pinochle_calc.bidding.game_call",
    "pinochle_calc.exchange.tables",
    "pinochle_calc.meld.engine",
    "pinochle_calc.meld.words",
    "pinochle_calc.play.advice",
    "pinochle_calc.play.facts",
)


def load_advice() -> None:
    """Import every module the advice (``session.advice``) imports on first use."""
    for name in ADVICE_MODULES:
        import_module(name)
