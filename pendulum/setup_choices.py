"""What a Pendulum set-up can choose, read from the data files as plain YAML (no rules are
built here): the command line (tabletop/cli.py) and the launcher's set-up screens ask the same
questions of the same files.

* ``variants_of(options_doc)``: ``{"D1": option id, ...}`` -- each guide-vs-rulebook option of
  spec section 6.1 ("D<n>") that has a ``guide`` reading (the 2-player neutral, D5, is its own
  choice: ``NEUTRAL_OPTION``);
* ``presets_of(options_doc)``: ``{name: {option id: value}}``;
* ``colours_of(seats_doc)``: the seat colour ids, in the file's order.
"""
from __future__ import annotations

NEUTRAL_OPTION = "neutral_player_2p"          # D5: its own flag, --neutral
GLORY = "glory"                               # the advanced variant of 1.7, for every seat


def variants_of(doc) -> dict[str, str]:
    variants = {}
    for o in (doc or {}).get("options") or [] if isinstance(doc, dict) else []:
        if not isinstance(o, dict):
            continue
        for name in (part.strip() for part in str(o.get("spec", "")).split("/")):
            if name[:1] == "D" and "guide" in (o.get("values") or []) and o.get("id") != NEUTRAL_OPTION:
                variants[name] = o["id"]
    return dict(sorted(variants.items()))


def presets_of(doc) -> dict[str, dict]:
    presets = doc.get("presets") if isinstance(doc, dict) else None
    return {str(k): dict(v) for k, v in presets.items() if isinstance(v, dict)} if isinstance(presets, dict) else {}


def colours_of(doc) -> list[str]:
    seats = doc.get("seats") if isinstance(doc, dict) else None
    return [str(s["id"]) for s in seats or [] if isinstance(s, dict) and s.get("id")]
