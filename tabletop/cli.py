"""Command line (DESIGN.md, "Command line"). Holds no rules: it parses and dispatches."""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

from pendulum.setup_choices import NEUTRAL_OPTION, colours_of, presets_of, variants_of

from . import games
from .ui.cache import cached


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        w, h = int(w), int(h)
        if w < 320 or h < 240:
            raise ValueError
        return w, h
    except ValueError:
        raise argparse.ArgumentTypeError(f"--size wants WIDTHxHEIGHT, at least 320x240 (got {text!r})") from None


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {value}")
    return value


_COMMON_DEFAULTS = {"lang": None, "mod": [], "seed": None, "size": None, "fullscreen": False,
                    "frames": None, "screenshot": None, "speed": 1.0, "watch": False}


# The words --seats accepts (the option's own syntax, as its help text gives it).
SEAT_WORDS = {"pendulum": ("human", "bot", "bot:easy", "bot:standard", "bot:hard", "bot:random"),
              "grailwar": ("human", "npc")}


def _seat_list(game: str):
    def parse(text: str) -> list[str]:
        seats = [s.strip().lower() for s in text.split(",") if s.strip()]
        for seat in seats:
            if seat not in SEAT_WORDS[game]:
                raise argparse.ArgumentTypeError(
                    f"{seat!r} is not a seat for {game}; use a comma list of {' | '.join(SEAT_WORDS[game])}")
        return seats
    return parse


# --- Pendulum set-up options (config/pendulum/options.yaml; spec sections 1.5, 1.7, 6.1) ------------------
PENDULUM_OPTIONS = Path(__file__).resolve().parents[1] / "config" / "pendulum" / "options.yaml"
BOT_LEVELS = {"easy": "bot:easy", "standard": "bot:standard", "hard": "bot:hard"}   # level -> seat word


def _pendulum_doc(name: str):
    """A Pendulum data file as plain YAML ({} when it cannot be read)."""
    import yaml  # imported here to save start-up time: only read when the cache below is stale
    try:
        with open(PENDULUM_OPTIONS.with_name(name), encoding="utf-8") as f:
            return yaml.safe_load(f) or {}
    except (OSError, yaml.YAMLError):
        return {}


_SETUP_DOCS: dict = {}


def _setup_docs() -> dict:
    """options.yaml and seats.yaml as plain data, read once per run and kept parsed in the
    start-up cache (tabletop/ui/cache.py) while the files are unchanged: every parser built
    needs them, and ``python main.py`` builds one before its first frame."""
    if not _SETUP_DOCS:
        sources = [PENDULUM_OPTIONS, PENDULUM_OPTIONS.with_name("seats.yaml")]
        docs = cached("cli-pendulum-setup", sources,
                      lambda: {"options": _pendulum_doc("options.yaml"), "seats": _pendulum_doc("seats.yaml")})
        if not (isinstance(docs, dict) and isinstance(docs.get("options"), dict)
                and isinstance(docs.get("seats"), dict)):
            docs = {"options": _pendulum_doc("options.yaml"), "seats": _pendulum_doc("seats.yaml")}
        _SETUP_DOCS.update(docs)
    return _SETUP_DOCS


def pendulum_setup() -> tuple[dict[str, str], dict[str, dict]]:
    """The variants ``{name: option id}`` and presets ``{name: {option id: value}}`` of options.yaml
    (pendulum/setup_choices.py)."""
    doc = _setup_docs()["options"]
    return variants_of(doc), presets_of(doc)


def pendulum_colours() -> list[str]:
    """The seat colour ids of config/pendulum/seats.yaml."""
    return colours_of(_setup_docs()["seats"])


def _choice_list(flag: str, allowed):
    def parse(text: str) -> list[str]:
        words = [w.strip() for w in text.split(",") if w.strip()]
        for w in words:
            if w.lower() not in {a.lower() for a in allowed}:
                raise argparse.ArgumentTypeError(f"{w!r} is not one of {' | '.join(allowed)}")
        if not words:
            raise argparse.ArgumentTypeError(f"give a comma list of {' | '.join(allowed)}")
        return [w.lower() for w in words]
    return parse


