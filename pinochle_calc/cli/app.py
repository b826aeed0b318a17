"""The typer app and the options every command shares; ``main`` is the console script.

Exit status: 0 all went well; 1 some hand or input could not be used (each is reported);
2 the command itself was misused (an unknown option, a bad ``--trump``, a number out of its
range). Every error is one line on stderr (a hand's error adds the hand with the token marked);
no user error ever shows a traceback.

The conventions every command follows live here, so that a new command copies them: the hand
is a positional argument (``HandArgument``); ``--format`` is ``table``, ``json``, ``jsonl`` or
``csv`` (``FormatOption``, ``format_option``); ``--rules`` (``RulesOption``); ``--seed``,
``--samples`` and ``--jobs`` are range-checked before any work starts (``SeedOption``,
``samples_option``, ``JobsOption``); ``--trump`` (``TrumpOption``).

Only typer (with its click) and the standard library are imported here and at the top of the
command modules; the core, numpy and rich are imported inside each command, so that the shell
starts fast.
"""

from __future__ import annotations

import errno
import inspect
import os
import signal
import sys
from collections.abc import Iterable
from typing import Annotated, Any, Literal, Optional, overload

import click
import typer
from typer.core import TyperGroup

from ..errors import UserError, error_line, quoted, shorten
from ..limits import EXACT_SECONDS_MAX, JOBS_MAX, SEED_MAX

#: How a table's column is aligned.
Justify = Literal["left", "right"]
#: The record formats every command that prints records takes.
FORMATS = ("table", "json", "jsonl", "csv")
#: The suit words shell completion offers for ``--trump``.
SUIT_WORDS = ("S", "H", "D", "C", "♠", "♥", "♦", "♣", "spades", "hearts", "diamonds", "clubs")

#: The variable through which a shell asks for completions (see the README):
#: ``eval "$(_PINOCHLE_CALC_COMPLETE=source_bash pinochle-calc)"``; also source_zsh, source_fish.
COMPLETE_VAR = "_PINOCHLE_CALC_COMPLETE"
#: ``-h`` as well as ``--help``, on every command.
HELP_OPTIONS = {"help_option_names": ["-h", "--help"]}


#: click's error for a command given no arguments where it shows its help (click >= 8.2).
_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())
#: click names the commands close to an unknown one itself (click >= 8.2): typer's own
#: suggestion would say it twice.
_CLICK_SUGGESTS = hasattr(click.exceptions, "NoSuchCommand")


def say_error(message: str) -> None:
    """One error line on stderr."""
    sys.stderr.write(f"Error: {message}\n")


class Stop(Exception):  # noqa: N818 (not an error: how a command stops early)
    """The command stops early with exit status ``code`` and, if any, a one-line message:
    the output closed or not writable, Ctrl-C."""

    def __init__(self, code: int, message: str | None = None):
        super().__init__(code, message)
        self.code, self.message = code, message


def stop_for(error: BaseException) -> Stop | None:
    """How a command stops on this exception, or None where it is not one of those: a closed
    pipe (``meld ... | head``: quietly, 0), output that cannot be written (a full disk: 1),
    Ctrl-C (130)."""
    if isinstance(error, BrokenPipeError):
        return Stop(0)
    if isinstance(error, OSError) and error.errno in _WRITE_ERRORS:
        return Stop(1, f"cannot write the output: {error.strerror}")
    if isinstance(error, KeyboardInterrupt):
        return Stop(130)
    return None


