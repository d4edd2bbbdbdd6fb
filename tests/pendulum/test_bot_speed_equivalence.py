"""The speed work on the Pendulum engine and bots changes no choice of any bot (issue 13 item 5): seeded
games of every bot level mix, in time-track and real time, 2 to 5 players, with and without the advanced
characters and variant, play exactly the actions (and, in real time, at exactly the engine times) they
played before that work. The fingerprints (a hash of each game's full action list and its outcome) in
``bot_speed_fingerprints.json`` were recorded with the code before the work (commit b3822be).

A deliberate change of the rules or of a bot changes them, as it changes the golden transcript: check the
golden first, then record them again with ``python -m tests.pendulum.test_bot_speed_equivalence``."""
from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path

import pytest

from pendulum.game import make_rules
from pendulum.rules import actions as A
from pendulum.rules.sim import play_game
from tabletop.engine import Action, Event

FIXTURE = Path(__file__).with_name("bot_speed_fingerprints.json")

MIXES = {                       # seat kinds, repeated over the seats
    "standard": ("standard",),
    "hard": ("hard",),
    "easy": ("easy",),
    "mixed": ("easy", "standard", "hard", "random", "standard"),
}
GAMES = {"timetrack": 100, "realtime": 10}


def game_options(mode: str, seed: int) -> dict:
    """2 to 5 players by seed; every third game with the advanced characters and variant."""
    opts = {"mode": mode, "players": 2 + seed % 4}
    if seed % 3 == 2:
        opts.update(advanced=True, advanced_variant=True)
    return opts


def fingerprint(mode: str, mix: str, seed: int) -> str:
    """A short hash of one seeded game: every action (with its engine time in real time), then the tracks
    and the outcome."""
    opts = game_options(mode, seed)
    kinds = [MIXES[mix][i % len(MIXES[mix])] for i in range(opts["players"])]
    log: list = []
    st, _ = play_game(make_rules(opts), seed, kinds, log=log)
    h = hashlib.sha256()
    for item in log:
        if isinstance(item, tuple):             # real time: (engine time, action)
            h.update(f"{item[0]:.6f} {item[1].to_text()}\n".encode())
        else:
            h.update(f"{item.to_text()}\n".encode())
    out = st.outcome()
    h.update(repr(([p.tracks for p in st.players], [p.legendary for p in st.players], out["winner"],
                   out["reason"])).encode())
    return h.hexdigest()[:16]


def record() -> dict:
    return {mode: {mix: [fingerprint(mode, mix, seed) for seed in range(n)] for mix in MIXES}
            for mode, n in GAMES.items()}


@pytest.mark.parametrize("mode", sorted(GAMES))
@pytest.mark.parametrize("mix", sorted(MIXES))
def test_every_bot_level_plays_the_same_games_as_before_the_speed_work(mode, mix):
    want = json.loads(FIXTURE.read_text(encoding="utf-8"))[mode][mix]
    assert len(want) == GAMES[mode]
    got = [fingerprint(mode, mix, seed) for seed in range(GAMES[mode])]
    differ = [seed for seed, (a, b) in enumerate(zip(got, want)) if a != b]
    assert not differ, f"{mode} {mix}: seeds {differ} play differently"


def test_a_different_game_gives_a_different_fingerprint():
    assert fingerprint("timetrack", "standard", 0) != fingerprint("timetrack", "standard", 4)  # both 2 players
    assert fingerprint("timetrack", "standard", 1) != fingerprint("timetrack", "hard", 1)


def _sample(f, k):
    base = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
    if base.startswith("int"):
        return k + 1
    if base.startswith("float"):
        return k + 0.5
    if base.startswith("bool"):
        return True
    if base.startswith("tuple"):
        return (f"x{k}",)
    return f"v{k}"


@pytest.mark.parametrize("cls", A.PAction.__subclasses__() + A.PEvent.__subclasses__(), ids=lambda c: c.__name__)
def test_actions_and_events_built_in_one_step_keep_the_dataclass_contract(cls):
    """The one-step constructors (actions.py) give what the generated ones gave: every field, positional or
    by keyword, the defaults, frozen, equal and hashed by value, and the same dict and text round trips."""
    fields = dataclasses.fields(cls)
    values = {f.name: _sample(f, k) for k, f in enumerate(fields)}
    a = cls(*values.values())
    b = cls(**values)
    assert a == b and hash(a) == hash(b) and dataclasses.asdict(a) == values
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.seat = 99
    required = {f.name: values[f.name] for f in fields if f.default is dataclasses.MISSING}
    short = cls(**required)
    for f in fields:
        assert getattr(short, f.name) == (values[f.name] if f.name in required else f.default)
    base = Action if issubclass(cls, Action) else Event
    assert base.from_dict("pendulum", a.to_dict()) == a
    assert base.from_text("pendulum", a.to_text()) == a
    assert cls(**{**values, "seat": values["seat"] + 1}) != a


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=1) + "\n", encoding="utf-8")
    print("wrote", FIXTURE)
