"""The typer app's entry point from a checkout: `python cli.py rules sv-2000`.

The app itself lives in riskrules/cli/, so that the installed `risk` command and this
file run the same code; an installed wheel has no top-level module of its own.
"""

from riskrules.cli import main

if __name__ == "__main__":
    main()
