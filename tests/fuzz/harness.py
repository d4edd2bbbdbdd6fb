"""Fuzz harness (issue 14, item 5): mutate every config file, translation and record, then
check the program either refuses the result with clear ``file:line: field: message``
lines or runs it (3 simulated games; optionally 30 frames of the game's screen) without
an exception; and send random input to every screen (``screen``). Used by tests/fuzz/test_fuzz.py (a small budget) and bench/fuzz.py
(``--minutes N``).

A case is one of: ``refused`` (every error line names a file and a field, no traceback),
``ran``, ``crashed`` (an exception escaped, or an error line without a file and field, or
a game screen that did not open), ``hung`` (over the time limit; SIGALRM).
"""
from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import re
import shutil
import signal
import traceback
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
RECORDS = [ROOT / "tests" / "data" / "hostile" / "records" / "good.json"]
KINDS = ("config", "i18n", "record", "screen")
GAMES = ("pendulum", "grailwar")

# an error line: "<file>[:line]: <field>: <message>" (field may be "(file)")
# (a field may hold a colon: a mutated key "star:ting" is still a clear message)
_LINE = re.compile(r"^[^\s:][^:]*(:\d+)?: (\(file\)|\S.*?): \S.*")

HOSTILE_SCALARS = [
    None, True, False, 0, -1, 1, 10 ** 9, -10 ** 9, 10 ** 12, 2 ** 63, 0.5, 1e300, "", " ", "x",
    "banana", "#12345", "#1234567", "#gggggg", "\x00", "a\x1bb", "\u202e", "\ud7ff", "A" * 4001,
    "9" * 5000, "{", "}", "{n}", "{n.__class__}", "{n[0]}", "{n!r}", "{n:>100000000}", "{0}", "{}",
    "{language}", "{game:>40}", "日本語", "\n", "../../etc/passwd", "/etc", "nan", ".inf",
]


class Hung(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float):
    def on_alarm(_sig, _frame):
        raise Hung(f"over {seconds} s")
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- mutations ------------------------------------------------------------------------------
def _nodes(data, path=()):
    out = [(path, data)]
    stack = [(path, data)]
    while stack:
        p, v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, x in items:
            out.append((p + (k,), x))
            stack.append((p + (k,), x))
    return out


def _set(data, path, value):
    if not path:
        return value
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    parent[path[-1]] = value
    return data


def mutate_tree(data, rng: random.Random, n: int | None = None):
    """``data`` (a copy) with 1-4 random changes: hostile scalars, deleted or renamed
    keys, duplicated or emptied lists, swapped types, deep nesting."""
    data = copy.deepcopy(data)
    for _ in range(n or rng.randint(1, 4)):
        nodes = _nodes(data)
        path, value = rng.choice(nodes)
        op = rng.random()
        if op < 0.45 or not path:
            new = rng.choice(HOSTILE_SCALARS)
            if isinstance(value, str) and rng.random() < 0.3:
                new = value + rng.choice(["{x}", "\x07", "{", "A" * 600, "}"])
            if isinstance(value, (int, float)) and not isinstance(value, bool) and rng.random() < 0.5:
                new = value * rng.choice([-1, 1000, 10 ** 6, 0])
            data = _set(data, path, new) if path else data
        elif op < 0.6:
            parent = data
            for k in path[:-1]:
                parent = parent[k]
            if isinstance(parent, dict):
                del parent[path[-1]]
            elif isinstance(parent, list):
                parent.pop(path[-1])
        elif op < 0.7:
            parent = data
            for k in path[:-1]:
                parent = parent[k]
            if isinstance(parent, dict):
                parent[str(path[-1]) + rng.choice(["x", "_", "s"])] = parent.pop(path[-1])
            elif isinstance(parent, list):
                parent.append(copy.deepcopy(value))
        elif op < 0.8:
            data = _set(data, path, rng.choice([[], {}, [value], {"id": value}, {"new": True}]))
        elif op < 0.9:
            deep = value
            for _ in range(rng.randint(2, 80)):
                deep = [deep] if rng.random() < 0.5 else {"k": deep}
            data = _set(data, path, deep)
        elif isinstance(value, dict) and "id" in value:
            value["new"] = rng.choice([True, False, "yes", None])
            value["id"] = rng.choice([value["id"], str(value["id"]) + "z", ["list-id"], 7])
    return data


