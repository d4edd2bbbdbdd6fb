"""Start-up: what a game screen's first frame does not need is not loaded before it (timed as
the frame is presented). Grail War's first frame has no pygame_gui widget, so pygame_gui
waits for its first widget; sand that does not move yet needs no pymunk; no
screen imports PyYAML once the start-up caches are warm (pygame_gui's translation loader
would). What was deferred still works: the screen's own theme reaches its widgets and they
answer posted clicks. Each start runs in a fresh interpreter (a test process has imported
everything already), the second of two so the caches are warm."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

START = """
import sys
import pygame
from tabletop import cli
from tabletop.ui.app import App
target = sys.argv[1]
args = cli.build_parser().parse_args([target, "--size", "1280x720", "--seed", "3", "--lang", "en"])
app = App(args)
app.gui.on_first_frame = lambda: print("FIRST", *sorted(m for m in ("pygame_gui", "pymunk", "yaml")
                                                       if m in sys.modules), flush=True)
app.start(target)
app.step(1)
"""

GRAILWAR_MENU = START + """
from tabletop.ui.gui import pygame_gui
buttons = []
for _ in range(900):
    app.step(1)
    m = app.gui.manager
    buttons = [s for s in m.get_sprite_group().sprites() if "#grailwar_choice" in getattr(s, "object_ids", ())
               and s.visible] if m is not None else []
    if buttons:
        break
print("MANAGER", app.gui.manager is not None, "pygame_gui" in sys.modules)
b = buttons[0]
print("ALIGN", m.get_theme().get_misc_data("text_horiz_alignment", b.combined_element_ids))
scene = app.scenes.top
before = [id(x) for x, _op in scene.menu.buttons]
pos = app.logical_to_window(b.rect.center)
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
app.step(3)
print("ANSWERED", [id(x) for x, _op in scene.menu.buttons] != before)
"""


END = """
app.shutdown()       # as `python main.py` ends (pymunk's spaces go before the interpreter does)
pygame.quit()
"""


def _run(code: str, target: str, tmp_path) -> list[str]:
    code += END
    env = {**os.environ, "TABLETOP_DATA_DIR": str(tmp_path / "userdata"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    out = ""
    for _ in range(2):       # the first start fills the caches; the second is a player's next start
        done = subprocess.run([sys.executable, "-c", code, target], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=240)
        assert done.returncode == 0, done.stderr[-3000:]
        out = done.stdout
    return out.splitlines()


def _line(lines, head):
    return next(line.split()[1:] for line in lines if line.startswith(head))


@pytest.mark.parametrize("target", ["pendulum", "teach"])
def test_a_pendulum_screens_first_frame_waits_for_none_of_pygame_gui_pymunk_and_yaml(target, tmp_path):
    # its buttons are shown from the picture kept at the first start (guishots.py) and its
    # sand first moves on the tick after the first frame (hourglass.py, glasses.py)
    assert _line(_run(START, target, tmp_path), "FIRST") == []


def test_grail_war_loads_pygame_gui_with_its_first_widget_and_the_widget_works(tmp_path):
    lines = _run(GRAILWAR_MENU, "grailwar", tmp_path)
    assert _line(lines, "FIRST") == ["pymunk"]          # no widget on the first frame (its dice are rolling)
    assert _line(lines, "MANAGER") == ["True", "True"]  # the menu made the manager
    assert _line(lines, "ALIGN") == ["left"]            # with the screen's theme (layout.THEME) in it
    assert _line(lines, "ANSWERED") == ["True"]         # and a posted click on a choice was answered


def test_pygame_gui_event_types_match_no_event_before_it_is_imported():
    code = ("import sys; from tabletop.ui.gui import pygame_gui;"
            "print(pygame_gui.UI_BUTTON_PRESSED, 'pygame_gui' in sys.modules, 'yaml' in sys.modules);"
            "print(pygame_gui.elements.UIButton.__name__, pygame_gui.UI_BUTTON_PRESSED > 0, 'yaml' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert done.stdout.split() == ["-1", "False", "False", "UIButton", "True", "False"]
