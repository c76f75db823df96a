# Sourced by run.sh and test.sh: `ensure_venv LOCK [ALSO_ACCEPTED_LOCK…]` makes .venv and
# installs the locked dependencies (requirements/*.txt, with hashes) and dipgm itself,
# only when needed: no .venv yet, or pyproject.toml or the lock changed since the last
# install. Otherwise nothing is installed and no package index is asked, so an installed
# dipgm starts offline. A stamp per lock in .venv records what was installed.
# ALSO_ACCEPTED_LOCK: a lock whose install is enough too (the test lock holds every
# package of the run lock).

PYTHON=${PYTHON:-python3}

_dipgm_stamp_value() {
    # The hash of pyproject.toml and the lock, as recorded after an install.
    cat pyproject.toml "$1" | "$PYTHON" -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())'
}

_dipgm_stamp_file() {
    echo ".venv/.dipgm-installed-$(basename "$1" .txt)"
}

_dipgm_installed() {
    local lock="$1"
    [ -x .venv/bin/python ] && [ -f "$(_dipgm_stamp_file "$lock")" ] \
        && [ "$(cat "$(_dipgm_stamp_file "$lock")")" = "$(_dipgm_stamp_value "$lock")" ]
}

ensure_venv() {
    local lock="$1"
    shift
    local candidate
    for candidate in "$lock" "$@"; do
        if _dipgm_installed "$candidate"; then
            return 0
        fi
    done
    if [ ! -x .venv/bin/python ]; then
        "$PYTHON" -m venv .venv
    fi
    echo "Installing dipgm and its dependencies ($lock) into .venv; next time only if pyproject.toml or $lock changed." >&2
    .venv/bin/python -m pip install --quiet --require-hashes -r "$lock"
    .venv/bin/python -m pip install --quiet --no-deps -e .
    _dipgm_stamp_value "$lock" >"$(_dipgm_stamp_file "$lock")"
}
