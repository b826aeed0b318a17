"""The rule-set commands: ``rules`` (the presets, one line each) and ``rules show`` (a rule set
in full, as a TOML rule file)."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .app import (
    FORMATS,
    HELP_OPTIONS,
    app,
    choice,
    command,
    rules_option,
    write_csv,
    write_json,
)

rules_app = typer.Typer(
    help="The rule sets: presets, options and rule files. Without a command: list the presets.",
    no_args_is_help=False,
    invoke_without_command=True,
    context_settings=HELP_OPTIONS,
)
app.add_typer(rules_app, name="rules")


@rules_app.callback()
def rules_list(
    ctx: typer.Context,
    format: Annotated[str, typer.Option(
        "--format", "-f", click_type=choice(*FORMATS),
        help="table (the listing, also when piped), json, jsonl or csv.")] = "table",
) -> None:
    """The presets, one line each, and the options that combine with any of them."""
    if ctx.invoked_subcommand is not None:
        return
    from ..rules import PRESET_SUMMARIES, PRESETS, SCHEMA

    if format in ("json", "jsonl", "csv"):
        records = [{"name": name, "summary": PRESET_SUMMARIES.get(name, "")} for name in PRESETS]
        if format == "csv":
            write_csv(("name", "summary"), [tuple(r.values()) for r in records])
        elif format == "json":
            write_json(records)
        else:
            for record in records:
                write_json(record)
        return
    from .render import console, say

    con = console()
    width = max(map(len, PRESETS))
    say(con, "Presets (--rules NAME, or extends = \"NAME\" in a rule file):")
    for name in PRESETS:
        say(con, f"  {name:<{width}}  {PRESET_SUMMARIES.get(name, '')}", hang=width + 2)
    say(con)
    say(con, "Options combine with any preset: --rules PRESET,key=value,... or a TOML rule file"
        " (keys as in the file, section.key):")
    for line in OPTION_LINES:
        say(con, f"  {line}", hang=4)
    say(con, f"Every key: {', '.join(SCHEMA)}.")
    say(con, "Show one in full: pinochle-calc rules show NAME|FILE (prints a rule file).")


#: The options most often changed, one line each (``rules``).
OPTION_LINES = (
    "scale=10: every score times 10 (100 aces)",
    "min_meld=20: the minimum-20 rule (meld and trick points)",
    "roundhouse.single=32, roundhouse.with_run=39, roundhouse.double=240",
    "bidding.steps: by1-then-5, any or by10-above-100; bidding.rounds: unlimited, one or two",
    "bidding.marriage_required: true, false or after-pass",
    "passing.cards: 0 to 4; passing.order: simultaneous or partner-first; passing.when:"
    " after-trump or before-trump; passing.suit_asked: true (Toby Thomas) or false",
    "scoring.concession: standard, nothing, meld, 25-and-meld, 50-and-meld or play",
    "meld.run=15/150/225/300 (any table: single/double/triple/quadruple, - for blank)",
)


@command("show", on=rules_app)
def rules_show(
    name: Annotated[
        Optional[str],  # noqa: UP045
        typer.Argument(show_default=False),
    ] = None,
    format: Annotated[
        str, typer.Option("--format", "-f", click_type=choice("toml", "json"),
                          help="toml (a rule file) or json.")
    ] = "toml",
) -> None:
    """A rule set in full: every table and option, as a TOML rule file that reads back to the
    same rule set (save it, edit it, use it with --rules FILE).

    NAME: a preset, a TOML rule file, or either with ,key=value overrides; default:
    PINOCHLE_RULES, else standard.
    """
    import os

    from ..rules import to_toml

    rules = rules_option(name if name is not None else os.environ.get("PINOCHLE_RULES"))
    if format == "json":
        write_json(rules.to_dict())
    else:
        sys.stdout.write(to_toml(rules))