def pendulum_options(args, variants: dict[str, str], presets: dict[str, dict]) -> tuple[list[str] | None, dict]:
    """The seats and the rules options the pendulum sub-command's set-up flags ask for.
    ValueError (one line naming the flag and what it allows) when they do not fit together."""
    options: dict = {}
    if args.rules:
        options.update(presets[args.rules])
    for name in args.variant or []:
        if name == "glory":
            options["advanced_variant"] = True
        else:
            options[variants[name.upper()]] = "guide"
    if args.advanced:
        options["advanced"] = True
    if args.neutral is not None:
        options[NEUTRAL_OPTION] = "rulebook" if args.neutral == "on" else "guide"
    seats = list(args.seats) if args.seats else None
    colours = getattr(args, "colours", None)
    if args.bots:
        levels = [BOT_LEVELS[b] for b in args.bots]
        if seats is None:
            seats = ["human"] + levels
        else:
            bot_seats = [i for i, s in enumerate(seats) if s.startswith("bot")]
            if len(bot_seats) != len(levels):
                raise ValueError(f"--bots: {len(levels)} level(s) given for {len(bot_seats)} bot seat(s) in --seats; "
                                 f"give one of {' | '.join(BOT_LEVELS)} per bot seat")
            for i, word in zip(bot_seats, levels):
                seats[i] = word
    if seats is not None and not 2 <= len(seats) <= 5:
        raise ValueError(f"--seats/--bots: {len(seats)} seats; Pendulum takes 2 to 5")
    if colours:
        n = len(seats) if seats is not None else 3        # without --seats: one human and two bots
        twice = next((c for c in colours if colours.count(c) > 1), None)
        if twice:
            raise ValueError(f"--colours: each seat needs a colour of its own ({twice!r} is given twice)")
        if len(colours) != n:
            raise ValueError(f"--colours: {len(colours)} colour(s) given for {n} seats; give one per seat")
        options["colours"] = colours
    return seats, options


