"""The data kit's safe, line-aware ``load_yaml`` without importing the whole data kit
(its package pulls in pydantic, which costs more than the launcher's whole first frame).
The same loader file is executed once under a private module name; once ``tabletop.data``
is imported anyway, its own ``load_yaml`` is used."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_LOADER = Path(__file__).resolve().parents[1] / "data" / "loader.py"
_module = None


def load_yaml(path):
    global _module
    if "tabletop.data" in sys.modules:
        from ..data import load_yaml as full
        return full(path)
    if _module is None:
        spec = importlib.util.spec_from_file_location("tabletop.ui._data_loader", _LOADER)
        module = importlib.util.module_from_spec(spec)
        module.__package__ = "tabletop.data"      # its relative imports resolve as in the data kit
        spec.loader.exec_module(module)
        _module = module
    return _module.load_yaml(path)
