#!/usr/bin/env bash
# Builds the Python package boardrules and runs its tests, on a fresh machine too.
#
# A virtual environment under this package's target directory (or $BOARDRULES_VENV) with
# maturin, pytest, numpy, pettingzoo and gymnasium; the package built and installed into it
# by `maturin develop --release`; then pytest on tests/. Exits non-zero when anything fails,
# including a pytest run that collects no tests (exit 5).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

python="${PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update && apt-get install -y python3 python3-venv python3-dev
        python=python3
    else
        echo "ci.sh: no $python found" >&2
        exit 1
    fi
fi
# Debian's python3 needs its venv module from a package of its own.
if ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update && apt-get install -y python3-venv python3-dev
    fi
fi

venv="${BOARDRULES_VENV:-$here/target/python-venv}"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet maturin pytest numpy pettingzoo gymnasium

# maturin develop installs into the environment named by VIRTUAL_ENV.
export VIRTUAL_ENV="$venv"
export PATH="$venv/bin:$PATH"
nice -n 10 maturin develop --release --quiet

set +e
python -m pytest tests -q "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "ci.sh: pytest collected no tests" >&2
    exit 1
fi
exit "$status"