class _Root(TyperGroup):
    """The root command: every error becomes one line on stderr with the exit status that says
    whose it is (1: the input, 2: the command line), under the console script and a test
    runner alike."""

    def resolve_command(self, ctx, args):
        if _CLICK_SUGGESTS:
            return click.Group.resolve_command(self, ctx, args)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx):
        # what click would turn into "Aborted." or exit 1 (a closed pipe) is said here
        try:
            return super().invoke(ctx)
        except (OSError, KeyboardInterrupt) as e:
            stop = stop_for(e)
            if stop is None:
                raise
            raise stop from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        args = list(sys.argv[1:] if args is None else args)
        if COMPLETE_VAR in os.environ:  # a shell asks for completions: only then load them
            from typer.completion import completion_init

            completion_init()
        try:
            for n, arg in enumerate(args, 1):  # bytes that are not UTF-8 come as surrogates
                if not arg.isascii():
                    try:
                        arg.encode("utf-8")
                    except UnicodeEncodeError:
                        raise UserError(f"argument {n}, {quoted(arg)}, is not valid UTF-8"
                                        " text") from None
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            code = code if isinstance(code, int) else 0
        except _NO_ARGS as e:  # the help, shown for a command given nothing
            e.show()
            code = e.exit_code
        except click.ClickException as e:
            message = e.format_message()
            ctx = getattr(e, "ctx", None)
            if ctx is not None and isinstance(e, click.UsageError):
                message = message.removesuffix(".") if message[-3:] != "..." else message
                message = f"{message} (see {ctx.command_path} -h)"
            say_error(shorten(" ".join(message.split()), 400))
            code = e.exit_code
        except UserError as e:
            say_error(str(e))
            pointer = getattr(e, "pointer", None)
            if pointer is not None:
                sys.stderr.write(pointer() + "\n")
            code = 1
        except Stop as e:
            code = e.code
            if e.message:
                say_error(e.message)
            if code in (0, 1) and standalone_mode:  # what stdout holds cannot be written
                _quiet_stdout()
        except click.Abort as e:
            if isinstance(e.__cause__, KeyboardInterrupt):  # Ctrl-C at a prompt
                code = 130
            else:
                sys.stderr.write("Aborted.\n")
                code = 1
        if not standalone_mode:
            return code
        try:
            sys.stdout.flush()
        except OSError as e:
            stop = stop_for(e)
            if stop is None:
                raise
            if stop.message:
                say_error(stop.message)
            _quiet_stdout()
            code = stop.code if code == 0 else code
        sys.exit(code)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        sys.stdout.write(f"pinochle-calc {__version__}\n")
        raise typer.Exit()


def _root_app() -> typer.Typer:
    """The root app with no command yet: ``app`` gets them all, ``app_for`` one."""
    root = typer.Typer(
        cls=_Root,
        add_completion=False,  # completion is loaded on demand (COMPLETE_VAR): nothing at start-up
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        context_settings=HELP_OPTIONS,
        help="Meld, trick and bid calculator for double-deck pinochle.\n\nExit status: 0 done; 1"
        " an input could not be used; 2 the command was misused.",
        epilog="Shell completion of commands, options, presets and suits: add eval"
        " \"$(_PINOCHLE_CALC_COMPLETE=source_bash pinochle-calc)\" to ~/.bashrc (source_zsh for"
        " zsh; for fish: _PINOCHLE_CALC_COMPLETE=source_fish pinochle-calc | source).",
    )
    root.callback()(_commands)
    return root


