#!/usr/bin/env bash
# Builds the Python package boardrules as a wheel and runs its tests, on a fresh machine too,
# from any directory.
#
# A virtual environment under this package's target directory (or $BOARDRULES_VENV) with
# maturin, pytest, numpy, pettingzoo, gymnasium and Ray core (no torch); the abi3 wheel built
# by `maturin build --release` into target/wheels and installed into it; then pytest on tests/
# (test_wheel.py installs the same wheel into a clean venv). Exits non-zero when anything
# fails, including a pytest run that collects no tests (exit 5). Arguments go to pytest.
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
"$venv/bin/python" -m pip install --quiet maturin pytest numpy pettingzoo gymnasium ray

export VIRTUAL_ENV="$venv"
export PATH="$venv/bin:$PATH"
wheels="$here/target/wheels"
rm -f "$wheels"/boardrules-*.whl
nice -n 10 maturin build --release --quiet --interpreter "$venv/bin/python" --out "$wheels"
wheel="$(ls "$wheels"/boardrules-*.whl)"
python -m pip install --quiet --force-reinstall --no-deps "$wheel"
export BOARDRULES_WHEEL="$wheel"

set +e
python -m pytest tests -q "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "ci.sh: pytest collected no tests" >&2
    exit 1
fi
exit "$status"
