"""Saves: atomic writes in the user data folder; bad saves refused and left untouched;
a process killed mid-write leaves the previous save loadable."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tabletop.engine import Record, SaveError
from tabletop.engine import saves

ROOT = Path(__file__).resolve().parents[2]


def test_autosave_goes_to_the_user_data_folder(tmp_path):
    record = Record(game="counter", seed=9, seats=["human", "bot"])
    path = saves.write_record(record)
    assert path == Path(os.environ["TABLETOP_DATA_DIR"]) / "autosave-counter.json"
    assert saves.read_record(path) == record
    assert not list(path.parent.glob(".*.tmp")), "temporary file left behind"


def test_write_replaces_the_previous_save(tmp_path):
    path = tmp_path / "s.json"
    saves.write_record(Record(game="g", seed=1), path)
    saves.write_record(Record(game="g", seed=2), path)
    assert saves.read_record(path).seed == 2


@pytest.mark.parametrize("content, message", [
    ('{"format": 1, "game": "counter", "seed": 3, "actions": [', "corrupt save, not valid JSON"),
    ("", "corrupt save, not valid JSON"),
    ('{"format": 7, "game": "counter", "seed": 3}', "saved by a newer version of the program (format 7"),
    ('"just text"', "not a record"),
])
def test_bad_save_gives_a_clear_message_and_is_left_untouched(tmp_path, content, message):
    path = tmp_path / "autosave-counter.json"
    path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    stat = path.stat()
    with pytest.raises(SaveError) as info:
        saves.read_record(path)
    assert message in str(info.value)
    assert str(info.value).startswith(str(path))
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == stat.st_mtime_ns


def test_binary_and_missing_saves(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="cannot read"):
        saves.read_record(path)
    assert path.read_bytes() == b"\xff\xfe\x00garbage"
    with pytest.raises(SaveError, match="no such save"):
        saves.read_record(tmp_path / "nope.json")


def test_unclean_exit_marker():
    saves.mark_running("counter")
    assert saves.unclean_games() == []                    # no autosave yet
    saves.write_record(Record(game="counter", seed=1))
    assert saves.unclean_games() == ["counter"]
    saves.mark_clean_exit("counter")
    assert saves.unclean_games() == []


def test_stale_temporary_files_are_cleaned(tmp_path):
    old = tmp_path / ".autosave-x.json.abc.tmp"
    fresh = tmp_path / ".autosave-x.json.def.tmp"
    old.write_text("half")
    fresh.write_text("half")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    assert saves.clean_temp_files(tmp_path) == 1
    assert not old.exists() and fresh.exists()


_WRITER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[1])
    import json
    from tabletop.atomic import atomic_write_text
    path = sys.argv[2]
    padding = "x" * 200
    actions = json.dumps([{"a": {"kind": "add", "seat": i % 2, "n": 1, "pad": padding}} for i in range(60000)])
    n = 0
    while True:
        n += 1                                # a 16 MB record, different each time
        text = '{"format": 1, "game": "counter", "seed": %d, "meta": {"n": %d}, "actions": %s}' % (n, n, actions)
        print("begin", n, flush=True)
        atomic_write_text(path, text)         # what write_record does with record.to_json()
        print("done", n, flush=True)
""")


def _kill_mid_write(path: Path, writes_before: int, delay: float) -> tuple[int, bool]:
    """Start a writer, let it finish ``writes_before`` saves, kill it ``delay`` seconds
    into the next one with SIGKILL. Returns (last finished write, temp file left)."""
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(ROOT), str(path)],
                            stdout=subprocess.PIPE, text=True)
    done = 0
    try:
        for line in proc.stdout:
            word, n = line.split()
            if word == "done":
                done = int(n)
            elif int(n) > writes_before:      # the next write has started
                deadline = time.monotonic() + 5
                while not list(path.parent.glob(f".{path.name}.*.tmp")) and time.monotonic() < deadline:
                    time.sleep(0.0005)        # wait for its temporary file to appear
                time.sleep(delay)
                break
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    leftover = bool(list(path.parent.glob(f".{path.name}.*.tmp")))
    return done, leftover


@pytest.mark.parametrize("delay", [0.0, 0.005])
def test_autosave_survives_a_process_killed_mid_write(tmp_path, delay):
    path = tmp_path / "autosave-counter.json"
    done, _leftover = _kill_mid_write(path, writes_before=1, delay=delay)
    assert done >= 1
    record = saves.read_record(path)                      # never a half-written file
    assert record.meta["n"] in (done, done + 1)
    assert len(record.actions) == 60000
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == record.meta["n"]


