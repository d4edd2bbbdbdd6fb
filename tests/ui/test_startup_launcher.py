"""Start-up of the launcher: its first frame waits for none of the engine, the data kit, the
saves folder's code or the html module (Load and Resume, the mods' sounds and a dialog's
text import them when used). What was deferred still works: the launcher then finds an
unfinished game and offers Resume, Load opens, and a dialog shows its text as written. Each
start runs in a fresh interpreter (a test process has imported everything already)."""
import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]

CODE = """
import sys
import pygame
from tabletop import cli
from tabletop.ui.app import App
app = App(cli.build_parser().parse_args(["--size", "1280x720", "--lang", "en"]))
watch = ("tabletop.engine", "tabletop.data", "tabletop.engine.saves", "tabletop.ui.saved_games", "html")
app.gui.on_first_frame = lambda: print("FIRST", *[m for m in watch if m in sys.modules], flush=True)
app.start("launcher")
app.step(3)
scene = app.scenes.top
print("RESUME", "resume" in [i.key for i in scene.menu.items], flush=True)
scene.choose("load")
print("LOAD", type(app.scenes.top).__name__, flush=True)
app.shutdown()
pygame.quit()
"""


def _start(tmp_path, code=CODE) -> list[str]:
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "userdata"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def test_the_launchers_first_frame_waits_for_no_engine_and_load_and_resume_still_work(tmp_path):
    # an unfinished game in the user folder (the autouse fixture's, which the child is given)
    from tabletop.engine import Record, saves
    game = Record(game="pendulum", seed=7, seats=["human", "bot"], meta={"started": "2026-11-30T10:00:00+00:00"})
    saves.write_record(game, saves.slot_path(game))
    _start(tmp_path)            # the first start fills the start-up caches; the second is a player's next
    lines = _start(tmp_path)
    assert lines[0].split() == ["FIRST"]
    assert "RESUME True" in lines
    assert "LOAD LoadScene" in lines


def test_a_dialog_shows_its_text_as_written_never_as_markup():
    from tabletop.ui.app import App, default_args
    app = App(default_args(lang="en"))
    app.start("launcher")
    dialog = app.message("a <b>bold</b> & <br> claim\nsecond line")
    app.step(2)
    assert dialog.textbox.html_text == "a &lt;b&gt;bold&lt;/b&gt; &amp; &lt;br&gt; claim<br>second line"
    app.shutdown()
    pygame.display.quit()
