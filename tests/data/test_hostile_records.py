"""Tampered records (issue 14, item 3): ``replay``, Load and Resume refuse each with one
line naming the file and the field, or the action number and the rule; never a
traceback, never a path taken from the record. Fixtures: tests/data/hostile/records/
(made from good.json, a real 6-action Pendulum record)."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tabletop import cli
from tabletop.data.records import replay_file
from tabletop.engine import SaveError, saves

RECORDS = Path(__file__).parent / "hostile" / "records"

REFUSED = {
    "huge-seed.json": "(file): damaged save: a number written with 5000 digits",
    "end-time-infinity.json": "(file): damaged save: Infinity is not a number a record can hold",
    "end-time-huge.json": "end_time: 1000000000000.0 is not a time between 0 and 10,000,000 seconds",
    "negative-time.json": "actions.3.t: -5 is not a time",
    "claim-window.json": "options.claim_window: 1000000000.0 is not a value the launcher sets",
    "options-type.json": "options: players: 'two' must be 2..5",
    "seat-true.json": "record action 1 (move): seat: expected a whole number, got True",
    "worker-dict.json": "record action 1 (move): worker: expected a short text",
    "seats-type.json": "seats: expected up to 16 seat words",
    "unknown-action.json": "record action 2: not an action of pendulum",
    "seat-out-of-range.json": "record action 1 (move seat=99 worker=1g1 to=purple.bottom.small): no seat 99 [2.3 seats]",
    "illegal-action.json": "record action 3 (move seat=1 worker=1c1 to=purple.bottom.small): "
                           "a common worker needs an empty green/purple frame [3.4 frame occupancy]",
    "missing-mod.json": "mods: the game was played with mod 'lost-mod' version 1.0.0; it is not in the mod folders",
    "mod-path.json": "mods: the game was played with mod 'etc'; it is not in the mod folders",
}


def test_the_untampered_record_replays():
    record, _rules, state, mods = replay_file(RECORDS / "good.json")
    assert len(record.actions) == 6 and mods == [] and not state.is_terminal()


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_replay_refuses_a_tampered_record_in_one_line(name, capsys):
    path = RECORDS / name
    before = path.read_bytes()
    assert cli.main(["replay", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err
    assert out.err.count("\n") == 1 and out.err.startswith(f"replay: {path}: {REFUSED[name]}"), out.err
    assert path.read_bytes() == before                  # a refused file is never changed


def test_a_mod_named_by_a_record_is_found_by_id_in_the_configured_folders(tmp_path, capsys):
    mod = tmp_path / "anywhere" / "renamed-folder"
    shutil.copytree(Path(__file__).parents[2] / "mods" / "example", mod)
    path = tmp_path / "r.json"
    path.write_text((RECORDS / "good.json").read_text().replace('"mods": []', '"mods": [{"id": "example", "version": "1.0.0"}]'))
    record, _r, _s, mods = replay_file(path, [mod])
    assert mods == [mod]
    assert replay_file(path)[3][0].name == "example"     # the shipped mods/ folder is searched too
    path.write_text(path.read_text().replace('"version": "1.0.0"', '"version": "9.9"'))
    with pytest.raises(SaveError, match=r"mod 'example' version 9.9; the mod folders have version 1.0.0"):
        replay_file(path, [mod])


def test_only_regular_files_are_read_as_records(tmp_path):
    fifo = tmp_path / "slot-pendulum-x.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        saves.read_record(fifo)                           # returns at once: opened without blocking
    os.mkfifo(saves.data_dir() / "trap.json")
    shutil.copy(RECORDS / "good.json", saves.data_dir() / "good.json")
    from tabletop.ui.launcher import LoadScene
    assert [p.name for p in LoadScene.saves(None)] == ["good.json"]
    assert [s.path.name for s in saves.unfinished_slots()] == []


def test_a_record_too_big_to_be_a_game_is_not_read(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 2048)
    monkeypatch.setattr(saves, "MAX_RECORD_BYTES", 1024)
    with pytest.raises(SaveError, match="over the 1,024-byte limit of a record; not read"):
        saves.read_record(path)