def test_user_data_folder_comes_from_platformdirs(tmp_path, monkeypatch):
    import platformdirs
    monkeypatch.delenv("TABLETOP_DATA_DIR")
    seen = {}

    def fake(appname, appauthor=None, **kw):
        seen["args"] = (appname, appauthor)
        return str(tmp_path / "pd")
    monkeypatch.setattr(platformdirs, "user_data_dir", fake)
    assert saves.data_dir() == tmp_path / "pd" and (tmp_path / "pd").is_dir()
    assert seen["args"] == ("tabletop-sim", False)
    assert saves.autosave_path("grailwar") == tmp_path / "pd" / "autosave-grailwar.json"


def test_a_failed_write_keeps_the_old_save_and_leaves_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "autosave-counter.json"
    saves.write_record(Record(game="counter", seed=1), path)
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="No space left"):
        saves.write_record(Record(game="counter", seed=2), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_replay_command_refuses_a_bad_save_clearly(tmp_path, capsys):
    from tabletop import cli
    path = tmp_path / "autosave-pendulum.json"
    path.write_text('{"format": 3, "game": "pendulum", "seed": 1, "actions": []}', encoding="utf-8")
    newer = path.read_bytes()
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"replay: {path}: format: saved by a newer version of the program (format 3")
    assert path.read_bytes() == newer
    path.write_text('{"format": 1, "game": "pendulum", "seed": 1, "actions": [{"a": ', encoding="utf-8")
    corrupt = path.read_bytes()
    assert cli.main(["replay", str(path)]) == 1
    assert "corrupt save, not valid JSON" in capsys.readouterr().err
    assert path.read_bytes() == corrupt


# --- save slots (issue 14, item 4) ------------------------------------------------------------
def test_each_game_in_progress_has_its_own_slot_and_a_new_game_never_replaces_one():
    a = Record(game="pendulum", seed=42, seats=["human", "bot", "bot"], meta={"started": "2026-12-01T12:55:00+00:00"})
    b = Record(game="pendulum", seed=43, seats=["human", "bot", "bot"], meta={"started": "2026-12-01T12:56:00+00:00"})
    assert saves.slot_path(a).name == "slot-pendulum-hbb-20261201T125500Z-s42.json"
    assert saves.slot_path(a).parent == saves.data_dir()
    a.actions.extend({"a": {"kind": "add", "seat": 0, "n": 1}} for _ in range(200))
    saves.write_record(a, saves.slot_path(a))
    saves.write_record(b, saves.slot_path(b))          # a second game: its own file
    slots = saves.unfinished_slots()
    assert [(s.path.name, s.actions) for s in slots][-1] == (saves.slot_path(a).name, 200)
    assert {s.path for s in slots} == {saves.slot_path(a), saves.slot_path(b)}


def test_finished_games_are_not_offered_and_damaged_slots_are_listed_with_their_error():
    done = Record(game="grailwar", seed=1, meta={"started": "2026-12-01T10:00:00+00:00", "finished": True})
    saves.write_record(done, saves.slot_path(done))
    damaged = saves.data_dir() / "slot-pendulum-hh-20261201T110000Z-s1.json"
    damaged.write_text('{"game": "pendulum", "seed": 1e999', encoding="utf-8")
    slots = saves.unfinished_slots()
    assert [s.path for s in slots] == [damaged] and "corrupt save" in slots[0].error


def test_delete_slot_removes_only_slots_of_this_program(tmp_path):
    rec = Record(game="pendulum", seed=2, seats=["human", "human"])
    path = saves.write_record(rec, saves.slot_path(rec))
    saves.delete_slot(path)
    assert not path.exists()
    other = tmp_path / "slot-pendulum-x.json"
    other.write_text("{}")
    with pytest.raises(SaveError, match="not a save slot of this program; not deleted"):
        saves.delete_slot(other)
    prefs = saves.data_dir() / "preferences.json"
    prefs.write_text("{}")
    with pytest.raises(SaveError):
        saves.delete_slot(prefs)
    assert other.exists() and prefs.exists()


def test_a_legacy_autosave_counts_as_unfinished_while_its_game_runs():
    saves.write_record(Record(game="counter", seed=1))
    assert saves.unfinished_slots() == []
    saves.mark_running("counter")
    assert [s.path.name for s in saves.unfinished_slots()] == ["autosave-counter.json"]
    saves.mark_clean_exit("counter")
    assert saves.unfinished_slots() == []


def test_a_record_names_its_mods_by_id_and_version_never_by_path():
    example = Path(__file__).parents[2] / "mods" / "example"
    path = saves.write_record(Record(game="pendulum", seed=1, mods=[str(example), "/no/such/folder"]))
    assert json.loads(path.read_text())["mods"] == [{"id": "example", "version": "1.0.0"}, "folder"]
