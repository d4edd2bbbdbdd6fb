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
import re

import pygame
import pygame_gui

from pendulum.teaching import TeachSession, describe_action, load_curriculum, narrate, rule_key
from tabletop.engine import IllegalActionError, UndoStack, saves
from tabletop.ui.scene import Scene

from . import render as R
from . import view as V
from .table import PendulumTable

BOT_PACE = 0.9                                 # seconds between bot moves (divided by --speed)
BOT_PACE_DONE = 0.35                           # a bot saying "done" shows nothing on the board
PANEL_LESSON = pygame.Rect(1240, 316, 672, 756)
PANEL_FREE = pygame.Rect(1240, 316, 672, 378)
PANEL_BG = (24, 30, 40)
PANEL_EDGE = (217, 164, 65)
INK = (240, 232, 214)
DIM = (170, 166, 150)
TASK_BG = (46, 40, 24)
GOOD_BG = (26, 58, 36)
GOOD_EDGE = (120, 210, 140)
WARN_BG = (70, 40, 26)
WARN_EDGE = (236, 150, 90)
BUTTON_H = 48
PAD = 22
NO_BREAK_START = set("。、，．・）」』】！？ー…,.;:!?)")
DEMO_PREROLL = 24.0                            # engine seconds the real-time demo is advanced


def make_teach_scene(app, seats=None, mode=None, seed=None, record=None, **kw):
    """Called by ``pendulum.ui.scene.make_scene(app, teach=True, ...)``. A ``record`` saved by
    the teaching mode resumes it; otherwise the ``teach`` autosave is resumed if there is one."""
    return TeachScene(app, record=record)