def _common(p: argparse.ArgumentParser, top: bool = False) -> None:
    """The common options, accepted before or after the command. On sub-commands their
    defaults are suppressed so they do not overwrite what was given before the command."""
    d = (lambda k: _COMMON_DEFAULTS[k]) if top else (lambda k: argparse.SUPPRESS)
    p.add_argument("--lang", choices=["en", "ja"], default=d("lang"), help="language (default: settings)")
    p.add_argument("--mod", action="append", default=d("mod"), metavar="DIR", help="load a mod folder (repeatable)")
    p.add_argument("--seed", type=int, default=d("seed"), help="game seed")
    p.add_argument("--size", type=_size, default=d("size"), metavar="WxH", help="window size (default 1280x720)")
    p.add_argument("--fullscreen", action="store_true", default=d("fullscreen"), help="start full screen (F11 toggles)")
    p.add_argument("--frames", type=_positive_int, default=d("frames"), metavar="N",
                   help="run N frames at a fixed 1/60 s, then exit 0")
    p.add_argument("--screenshot", default=d("screenshot"), metavar="FILE", help="write the last frame as PNG")
    p.add_argument("--speed", type=float, default=d("speed"), metavar="X",
                   help="run engine time X times faster (demos and tests)")
    p.add_argument("--watch", action="store_true", default=d("watch"),
                   help="reload the --mod folders when a file changes (images, sounds, texts and "
                        "widget theme at once, rules data from the next game; errors shown on screen)")


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter with the terminal's width asked once per run: argparse makes
    a formatter for every option it adds (to check its metavar), and each asked the terminal
    (start-up time: about 120 options are added before the first frame)."""

    _width: int | None = None

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            if _Formatter._width is None:
                _Formatter._width = shutil.get_terminal_size().columns - 2    # as argparse works it out
            width = _Formatter._width
        super().__init__(prog, indent_increment, max_help_position, width)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser with ``_Formatter``. A sub-command's parser is given ``fill``, which
    adds its options; it is made (argparse's own set-up: its groups and ``-h``, each text
    looked up in gettext's catalogues on disk) and filled only when its name is on the
    command line (``parse_known_args`` of the program's parser), its help is asked for or
    anything else of it is read, so ``python main.py`` does not build eight commands it
    does not run (start-up time)."""

    def __init__(self, *args, fill=None, **kwargs):
        kwargs.setdefault("formatter_class", _Formatter)
        self.fill = fill
        self.commands: dict[str, _Parser] = {}     # the program's parser: its sub-commands' parsers
        if fill is None:
            super().__init__(*args, **kwargs)
        else:
            self.__dict__["_pending"] = (args, kwargs)    # made by ``filled`` or ``__getattr__``

    def __getattr__(self, name):
        """Anything argparse keeps on a parser not made yet: make it, then answer."""
        pending = self.__dict__.pop("_pending", None)
        if pending is None or name.startswith("__"):
            raise AttributeError(name)
        super().__init__(*pending[0], **pending[1])
        return getattr(self, name)

    def filled(self) -> "_Parser":
        pending = self.__dict__.pop("_pending", None)
        if pending is not None:
            super().__init__(*pending[0], **pending[1])
        fill, self.fill = self.fill, None
        if fill is not None:
            fill(self)
        return self

    def parse_known_args(self, args=None, namespace=None):
        words = sys.argv[1:] if args is None else args
        for word in words:
            if isinstance(word, str) and word in self.commands:
                self.commands[word].filled()
        self.filled()
        return super().parse_known_args(args, namespace)

    def format_usage(self):
        self.filled()
        return super().format_usage()

    def format_help(self):
        self.filled()
        return super().format_help()


def _pendulum_args(p: _Parser) -> None:
    _common(p)
    p.add_argument("--seats", type=_seat_list("pendulum"), default=None,
                   help="comma list of human|bot[:easy|standard|hard|random] (2-5 seats)")
    p.add_argument("--mode", choices=["realtime", "timetrack", "beginner"], default=None)
    variants, presets = pendulum_setup()
    names = list(variants) + ["glory"]
    p.add_argument("--bots", type=_choice_list("--bots", list(BOT_LEVELS)), default=None, metavar="LEVELS",
                   help="bot level per bot seat, comma list of easy|standard|hard; without --seats: one human "
                        "then these bots")
    p.add_argument("--advanced", action="store_true", default=False,
                   help="every seat plays the advanced side of its character mat")
    p.add_argument("--variant", type=_choice_list("--variant", names), default=None, metavar="LIST",
                   help="comma list of " + "|".join(names) + ": each D<n> plays the teaching guide's reading of "
                        "spec 6.1 D<n>; glory plays the advanced variant of 1.7 for every seat (no two own workers in "
                        "one frame; glory)")
    p.add_argument("--neutral", choices=["on", "off"], default=None,
                   help="2-player neutral player (spec 1.5; off = the guide's super-beginner reading, D5)")
    p.add_argument("--rules", choices=sorted(presets), default=None,
                   help="preset of rule readings from options.yaml: "
                        + "; ".join(f"{k} = {', '.join(f'{o}={v}' for o, v in sorted(d.items()))}"
                                    for k, d in sorted(presets.items()))
                        + " (--variant and --neutral apply on top)")
    p.add_argument("--colours", type=_choice_list("--colours", pendulum_colours()), default=None, metavar="LIST",
                   help="seat colour per seat, comma list of " + "|".join(pendulum_colours())
                        + " (default: that order; config/pendulum/seats.yaml)")


def _rules_args(p: _Parser) -> None:
    _common(p)
    p.add_argument("game", choices=["pendulum", "grailwar"])
    p.add_argument("--section", default=None, metavar="ID",
                   help="print one section: its id, a spec reference (4.4, §8.4, HR-30) or a prompt kind")
    p.add_argument("--width", type=_positive_int, default=78, metavar="N", help="line width in columns")


