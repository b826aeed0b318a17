"""Running the command line in process, for the CLI tests."""

import json

from typer.testing import CliRunner

from pinochle_calc.cli.app import app_for

runner = CliRunner()


def run(*args, **kwargs):
    """The result of ``pinochle-calc ARGS`` as the console script runs it (``app_for``);
    ``kwargs`` go to ``CliRunner.invoke`` (``input``, ``env``, ...)."""
    return runner.invoke(app_for(list(args)), list(args), **kwargs)


def run_json(*args):
    """The JSON that ``pinochle-calc ARGS --format json`` prints, which must exit 0."""
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, (result.stdout, result.exception)
    return json.loads(result.stdout)