def _commands(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Meld, trick and bid calculator for double-deck pinochle."""


app = _root_app()


def app_for(args: list[str]) -> typer.Typer:
    """The app that runs these arguments: when the first names a command, an app holding only
    that command (typer turns every command it holds into click's at each start, about 15 ms
    for the ones not asked for); else (help, ``--version``, completion, an unknown command)
    ``app`` itself."""
    from typer.main import get_command_name

    if not args or COMPLETE_VAR in os.environ:
        return app
    commands = [c for c in app.registered_commands
                if get_command_name(str(c.name or getattr(c.callback, "__name__", "")))
                == args[0]]
    groups = [g for g in app.registered_groups if g.name == args[0]]
    if not commands and not groups:
        return app
    one = _root_app()
    one.registered_commands, one.registered_groups = commands, groups
    return one


#: How a hand argument may be written (in the command's help: click 8.5 drops the help of an
#: argument as typer < 0.26 passes it).
HAND_HELP = ("HAND: the cards, quoted or as several words, in any notation: AH 10H KH, A♥ 10 K,"
             " ♥A 10 K ♠Q J, H: A 10 K, H=ATKQJ (T or 10 for a ten; a # starts a comment).")


def command(name: str | None = None, hand: bool = False, on: typer.Typer | None = None,
            **kwargs):
    """``app.command`` (or ``on.command``) with the settings every command shares: ``-h`` for
    help, the docstring's paragraphs wrapped to the terminal; ``hand``: the command takes a
    hand argument, and its help says how to write one."""

    def register(function):
        # one line per paragraph, for the terminal's width to wrap
        paragraphs = [" ".join(p.split()) for p in inspect.cleandoc(function.__doc__ or "")
                      .split("\n\n")] + ([HAND_HELP] if hand else [])
        help_text = "\n\n".join(paragraphs)
        return (on or app).command(name, context_settings=HELP_OPTIONS, help=help_text,
                                   **kwargs)(function)

    return register


# Shell completion ----------------------------------------------------------------------------

def _complete_rules(incomplete: str) -> list[str]:
    from ..rules import PRESETS

    head, comma, _ = incomplete.rpartition(",")
    if comma:
        from ..rules import SCHEMA

        return [f"{head},{key}=" for key in SCHEMA if key.startswith(incomplete[len(head) + 1:])]
    names = [name for name in PRESETS if name.startswith(incomplete)]
    return names + [path for path in _files(incomplete) if path.endswith(".toml")]


def _files(incomplete: str) -> list[str]:
    folder = os.path.dirname(incomplete) or "."
    try:
        entries = os.listdir(folder)
    except OSError:
        return []
    paths = [os.path.join(os.path.dirname(incomplete), e) for e in entries]
    return sorted(p for p in paths if p.startswith(incomplete))


def suit_completion(incomplete: str) -> list[str]:
    """Shell completion of a suit option."""
    return [s for s in SUIT_WORDS if s.lower().startswith(incomplete.lower())]


# The shared options --------------------------------------------------------------------------

#: The hand, as a positional argument: quoted, or as several words.
HandArgument = Annotated[
    Optional[list[str]],  # noqa: UP045 (typer reads the annotation at run time on 3.10)
    typer.Argument(show_default=False),
]

def choice(*words: str) -> click.Choice:
    """The click type of an option that takes one of these words, in any case (``-f CSV``)."""
    return click.Choice(words, case_sensitive=False)


class Share(click.ParamType):
    """A share given as the tables print it, ``85%``, or as ``85`` or ``0.85``: above 0, at
    most 1 (100%). A number above 1 is read as a percentage."""

    name = "share"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        text = str(value).strip()
        percent = text.endswith("%")
        try:
            number = float(text.removesuffix("%").strip())
        except ValueError:
            self.fail(f"{quoted(text)} is not a share: write 85%, 85 or 0.85", param, ctx)
        if percent or number > 1:
            number /= 100
        if not 0 < number <= 1:  # also nan
            self.fail(f"{quoted(text)} is not above 0% and at most 100%", param, ctx)
        return number


#: ``--rules``: every command that scores.
RulesOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--rules", envvar="PINOCHLE_RULES", autocompletion=_complete_rules,
                 help="A preset (standard, book, npa, pinochle14, toby-thomas) or a TOML rule"
                 " file, then ,key=value overrides: book,scale=10,min_meld=20 (keys:"
                 " pinochle-calc rules); default: standard."),
]

#: ``--format``: every command that prints records.
FormatOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--format", "-f", click_type=choice(*FORMATS), show_default=False,
                 help="table, json, jsonl or csv; default: table on a terminal, jsonl"
                 " otherwise."),
]

#: ``--trump``: a suit (without it, commands show every trump; ``legal`` needs it).
TrumpOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--trump", "-t", autocompletion=suit_completion, show_default=False,
                 help="Trump: S H D C, ♠ ♥ ♦ ♣, or a suit name (spades, hearts, ...)."),
]

#: ``--seed``: every command that simulates.
SeedOption = Annotated[
    int, typer.Option("--seed", min=0, max=SEED_MAX,
                      help=f"Random seed, 0 to {SEED_MAX:,}: the same seed, the same figures.")
]

#: ``--score``: the game's score before the hand (``bid``, ``pass``, ``explain``, ``score``).
ScoreOption = Annotated[
    Optional[str],  # noqa: UP045
    typer.Option("--score", metavar="US:THEM", show_default=False,
                 help="The game's score before this hand, your side's then the other side's"
                 " (480:300); the game is won at the rule set's scoring.target."),
]


def score_option(text: str | None, rules) -> tuple[int, int] | None:
    """A ``--score`` value, ``US:THEM``, checked against the rule set's target (a misused
    option: exit 2)."""
    if text is None:
        return None
    from ..errors import UserError
    from ..scoring import game_score

    try:
        return game_score(text, rules)
    except UserError as e:
        raise typer.BadParameter(str(e), param_hint="'--score'") from None


#: ``--jobs``: the commands that can play deals in several processes.
JobsOption = Annotated[
    int, typer.Option("--jobs", "-j", min=1, max=JOBS_MAX,
                      help=f"Processes to play the deals in, 1 to {JOBS_MAX}.")
]

def exact_option(what: str) -> Any:
    """The ``--exact SECONDS`` option of a command that runs the double-dummy solver within a
    budget of its CPU time (``play``, ``review``, ``card``, ``dd``; ``what``: what the time is
    for): ``exact: Annotated[float, exact_option(...)] = DEFAULT``."""
    return typer.Option("--exact", metavar="SECONDS", callback=exact_seconds,
                        help=f"Seconds of CPU time the double-dummy solver may search {what},"
                        f" 0 to {EXACT_SECONDS_MAX:,} (0: no search).")


def exact_seconds(value: float) -> float:
    """``--exact``, checked: seconds from 0 to ``EXACT_SECONDS_MAX``. A number above it is
    most likely a count of positions, which ``--exact`` took before it took seconds: said so."""
    if not value >= 0:  # NaN too
        raise typer.BadParameter(f"{value:g} is not a number of seconds from 0 to"
                                 f" {EXACT_SECONDS_MAX:,}")
    if value > EXACT_SECONDS_MAX:
        raise typer.BadParameter(f"{value:g} is more than {EXACT_SECONDS_MAX:,} seconds (a"
                                 " day): --exact is seconds of the solver's CPU time, no longer"
                                 " positions (5,000,000 positions were about 0.7 s)")
    return value


def samples_option(limit: int, what: str) -> Any:
    """The ``--samples`` option of a command that simulates, at most ``limit`` (the most it
    can serve in about a minute and a few hundred megabytes): ``samples: Annotated[int,
    samples_option(...)]``."""
    return typer.Option("--samples", "-n", min=1, max=limit, help=f"{what}, 1 to {limit:,}.")


@overload
def trump_option(value: str, option: str = ...) -> int: ...
@overload
def trump_option(value: None, option: str = ...) -> None: ...
@overload
def trump_option(value: str | None, option: str = ...) -> int | None: ...
def trump_option(value: str | None, option: str = "--trump") -> int | None:
    """A ``--trump`` value (S, H, D, C, a suit symbol or name) as a suit index (``option``:
    the option it came from, for the message)."""
    if value is None:
        return None
    from ..cards import suit_index

    try:
        return suit_index(value)
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint=f"'{option}'") from None


def contract_option(text: str | None) -> tuple[int, int | None, int | None] | None:
    """A ``--contract`` value, ``SEAT:BID`` (``1:55``; ``SEAT`` alone: the minimum bid), as
    (seat, bid or None, trump or None), read by ``play.position.parse_contract`` (which reads
    the spellings of earlier releases too, ``SEAT,BID`` and ``SEAT,TRUMP[,BID]``)."""
    if text is None:
        return None
    from ..play.position import PositionError, parse_contract

    try:
        return parse_contract(text)
    except PositionError as e:
        raise typer.BadParameter(str(e), param_hint="'--contract'") from None


def required_trump(value: str | None) -> int:
    """The suit of a ``--trump`` the command cannot do without."""
    if value is None:
        raise click.MissingParameter(param_hint="'--trump'", param_type="option")
    return trump_option(value)


def rules_option(value: str | None):
    """The rule set named by ``--rules`` (or ``PINOCHLE_RULES``); the standard one by default."""
    from ..rules import load_rules

    return load_rules(value)


def hand_argument(words: list[str] | None):
    """The ``Hand`` of a positional hand argument (its words joined)."""
    if not words:
        raise click.MissingParameter("Give a hand, such as AH 10H KH QH JH", param_hint="'HAND'",
                                     param_type="argument")
    from ..hand import Hand

    return Hand.parse(" ".join(words))


def format_option(value: str | None) -> str:
    """A ``--format`` value; by default ``table`` on a terminal, ``jsonl`` otherwise."""
    if value is None:
        return "table" if sys.stdout.isatty() else "jsonl"
    return value


def write_json(record: object) -> None:
    """One JSON document on one line (the ``json`` and ``jsonl`` of a single result), written
    by the library's one JSON writer (``records.dumps``)."""
    from ..records import dumps

    sys.stdout.write(dumps(record) + "\n")


