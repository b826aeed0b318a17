"""Running the command line in process, for the CLI tests."""

import json

from typer.testing import CliRunner

from pinochle_calc.cli import app

runner = CliRunner()


def run(*args):
    """The result of ``pinochle-calc ARGS``."""
    return runner.invoke(app, list(args))


def run_json(*args):
    """The JSON that ``pinochle-calc ARGS --format json`` prints, which must exit 0."""
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, (result.stdout, result.exception)
    return json.loads(result.stdout)
