"""One name per meaning on the command line: docs/vocabulary.md's table of options is the
command line's (every visible option of every command, with the commands that have it), an
option is a flag everywhere or takes a value everywhere, and a short flag belongs to one name."""

from __future__ import annotations

import re
from pathlib import Path

import click
import typer.main

import pinochle_calc.cli  # noqa: F401 (registers the commands)
from pinochle_calc.cli.app import app

PAGE = Path(__file__).resolve().parents[2] / "docs" / "vocabulary.md"


def options() -> dict[str, dict[str, click.Option]]:
    """Every visible option's long name: the commands that have it, and the option in each."""
    found: dict[str, dict[str, click.Option]] = {}

    def walk(command: click.Command, path: list[str]) -> None:
        if path:
            for p in command.params:
                if isinstance(p, click.Option) and not p.hidden:
                    long = next(o for o in p.opts if o.startswith("--"))
                    found.setdefault(long, {})[" ".join(path)] = p
        if isinstance(command, click.Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return found


def documented() -> dict[str, tuple[set[str], str | None]]:
    """The page's table: per option, the commands and the short flag it names."""
    text = PAGE.read_text()
    part = text[text.index("## Options: one name, one meaning"):]
    out = {}
    for row in part.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`--"):
            continue
        names = re.findall(r"`(--[a-z-]+)`", cells[0])
        short = re.search(r"`(-[a-z])`", cells[0])
        commands = set(re.findall(r"`([a-z]+(?: show)?)`", cells[2]))
        for name in names:
            out[name] = (commands, short.group(1) if short else None)
    return out


def test_the_vocabulary_lists_every_option_with_its_commands():
    real = options()
    page = documented()
    assert set(page) == set(real), sorted(set(page) ^ set(real))
    for name, by_command in real.items():
        commands, short = page[name]
        assert commands == set(by_command), (name, commands ^ set(by_command))
        shorts = {next((o for o in p.opts if not o.startswith("--")), None)
                  for p in by_command.values()}
        assert shorts == {short}, (name, shorts)


def test_an_option_is_a_flag_everywhere_or_takes_a_value_everywhere():
    for name, by_command in options().items():
        assert len({p.is_flag for p in by_command.values()}) == 1, name


def test_a_short_flag_is_one_options_everywhere():
    owner: dict[str, str] = {}
    for name, by_command in options().items():
        for p in by_command.values():
            for short in (o for o in p.opts if not o.startswith("--")):
                assert owner.setdefault(short, name) == name, (short, name, owner[short])
