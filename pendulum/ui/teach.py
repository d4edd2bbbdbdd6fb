"""Pendulum teaching mode screen (issue 7): the table of ``pendulum/ui/table.py`` with a lesson
panel on the right. The lesson logic is ``pendulum/teaching.py`` (pure); this module only draws
it and routes input:

* every learner request (drag-and-drop, clicks, the panel's Done / Show me) goes through
  ``TeachSession.try_action`` - it must fit the lesson step and the engine must accept it;
  a refusal shows the lesson's gentle explanation (and the engine's rule) in the panel;
* the two bots are the session's gentle bots, one move every ``BOT_PACE`` seconds, each
  narrated in one line;
* Back / Replay lesson rewind the game to the lesson's start; Leave returns to the launcher
  (the ``teach`` autosave keeps lesson and game; the Teaching button resumes it);
* the last lesson shows an all-bot real-time table with running hourglasses, then the
  learner's own game carries on to the end with "What could I do now?" hints.
"""
from __future__ import annotations

import fnmatch
import time as _time

import pygame

from tabletop.ui.gui import pygame_gui   # imported on first use (start-up time)

from pendulum.teaching import LESSON_RULE, TeachSession, describe_action, load_curriculum, narrate
from tabletop.engine import IllegalActionError, saves
from tabletop.ui.scene import Scene
from tabletop.ui.tooltip import Tip

from . import view as V
from .log import RefusalText
from .table import PendulumTable
from .teach_panel import BUTTON_H, PAD, PANEL_FREE, PANEL_LESSON, LessonPanel

BOT_PACE = 0.9                                 # seconds between bot moves (divided by --speed)
BOT_PACE_DONE = 0.35                           # a bot saying "done" shows nothing on the board
DEMO_PREROLL = 24.0                            # engine seconds the real-time demo is advanced


def make_teach_scene(app, seats=None, mode=None, seed=None, record=None, **kw):
    """Called by ``pendulum.ui.scene.make_scene(app, teach=True, ...)``. A ``record`` saved by
    the teaching mode resumes it; otherwise the ``teach`` autosave is resumed if there is one."""
    return TeachScene(app, record=record)


