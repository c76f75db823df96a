#!/usr/bin/env bash
# Sets up the bot on a fresh machine and runs it (SQLite in ./data by default).
# Needs DISCORD_TOKEN in the environment or in a .env file; see README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[postgres]'
exec .venv/bin/python -m bot "$@"