class TeachTable(PendulumTable):
    """The table in teaching mode: it shows the session's game and sends every request of
    the learner to the lesson instead of straight to the engine."""

    def __init__(self, app, scene: "TeachScene"):
        self.teach = scene
        s = scene.session
        super().__init__(app, seats=list(s.course.seats), mode=s.course.mode, seed=s.course.seed,
                         autosave=False, options={"characters": list(s.course.characters) or None},
                         human_seats=[s.learner])
        self.bind(s)

    def bind(self, session: TeachSession) -> None:
        self.rules = session.rules
        self.state = session.state
        self.record = session.record
        self.bots = None                       # the session's bots play (see TeachScene.update)
        self.undo = UndoStack()
        self.anims = []
        self.drag = None
        self.kb = None
        self._close_picker()
        self._dirty = True

    def apply(self, action, *, animate_from=None, quiet=False):
        return self.teach.request(action, animate_from)

    def do_undo(self):
        self.teach.replay_lesson()

    def has_game_in_progress(self) -> bool:
        return self.teach.has_game_in_progress()

    def save_game(self, path=None):
        return self.teach.save_game(path)


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
        self.table = TeachTable(app, self)
        self.demo: PendulumTable | None = None
        self.demo_on = False
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.feedback = None                   # (lesson text, rule, engine words) of the last refusal
        self.praise = False
        self.narration = ""
        self.narrations: list[str] = []        # the last bot moves, newest last
        self.hint_lines: list[str] | None = None
        self._bot_wait = BOT_PACE
        self._panel = None
        self._panel_key = None
        self._entered = False

    # ------------------------------------------------------------------ life
    def on_enter(self):
        self.table.on_enter()
        self._hide_table_buttons(self.table)
        self._make_buttons()
        self._entered = True
        self._sync_lesson()
        if self.resumed:
            self.app.notify(self.app.t("teach.resumed"))

    def on_exit(self):
        self.table.on_exit()
        if self.demo is not None:
            self.demo.on_exit()
            self.demo = None
        for b in self.buttons.values():
            b.kill()
        self.buttons = {}
        self._entered = False

    def on_pause(self):
        self._paused = True
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
        record = self.session.to_record()
        if path is None:
            import time
            path = saves.data_dir() / f"pendulum-teach-{time.strftime('%Y%m%d-%H%M%S')}.json"
        return saves.write_record(record, path)

    # ------------------------------------------------------------------ widgets
    def _hide_table_buttons(self, table):
        for key in ("pause", "done", "undo", "log"):
            el = table.ui.get(key)
            if el is not None:
                el.hide()

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
            self.buttons[key] = pygame_gui.elements.UIButton(rect, self._button_text(key), m,
                                                             tool_tip_text=self.app.t(f"teach.tip.{key}"))

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
        self._buttons_top = y1
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
        if self.table.state is not s.state:         # the game was rewound (back / replay)
            self.table.bind(s)
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
        if self.session.back():
            self._after_navigation()

    def replay_lesson(self):
        if not self.session.free_play:
            self.session.replay()
            self._after_navigation()

    def _after_navigation(self):
        self.feedback = None
        self.praise = False
        self.hint_lines = None
        self.narration = ""
        self.narrations = []
        self._bot_wait = BOT_PACE
        self.table.log_lines = []
        self.table.log_events = []
        self._sync_lesson()
        self._maybe_open_choice()

    def leave(self):
        self.session.autosave()
        self.app.to_launcher()

    def request(self, action, animate_from=None):
        """A learner request from the table or the panel. Returns the engine events, or an
        empty list after a (gently explained) refusal."""
        before = animate_from if animate_from is not None else self.table.worker_positions()
        out = self.session.try_action(action)
        if not out.ok:
            message = out.message or {}
            if out.key:
                message = {self.app.lang: self.app.t(out.key)}
            self.feedback = (message, out.rule, out.engine_message)
            self.praise = False
            self._sync_buttons()
            self._dirty_panel()
            return []
        self.feedback = None
        self.hint_lines = None
        if out.step_done:
            self.praise = out.lesson_done
        self.table._after_events(out.events, before)
        self._bot_wait = max(self._bot_wait, BOT_PACE)
        self._sync_lesson()
        if self.table.picker is None:
            self._maybe_open_choice()
        return out.events

    def show_me(self):
        action = self.session.example_action()
        if action is None:
            return
        self.request(action)
        self._maybe_open_choice()

    def declare_done(self):
        done = sorted((a for a in self.session.learner_actions() if a.kind == "done"),
                      key=lambda a: bool(getattr(a, "last", False)))
        if done:
            self.request(done[0])

    def _maybe_open_choice(self):
        if any(a.kind == "choose" for a in self.session.learner_actions()):
            self.table._open_decision(self.session.learner)

    def show_hints(self):
        s = self.session
        t, lang = self.app.t, self.app.lang
        hints = s.hints()
        if not hints:
            self.hint_lines = [t("teach.no_hints")]
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
        self.table._close_picker()
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
    def handle_event(self, event) -> bool:
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
            if event.key == pygame.K_F5:
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
            before = self.table.worker_positions()
            move = self.session.bot_step()
            if move is not None:
                seat, action, events = move
                self.table._after_events(events, before)
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

    def draw(self, surface):
        (self.demo if self.demo_on else self.table).draw(surface)
        rect = self._panel_rect()
        key = (self.app.lang, self.session.lesson_index, self.session.step_index, self.session.free_play,
               tuple(self.narrations), self.feedback and repr(self.feedback), self.praise,
               tuple(self.hint_lines or ()), self.session.state.is_terminal(), self._waiting_name())
        if key != self._panel_key or self._panel is None:
            self._panel = self._render_panel(rect).convert()
            self._panel_key = key
        surface.blit(self._panel, rect)
        if "ui.hint" in self.session.lesson.highlight and not self.session.free_play:
            b = self.buttons.get("hint")
            if b is not None:
                pygame.draw.rect(surface, (255, 230, 120), b.rect.inflate(8, 8), 4, border_radius=10)

    def _waiting_name(self):
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
                    name = s.rules.name(s.state.players[seat].character, self.app.lang)
                    break
        self._waiting_key, self._waiting = key, name
        return name

    def _render_panel(self, rect):
        app, s, lang = self.app, self.session, self.app.lang
        surf = pygame.Surface(rect.size)
        surf.fill(R.BG)                          # the table's background shows in the corners
        pygame.draw.rect(surf, PANEL_BG, surf.get_rect(), border_radius=16)
        pygame.draw.rect(surf, PANEL_EDGE, surf.get_rect(), 3, border_radius=16)
        width = rect.width - 2 * PAD
        y = PAD - 4
        bottom = (self._buttons_top - rect.top - 12) if self.buttons else rect.height - 130
        # the last bot moves, one line each, just above the buttons (newest brightest)
        lines = list(self.narrations)
        if s.free_play and self.hint_lines is not None:
            lines = lines[-1:]
        waiting = self._waiting_name()
        if waiting and not lines:
            lines = [app.t("teach.waiting", name=waiting)]
        for i, narr in enumerate(reversed(lines)):
            colour = (200, 220, 255) if i == 0 else (130, 145, 170)
            line = R.text_fit(app, ("▶ " if i == 0 else "   ") + narr, 20, colour, width)
            bottom -= line.get_height() + 2
            surf.blit(line, (PAD, bottom))
        if lines:
            bottom -= 10
        if s.free_play:
            title = app.t("teach.game_over") if s.state.is_terminal() else app.t("teach.free_title")
            y = self._blit_lines(surf, [title], 30, INK, width, y, bold=True)
            if self.hint_lines is not None:
                return self._box(surf, self.hint_lines, y + 6, bottom, width, GOOD_BG, GOOD_EDGE) or surf
            if self.feedback:
                self._feedback_box(surf, y + 6, bottom, width)
                return surf
            self._blit_lines(surf, [app.t("teach.free_play")], 22, DIM, width, y + 8, limit=bottom)
            return surf
        lesson = s.lesson
        head = app.t("teach.lesson_of", n=s.lesson_index + 1, total=len(s.cur.lessons))
        if self.demo_on:
            head += "  ·  " + app.t("teach.demo_title")
        y = self._blit_lines(surf, [head], 18, DIM, width, y)
        y = self._blit_lines(surf, [lesson.title.get(lang, lesson.title.get("en", ""))], 32, INK, width, y + 2,
                             bold=True)
        y += 10
        # bottom-up: feedback / task / praise boxes, then the text fills what is left
        boxes = []
        if self.hint_lines is not None:
            boxes.append((self.hint_lines, GOOD_BG, GOOD_EDGE))
        elif self.feedback:
            boxes.append((self._feedback_lines(), WARN_BG, WARN_EDGE))
        if s.step is not None:
            boxes.append(([app.t("teach.task"), s.step.task.get(lang, "")], TASK_BG, PANEL_EDGE))
        elif lesson.steps:
            boxes.append(([app.t("teach.well_done")], GOOD_BG, GOOD_EDGE))
        for lines, bg, edge in boxes:
            h = self._box_height(lines, width)
            bottom -= h
            self._box(surf, lines, bottom, bottom + h, width, bg, edge)
            bottom -= 10
        text = lesson.text.get(lang, lesson.text.get("en", ""))
        for size in (23, 21, 19, 17):
            lines = self._wrap(text, size, width)
            if y + len(lines) * int(size * 1.38) <= bottom:
                break
        self._blit_lines(surf, [text], size, INK, width, y, limit=bottom)
        if not lesson.steps:
            hint = R.text_fit(app, app.t("teach.read_on"), 18, DIM, width)
            if self.hint_lines is None and not self.feedback:
                surf.blit(hint, (PAD, bottom - hint.get_height()))
        return surf

    def _box_height(self, lines, width, size=21):
        n = sum(len(self._wrap(l, size, width - 28)) for l in lines)
        return n * int(size * 1.38) + 22

    def _box(self, surf, lines, top, bottom, width, bg, edge, size=21):
        box = pygame.Rect(PAD, top, width, max(20, bottom - top))
        pygame.draw.rect(surf, bg, box, border_radius=10)
        pygame.draw.rect(surf, edge, box, 2, border_radius=10)
        y = top + 11
        for i, line in enumerate(lines):
            y = self._blit_lines(surf, [line], size, INK if i else (255, 236, 190), width - 28, y, x=PAD + 14,
                                 limit=bottom - 6, bold=(i == 0 and len(lines) > 1))
        return None

    def _feedback_lines(self) -> list[str]:
        """A refusal in kind words: why the rule forbids it, what the lesson wants, the rule."""
        app, lang = self.app, self.app.lang
        msg, rule, engine = self.feedback
        lines = [app.t("teach.try_again")]
        if rule:
            key = f"teach.why.{rule_key(rule)}"
            why = app.t(key)
            lines.append(why if why != key else engine)
        explain = msg.get(lang) or msg.get("en")
        if explain:
            lines.append(explain)
        if rule:
            lines.append(app.t("teach.rule", rule=rule))
        return lines

    def _feedback_box(self, surf, top, bottom, width):
        lines = self._feedback_lines()
        h = self._box_height(lines, width)
        self._box(surf, lines, top, min(bottom, top + h), width, WARN_BG, WARN_EDGE)

    def _wrap(self, text, size, width, bold=False):
        font = self.app.font(size, bold)
        out = []
        for para in _paragraphs(str(text)):
            if not para.strip():
                out.append("")
                continue
            tokens = re.findall(r"[A-Za-z0-9'’\-\.,;:!?\"()/+%]+\s*|\s+|.", para)
            line = ""
            for tok in tokens:
                trial = line + tok
                if font.size(trial.rstrip())[0] <= width or not line.strip():
                    line = trial
                elif tok[0] in NO_BREAK_START:
                    line = trial                # never start a line with closing punctuation
                else:
                    out.append(line.rstrip())
                    line = tok.lstrip()
            if line.strip():
                out.append(line.rstrip())
        while out and out[-1] == "":
            out.pop()
        return out

    def _blit_lines(self, surf, texts, size, colour, width, y, x=PAD, limit=None, bold=False):
        step = int(size * 1.38)
        for text in texts:
            for line in self._wrap(text, size, width, bold):
                if limit is not None and y + step > limit:
                    return y
                if line:
                    surf.blit(self.app.text(line, size, colour, bold), (x, y))
                y += step if line else step // 2
        return y