def _grailwar_args(p: _Parser) -> None:
    _common(p)
    p.add_argument("--seats", type=_seat_list("grailwar"), default=None,
                   help="comma list of human|npc, one per faction")
    p.add_argument("--factions", type=int, default=None, metavar="N",
                   help="how many factions take part (2-7; one human, the rest NPCs) when --seats is not given")


def _simulate_args(p: _Parser) -> None:
    _common(p)
    p.add_argument("game", choices=list(games.GAMES))
    p.add_argument("--games", type=_positive_int, default=10)
    p.add_argument("--players", type=int, default=None, help="Pendulum seats (2-5)")
    p.add_argument("--factions", type=int, default=None, help="Grail War factions")
    p.add_argument("--mode", choices=["realtime", "timetrack", "beginner"], default=None)
    p.add_argument("--bots", default=None, help="Pendulum: comma list of bot kinds per seat")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--records", default=None, metavar="DIR", help="Grail War: keep each war's record in DIR")


def _replay_args(p: _Parser) -> None:
    _common(p)
    p.add_argument("record")
    p.add_argument("--to", type=_positive_int, default=None, help="stop after N actions")
    p.add_argument("--print-state", action="store_true", help="print the final state as JSON")
    p.add_argument("--export-log", default=None, metavar="FILE",
                   help="Grail War: write the public log as forum posts (in --lang) to FILE")


def _mod_dir_args(p: _Parser) -> None:
    _common(p)
    p.add_argument("dir")


def _preview_args(p: _Parser) -> None:
    _mod_dir_args(p)
    p.add_argument("--out", default="sheet.png", metavar="FILE", help="the PNG to write (default sheet.png)")


COMMANDS = (    # name, help, what adds its options
    ("pendulum", "play Pendulum", _pendulum_args),
    ("teach", "Pendulum teaching mode", _common),
    ("rules", "print a game's rules reference as text (the in-game F1 reference)", _rules_args),
    ("grailwar", "play Holy Grail War", _grailwar_args),
    ("simulate", "play bot-only games headless and print figures", _simulate_args),
    ("replay", "replay a saved record", _replay_args),
    ("validate-mod", "check a mod folder and print every error", _mod_dir_args),
    ("preview-mod", "draw a contact sheet of a mod's images (headless)", _preview_args),
)