class TeachScene(Scene):
    def __init__(self, app, record=None):
        super().__init__(app)
        mods = list(getattr(app, "mods", None) or [])
        cur = load_curriculum(mods or None)
        self.resumed = False
        session = None
        if record is not None and isinstance(record.meta, dict) and record.meta.get("teach"):
            session = TeachSession(cur, record=record, mods=mods)
            self.resumed = True
        if session is None:
            session = TeachSession.resume(cur, mods=mods)
            if session is not None and session.state.is_terminal():
                session = None                  # a finished guided game: start a new one
            self.resumed = session is not None
        self.session = session or TeachSession(cur, mods=mods)
        self.table = self._make_table()
        self.demo: PendulumTable | None = None
        self.demo_on = False
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.buttons_due = False       # the buttons are on their way (made with the first frame's widgets)
        self.feedback = None                   # (lesson text, rule, engine words) of the last refusal
        self.praise = False
        self.shown: str | None = None          # what "Show me" just did (said instead of "well done")
        self.narration = ""
        self.narrations: list[str] = []        # the last bot moves, newest last
        self.hint_lines: list[str] | None = None
        self.tip: Tip | None = None            # the tooltip of the lesson button under the pointer
        self.tip_pos = (0, 0)
        self._bot_wait = BOT_PACE
        self.panel = LessonPanel(self)
        self._panel = None
        self._panel_key = None
        self._drawn = None              # (table shown, panel rect) of the last frame drawn
        self._entered = False

    def _make_table(self) -> PendulumTable:
        """The table plays the session's lesson match; the session's gentle bots play the
        other seats; refusals and progress come back through the table's hooks."""
        s = self.session
        table = PendulumTable(self.app, match=s.match, human_seats=[s.learner], bots=False)
        table.on_refusal(self._on_refusal)
        table.on_action(self._on_action)
        return table

    # ------------------------------------------------------------------ life
    def on_enter(self):
        self.table.on_enter()
        self._hide_table_buttons(self.table)
        # the panel's buttons come with the first frame's widgets (tabletop/ui/guishots.py):
        # until they are made, the panel is laid out for them all the same
        self.buttons_due = True
        self._button_rects()
        s = self.session
        self.app.gui.first_widgets(lambda: f"teach {s.free_play} {s.lesson_index} {s.step_index} "
                                           f"{len(s.record.actions)} {getattr(self, '_paused', False)}", self._first_buttons)
        self._entered = True
        self._sync_lesson()
        if self.resumed:
            self.app.notify(self.app.t("teach.resumed"))

    def _first_buttons(self):
        if self._entered and self.buttons_due:
            self.buttons_due = False
            self._make_buttons()
            self._sync_buttons()
            if getattr(self, "_paused", False):
                for b in self.buttons.values():
                    b.hide()

    def on_exit(self):
        self.buttons_due = False
        self.table.on_exit()
        if self.demo is not None:
            self.demo.on_exit()
            self.demo = None
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        self._show_tip(None)
        self._entered = False

    def on_pause(self):
        self._paused = True
        self._show_tip(None)
        for b in self.buttons.values():
            b.hide()
        (self.demo if self.demo_on else self.table).on_pause()

    def on_resume(self):
        self._paused = False
        active = self.demo if self.demo_on else self.table
        active.on_resume()
        self._hide_table_buttons(active)
        self._sync_buttons()

    def on_language_changed(self):
        self.table.on_language_changed()
        if self.demo is not None:
            self.demo.on_language_changed()
        if self.buttons:
            self._make_buttons()
            self._sync_buttons()
            if getattr(self, "_paused", False):          # the pause menu is on top
                for b in self.buttons.values():
                    b.hide()
        self._dirty_panel()
        if self.hint_lines is not None:
            self.show_hints()

    def has_game_in_progress(self) -> bool:
        return not self.session.state.is_terminal()

    def save_game(self, path=None):
        record = self.session.export_record()      # a practice lesson: the course's game
        if path is None:
            path = saves.data_dir() / f"pendulum-teach-{_time.strftime('%Y%m%d-%H%M%S')}.json"
        return saves.write_record(record, path)

    # ------------------------------------------------------------------ widgets
    def _hide_table_buttons(self, table):
        table.show_buttons({"menu"})

    def _button_text(self, key):
        if key == "next" and self.session.is_last_lesson and not self.session.free_play:
            return self.app.t("teach.play_on")
        return self.app.t(f"teach.{key}")

    def _make_buttons(self):
        """(Re)create the panel's buttons at their final size: pygame_gui lays out a button's
        text when it is made, so a resize after the fact can cut Japanese labels."""
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        m = self.app.ui_manager
        self._layout_key = (self.session.free_play, self.app.lang)
        for key, rect in self._button_rects().items():
            # no pygame_gui tool_tip: it breaks Japanese every few characters; ours is a Tip
            self.buttons[key] = pygame_gui.elements.UIButton(rect, self._button_text(key), m)
        self._show_tip(None)

    def _panel_rect(self):
        return PANEL_FREE if self.session.free_play else PANEL_LESSON

    def _button_rects(self) -> dict:
        r = self._panel_rect()
        gap = 10
        inner = r.width - 2 * PAD
        y2 = r.bottom - PAD - BUTTON_H
        y1 = y2 - gap - BUTTON_H
        if self.session.free_play:
            rows = [(y1, ["back", "done"]), (y2, ["hint", "leave"])]
            hidden = ["replay", "show_me", "next"]
        else:
            rows = [(y1, ["back", "replay", "show_me", "done"]), (y2, ["hint", "leave", "next"])]
            hidden = []
        font = self.app.font(26)
        out = {}
        for y, keys in rows:
            need = [font.size(self._button_text(k))[0] + 40 for k in keys]
            if "next" in keys:
                need[keys.index("next")] += 40          # the main button is the widest
            free = inner - gap * (len(keys) - 1)
            widths = [int(free * n / sum(need)) for n in need]
            widths[-1] = free - sum(widths[:-1])
            x = r.left + PAD
            for key, w in zip(keys, widths):
                out[key] = pygame.Rect(x, y, w, BUTTON_H)
                x += w + gap
        for key in hidden:
            out[key] = pygame.Rect(-400, -400, 100, BUTTON_H)
        self.buttons_top = y1
        return out

    def _place_buttons(self):
        if getattr(self, "_layout_key", None) != (self.session.free_play, self.app.lang):
            self._make_buttons()

    def _sync_buttons(self):
        s = self.session
        if not self.buttons:
            return
        self._place_buttons()
        shown = ({"back", "done", "hint", "leave"} if s.free_play
                 else {"back", "replay", "show_me", "done", "next", "hint", "leave"})
        for key, b in self.buttons.items():
            b.show() if key in shown else b.hide()
        if self.buttons["next"].text != self._button_text("next"):
            self.buttons["next"].set_text(self._button_text("next"))
        enable = {
            "back": s.lesson_index > 0 or s.free_play,
            "replay": not s.free_play,
            "show_me": s.step is not None and s.example_action() is not None,
            "done": any(a.kind == "done" for a in s.learner_actions()) and s.accepts_actions(),
            "next": s.lesson_complete and not s.free_play,
            "hint": not self.demo_on,
            "leave": True,
        }
        for key, on in enable.items():
            b = self.buttons[key]
            b.enable() if on else b.disable()

    # ------------------------------------------------------------------ lesson flow
    def _sync_lesson(self):
        """After any change of lesson or game: highlights, demo, buttons, panel."""
        s = self.session
        lesson = s.lesson
        want_demo = lesson.demo == "realtime" and not s.free_play
        if want_demo and not self.demo_on:
            self._start_demo()
        elif not want_demo and self.demo_on:
            self._stop_demo()
        active = self.demo if self.demo_on else self.table
        active.highlight([] if s.free_play else self.expand_highlights(lesson.highlight, active))
        self._sync_buttons()
        self._dirty_panel()

    def expand_highlights(self, ids, table=None):
        """Lesson highlight ids -> table region ids: ``me`` is the learner's seat, ``*`` a
        wildcard over the table's regions, ``ui.<button>`` a button of the panel (drawn here)."""
        table = table or self.table
        known = list(table.layout.rects) + [f"timer.{t}" for t in ("black", "green", "purple")]
        out = []
        for hid in ids:
            hid = hid.replace(".me", f".{self.session.learner}")
            if hid.startswith("ui."):
                continue
            if "*" in hid or "?" in hid:
                out.extend(k for k in known if fnmatch.fnmatchcase(k, hid))
            elif table.region(hid) is not None:
                out.append(hid)
        return out

    def next_lesson(self):
        if self.session.next():
            self._after_navigation()

    def back_lesson(self):
        if self.session.free_play:           # leaving the learner's own game: ask first
            self.app.confirm("teach.text.back_confirm", self._back_now)
            return
        self._back_now()

    def _back_now(self):
        if self.session.back():
            self._after_navigation()

    def replay_lesson(self):
        if not self.session.free_play:
            self.session.replay()
            self._after_navigation()

    def _after_navigation(self):
        self.feedback = None
        self.praise = False
        self.shown = None
        self.hint_lines = None
        self.narration = ""
        self.narrations = []
        self._bot_wait = BOT_PACE
        self.table.log.clear()
        self._sync_lesson()
        self._maybe_open_choice()

    def leave(self):
        self.session.autosave()
        self.app.to_launcher()

    def request(self, action, animate_from=None):
        """A learner request from the panel (Show me, Done) or a test: through the table, so it
        is animated, logged and judged by the lesson match. Returns the engine events, or an
        empty list after a (gently explained) refusal."""
        try:
            return self.table.apply(action, animate_from=animate_from)
        except IllegalActionError as exc:
            self.table.refuse(exc)
            return []

    def _on_refusal(self, refusal) -> bool:
        """The table's refusal hook: the panel explains it (the lesson's words, the rule)."""
        s, step = self.session, self.session.step
        explain = step.explain if step is not None else {}
        if getattr(refusal, "rule", "") == LESSON_RULE:
            key = getattr(refusal, "key", None)
            if key == "teach.read_first":
                explain = {self.app.lang: self.app.t(key)}
            self.feedback = (explain or {}, "", None)
        else:
            self.feedback = (explain or {}, getattr(refusal, "rule", ""), RefusalText(s.rules, refusal))
        self.praise = False
        self._sync_buttons()
        self._dirty_panel()
        return True

    def _on_action(self, action, events) -> None:
        """The table's action hook: a learner's action was accepted (progress is the session's)."""
        if getattr(action, "seat", None) != self.session.learner:
            return
        out = getattr(self.session, "last_outcome", None)
        self.feedback = None
        self.hint_lines = None
        if out is not None and out.step_done:
            self.praise = out.lesson_done
        self.shown = None                    # (show_me sets it again after its own move)
        self._bot_wait = max(self._bot_wait, BOT_PACE)
        self._sync_lesson()
        if self.table.picker is None:
            self._maybe_open_choice()

    def show_me(self):
        """Play the lesson's example move; the panel then says what was done (not "well done")."""
        s = self.session
        action = s.example_action()
        if action is None:
            return
        what = describe_action(s.rules, s.state, action, self.app.t, self.app.lang)
        if self.request(action):
            self.shown = what
        self._maybe_open_choice()

    def declare_done(self):
        done = sorted((a for a in self.session.learner_actions() if a.kind == "done"),
                      key=lambda a: bool(getattr(a, "last", False)))
        if done:
            self.request(done[0])

    def _maybe_open_choice(self):
        if any(a.kind == "choose" for a in self.session.learner_actions()):
            self.table.open_decision(self.session.learner)

    def show_hints(self):
        s = self.session
        t, lang = self.app.t, self.app.lang
        hints = s.hints()
        if not hints:
            # "press Done" only while Done can be pressed (the button's own condition)
            can_end = any(a.kind == "done" for a in s.learner_actions()) and s.accepts_actions()
            self.hint_lines = [t("teach.no_hints") if can_end else t("teach.text.no_hints_wait")]
        else:
            title = t("teach.resources_title") if hints[0][1] == "resources" else t("teach.hints_title")
            self.hint_lines = [title] + ["• " + describe_action(s.rules, s.state, a, t, lang) for a, _ in hints[:6]]
        self._dirty_panel()

    # ------------------------------------------------------------------ demo (real-time lesson)
    def _start_demo(self):
        if self.demo is None:
            demo = PendulumTable(self.app, seats=["bot", "bot", "bot"], mode="realtime",
                                 seed=self.session.course.seed, autosave=False)
            _preroll(demo, DEMO_PREROLL)
            self.demo = demo
        self.table.on_pause()
        if self._entered:
            self.demo.on_enter()
            self._hide_table_buttons(self.demo)
        self.demo_on = True

    def _stop_demo(self):
        if self.demo is not None:
            self.demo.on_exit()
        self.demo_on = False
        self.table.on_resume()
        self._hide_table_buttons(self.table)

    # ------------------------------------------------------------------ events
    def _hover(self, pos):
        """The pointer over a lesson button: its tooltip (wrapped, kinsoku), else none."""
        key = next((k for k, b in self.buttons.items() if b.visible and b.rect.collidepoint(pos)), None)
        text = self.app.t(f"teach.tip.{key}") if key else None
        if text is None:
            self._show_tip(None)
        elif self.tip is None or self.tip.text != text or pos != self.tip_pos:
            self.tip_pos = pos
            self._show_tip(self.tip if self.tip is not None and self.tip.text == text else Tip(self.app, text))

    def _show_tip(self, tip):
        """``tip`` by the pointer, over the lesson buttons (the App's widget layer: gui.set_tip), or none."""
        self.tip = tip
        box = None if tip is None else (tip.surface, pygame.Rect(tip.place(self.tip_pos), tip.surface.get_size()))
        self.app.gui.set_tip(box)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, b in self.buttons.items():
                if event.ui_element is b:
                    self._press(key)
                    return True
        active = self.demo if self.demo_on else self.table
        if event.type == pygame.KEYDOWN and active.kb is None and active.picker is None:
            intents = self.app.intents(event)
            if "right" in intents or event.key == pygame.K_PAGEDOWN:
                self._press("next")
                return True
            if "left" in intents or event.key == pygame.K_PAGEUP:
                self._press("back")
                return True
            if "help" in intents:
                self._press("hint")
                return True
            if event.key == pygame.K_F5 or "undo" in intents:     # undo in a lesson: replay it
                self._press("replay")
                return True
            if event.key == pygame.K_m and not self.demo_on:
                self._press("show_me")
                return True
            if event.key == pygame.K_END and not self.demo_on:
                self._press("done")
                return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self._panel_rect().collidepoint(
                getattr(event, "pos", (-1, -1))):
            return True                         # the panel covers that part of the table
        if self.demo_on:
            if event.type == pygame.KEYDOWN or event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                return False                    # the demo is to watch, not to play
            return self.demo.handle_event(event)
        return self.table.handle_event(event)

    def _press(self, key):
        b = self.buttons.get(key)
        if b is not None and (not b.is_enabled or not b.visible):
            return
        {"next": self.next_lesson, "back": self.back_lesson, "replay": self.replay_lesson,
         "show_me": self.show_me, "done": self.declare_done, "hint": self._toggle_hints,
         "leave": self.leave}[key]()

    def _toggle_hints(self):
        if self.hint_lines is not None:
            self.hint_lines = None
            self._dirty_panel()
        else:
            self.show_hints()

    # ------------------------------------------------------------------ update / draw
    def update(self, dt):
        if self.demo_on and self.demo is not None:
            self.demo.update(dt)
            return
        self.table.update(dt)
        speed = float(getattr(self.app, "speed", 1.0) or 1.0)
        self._bot_wait -= dt * speed
        if self._bot_wait <= 0 and not self.table.anims and self.table.picker is None:
            move = self.session.bot_step()            # through the match: the table animates it
            if move is not None:
                seat, action, events = move
                self.narration = narrate(self.session.rules, self.session.state, seat, action,
                                         self.app.t, self.app.lang, events)
                self.narrations = (self.narrations + [self.narration])[-3:]
                self._bot_wait = BOT_PACE if action.kind != "done" else BOT_PACE_DONE
                self._sync_lesson()
                self._maybe_open_choice()
            else:
                self._bot_wait = 0.2

    def _dirty_panel(self):
        self._panel_key = None

    # the redraw protocol: the table shown (lesson or demo) says what changed and paints only
    # that; the panel over it is compared by its key, painted again when it changed and
    # patched where the table painted under it
    def _key(self):
        return (self.app.lang, self.session.lesson_index, self.session.step_index, self.session.free_play,
                tuple(self.narrations), self.feedback and repr(self.feedback), self.praise,
                tuple(self.hint_lines or ()), self.session.state.is_terminal(), self.waiting_name(), self.shown,
                self.demo_on, "ui.hint" in self.session.lesson.highlight)

    def needs_redraw(self) -> bool:
        shown = self.demo if self.demo_on else self.table
        return self._panel is None or self._key() != self._panel_key or shown.needs_redraw()

    def invalidate(self):
        self._drawn = None
        (self.demo if self.demo_on else self.table).invalidate()

    def mark_drawn(self):
        (self.demo if self.demo_on else self.table).mark_drawn()

    def draw(self, surface):
        shown = self.demo if self.demo_on else self.table
        rect = self._panel_rect()
        if self._drawn != (shown, rect):
            shown.invalidate()                    # another table or panel size: paint all
        self._drawn = (shown, rect)
        shown.renderer.tip_bounds = (rect.left, 1080)   # a board tip never slides under the lesson panel
        key = self._key()
        fresh = key != self._panel_key or self._panel is None
        if fresh:
            self._panel = self.panel.render(rect)
            self._panel_key = key
        changed = shown.draw(surface)
        if changed is None or fresh:
            surface.blit(self._panel, rect)
            self._hint_frame(surface)
            return None if changed is None else [*changed, rect]
        under = [pygame.Rect(r).clip(rect) for r in changed]
        for part in under:
            if part.w and part.h:
                surface.blit(self._panel, part, part.move(-rect.x, -rect.y))
        if any(part.w and part.h for part in under):
            self._hint_frame(surface)
        return changed

    def _hint_frame(self, surface):
        """The frame round the Hint button while a lesson points at it (inside the panel)."""
        if "ui.hint" in self.session.lesson.highlight and not self.session.free_play:
            b = self.buttons.get("hint")
            if b is not None:
                pygame.draw.rect(surface, (255, 230, 120), b.rect.inflate(8, 8), 4, border_radius=10)

    def waiting_name(self):
        """Whom the learner waits for (memoised per game position: asking the engine for
        legal actions every frame would cost more than the whole panel)."""
        s = self.session
        key = (len(s.record.actions), s.lesson_index, s.step_index, self.app.lang, id(s.state))
        if getattr(self, "_waiting_key", None) == key:
            return self._waiting
        name = ""
        if not (s.learner_can_act() or s.state.is_terminal()):
            for seat in s.state.seats_to_act():
                if seat != s.learner:
                    name = s.rules.name(V.mat(self.table.view, seat)["character"], self.app.lang)
                    break
        self._waiting_key, self._waiting = key, name
        return name

    def feedback_lines(self) -> list[str]:
        return self.panel.feedback_lines()


def _preroll(demo: PendulumTable, seconds: float) -> None:
    """Let the all-bot real-time demo run ``seconds`` of engine time (through its match) without
    drawing, so the lesson opens on a game in progress with sand already falling."""
    match = demo.match
    t_end = None
    for _ in range(4000):
        state = match.state
        if state.is_terminal():
            break
        if state.phase == "action" and t_end is None:
            t_end = state.time + seconds
        if t_end is not None and state.time >= t_end:
            break
        action = V.next_bot_action(demo.bots, state) if demo.bots is not None else None
        if action is not None:
            try:
                match.apply(action)
            except IllegalActionError:
                demo.bots.queue = []
            continue
        match.advance(0.25)
    demo.animator.clear()
    demo.sync_glasses()
