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


def test_the_launcher_makes_only_the_programs_own_parser(monkeypatch):
    """argparse's set-up of a parser (its groups, -h, texts looked up in gettext's catalogues on
    disk) runs for the program's parser alone when no command is given."""
    made = []
    real = cli.argparse.ArgumentParser.__init__

    def counting(self, *args, **kwargs):
        made.append(kwargs.get("prog"))
        real(self, *args, **kwargs)
    monkeypatch.setattr(cli.argparse.ArgumentParser, "__init__", counting)
    cli.build_parser().parse_args(["--size", "1280x720"])
    assert made == ["python main.py"]
    made.clear()
    cli.build_parser().parse_args(["grailwar", "--factions", "3"])
    assert made == ["python main.py", "python main.py grailwar"]


def _everything_made():
    parser = cli.build_parser()
    for command in parser.commands.values():
        command.filled()
    return parser


def _run(parser, argv, capsys):
    with pytest.raises(SystemExit) as exc:
        parser.parse_args(argv)
    out = capsys.readouterr()
    return exc.value.code, out.out, out.err


@pytest.mark.parametrize("argv", [["--help"], ["bogus"], ["--size", "10x10"], ["--seed"], ["--lang", "fr"]]
                         + [[name, "--help"] for name, _, _ in cli.COMMANDS]
                         + [["pendulum", "--rules", "house"], ["simulate"], ["rules", "chess"],
                            ["grailwar", "--seats", "x"], ["pendulum", "--nope"], ["teach", "--size", "1x1"]])
def test_help_and_errors_read_as_with_every_parser_made_first(argv, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    lazy = _run(cli.build_parser(), argv, capsys)
    eager = _run(_everything_made(), argv, capsys)
    assert lazy == eager
    assert lazy[0] in (0, 2) and (lazy[1] or lazy[2]).startswith("usage: python main.py")


def test_a_command_parser_read_before_it_is_made_is_made_then(capsys):
    parser = cli.build_parser()
    replay = parser.commands["replay"]
    assert replay.prog == "python main.py replay"      # read: made now, with everything argparse keeps
    assert "--print-state" in replay.format_help()
    with pytest.raises(SystemExit):
        replay.error("no record")
    assert capsys.readouterr().err.endswith("python main.py replay: error: no record\n")
