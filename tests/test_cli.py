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


# --- Pendulum set-up options on the command line (issue 11 item 7) ------------------------------------------
def _started_pendulum(monkeypatch, argv):
    """Run ``main(argv)`` for one frame; the rules and seats of the table it opened."""
    import tabletop.ui.launcher as launcher
    seen = {}
    real = launcher.start_game

    def spy(app, game, **kw):
        ok = real(app, game, **kw)
        seen["table"] = app.scenes.top
        return ok
    monkeypatch.setattr(launcher, "start_game", spy)
    assert main(["pendulum", "--frames", "1", "--size", "640x360"] + argv) == 0
    return seen["table"]


def test_every_set_up_flag_reaches_the_rules(monkeypatch):
    table = _started_pendulum(monkeypatch, ["--bots", "easy,hard", "--advanced", "--variant", "d2,glory",
                                            "--neutral", "off"])
    o = table.rules.options
    assert table.seats_spec == ["human", "bot:easy", "bot:hard"]
    assert [type(b).kind for b in table.bots.driver.bots.values()] == ["easy", "hard"]
    assert o["advanced"] == [True, True, True] and o["advanced_variant"] == [True, True, True]
    assert o["third_rank_vp_on_1_3_side"] == "guide" and o["winner_rule"] == "rulebook"
    assert o["neutral_player_2p"] == "guide"
    assert table.match.record.options["advanced"] == [True, True, True]     # the record keeps them


def test_seat_colours_reach_the_table(monkeypatch):
    table = _started_pendulum(monkeypatch, ["--seats", "human,bot", "--colours", "black,green"])
    assert [table.rules.seat_style(s).id for s in (0, 1)] == ["black", "green"]
    assert table.rules.seat_style(-1).id == "red"              # the neutral takes the first colour left
    assert table.match.record.options["colours"] == ["black", "green"]


def test_rules_presets_set_the_guide_readings_and_variants_apply_on_top(monkeypatch):
    table = _started_pendulum(monkeypatch, ["--seats", "human,bot", "--rules", "guide"])
    o = table.rules.options
    assert [o[k] for k in ("round1_achievement_2_3p", "third_rank_vp_on_1_3_side", "winner_rule",
                           "elite_troops_votes")] == ["guide"] * 4
    assert o["neutral_player_2p"] == "rulebook" and table.rules.neutral
    table = _started_pendulum(monkeypatch, ["--seats", "human,bot", "--rules", "rulebook", "--variant", "D4"])
    o = table.rules.options
    assert o["elite_troops_votes"] == "guide" and o["winner_rule"] == "rulebook"


def test_the_help_lists_every_set_up_option(capsys):
    import pytest
    with pytest.raises(SystemExit) as exc:
        main(["pendulum", "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for flag in ("--seats", "--mode", "--bots", "--advanced", "--variant", "--neutral", "--rules", "--colours"):
        assert flag in out
    for word in ("D1|D2|D3|D4|glory", "easy|standard|hard", "{guide,rulebook}"):
        assert word in out


def test_bad_set_up_values_are_refused_before_a_window_opens(capsys, monkeypatch):
    import pytest
    import tabletop.cli as cli
    monkeypatch.setattr(cli, "_run_ui", lambda *a: pytest.fail("a window was opened"))
    cases = [(["--bots", "easy,expert"], "argument --bots: 'expert' is not one of easy | standard | hard"),
             (["--variant", "D9"], "argument --variant: 'D9' is not one of D1 | D2 | D3 | D4 | glory"),
             (["--rules", "house"], "argument --rules: invalid choice: 'house'"),
             (["--neutral", "maybe"], "argument --neutral: invalid choice: 'maybe'"),
             (["--seats", "human,bot", "--bots", "easy,easy"],
              "--bots: 2 level(s) given for 1 bot seat(s) in --seats"),
             (["--bots", "easy,easy,easy,easy,easy"], "--seats/--bots: 6 seats; Pendulum takes 2 to 5"),
             (["--colours", "red,pink,blue"], "argument --colours: 'pink' is not one of red | blue | green"),
             (["--colours", "red,red,blue"], "--colours: each seat needs a colour of its own ('red' is given twice)"),
             (["--colours", "red,blue"], "--colours: 2 colour(s) given for 3 seats")]
    for argv, message in cases:
        with pytest.raises(SystemExit) as exc:
            main(["pendulum", "--frames", "1"] + argv)
        assert exc.value.code == 2
        assert message in capsys.readouterr().err


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
