"""Rules packages and the engine kit never import pygame or pymunk (they run headless)."""
import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PURE = ["tabletop/engine", "tabletop/data", "pendulum/rules", "grailwar/rules"]
FORBIDDEN = {"pygame", "pygame_gui", "pymunk"}


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module.split(".")[0]


@pytest.mark.parametrize("package", PURE)
def test_pure_package_imports_no_display_library(package):
    bad = [f"{p.relative_to(ROOT)}:{line}: imports {name}"
           for p in sorted((ROOT / package).rglob("*.py"))
           for line, name in _imports(p) if name in FORBIDDEN]
    assert not bad, "\n".join(bad)


def test_checker_sees_a_pygame_import(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("import os\nfrom pygame import Rect\n")
    assert [n for _, n in _imports(f)] == ["os", "pygame"]
