"""The wheel `maturin build --release` made (named by $BOARDRULES_WHEEL, as ci.sh sets it)
installs into a clean virtual environment and works there: one wheel for every CPython from
3.9 on (the stable ABI, tag cp39-abi3)."""

import os
import pathlib
import subprocess
import sys

import pytest

WHEEL = os.environ.get("BOARDRULES_WHEEL")


@pytest.mark.skipif(not WHEEL, reason="ci.sh names the wheel it built in BOARDRULES_WHEEL")
def test_the_wheel_installs_into_a_clean_venv(tmp_path):
    wheel = pathlib.Path(WHEEL)
    assert wheel.is_file(), wheel
    assert "-cp39-abi3-" in wheel.name, "an abi3 wheel for Python 3.9 and later"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(wheel)], check=True, cwd=tmp_path
    )
    script = (
        "import boardrules, pickle; "
        "s = boardrules.new_game('kvarn3'); s.play('b2'); "
        "t = pickle.loads(pickle.dumps(s)); "
        "print(boardrules.__file__); print(t.history(), t.observation().shape)"
    )
    # Run from the empty temporary directory: nothing but the installed wheel to import.
    done = subprocess.run(
        [str(python), "-c", script], check=True, cwd=tmp_path, capture_output=True, text=True
    )
    location, result = done.stdout.splitlines()
    assert str(venv) in location, "imported from the clean venv"
    assert result == "['b2'] (5, 3, 3)"