def mutate_text(text: str, rng: random.Random) -> str:
    """Byte-level damage: truncation, a stray character, a swapped line."""
    op = rng.random()
    if op < 0.3 and text:
        return text[:rng.randint(0, len(text))]
    if op < 0.6:
        i = rng.randint(0, len(text))
        return text[:i] + rng.choice(["\x00", "{", "[", ":", "\t", "\"", "&a", "*a", "!!python/object:os.system ",
                                      "- ", "\ufeff", "9" * 5000]) + text[i:]
    lines = text.split("\n")
    if len(lines) > 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


# --- checks -----------------------------------------------------------------------------------
def _clean_errors(errors: list[str]) -> str | None:
    """None when every error names a file and a field; else the first line that does not."""
    for line in errors:
        if "Traceback" in line or not _LINE.match(line.split("\n")[0]):
            return line
    return None


def _play(game: str, mods: list[str], games: int = 3) -> None:
    from tabletop import games as registry
    module = registry.load(game)
    if game == "pendulum":
        from pendulum.rules.sim import play_game
        rules = module.make_rules({"mode": "timetrack", "players": 2}, mods=mods)
        for seed in range(games):
            play_game(rules, seed + 1, ["random", "standard"], max_actions=3000)
    else:
        rules = module.make_rules({"seats": ["npc"] * 3, "max_turns": 2}, mods=mods)
        for seed in range(games):
            module.play_npc_game(rules, seed + 1)


def _frames(start: str, mods: list[str], record: Path | None = None, frames: int = 30) -> str | None:
    """Open the game's screen with the mods for ``frames`` frames; None when it ran."""
    import pygame
    from tabletop.ui.app import App, default_args
    from tabletop.ui.launcher import start_from_record
    app = App(default_args(mod=mods, size=(640, 360), lang="ja" if random.random() < 0.5 else "en"))
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            if record is None:
                app.start(start)
                opened = app.dialog is None
            else:
                app.start("launcher")
                app.step(1)
                opened = start_from_record(app, record) or app.dialog is not None
            app.step(frames)
        if not opened or "Traceback" in err.getvalue():
            return f"the screen did not open: {err.getvalue()[-400:]}"
    finally:
        app.shutdown()
        pygame.quit()
    return None


def _make_mod(folder: Path, files: dict[str, str]) -> Path:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    (folder / "mod.yaml").write_text('id: fuzz\nname: Fuzz\nversion: "1.0.0"\n', encoding="utf-8")
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return folder


def _dump(data) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=10 ** 6)


# --- cases ------------------------------------------------------------------------------------
def config_case(rng: random.Random, work: Path, frames: bool) -> tuple[str, str]:
    from tabletop.data.loader import load_yaml
    from tabletop.data.mods import validate_mod
    game = rng.choice(GAMES)
    path = rng.choice(sorted((CONFIG / game).glob("*.yaml")))
    if rng.random() < 0.8:
        text = _dump(mutate_tree(load_yaml(path)[0], rng))
    else:
        text = mutate_text(path.read_text(encoding="utf-8"), rng)
    mod = _make_mod(work / "mod", {f"{game}/{path.name}": text})
    errors, _ = validate_mod(mod)
    if errors:
        bad = _clean_errors(errors)
        return ("crashed", f"{path.name}: unclear error: {bad[:300]}") if bad else ("refused", errors[0][:200])
    _play(game, [str(mod)])
    if frames:
        problem = _frames(game, [str(mod)])
        if problem:
            return "crashed", f"{path.name}: {problem}"
    return "ran", path.name


