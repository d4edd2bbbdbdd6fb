"""The App: window, logical 1920×1080 layout scaled to the window, fixed-step loop, scene
stack, intents, pygame_gui manager, dialogs, toasts and the F3 frame-time overlay.

What a scene may use (the contract with the game screens):

* ``app.logical_size`` (1920, 1080): scenes draw on that surface in ``draw(surface)``;
  the App scales it to the window. Mouse events arrive in logical coordinates.
* ``app.ui_manager``: pygame_gui in logical coordinates, theme ``assets/theme.json``,
  Japanese-capable fonts; made on first use (gui.py: ``app.gui.add_theme`` without making it,
  ``app.gui.first_widgets`` for a first frame's widgets). Scenes create elements in ``on_enter``, kill
  them in ``on_exit``, hide/show them in ``on_pause``/``on_resume``.
* ``app.t(key, **fmt)``, ``app.lang``, ``app.set_lang(lang)`` (calls
  ``on_language_changed()`` on every scene), ``app.font(size, bold)``,
  ``app.text(str, size, color, bold, cache=True)`` (an LRU bounded by bytes,
  ``text_cache_mb`` in settings.yaml; ``cache=False`` for one-off lines).
* ``app.scenes`` (push/pop/replace), ``app.quit()``, ``app.to_launcher()``,
  ``app.open_pause_menu()`` (uses ``has_game_in_progress()``/``save_game(path=None)``).
* ``app.settings``, ``app.intent(event)`` / ``app.intents(event)`` (key bindings of
  config/settings.yaml), ``app.args``, ``app.speed``, ``app.mods``,
  ``app.assets.image(id, size=None)``, ``app.confirm(text_key, on_yes, on_no=None)``,
  ``app.message(text)``, ``app.notify(text)``.
* Tests: ``App(default_args(...))``, ``app.start("launcher")``, ``app.step(n)``,
  ``app.logical_to_window(pos)``, ``app.shutdown()``.
* The redraw protocol (``Scene`` in scene.py): ``needs_redraw()`` False keeps the last
  frame; ``draw`` returns the logical rectangles it changed (None: everything), and only
  those are scaled and updated; ``invalidate()`` asks for a whole repaint. ``scene.opaque
  = False`` draws the scene below first (overlays). Scenes draw straight into the frame
  and find there exactly what they drew: pygame_gui elements, dialogs, toasts, F3 and the
  ``--watch`` banner are laid over it with the pixels under them kept, lifted off before
  the scenes draw again, and cost only their own area where they change (compose.py);
  ``app.scene_layer`` is a copy of the scenes' pixels alone (tests).
* ``--watch``: ``app.watcher`` polls the mods and ``app.reload_mods(parts)`` takes new
  images, sounds and strings at once (watch.py).
* Scaling: tabletop/ui/present.py (GPU through SDL's renderer, or the CPU on what
  changed; ``window.scaling`` in settings.yaml, logged at start, shown by F3).

Only this module reads the clock. ``update(dt)`` always gets ``DT`` (1/60 s).
"""
from __future__ import annotations

import sys
import signal
import time
from pathlib import Path
from typing import Callable

import pygame

from .. import games, procmem
from .assets import Assets
from . import prefs
from .cache import LRU
from .compose import FULL, Compositor, frame_times_box
from .dialog import Dialog
from .fonts import Fonts
from .frameshot import FirstPicture
from .gui import Gui
from .i18n import LANGS, Strings
from .input import KeyMap
from .present import Presenter
from .scene import Scene, SceneStack
from .settings import load_settings
from .sound import SoundBoard
from .watch import ModWatcher

ROOT = Path(__file__).resolve().parents[2]
DT = 1.0 / 60.0
LOGICAL_SIZE = (1920, 1080)
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
_EXPOSE_EVENTS = tuple(getattr(pygame, n) for n in ("VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED",
                                                    "WINDOWMAXIMIZED", "WINDOWFOCUSGAINED") if hasattr(pygame, n))

def default_args(**over):
    """The namespace tabletop.cli would give with no options (tests, benches)."""
    import argparse
    base = {"lang": None, "mod": [], "seed": None, "size": None, "fullscreen": False, "frames": None,
            "screenshot": None, "speed": 1.0, "seats": None, "mode": None, "command": None,
            "scaling": None, "watch": False}
    base.update(over)
    return argparse.Namespace(**base)