_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def _paragraphs(text: str) -> list[str]:
    """YAML block text -> display paragraphs: single line breaks are joined (with a space,
    or nothing between Japanese characters), blank lines separate paragraphs, and list
    lines ("- ...", "1. ...") keep their own line."""
    out: list[str] = []
    for block in text.strip("\n").split("\n\n"):
        cur = ""
        for line in block.split("\n"):
            line = line.strip()
            if not line:
                continue
            if not cur:
                cur = line
            elif re.match(r"^(- |・|\d+\. )", line):
                out.append(cur)
                cur = line
            elif _CJK.match(line[0]) or _CJK.match(cur[-1]):
                cur += line
            else:
                cur += " " + line
        if cur:
            out.append(cur)
        out.append("")
    out = ["• " + p[2:] if p.startswith("- ") else p for p in out]
    while out and out[-1] == "":
        out.pop()
    return out


def _preroll(demo: PendulumTable, seconds: float) -> None:
    """Let the all-bot real-time demo run ``seconds`` of engine time without drawing, so the
    lesson opens on a game in progress with sand already falling."""
    state = demo.state
    t_end = None
    for _ in range(4000):
        if state.is_terminal():
            break
        if state.phase == "action" and t_end is None:
            t_end = state.time + seconds
        if t_end is not None and state.time >= t_end:
            break
        action = V.next_bot_action(demo.bots, state) if demo.bots is not None else None
        if action is not None:
            try:
                state.apply(action)
            except IllegalActionError:
                demo.bots.queue = []
            continue
        state.advance(0.25)
    for tid, hg in demo.hourglasses.items():
        hg.fill_to(V.timer_fraction(state, demo.rules, tid))
    demo._dirty = True