def i18n_case(rng: random.Random, work: Path, frames: bool) -> tuple[str, str]:
    from tabletop.data.loader import load_yaml
    from tabletop.data.mods import placeholders, validate_mod
    from tabletop.ui.i18n import Strings
    lang = rng.choice(("en", "ja"))
    path = CONFIG / "i18n" / f"{lang}.yaml"
    if rng.random() < 0.85:
        text = _dump(mutate_tree(load_yaml(path)[0], rng, rng.randint(1, 6)))
    else:
        text = mutate_text(path.read_text(encoding="utf-8"), rng)
    mod = _make_mod(work / "mod", {f"i18n/{lang}.yaml": text})
    errors, _ = validate_mod(mod)
    if errors:
        bad = _clean_errors(errors)
        return ("crashed", f"i18n/{lang}.yaml: unclear error: {bad[:300]}") if bad else ("refused", errors[0][:200])
    strings = Strings(lang, [str(mod)])
    for key, value in strings.table().items():
        params = {name: 3 for name in placeholders(value) or ()}
        strings.t(key, **params)
    if frames:
        problem = _frames(rng.choice(["launcher", "pendulum", "grailwar"]), [str(mod)])
        if problem:
            return "crashed", f"i18n/{lang}.yaml: {problem}"
    return "ran", f"i18n/{lang}.yaml"


def record_case(rng: random.Random, work: Path, frames: bool) -> tuple[str, str]:
    from tabletop.data.records import replay_file
    from tabletop.engine import SaveError
    source = rng.choice(RECORDS)
    if rng.random() < 0.85:
        text = json.dumps(mutate_tree(json.loads(source.read_text(encoding="utf-8")), rng), ensure_ascii=False)
    else:
        text = mutate_text(source.read_text(encoding="utf-8"), rng)
    path = work / "record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        replay_file(path)
    except SaveError as exc:
        line = str(exc)
        if "\n" in line or not line.startswith(str(path)):
            return "crashed", f"unclear message: {line[:300]}"
        return "refused", line[len(str(path)) + 2:][:200]
    if frames:
        problem = _frames("launcher", [], record=path)
        if problem:
            return "crashed", problem
    return "ran", "record"


_KEYS = ("return", "escape", "tab", "up", "down", "left", "right", "space", "backspace", "1", "2", "3",
         "4", "5", "u", "z", "y", "b", "h", "p", "f1", "f3", "page up", "page down", "delete")


def screen_case(rng: random.Random, work: Path, frames: bool) -> tuple[str, str]:
    """Random keys, clicks, drags and wheel turns on a screen for 120 frames."""
    import pygame
    from tabletop.ui.app import App, default_args
    start = rng.choice(("launcher", "pendulum", "grailwar", "teach"))
    app = App(default_args(size=(640, 360), lang=rng.choice(("en", "ja")), seed=rng.randint(0, 10 ** 6)))
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            app.start(start)
            for _ in range(120):
                if not app.running:
                    break
                for _ in range(rng.randint(0, 3)):
                    r = rng.random()
                    pos = (rng.randint(0, 639), rng.randint(0, 359))
                    if r < 0.45:
                        key = pygame.key.key_code(rng.choice(_KEYS))
                        mod = rng.choice((0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT))
                        for kind in (pygame.KEYDOWN, pygame.KEYUP):
                            pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
                    elif r < 0.9:
                        button = rng.choice((1, 1, 1, 3))
                        kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION))
                        if kind == pygame.MOUSEMOTION:
                            pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False))
                        else:
                            pygame.event.post(pygame.event.Event(kind, pos=pos, button=button, touch=False))
                    else:
                        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)),
                                                             precise_x=0.0, precise_y=0.0, flipped=False, touch=False))
                app.step(1)
        if "Traceback" in err.getvalue():
            return "crashed", f"{start}: {err.getvalue()[-800:]}"
    finally:
        app.shutdown()
        pygame.quit()
    return "ran", start


CASES = {"config": config_case, "i18n": i18n_case, "record": record_case, "screen": screen_case}


def run_case(kind: str, seed, work: Path, frames: bool = False, limit: float = 60.0) -> tuple[str, str]:
    """(outcome, detail) of one case; never raises. ``seed``: a number, or a Random-like
    object (hypothesis' ``st.randoms()``) that drives the mutations."""
    rng = seed if hasattr(seed, "random") else random.Random(f"{kind}-{seed}")
    try:
        with time_limit(limit):
            return CASES[kind](rng, work, frames)
    except Hung as exc:
        return "hung", f"{kind} seed {seed}: {exc}"
    except Exception:
        return "crashed", f"{kind} seed {seed}: {traceback.format_exc()[-1500:]}"
