"""Loading config/pendulum/*.yaml: the validated data of a mod list as plain records
(tabletop/data/plain.py), from the validated-rules cache (tabletop/data/rulescache.py) while
no file it was made from changed, else checked by data_checks.py (field checks by the pydantic
models of schema.py, then cross-references, every error as ``file:line: dotted.field:
message``). Options that patch data (options.yaml ``patch``) are applied here; only a patch
that changes a value has it checked again."""
from __future__ import annotations

from pathlib import Path

from tabletop.data import rulescache
from tabletop.data.plain import dump

from .datapaths import locate

_HERE = Path(__file__).resolve().parent
# the modules that read and check the files: an edit to any of them makes every entry stale
CODE = [_HERE / n for n in ("data.py", "data_checks.py", "datapaths.py", "schema.py")]


def _validated(mods):
    # imported here to save start-up time: the checks need pydantic, a cache hit does not
    from .data_checks import validated_data
    return validated_data(mods)


def load_data(mods=None) -> dict:
    """``{stem: record}`` for every data file, validated, or ``DataError`` listing every problem."""
    return rulescache.load("pendulum", list(mods or ()), lambda: _validated(mods), code=CODE)


def patch_data(models: dict, options: dict) -> dict:
    """The data with every option's ``patch`` applied for the chosen ``options`` (a new dict; only the
    files that change are copied and checked again). DataError if a patched file no longer validates."""
    dumps: dict = {}             # plain dicts of the files a patch changes, copied on the first change
    changed: dict = {}
    for o in models["options"].options:
        value = options.get(o.id, o.default)
        for patch in o.patch:
            if patch.set is not None:
                if not isinstance(value, str) or value not in patch.set:
                    continue
                new = patch.set[value]
            else:
                new = int(value) if isinstance(value, float) and value.is_integer() else value
            stem = patch.path.split(".", 1)[0].split("[", 1)[0]
            if stem not in dumps:
                node, key = locate(models, patch.path)       # read from the records: no copy yet
                if dump(node[key]) == new:
                    continue
                dumps[stem] = models[stem].model_dump()
            node, key = locate(dumps, patch.path)
            if node[key] != new:
                node[key] = new
                changed.setdefault(stem, set()).add(o.id)
    if not changed:
        return models
    # imported here to save start-up time: only a patch that changes a value is checked again
    from .data_checks import revalidate
    return {**models, **revalidate({stem: (sorted(oids), dumps[stem]) for stem, oids in changed.items()})}
