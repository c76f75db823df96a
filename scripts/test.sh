#!/usr/bin/env bash
# Sets up everything the tests need on a fresh machine, then runs lint, mypy and the tests.
# Installs (requirements/test.txt, then dipgm itself) only when .venv is missing or
# pyproject.toml or the lock changed. Usage: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh

ensure_venv requirements/test.txt

# A throwaway PostgreSQL for the storage and service suites, unless one is given.
if [ -z "${TEST_DATABASE_URL:-}" ] && command -v initdb >/dev/null 2>&1; then
    eval "$(bash scripts/pg_test_server.sh start)"
    trap 'bash scripts/pg_test_server.sh stop >/dev/null 2>&1 || true' EXIT
fi

.venv/bin/ruff check .
.venv/bin/ruff format --check .
# The type checker, on what [tool.mypy] in pyproject.toml lists (every package; the engine strictly).
.venv/bin/mypy
# Two workers (pytest-xdist), one a core of the 2-core machines it runs on; tests that
# take long go first to whichever is free. `-n 0` (or any -n) in the arguments wins.
.venv/bin/python -m pytest -n 2 --dist worksteal "$@"