def write_csv(header: tuple[str, ...] | None, rows: Iterable[Iterable[object]]) -> None:
    """A header (None: none, for rows that follow) and rows of fields as CSV on stdout, by the
    library's one CSV writer (``records.csv_row``: fields quoted where they need it)."""
    from ..records import csv_row

    lines = ([header] if header is not None else []) + list(rows)
    sys.stdout.write("".join(csv_row(row) + "\n" for row in lines))


#: The errors of a write to a full or failing disk (or a closed terminal): the output could
#: not be written, which is no bug of the program.
_WRITE_ERRORS = frozenset(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO",
                                                            "EROFS", "ENXIO")
                          if hasattr(errno, name))


def main() -> None:
    """The console script. User errors are handled by the app itself (``_Root``); what is left
    here: a closed pipe (``meld ... | head``: quiet, exit 0), output that cannot be written (a
    full disk: one line, exit 1), Ctrl-C (exit 130) and SIGTERM (exit 143), both after the
    command's own clean-up (its worker processes stopped), and the last guard: a bug is
    reported in one line (the traceback only with ``PINOCHLE_DEBUG=1``) with exit status 3.

    Before numpy is loaded, its linear algebra library is given one thread unless the
    environment says otherwise (``OPENBLAS_NUM_THREADS``): the commands multiply small arrays
    only, where threads do not pay, numpy starts faster without them, and with ``--jobs`` each
    worker process is one thread already."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show ♥ gets a ?, not a crash
        if hasattr(stream, "reconfigure") and "utf" not in (stream.encoding or "").lower():
            stream.reconfigure(errors="replace")
    signal.signal(signal.SIGTERM, _terminated)
    try:
        app_for(sys.argv[1:])()
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(0)
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as e:
        if e.errno not in _WRITE_ERRORS:
            _internal(e)
        _quiet_stdout()
        say_error(f"cannot write the output: {e.strerror}")
        sys.exit(1)
    except Exception as e:  # a bug: one line, not a traceback
        _internal(e)


def _terminated(signum, frame) -> None:
    """SIGTERM: unwind as an exit does, so that worker processes are stopped on the way."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    raise SystemExit(128 + signal.SIGTERM)


def _internal(error: Exception) -> None:
    if os.environ.get("PINOCHLE_DEBUG"):
        raise error
    say_error(f"internal error ({error_line(error)}); please"
              " report it with the command line (PINOCHLE_DEBUG=1 shows the traceback)")
    sys.exit(3)


def _quiet_stdout() -> None:
    """After a closed pipe or a failed write: point stdout at /dev/null so that the final flush
    stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
