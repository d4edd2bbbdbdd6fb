"""Checking config/pendulum/*.yaml: field checks (the pydantic models of schema.py), then
cross-references, every error as ``file:line: dotted.field: message``. What passes is kept
as plain records (tabletop/data/plain.py); data.py asks here only when the validated-rules
cache has no entry (a changed file, a new mod list) or an option patch must be checked."""
from __future__ import annotations

import pydantic

from tabletop.data import (DataError, check_ref, check_unique, did_you_mean, format_errors, load_game_files,
                           where)
from tabletop.data.plain import freeze

from .datapaths import locate
from .schema import FILES

REQUIRED = tuple(FILES)


def validated_data(mods=None) -> dict:
    """``{stem: record}`` for every data file, validated, or ``DataError`` listing every problem."""
    files = load_game_files("pendulum", mods)
    errors: list[str] = []
    models = {}
    for stem in REQUIRED:
        if stem not in files:
            errors.append(f"config/pendulum/{stem}.yaml: (file): missing data file")
    for stem, f in files.items():
        model = FILES.get(stem)
        if model is None:
            errors.append(f"{f.source}:1: (file): unknown Pendulum data file {stem!r} "
                          f"(known: {', '.join(FILES)})")
            continue
        try:
            models[stem] = model.model_validate(f.data)
        except pydantic.ValidationError as exc:
            errors.extend(format_errors(exc, f.marks, f.source))
    if errors:
        raise DataError(errors)
    _cross_check(models, files, errors)
    check_option_paths(models, files, errors)
    if errors:
        raise DataError(errors)
    return {stem: freeze(model) for stem, model in models.items()}


def _cross_check(m: dict, files: dict, errors: list[str]) -> None:
    board, chars, prov, council, ach = m["board"], m["characters"], m["provinces"], m["council"], m["achievements"]
    bf, cf, pf, kf, af = files["board"], files["characters"], files["provinces"], files["council"], files["achievements"]
    check_unique(errors, [a.model_dump() for a in board.actions], "id", bf.source, bf.marks, "actions")
    check_unique(errors, [s.model_dump() for s in board.spaces], "id", bf.source, bf.marks, "spaces")
    action_ids = [a.id for a in board.actions]
    for i, s in enumerate(board.spaces):
        check_ref(errors, s.action, action_ids, bf.source, bf.marks, f"spaces.{i}.action", "action")
    for side in ("1-3", "4-5"):
        for area in ("green", "purple", "black"):
            for row in ("top", "bottom"):
                if not any(s.side == side and s.area == area and s.row == row for s in board.spaces):
                    errors.append(f"{bf.source}: spaces: side {side} has no space in {area} {row}")
    check_unique(errors, [c.model_dump() for c in chars.characters], "id", cf.source, cf.marks, "characters")
    for mat in sorted({c.mat for c in chars.characters}):
        sides = {c.side for c in chars.characters if c.mat == mat}
        if sides != {"basic", "advanced"}:
            errors.append(f"{cf.source}: characters: mat {mat!r} needs a basic and an advanced side (has {sorted(sides)})")
    sids = []
    for i, c in enumerate(chars.characters):
        for j, s in enumerate(c.stratagems):
            sids.append(s.id)
    check_unique(errors, [{"id": s} for s in sids], "id", cf.source, cf.marks, "stratagems")
    kinds = [k.id for k in prov.kinds]
    check_unique(errors, [p.model_dump() for p in prov.provinces], "id", pf.source, pf.marks, "provinces")
    for i, p in enumerate(prov.provinces):
        check_ref(errors, p.kind, kinds, pf.source, pf.marks, f"provinces.{i}.kind", "province kind")
    cards = [council.default, council.grande] + list(council.regular) + list(council.final)
    check_unique(errors, [c.model_dump() for c in cards], "id", kf.source, kf.marks, "council")
    if len(council.regular) < council.deck_build.removed_at_setup + council.deck_build.offer_size:
        errors.append(f"{where(kf.marks, 'regular', kf.source)}: regular: fewer cards than the deck build needs")
    check_unique(errors, [a.model_dump() for a in ach.achievements], "id", af.source, af.marks, "achievements")
    g = m["game"]
    gf = files["game"]
    if sorted(t.id for t in g.timers) != ["black", "green", "purple"]:
        errors.append(f"{where(gf.marks, 'timers', gf.source)}: timers: need exactly black, green and purple")
    if not g.timer_track or not g.timer_track[-1].call_council:
        errors.append(f"{where(gf.marks, 'timer_track', gf.source)}: timer_track: the last space must call council")
    if len(m["seats"].seats) < 5:
        sf = files["seats"]
        errors.append(f"{where(sf.marks, 'seats', sf.source)}: seats: need 5 seat colours")
    of = files["options"]
    for i, o in enumerate(m["options"].options):
        if o.type == "choice" and o.default not in o.values:
            errors.append(f"{where(of.marks, f'options.{i}.default', of.source)}: options.{i}.default: "
                          f"{o.default!r} is not one of {o.values}")


def check_option_paths(models: dict, files: dict, errors: list[str]) -> None:
    """Every option patch names a value that exists (a mod that re-ids an entry must move the path too)."""
    dumps = {stem: m.model_dump() for stem, m in models.items()}
    of = files["options"]
    for i, o in enumerate(models["options"].options):
        for j, patch in enumerate(o.patch):
            field = f"options.{i}.patch.{j}.path"
            try:
                locate(dumps, patch.path)
            except ValueError as exc:
                errors.append(f"{where(of.marks, field, of.source)}: {field}: option {o.id}: {exc}")
            if patch.set is not None and o.type == "choice":
                for k in patch.set:
                    if k not in o.values:
                        f2 = f"options.{i}.patch.{j}.set.{k}"
                        errors.append(f"{where(of.marks, f2, of.source)}: {f2}: option {o.id}: {k!r} is not one of "
                                      f"{o.values}{did_you_mean(k, o.values)}")




def revalidate(patched: dict) -> dict:
    """``{stem: record}`` of option-patched plain data ``{stem: (option ids, dict)}``, checked
    again by the file's model; DataError naming each option when a patch does not fit."""
    out, errors = {}, []
    for stem, (oids, dump) in sorted(patched.items()):
        try:
            out[stem] = freeze(FILES[stem].model_validate(dump))
        except pydantic.ValidationError as exc:
            errors.extend(f"config/pendulum/options.yaml: option {oid}: its patch of {stem}.yaml does not fit: "
                          + "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
                          for oid in oids)
    if errors:
        raise DataError(errors)
    return out