def build_parser() -> argparse.ArgumentParser:
    """The program's parser. A sub-command's options are added when it is parsed (``_Parser``)."""
    _Formatter._width = None        # the terminal's width as this parser is built
    parser = _Parser(prog="python main.py",
                     description="Tabletop simulator: Pendulum and Holy Grail War.")
    _common(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, text, fill in COMMANDS:
        parser.commands[name] = sub.add_parser(name, help=text, fill=fill)
    parser.pendulum = parser.commands["pendulum"]   # main() reports set-up flags that do not fit together with its usage
    return parser


def _run_ui(args, start: str) -> int:
    from .ui.app import run
    return run(args, start)


def cmd_rules(args) -> int:
    """``rules GAME``: the in-game reference as wrapped text, in UTF-8 whatever the terminal."""
    # imported here to save start-up time: the other commands do not need pydantic
    from .data import DataError
    from .rulesref import format_reference, load_reference
    try:
        text = format_reference(load_reference(args.game), args.lang or "en",
                                width=max(20, args.width), section=args.section)
    except DataError as exc:
        print(f"rules: {exc}", file=sys.stderr)
        return 1
    except KeyError as exc:
        print(f"rules: {exc.args[0]}", file=sys.stderr)
        return 2
    out = getattr(sys.stdout, "buffer", None)
    if out is not None:
        sys.stdout.flush()
        out.write(text.encode("utf-8"))
        out.flush()
    else:
        sys.stdout.write(text)
    return 0


def cmd_simulate(args) -> int:
    if getattr(args, "records", None) and args.game != "grailwar":
        print(f"simulate: --records keeps Grail War records; {args.game} does not take it", file=sys.stderr)
        return 2
    try:
        module = games.load(args.game)
    except games.GameNotBuilt as exc:
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    return module.simulate(args)


def cmd_replay(args) -> int:
    """Replay a record file. The record is untrusted: every failure of reading, checking or
    replaying it is one line on stderr (file, field or action number and rule) and exit 1.
    Its mods are looked up by id among ``--mod`` folders and the mod folders (never a path
    taken from the record)."""
    from .data.records import replay_file
    from .engine import SaveError
    try:
        record, _rules, state, _mods = replay_file(args.record, args.mod, to=args.to)
    except SaveError as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 1
    n = len(record.actions) if args.to is None else min(args.to, len(record.actions))
    try:
        if args.print_state:
            print(json.dumps(state.to_dict(), ensure_ascii=False, indent=1, default=str))
        else:
            outcome = state.outcome() if state.is_terminal() else None
            print(f"{record.game}: replayed {n} actions; "
                  + (f"game over: {json.dumps(outcome, ensure_ascii=False, default=str)}" if outcome
                     else "game in progress"))
    except Exception as exc:      # a state the record reached that cannot be shown
        print(f"replay: {args.record}: the state after {n} actions cannot be shown "
              f"({type(exc).__name__}: {str(exc)[:200]})", file=sys.stderr)
        return 1
    return _export_log(args, record, state, _mods) if args.export_log else 0


def _export_log(args, record, state, mods) -> int:
    """``replay --export-log FILE``: the game's forum export of the replayed state."""
    export = getattr(games.load(record.game), "export_log", None)
    if export is None:
        print(f"replay: --export-log: {record.game} has no log to export", file=sys.stderr)
        return 2
    try:
        text = export(state, args.lang or "en", [str(m) for m in mods])
    except Exception as exc:      # a state the record reached whose log cannot be worded
        print(f"replay: {args.record}: the log cannot be exported ({type(exc).__name__}: {str(exc)[:200]})",
              file=sys.stderr)
        return 1
    try:
        with open(args.export_log, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
    except OSError as exc:
        print(f"replay: --export-log {args.export_log}: cannot write ({exc.strerror})", file=sys.stderr)
        return 1
    print(f"replay: the log is in {args.export_log}")
    return 0


def cmd_validate_mod(args) -> int:
    from .data.mods import validate_mod_cli
    return validate_mod_cli(args.dir)


def cmd_preview_mod(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")      # headless: the sheet is a file
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui.preview import preview_mod_cli
    return preview_mod_cli(args)


def _mods_are_valid(mods: list[str]) -> bool:
    """Check every ``--mod`` folder before anything starts: a broken mod is reported with
    its ``file:line: field: message`` lines instead of being silently left out."""
    from .data.mods import validate_mod
    ok = True
    for mod in mods:
        errors, _ = validate_mod(mod)
        if errors:
            ok = False
            print(f"--mod {mod}: the mod has errors; nothing was started "
                  f"(fix them, or leave the mod out):", file=sys.stderr)
            for line in errors:
                print(f"  {line}", file=sys.stderr)
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.speed <= 0:
        parser.error("--speed must be above 0")
    command = args.command
    if command == "rules":
        return cmd_rules(args)
    if args.mod and command != "validate-mod" and not _mods_are_valid(args.mod):
        return 1
    if command == "simulate":
        return cmd_simulate(args)
    if command == "replay":
        return cmd_replay(args)
    if command == "validate-mod":
        return cmd_validate_mod(args)
    if command == "preview-mod":
        return cmd_preview_mod(args)
    if command == "pendulum":
        try:
            args.seats, args.options = pendulum_options(args, *pendulum_setup())
        except ValueError as exc:
            parser.pendulum.error(str(exc))
    return _run_ui(args, command or "launcher")