class App:
    logical_size = LOGICAL_SIZE

    def __init__(self, args=None):
        self.args = args if args is not None else default_args()
        self.settings = load_settings()
        self.mods: list[str] = list(getattr(self.args, "mod", None) or [])
        self.speed: float = float(getattr(self.args, "speed", 1.0) or 1.0)
        lang = getattr(self.args, "lang", None) or prefs.load().get("language") or self.settings.get("language") or "en"
        self.strings = Strings(lang if lang in LANGS else "en", self.mods)
        self.running = True
        self.frame = 0
        self.show_frame_times = False
        self._frame_ms: list[float] = []
        self._overlay_surf: pygame.Surface | None = None
        self._overlay_next = 0
        self._toasts: list[list] = []     # [surface, seconds left]
        self._dialogs: list[Dialog] = []
        self._quit_asked = False
        self._dim: pygame.Surface | None = None
        self._force_redraw = True

        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        self.keymap = KeyMap(self.settings.get("keys"))
        if self.keymap.errors:   # a wrong key name is skipped and reported, never fatal
            for err in self.keymap.errors:
                print(f"config/settings.yaml: {err}", file=sys.stderr)
        win = self.settings.get("window") or {}
        size = getattr(self.args, "size", None) or tuple(win.get("size") or (1280, 720))
        self.presenter = Presenter(size, bool(getattr(self.args, "fullscreen", False) or win.get("fullscreen", False)),
                                   choice=getattr(self.args, "scaling", None) or win.get("scaling") or "auto",
                                   smooth=bool(win.get("smooth_scaling", True)))
        print(f"display: {self.presenter.describe()}", file=sys.stderr)   # the choice, logged once
        pygame.display.set_caption(self.t("shell.window_title"))
        pygame.key.set_repeat(350, 40)
        self._drawn_stack: tuple = ()
        self.compositor = Compositor()   # the scenes' layer and the overlays on it (compose.py)
        self.frames_changed = 0      # frames that redrew anything (benches)
        self.pixels_changed = 0      # logical pixels those frames repainted (benches)

        self.fonts = Fonts(self.mods, first_frame=(getattr(self.args, "command", None) or "launcher", self.lang))
        # rendered text, least recently used first out, within a byte budget (settings.yaml)
        self.text_cache = LRU(int(float(self.settings.get("text_cache_mb") or 32) * 2**20))
        self.assets = Assets(self.mods)
        snd = self.settings.get("sound") or {}
        saved = prefs.load()
        self.sound = SoundBoard(self.mods, volume=saved.get("volume", snd.get("volume", 0.7)),
                                muted=saved.get("muted", snd.get("muted", False)))
        self.gui = Gui(self, LOGICAL_SIZE)   # pygame_gui's manager, made on first use (``ui_manager``)
        self.first_picture = FirstPicture(self)   # the launcher's first frame, kept (frameshot.py)
        self.scenes = SceneStack()
        # --watch: the mods' files are polled and reloaded when they change (watch.py)
        self.watcher = ModWatcher(self) if getattr(self.args, "watch", False) and self.mods else None

    # --- window and scaling (tabletop/ui/present.py) --------------------------------
    @property
    def window(self) -> pygame.Surface:
        """The display surface (window-sized on the CPU path, the logical frame on the GPU path)."""
        return self.presenter.window

    @property
    def logical(self) -> pygame.Surface:
        """The 1920×1080 surface the scenes draw on."""
        return self.presenter.logical

    @property
    def direct(self) -> bool:
        """The scenes draw straight on the display surface (``window is logical``)."""
        return self.presenter.direct

    @property
    def view_rect(self) -> pygame.Rect:
        return self.presenter.view_rect

    def toggle_fullscreen(self):
        self.presenter.toggle_fullscreen()
        self.invalidate()

    def invalidate(self) -> None:
        """Redraw the whole frame next time (every scene repaints everything)."""
        self._force_redraw = True

    def window_to_logical(self, pos) -> tuple[int, int]:
        return self.presenter.window_to_logical(pos)

    def logical_to_window(self, pos) -> tuple[int, int]:
        return self.presenter.logical_to_window(pos)

    def _to_logical_event(self, event):
        d = dict(event.dict)
        if "pos" in d:
            d["pos"] = self.window_to_logical(d["pos"])
        scale = self.presenter.scale
        if "rel" in d and scale:
            d["rel"] = (int(d["rel"][0] / scale), int(d["rel"][1] / scale))
        return pygame.event.Event(event.type, d)

    # --- languages, text, fonts ---------------------------------------------------
    @property
    def lang(self) -> str:
        return self.strings.lang

    def t(self, key: str, **fmt) -> str:
        return self.strings.t(key, **fmt)

    def set_volume(self, volume: float) -> None:
        """Sound volume 0..1 (0 is off), remembered for the next start."""
        self.sound.set_volume(volume)
        self.sound.set_muted(self.sound.volume <= 0)
        prefs.save(volume=self.sound.volume, muted=self.sound.muted)

    def set_lang(self, lang: str, remember: bool = True) -> None:
        """Switch the language now; the choice is remembered for the next start (``--lang``
        still wins)."""
        if lang not in LANGS or lang == self.strings.lang:
            return
        if remember:
            prefs.save(language=lang)
        self.strings.lang = lang
        self._retell_scenes()

    def _retell_scenes(self) -> None:
        """Every text or image may have changed: each scene hears ``on_language_changed``
        (it drops what it cached) and the whole frame is drawn again."""
        self._force_redraw = True
        pygame.display.set_caption(self.t("shell.window_title"))
        self._overlay_surf = None
        for scene in self.scenes:
            hook = getattr(scene, "on_language_changed", None)
            if hook:
                hook()

    def reload_mods(self, parts: set[str]) -> None:
        """A watched mod changed on disk and passed its checks (watch.py): its images,
        sounds, translations and widget theme apply now; its rules data from the next game."""
        if "images" in parts:
            self.assets = Assets(self.mods)
        if "sounds" in parts:
            self.sound.reload(self.mods)
        if "translations" in parts:
            self.strings = Strings(self.strings.lang, self.mods)
        if "theme" in parts:
            self.gui.reload_mod_theme()
        if "data" in parts:
            games.forget_data()
        if parts & {"images", "translations"}:
            self._retell_scenes()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.fonts.font(size, bold)

    def text(self, text: str, size: int, color=(240, 240, 240), bold: bool = False,
             cache: bool = True) -> pygame.Surface:
        """``text`` rendered (antialiased). Kept in ``text_cache`` for the next frame unless
        ``cache=False``: for text shown once and then gone (log lines, figures that change
        every frame), which would only push useful entries out."""
        color = tuple(pygame.Color(color)) if not isinstance(color, tuple) else color
        if not cache:
            return self.font(size, bold).render(str(text), True, color)
        key = (text, int(size), color, bool(bold))
        surf = self.text_cache.get(key)
        if surf is None:
            surf = self.font(size, bold).render(str(text), True, color)
            self.text_cache.put(key, surf)
        return surf

    @property
    def ui_manager(self):
        """The pygame_gui manager (logical coordinates, our theme and fonts), made on first use."""
        return self.gui.get()

    # --- intents --------------------------------------------------------------------
    def intent(self, event) -> str | None:
        return self.keymap.intent(event)

    def intents(self, event) -> list[str]:
        return self.keymap.intents(event)

    # --- scenes -----------------------------------------------------------------------
    def start(self, start: str = "launcher") -> None:
        """Open the first scene: the launcher or a game straight from the command line."""
        if start == "launcher":
            self.to_launcher()
            return
        from .launcher import start_game
        self.to_launcher()
        game = "pendulum" if start == "teach" else start
        seats = getattr(self.args, "seats", None)
        if isinstance(seats, str):
            seats = [s.strip() for s in seats.split(",") if s.strip()]
        extra = {"options": self.args.options} if getattr(self.args, "options", None) else {}
        start_game(self, game, seats=seats, mode=getattr(self.args, "mode", None),
                   seed=getattr(self.args, "seed", None), teach=(start == "teach"), record=None, **extra)

    def to_launcher(self) -> None:
        from .launcher import LauncherScene
        self._close_all_dialogs()
        self.scenes.clear()
        self.scenes.push(LauncherScene(self))

    def open_pause_menu(self) -> None:
        from .menus import PauseMenu
        if isinstance(self.scenes.top, PauseMenu):
            return
        self.scenes.push(PauseMenu(self, self.scenes.top))

    def game_in_progress(self) -> bool:
        for scene in self.scenes:
            try:
                if scene.has_game_in_progress():
                    return True
            except Exception:
                continue
        return False

    def quit(self) -> None:
        """Quit now (the caller has asked already if that was needed)."""
        self.running = False

    def request_quit(self) -> None:
        """Window close / Quit button: asks first when a game is in progress."""
        if self.game_in_progress():
            if not self._quit_asked:
                self._quit_asked = True

                def no():
                    self._quit_asked = False
                self.confirm("shell.quit_game_confirm", self.quit, on_no=no)
        else:
            self.quit()

    # --- dialogs and toasts ---------------------------------------------------------------
    def confirm(self, text_key: str, on_yes: Callable, on_no: Callable | None = None,
                title_key: str = "shell.confirm_title") -> Dialog:
        """A yes/no dialog. ``text_key`` is a string key (a text that is not a key is shown
        as it is). Enter = yes, Esc = no."""
        d = Dialog(self, self.t(title_key), self.t(text_key),
                   [(self.t("shell.answer_yes"), on_yes), (self.t("shell.answer_no"), on_no)])
        self._dialogs.append(d)
        return d

    def message(self, text: str, title_key: str = "shell.notice_title", on_close: Callable | None = None) -> Dialog:
        """A message with one OK button (Enter or Esc closes it). ``text`` is shown as it is."""
        d = Dialog(self, self.t(title_key), text, [(self.t("shell.ok"), on_close)])
        self._dialogs.append(d)
        return d

    def close_dialog(self, dialog: Dialog, kill: bool = True):
        """Take ``dialog`` off the screen (``kill=False``: pygame_gui closed it already)."""
        if dialog in self._dialogs:
            self._dialogs.remove(dialog)
        if kill:
            dialog.kill()

    def _close_all_dialogs(self):
        for d in list(self._dialogs):
            self.close_dialog(d)

    @property
    def dialog(self) -> Dialog | None:
        return self._dialogs[-1] if self._dialogs else None

    def notify(self, text: str, seconds: float = 3.0) -> None:
        """A transient message at the bottom of the screen (text shown as given)."""
        surf = self.text(str(text), 30, (255, 244, 214))
        box = pygame.Surface((surf.get_width() + 56, surf.get_height() + 28), pygame.SRCALPHA)
        pygame.draw.rect(box, (16, 28, 33, 235), box.get_rect(), border_radius=16)
        pygame.draw.rect(box, (217, 164, 65), box.get_rect(), width=2, border_radius=16)
        box.blit(surf, (28, 14))
        self._toasts.append([box, float(seconds)])
        self._toasts = self._toasts[-4:]

    # --- the loop ---------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.presenter.resized()
            self.invalidate()
            return
        if event.type in _EXPOSE_EVENTS:
            self._force_redraw = True   # the window system may have lost the kept frame
        if event.type in MOUSE_EVENTS:
            event = self._to_logical_event(event)
        intents = self.keymap.intents(event) if event.type == pygame.KEYDOWN else []
        if "fullscreen" in intents:
            self.toggle_fullscreen()
            return
        if "frame_times" in intents:
            self.show_frame_times = not self.show_frame_times
            self._overlay_surf = None
            return
        if (event.type in MOUSE_EVENTS and getattr(event, "touch", False) and not self._dialogs
                and self.scenes.top is not None and self.scenes.top.takes_fingers()):
            return     # a finger, which the scene reads as itself: not a click as well
        consumed = self.gui.manager.process_events(event) if self.gui.manager is not None else False
        if self._dialogs:
            if self._dialogs[-1].handle_event(event, intents):
                return
            if event.type in (pygame.KEYDOWN, pygame.KEYUP) or event.type in MOUSE_EVENTS:
                return   # modal: nothing reaches the scene below
        top = self.scenes.top
        if top is None or consumed:
            return
        handled = top.handle_event(event)
        if not handled and "pause" in intents and top.has_game_in_progress():
            self.open_pause_menu()

    def update(self, dt: float = DT) -> None:
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.gui.update(dt)
        if self.watcher is not None:
            self.watcher.update(dt)
        for toast in self._toasts:
            toast[1] -= dt
        if self._toasts:
            self._toasts = [t for t in self._toasts if t[1] > 0]

    def _toast_places(self) -> list[tuple]:
        """Where each toast is drawn: (surface, logical rect), newest lowest."""
        out, y = [], LOGICAL_SIZE[1] - 120
        for box, _left in reversed(self._toasts):
            y -= box.get_height()
            out.append((box, box.get_rect(topleft=((LOGICAL_SIZE[0] - box.get_width()) // 2, y))))
            y -= 12
        return out

    def _overlays(self) -> list[tuple]:
        """The App's own layer this frame, back to front, as compose.py compares it: the dim
        behind a dialog, every pygame_gui element, the toasts, the F3 overlay."""
        out = []
        if self._dialogs:
            if self._dim is None:
                self._dim = pygame.Surface(LOGICAL_SIZE, pygame.SRCALPHA)
                self._dim.fill((0, 0, 0, 140))
            out.append((self._dim, FULL, None))     # a modal dialog: the rest waits, dimmed
        out += self.gui.overlays()
        out += [(box, rect, None) for box, rect in self._toast_places()]
        if self.show_frame_times:
            if self._overlay_surf is None or self.frame >= self._overlay_next:   # twice a second
                self._overlay_surf = frame_times_box(self, self._frame_ms[-240:])
                self._overlay_next = self.frame + 30
            out.append((self._overlay_surf, self._overlay_surf.get_rect(topleft=(12, 12)), None))
        if self.watcher is not None and self.watcher.overlay() is not None:
            out.append((*self.watcher.overlay(), None))      # a watched mod's errors
        return out

    def _draw_overlays(self, frame: pygame.Surface) -> None:
        """Every overlay of ``_overlays`` in ``frame`` (clipped by its clip rectangle)."""
        if self._dialogs and self._dim is not None:
            frame.blit(self._dim, (0, 0))
        self.gui.draw(frame)
        for box, rect in self._toast_places():
            frame.blit(box, rect)
        if self.show_frame_times and self._overlay_surf is not None:
            frame.blit(self._overlay_surf, (12, 12))
        if self.watcher is not None and self.watcher.overlay() is not None:
            frame.blit(*self.watcher.overlay())

    @property
    def scene_layer(self) -> pygame.Surface:
        """A copy of what the scenes keep (the frame without the App's overlays: pygame_gui
        elements, dialogs, toasts, F3; see compose.py)."""
        return self.compositor.scene_pixels(self.presenter.logical)

    def draw(self, force: bool = False) -> bool:
        """Compose the frame and present it: the scenes that say they changed draw (the redraw
        protocol of ``Scene.draw``) on the frame with the overlays lifted off, the overlays that
        changed are found by compose.py, and only those rectangles are scaled and updated.
        Returns False when nothing changed and the window kept its frame."""
        if self.frame == 0 and self.first_picture.show(plain=not (self._dialogs or self._toasts)):
            return True                  # the launcher's first frame, as kept (frameshot.py)
        p, comp = self.presenter, self.compositor
        entries = self._overlays()
        scenes = list(self.scenes)
        stack = tuple(scenes)            # the scenes themselves: a new one may get a freed one's id
        if stack != self._drawn_stack:
            p.new_scenes()
            if stack[:1] != self._drawn_stack[:1]:
                self.text_cache.sweep()    # another screen below: texts the last two did not use go
        full = force or self._force_redraw or stack != self._drawn_stack or not comp.started or not scenes
        self._force_redraw = False
        self._drawn_stack = stack
        redraw = full or any(scene.needs_redraw() for scene in scenes)
        over = [] if full else comp.changes(entries)
        if not redraw and not over:
            return p.idle()              # nothing had changed: the window keeps its frame
        frame = p.logical
        comp.lift(frame)                 # the scenes find exactly the pixels they drew
        dirty: list[pygame.Rect] | None = None if full else list(over)
        if not scenes:
            frame.fill((12, 20, 24))
        elif redraw:
            first = 0
            for i in range(len(scenes) - 1, -1, -1):
                if getattr(scenes[i], "opaque", True):
                    first = i
                    break
            if len(scenes) - first > 1 and not full:
                # an overlay scene (pause menu, reference) dims what lies under it: a partial
                # repaint below would dim its kept pixels twice
                full, dirty = True, None
            for scene in scenes[first:]:
                if full:
                    scene.invalidate()
                changed = scene.draw(frame)
                scene.mark_drawn()
                if changed is None:
                    dirty = None
                elif dirty is not None:
                    dirty.extend(pygame.Rect(r) for r in changed)
        self.pixels_changed += comp.lay(frame, entries, self._draw_overlays, dirty)
        if dirty is not None and not dirty:
            return p.idle()              # a scene looked but changed nothing
        self.frames_changed += 1
        p.present(dirty, first=self.frame == 0)
        return True

    def frame_step(self, dt: float = DT, updates: int = 1) -> None:
        """One frame: events, ``updates`` fixed steps, one draw, flip."""
        t0 = time.perf_counter()
        if self.frame == 0:
            self.gui.first_frame_begins()    # the first frame's widgets: now, or a picture (gui.py)
        for _ in range(3):
            events = pygame.event.get()
            for event in events:
                self.handle_event(event)
                if not self.running:
                    return
            if self.gui.manager is None or not events:
                break
            # pygame_gui posts what its widgets did (a button pressed...) while handling these:
            # answered in this frame, not the next
        for _ in range(updates):
            self.update(dt)
        self.draw()
        if self.frame == 0:
            self.gui.first_frame_shown(then=self.first_picture.shown)
        self.frame += 1
        if self.frame == 1:      # after the first frame: start-up does not wait for these
            procmem.return_large_blocks()
            self.sound.open()
        self._frame_ms.append((time.perf_counter() - t0) * 1000.0)
        if len(self._frame_ms) > 600:
            del self._frame_ms[:300]

    def step(self, n: int = 1, dt: float = DT) -> None:
        """Run ``n`` frames at a fixed ``dt`` without sleeping (tests, --frames)."""
        for _ in range(n):
            if not self.running:
                return
            self.frame_step(dt)

    def run_forever(self) -> None:
        """The real loop: fixed 1/60 s steps for the time that passed (at most 5 per frame;
        a machine too slow for that drops the backlog instead of spiralling), one draw."""
        clock = pygame.time.Clock()
        fps = int(self.settings.get("fps") or 60)
        acc = 0.0
        while self.running:
            acc += min(clock.tick(fps) / 1000.0, 0.25)
            steps = 0
            while acc >= DT and steps < 5:
                acc -= DT
                steps += 1
            if steps == 5:
                acc = 0.0
            self.frame_step(DT, updates=steps)

    def screenshot(self, path: str) -> None:
        """Save the frame as the window shows it at rest (the logical frame smooth-scaled
        to the window's size), the same whichever way the window is presented."""
        Path(path).parent.mkdir(parents=True, exist_ok=True) if Path(path).parent != Path("") else None
        pygame.image.save(self.presenter.window_image(), str(path))

    def shutdown(self) -> None:
        self._close_all_dialogs()
        self.scenes.clear()


def _end_on_sigterm(app: App):
    """SIGTERM (a session logging out, ``kill``): leave the loop without the quit dialog; the
    ``finally`` below then closes every scene, and a game's ``on_exit`` writes its autosave."""
    def handler(signum, frame):
        app.running = False
    try:
        return signal.signal(signal.SIGTERM, handler)
    except (ValueError, OSError):     # not the main thread, or no such signal here
        return None


def run(args, start: str = "launcher") -> int:
    """Entry from tabletop.cli: open the window, show ``start``, loop; 0 on a normal exit."""
    app = App(args)
    _end_on_sigterm(app)
    try:
        app.start(start)
        frames = getattr(args, "frames", None)
        if frames is not None:
            app.step(frames)
        else:
            app.run_forever()
        shot = getattr(args, "screenshot", None)
        if shot:
            app.draw(force=True)
            app.screenshot(shot)
    finally:
        app.shutdown()
        pygame.quit()
    return 0
