"""Command line of the engine: `python -m adjudication replay [FILE]`."""

from __future__ import annotations

import argparse
import sys

from adjudication.model.rules import ParadoxRule, Rules


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m adjudication", description="dipgm's Diplomacy adjudicator."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser(
        "replay",
        help="adjudicate recorded phases (JSON lines, interop/PHASES.md)",
        description="Read recorded phases as JSON lines from FILE or standard input and "
        "write one result line per input line to standard output.",
    )
    replay.add_argument("file", nargs="?", help="input file (default: standard input)")
    replay.add_argument(
        "--compare",
        action="store_true",
        help="also compare each result with the line's recorded 'expected' and print "
        "the agreement to standard error",
    )
    replay.add_argument(
        "--paradox-rule",
        choices=[r.value for r in ParadoxRule],
        default=ParadoxRule.SZYKMAN.value,
        help="how convoy paradoxes are resolved (default: %(default)s)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the process exit status."""
    args = _parser().parse_args(argv)
    # Imported after parsing so `--help` works even while the engine cannot import.
    from adjudication.replay import replay

    rules = Rules(paradox_rule=ParadoxRule(args.paradox_rule))
    report = sys.stderr if args.compare else None
    if args.file:
        with open(args.file, encoding="utf-8") as source:
            replay(source, sys.stdout, rules, report)
    else:
        replay(sys.stdin, sys.stdout, rules, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
