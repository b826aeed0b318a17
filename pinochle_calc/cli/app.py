"""The typer app and the options every command shares; ``main`` is the console script.

Exit status: 0 all went well; 1 some hand or input could not be used (each is reported);
2 the command itself was misused (an unknown option, a bad ``--trump``). No user error ever
shows a traceback.

Only typer and the standard library are imported here and at the top of the command modules;
the core, numpy and rich are imported inside each command, so that the shell starts fast.
"""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from ..errors import UserError

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Meld, trick and bid calculator for double-deck pinochle.",
)

FORMATS = ("table", "json", "jsonl", "csv")

#: The ``--rules`` option of every command that scores.
RulesOption = Annotated[
    Optional[str],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
    typer.Option("--rules", envvar="PINOCHLE_RULES", help="A preset, a TOML rule file, and"
                 " ,key=value overrides (e.g. book,scale=10,min_meld=20)."),
]


@app.callback()
def _commands() -> None:
    """Meld, trick and bid calculator for double-deck pinochle."""


def trump_option(value: str | None) -> int | None:
    """A ``--trump`` value (S, H, D, C, a suit symbol or name) as a suit index."""
    if value is None:
        return None
    from ..cards import suit_index

    try:
        return suit_index(value)
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None


def rules_option(value: str | None):
    """The rule set named by ``--rules`` (or ``PINOCHLE_RULES``); the standard one by default."""
    from ..rules import load_rules

    return load_rules(value)


def format_option(value: str | None, choices=FORMATS, piped: str = "jsonl") -> str:
    """A ``--format`` value; by default the first choice on a terminal, ``piped`` otherwise."""
    if value is None:
        return choices[0] if sys.stdout.isatty() else piped
    if value not in choices:
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(choices)}")
    return value


def main() -> None:
    """The console script: run the app, turning user errors into one-line messages."""
    try:
        app()
    except UserError as e:
        sys.stderr.write(f"Error: {e}\n")
        pointer = getattr(e, "pointer", None)
        if pointer is not None:
            sys.stderr.write(pointer() + "\n")
        sys.exit(1)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
