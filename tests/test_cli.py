"""The command line: bad input gets a clear message, never a silent start."""
from pathlib import Path

from tabletop.cli import main

EXAMPLE = str(Path(__file__).resolve().parents[1] / "mods" / "example")


def _bad_mod(tmp_path):
    mod = tmp_path / "badmod"
    (mod / "pendulum").mkdir(parents=True)
    (mod / "mod.yaml").write_text('id: bad\nname: Bad\nversion: "1"\nload_order: 0\n', encoding="utf-8")
    (mod / "pendulum" / "seats.yaml").write_text("seats:\n  - id: gren\n    colour: '#00aa88'\n", encoding="utf-8")
    return mod


def test_a_broken_mod_is_reported_with_file_and_line_and_nothing_starts(tmp_path, capsys):
    mod = _bad_mod(tmp_path)
    assert main(["--mod", str(mod), "--frames", "1"]) == 1
    err = capsys.readouterr().err
    assert "the mod has errors" in err
    assert "seats.yaml:2: seats.0.id: unknown id 'gren' (did you mean 'green'?)" in err


def test_a_broken_mod_stops_the_simulator_too(tmp_path, capsys):
    mod = _bad_mod(tmp_path)
    assert main(["simulate", "pendulum", "--games", "1", "--mod", str(mod), "--quiet"]) == 1
    assert "gren" in capsys.readouterr().err


def test_the_example_mod_starts(capsys):
    assert main(["simulate", "pendulum", "--games", "1", "--players", "2", "--mod", EXAMPLE,
                 "--quiet", "--json"]) == 0


def test_unknown_command_and_bad_size_are_refused(capsys):
    import pytest
    with pytest.raises(SystemExit) as exc:
        main(["pendlum"])
    assert exc.value.code == 2
    assert "invalid choice: 'pendlum'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--size", "12x7"])
    assert "--size wants WIDTHxHEIGHT" in capsys.readouterr().err


def test_a_misspelt_seat_is_refused_before_a_window_opens(capsys):
    import pytest
    with pytest.raises(SystemExit) as exc:
        main(["pendulum", "--seats", "human,robot", "--frames", "1"])
    assert exc.value.code == 2
    assert "'robot' is not a seat for pendulum" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["grailwar", "--seats", "human,bot"])
    assert "'bot' is not a seat for grailwar; use a comma list of human | npc" in capsys.readouterr().err


def _simulated_wars(tmp_path, capsys, games=2):
    folder = tmp_path / "records"
    assert main(["simulate", "grailwar", "--games", str(games), "--factions", "3", "--seed", "40",
                 "--records", str(folder), "--quiet", "--json"]) == 0
    capsys.readouterr()
    return sorted(folder.glob("*.json"))


def test_simulate_grailwar_keeps_each_war_record_and_each_replays_to_its_end(tmp_path, capsys):
    records = _simulated_wars(tmp_path, capsys)
    assert len(records) == 2
    for path in records:
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert "game over" in out and '"winner": "F' in out


def test_replay_export_log_writes_the_forum_posts_in_the_chosen_language(tmp_path, capsys):
    record = _simulated_wars(tmp_path, capsys, games=1)[0]
    out_file = tmp_path / "thread.txt"
    assert main(["replay", str(record), "--export-log", str(out_file), "--lang", "ja"]) == 0
    assert str(out_file) in capsys.readouterr().out
    text = out_file.read_text(encoding="utf-8")
    assert text.startswith("聖杯戦争 — GMの投稿（シード 40）")
    assert "◎ 第1ターン" in text and "■ GM — ランダムイベント" in text
    assert "(1D100<=" in text and ("＞ 成功" in text or "＞ 失敗" in text)
    assert "◎ 戦争の後" in text


def test_replay_export_log_of_a_broken_record_is_one_line_and_no_file(tmp_path, capsys):
    record = _simulated_wars(tmp_path, capsys, games=1)[0]
    broken = tmp_path / "broken.json"
    broken.write_text(record.read_text(encoding="utf-8").replace('"kind"', '"knid"', 1), encoding="utf-8")
    out_file = tmp_path / "thread.txt"
    code = main(["replay", str(broken), "--export-log", str(out_file), "--lang", "ja"])
    captured = capsys.readouterr()
    assert code != 0
    assert captured.err.count("\n") == 1 and str(broken) in captured.err
    assert "Traceback" not in captured.err + captured.out
    assert not out_file.exists()


def test_simulate_records_is_refused_for_pendulum_not_ignored(tmp_path, capsys):
    assert main(["simulate", "pendulum", "--games", "1", "--records", str(tmp_path / "r"), "--quiet"]) == 2
    assert "--records" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()
