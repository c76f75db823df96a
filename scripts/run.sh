#!/usr/bin/env bash
# Runs the bot (SQLite in ./data by default), installing it first only when needed: on
# the first run and after an upgrade changed pyproject.toml or requirements/run.txt.
# Otherwise it starts at once and offline. Needs DISCORD_TOKEN in the environment or a
# .env file; see README.md. Arguments go to the bot: `bash scripts/run.sh backup PATH`.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh

ensure_venv requirements/run.txt requirements/test.txt
exec .venv/bin/python -m bot "$@"
