"""The command line adds a sub-command's options only when that command is run or its help is
asked for (tabletop/cli.py ``_Parser``: ``python main.py`` does not build eight commands'
options before the launcher's first frame). What a user types and reads is unchanged."""
import pytest

from tabletop import cli


def test_the_launcher_builds_no_sub_commands_options_and_reads_no_set_up_file(monkeypatch):
    monkeypatch.setattr(cli, "pendulum_setup", lambda: pytest.fail("options.yaml was read for the launcher"))
    parser = cli.build_parser()
    args = parser.parse_args(["--size", "1280x720", "--lang", "ja"])
    assert args.command is None and args.size == (1280, 720) and args.lang == "ja"
    assert all(p.fill is not None for p in parser.commands.values())


def test_a_command_gets_its_options_when_it_is_run_and_only_it():
    parser = cli.build_parser()
    args = parser.parse_args(["--lang", "en", "grailwar", "--factions", "3", "--seed", "77"])
    assert (args.command, args.factions, args.seed, args.lang) == ("grailwar", 3, 77, "en")
    assert parser.commands["grailwar"].fill is None
    assert parser.commands["pendulum"].fill is not None


def test_a_command_name_given_as_an_option_value_changes_nothing():
    args = cli.build_parser().parse_args(["--mod", "pendulum", "replay", "game.json", "--to", "4"])
    assert args.mod == ["pendulum"] and args.command == "replay" and args.record == "game.json" and args.to == 4


@pytest.mark.parametrize("argv, message", [
    (["pendulum", "--rules", "house"], "argument --rules: invalid choice: 'house'"),
    (["simulate", "chess"], "argument game: invalid choice: 'chess'"),
    (["grailwar", "--factions", "many"], "argument --factions: invalid int value: 'many'"),
])
def test_a_commands_own_options_are_still_checked(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.build_parser().parse_args(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("command, flag", [("replay", "--print-state"), ("preview-mod", "--out"),
                                           ("rules", "--section"), ("simulate", "--records")])
def test_each_commands_help_lists_its_options(command, flag, capsys):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args([command, "--help"])
    out = capsys.readouterr().out
    assert flag in out and "--lang" in out
