"""The README's example runs, and the type stubs name what the module has."""

import ast
import pathlib
import re

import boardrules
from boardrules import _boardrules

HERE = pathlib.Path(__file__).resolve().parent.parent


def test_readme_example_runs(capsys):
    readme = (HERE / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "the README has a Python example"
    assert len([line for line in blocks[0].splitlines() if line.strip()]) <= 10
    exec(compile(blocks[0], "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "(24, 8, 8)" in printed


def test_stubs_match_the_module():
    stubs = ast.parse((HERE / "python" / "boardrules" / "_boardrules.pyi").read_text())
    stubbed = {}
    for node in stubs.body:
        if isinstance(node, ast.FunctionDef):
            stubbed[node.name] = None
        elif isinstance(node, ast.ClassDef):
            stubbed[node.name] = {
                item.name for item in node.body if isinstance(item, ast.FunctionDef)
            }
    public = {name for name in dir(_boardrules) if not name.startswith("_")}
    assert set(stubbed) == public
    for name, members in stubbed.items():
        if members is None:
            continue
        cls = getattr(_boardrules, name)
        have = {m for m in dir(cls) if not m.startswith("_") or m in members}
        assert members - {"__init__"} <= have, (name, members - have)
        own = {m for m in vars(cls) if not m.startswith("_")}
        assert own <= members, (name, own - members)
    assert set(boardrules.__all__) == public
