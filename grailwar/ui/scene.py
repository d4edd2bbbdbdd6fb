"""The Holy Grail War play screen.

Flow: every decision is a pending decision of the engine. Human factions answer through
the prompt menu (``prompt_menu``), built from ``legal_actions`` so only legal choices are
offered; NPC factions are answered by the flow driver (``flowdriver``), which also plays the
events returned by ``apply`` back: rolls are thrown on the dice tray and their log lines
appear once the die lands; battle events drive the battle presenter (``battle``).

The screen's parts: the side panels (``panels``), the prompt menu, the flow driver, the
input router (``keys``), the battle presenter, the hand-off screen (``handoff``) and the end
panel (``endpanel``); this module holds them together, hands the screen from master to
master, ends the war and composes the frame.

Secrets: everything drawn comes from ``state.view_for(viewer)``; with two or more human
masters a hand-off screen hides the table whenever the screen passes from one master to
another. ``self.drawn_texts`` lists every text drawn in the last frame (tests inspect it).
"""
from __future__ import annotations

import datetime

from grailwar.rules.logtext import flavour
from grailwar import game as G
from tabletop.engine.saves import data_dir
from tabletop.ui import prefs
from tabletop.ui.logpanel import LogPanel
from tabletop.ui.scene import Scene

from . import cards, panels
from . import theme as T
from . import tone as TONE
from . import viewmodel as VM
from .battle import BattlePresenter
from .bars import ManaTween
from .battleview import BattleView
from .data import load_static
from .dice import DiceTray
from .endpanel import EndPanel, faction_sheets, mana_series, write_export
from .flowdriver import FlowDriver
from .frame import FrameComposer
from .handoff import HandOff
from .keys import InputRouter
from .layout import BATTLE, LOG, MAP, ME, PROMPT, RIVALS, THEME, TOP, TRAY, Pen
from .logfeed import LogFeed
from .mapview import MapView
from .pace import NpcPace
from .prompt_menu import PromptMenu
from .replay import ReplayScene
from .savealert import SaveGuard
from .setup import open_war
from .takeback import TakeBack

TALK_ANSWERED = ("propose", "exchange", "threaten", "give_code", "give_spells", "share", "dissolve")


class GrailWarScene(Scene):
    opaque = True

    def __init__(self, app, seats=None, seed=None, record=None, bench=False, **kw):
        super().__init__(app)
        self.bench = bench
        war = open_war(getattr(app, "mods", None), seats, seed, record, bench,
                       factions=getattr(getattr(app, "args", None), "factions", None))
        self.seats, self.seed, self.options, self.rules = war.seats, war.seed, war.options, war.rules
        self.match = war.match             # applies, records and autosaves every action
        resumed = war.resumed
        self.static = load_static(self.rules, getattr(app, "mods", None))
        self.humans = VM.human_factions(self.state, self.seats)
        # with two or more masters at the table, the screen starts public and passes to the
        # first master through a hand-off; a lone master owns it from the start
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.screen_owner = self.viewer   # whose private screen is up (None: hand-off pending)
        self.handoff: HandOff | None = None
        self.view = None
        self.vm = None
        self.map = MapView(app, self.static, MAP)
        self.tray = DiceTray(app, TRAY)
        self.tray.sound = app.sound.play
        self.logpanel = LogPanel(app, LOG, colour_of=lambda line, age: self.feed.colour(line, age))
        shown = prefs.load().get("grailwar_flavour")     # the pause menu's switch, else settings.yaml
        self.flavour_shown = shown if isinstance(shown, bool) else \
            bool((getattr(app, "settings", None) or {}).get("grailwar_flavour", True))
        self.feed = LogFeed(self.tray, self.logpanel, self.log_text,
                            lambda e: VM.roll_captions(e, self.app.lang, self.app.t),
                            tone=lambda e: TONE.of_entry(e, self.vm or {}, self.viewer), flavour=self._flavour)
        self.battles = BattlePresenter(BattleView(app, BATTLE), lambda i: self.value_label("item", i),
                                       self.rules.cfg.combat.sub_divisor)
        self.menu = PromptMenu(self)
        self.takeback = TakeBack(self)     # a fresh declaration waits a short grace, to be taken back
        self.mana_tween = ManaTween()
        self.pace = NpcPace((MAP.x + 10, MAP.bottom - 8))     # NPC speed: pause, step, normal, fast
        self.end = EndPanel(app, self.tr)
        self.saving = SaveGuard(app, self.tr, self.match, self._saving_changed)
        self.pen = Pen(app)
        self.frame = FrameComposer(app, self.tray, self.pen)
        self.drawn_texts: list[str] = []
        self.hot: dict = {}                # panel -> [(rect, card id)]: what hovering there explains
        self.card = None                   # (rect, card id) of the hover card up, or None
        self.flow = FlowDriver(self)       # NPC answers, the menu's turn, events played back
        self.input = InputRouter(self)     # keys and clicks to the part they are for
        self.ended = False
        self.paused = False
        self.fast = self._speed_factor()
        self.tray.speed = self.fast
        self.error = ""
        self._view_dirty = False
        self._view_version = 0
        self._refresh_view()
        if not resumed:
            # the opening draws (starting locations, the first event rolls) play on the tray
            for entry in self.vm["log"]:
                if entry.get("kind") == "note" or entry.get("phase") == "S":   # set-up draws go straight to the log
                    self.feed.queue(entry)
                else:
                    self.feed.queue_roll(entry, VM.opening_roll(entry))
        else:
            self.feed.rebuild(self.vm["log"])
        if self.match.save_error:          # the first autosave (in the Match's constructor) failed
            self.saving.failed(self.match.save_error)

    # --- the menu's state, read by tests and the frame keys ------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def record(self):
        return self.match.record

    @property
    def save_alert(self):
        return self.saving.alert

    @property
    def unsaved(self):
        return self.saving.unsaved

    @property
    def buttons(self):
        return self.menu.buttons

    @property
    def tree(self):
        return self.menu.tree

    @property
    def dialog(self):
        return self.menu.dialog

    @property
    def reply(self):
        return self.menu.reply

    @property
    def log_lines(self):
        return self.feed.lines

    @property
    def handoff_to(self):
        return self.handoff.to if self.handoff is not None else None

    # --- setup / teardown ---------------------------------------------------------------------
    def _speed_factor(self):
        f = float(getattr(self.app, "speed", 1.0) or 1.0)
        if getattr(getattr(self.app, "args", None), "frames", None):
            f = max(f, 4.0)
        return f

    def on_enter(self):
        self.app.gui.add_theme(THEME)    # the first frame has no widget: pygame_gui is not needed yet
        self.feed.dirty = True

    def on_exit(self):
        self.match.close()       # the last accepted action is on disk
        self.saving.close()
        self.menu.kill()
        self.menu.close_reply()
        self.takeback.close()
        self.end.kill()

    def on_pause(self):
        self.paused = True
        self._apply_visibility()

    def on_resume(self):
        self.paused = False
        self._apply_visibility()

    def _apply_visibility(self):
        self.menu.set_hidden(self.handoff is not None or self.paused or self.saving.stopped)
        self.takeback.set_hidden(self.handoff is not None or self.paused or self.saving.stopped)
        self.saving.set_hidden(self.paused or self.handoff is not None)
        for el in self.end.elements():
            (el.hide if self.paused else el.show)()

    def on_language_changed(self):
        self._view_dirty = True
        self.map.invalidate()
        self.frame.invalidate()
        self._all_lines()
        self.tray.relabel(lambda e: VM.roll_captions(e, self.app.lang, self.app.t))
        self.menu.key = None

    def has_game_in_progress(self):
        return not self.ended and not self.bench

    def save_game(self, path=None):
        return self.match.save(path)

    def autosave_path(self):
        return self.match.save_path

    # --- saving ---------------------------------------------------------------------------------
    def _saving_changed(self):
        self._view_dirty = True
        self._apply_visibility()

    # --- translation helpers -------------------------------------------------------------------
    def tr(self, key, default=None, **fmt):
        full = "grailwar." + key
        s = self.app.t(full, **fmt)
        if s == full and default is not None:
            return default
        return s

    def fname(self, fid):
        return VM.faction_label(self.vm, fid, self.app.lang) if self.vm else str(fid)

    def value_label(self, field, v):
        return VM.value_label(self, field, v)

    def mana_capped(self):
        """Does mana gained stop at the servant's maximum (the rules' setting)?"""
        return bool(getattr(self.rules.cfg.mana, "cap_at_max", True))

    def mana_shown(self, fid, mana):
        """The mana ``fid``'s bar shows now: sliding after a ``ManaChanged``, else ``mana``."""
        return self.mana_tween.value(fid, mana)

    def _flavour(self, entry):
        """The GM's flavour line for a log entry, or "" while they are hidden."""
        if not self.flavour_shown:
            return ""
        return flavour(entry, self.app.t, self.state.seed, TONE.entry_side(entry, self.vm or {}, self.viewer))

    def pause_entries(self):
        """The pause menu's entry of this screen: the GM's flavour lines shown or hidden."""
        key = "grailwar.pause.flavour_on" if self.flavour_shown else "grailwar.pause.flavour_off"
        return [("flavour", self.app.t(key), self.toggle_flavour)]

    def toggle_flavour(self):
        """Show or hide the GM's flavour lines in the log; remembered for the next wars
        (preferences.json; ``grailwar_flavour`` in settings.yaml is the first default)."""
        self.flavour_shown = not self.flavour_shown
        prefs.save(grailwar_flavour=self.flavour_shown)
        if self.vm is not None:
            self._all_lines()

    def _all_lines(self):
        """The log panel's lines again from the view (another language, flavour on or off): every line
        still waiting for its die is shown now, so the view is made now too."""
        self.feed.catch_up()
        self.sync_view(force=True)
        self.feed.rebuild(self.vm["log"])

    def log_text(self, entry, when=True):
        """One log entry in the screen's language: the one place log lines are rendered
        (``when=False``: without its ``T1.C`` stamp, as the answer dialog shows it)."""
        return VM.log_line(entry, self.app.lang, self.app.t, when)

    # --- view ----------------------------------------------------------------------------------------
    def _refresh_view(self):
        self._view_version += 1
        self.view = self.state.view_for(self.viewer)
        self.vm = VM.build(self.view, self.static, self.viewer, self.app.lang)
        self.mana_tween.settle()

    @property
    def mana_history(self):
        """Each faction's mana over the turns as the view's log tells it (every faction's once
        the war is over: the end screen's chart)."""
        return mana_series(self.vm or {})

    # --- flow ---------------------------------------------------------------------------------------
    def decision_faction(self):
        acts = self.state.seats_to_act()
        return acts[0] if acts else None

    def is_human(self, fid):
        return fid in self.humans

    def update(self, dt):
        if self.paused:
            return
        self.match.poll()                  # a failed background autosave stops the war (save_failed)
        self.tray.update(dt)
        result = self.battles.result_sound(self.viewer, self.tray.busy)
        if result:
            self.app.sound.play(result)
        self.mana_tween.update(dt * max(1.0, self.fast / 2))
        self.feed.release()
        if self.saving.stopped:
            return                         # stopped until a save succeeds or the master agrees
        if self._view_dirty and not (self.fast >= 20) and self._view_due():
            self.sync_view()
            return
        self.flow.step(dt)

    def mark_view_dirty(self):
        """The view is made again on the next update or draw (not in the frame that applied)."""
        self._view_dirty = True

    def _view_due(self):
        """May the stale view be made again now? Not while a log line still waits for its die (at
        a speed that shows dice): the panels, map and battle sides never tell what a roll found
        before the roll itself is on the tray and in the log."""
        return not self.feed.pending or self.fast >= 20

    def sync_view(self, force=False):
        """Make the view again if an applied action left it stale (``force``: even while a
        log line still waits for its die, for a master's menu or the war's end)."""
        if self._view_dirty and (force or self._view_due()):
            self._view_dirty = False
            self._refresh_view()
            self.battles.sync(self.vm, self.static, self.app.lang, self.tr, self.flow.applies)

    def finish(self):
        """The war is over: every line open, the end panel up, the record on disk."""
        if self.ended:
            return
        self.ended = True
        self.viewer = None if len(self.humans) != 1 else self.humans[0]
        self._refresh_view()
        self.feed.rebuild(self.vm["log"])     # the whole war, every line open now
        self.menu.kill()
        if not self.bench:
            self.end.build()
        self.match.flush()           # the Match wrote the finished war; wait for it

    # --- hand-off -------------------------------------------------------------------------------------
    def start_handoff(self, fid):
        """The screen passes to master ``fid`` (through a hand-off screen with two or more masters)."""
        if len(self.humans) <= 1:
            self.screen_owner = fid
            self.viewer = fid
            self.frame.full = True
            self._refresh_view()
            return
        self.tray.skip()
        self.feed.release()
        self.handoff = HandOff(fid)
        self.app.sound.play("handoff")
        self.screen_owner = None
        self.map.hover = None
        self.menu.kill()
        self.menu.close_reply()
        self._apply_visibility()

    def go_public(self):
        """The screen leaves the last master's sheet for the public view (hot-seat)."""
        self.screen_owner = None
        self.viewer = None
        self.map.hover = None
        self.menu.close_reply()
        self.battles.close()
        self.tray.clear()
        self.frame.full = True
        self._refresh_view()
        self.feed.rebuild(self.vm["log"])
        self._apply_visibility()

    def end_handoff(self):
        """The master the screen was handed to has taken it."""
        fid = self.handoff.to
        self.handoff = None
        self.screen_owner = fid
        self.viewer = fid
        self.tray.clear()
        self.frame.full = True
        self._refresh_view()
        self.battles.resume(self.vm, self.static, self.app.lang, self.tr, self.flow.applies)   # if this master fought
        self.feed.rebuild(self.vm["log"])
        self._apply_visibility()

    # --- the human's decisions ----------------------------------------------------------------------------
    def human_decides(self, action):
        """The prompt menu's finished choice: apply it (an illegal one is reported, never fatal)."""
        if self.saving.stopped:
            return
        self.menu.kill()
        self.menu.close_reply()
        try:
            visible = self.flow.apply(action, human=True)
        except Exception as exc:   # an illegal action must never take the table down
            self.error = str(exc)
            self.app.notify(str(exc))
            return
        if action.kind == "talk" and action.option in TALK_ANSWERED:
            # the answer is what the engine let this master see of the notes just logged
            notes = [VM.log_entry(self.state, ev.index, self.viewer) for ev in visible
                     if getattr(ev, "kind", "") == "logged"]
            lines = [self.log_text(e, when=False) for e in notes if e.get("kind") == "note"]
            # after the dice thrown for it: an answer never shows before the roll that decided it lands
            self.feed.queue_call(lambda lines=lines: self.menu.show_reply(lines))
            self.feed.release()

    # --- taking a declaration back (takeback.py) ------------------------------------------------------
    def take_back(self, action):
        """The master takes the declaration back: the war as it was just before it."""
        self.flow.apply(action, human=True)
        self.sync_view(force=True)
        self.feed.rebuild(self.vm["log"])
        self.app.notify(self.tr("gw_table.takeback.taken_back"))

    # --- end screen ------------------------------------------------------------------------------------
    def end_pick(self, op):
        """The end panel's choice: save the record, export it, a rematch, or the launcher."""
        if op == "save":
            name = datetime.datetime.now().strftime("grailwar-%Y%m%d-%H%M%S.json")
            path = self.match.save(data_dir() / "records" / name)
            self.app.notify(self.tr("end.saved", path=str(path)))
        elif op == "export":
            try:
                path = write_export(self.state, self.app.t, self.app.lang, data_dir() / "exports")
                self.app.notify(self.tr("forum.saved", path=str(path)))
            except OSError as exc:
                self.app.notify(self.tr("forum.failed", error=exc.strerror or str(exc)))
        elif op == "rematch":
            scene = GrailWarScene(self.app, seats=self.seats, seed=None if self.seed is None else self.seed + 1)
            self.app.scenes.replace(scene)
        elif op == "launcher":
            self.app.to_launcher()

    # --- input -------------------------------------------------------------------------------------------
    def handle_event(self, event):
        return self.input.handle_event(event)

    # --- drawing (composed by ``frame.FrameComposer``) ---------------------------------------------------
    def panels(self):
        lang = self.app.lang
        vv = self._view_version
        tree = self.menu.tree
        return [
            ("top", TOP, (vv, self.viewer, self.unsaved, lang, self.feed.playing_at()),
             lambda s: panels.draw_top(self, self.pen, s, self.vm, self.feed.playing_at())),
            ("prompt", PROMPT, (vv, self.menu.key, tuple(tree.path) if tree else None, len(self.menu.buttons),
                                self.menu.confirming is not None, self.takeback.active, self.takeback.seconds_left(),
                                self.handoff_to, self.menu.dialog is None, self.menu.reply is None, lang),
             self._draw_prompt),
            ("map", MAP, (vv, self.map.hover, self.card and self.card[1], frozenset(self.map.selected),
                          self.battles.version, self.pace.version,
                          not self.battles.shown, self.battles.shown and self.tray.busy, lang), self._draw_map),
            ("me", ME, (vv, lang, self.mana_shown(self.viewer, 0)), lambda s: panels.draw_me(self, self.pen, s, self.vm)),
            ("rivals", RIVALS, (vv, lang), lambda s: panels.draw_rivals(self, self.pen, s, self.vm)),
            ("log", LOG, (self.logpanel.version, len(self.feed.lines), lang),
             lambda s: self.feed.draw(s, record=self.pen.sink)),
        ]

    def _mode_now(self):
        return "handoff" if self.handoff is not None else "end" if self.ended else "table"

    def _whole_key(self, mode):
        """What a whole-screen mode (the hand-off, the end) shows; None at the table."""
        return None if mode == "table" else (mode, self.handoff_to, self.app.lang, self._view_version, self.end.version)

    def needs_redraw(self):
        """False when the last frame still shows everything (the App may then skip drawing)."""
        mode = self._mode_now()
        return self._view_dirty and self._view_due() or self.frame.needs_redraw(mode, self.panels(), self._whole_key(mode))

    def draw(self, surface):
        self.sync_view()
        mode = self._mode_now()
        whole = None
        if mode != "table":
            whole = (self._whole_key(mode), self._draw_handoff if mode == "handoff" else self._draw_end)
        self.drawn_texts = self.frame.draw(surface, mode, self.panels() if mode == "table" else [], whole,
                                           complete=bool(self.menu.buttons),
                                           extra=self.menu.texts() + self.saving.texts() + self.takeback.texts())
        return self.frame.changed

    def invalidate(self):
        self.frame.repaint = True      # the App kept nothing of the last frame: copy it all

    def _draw_prompt(self, surface):
        if self.takeback.active:
            self.takeback.draw_panel(self.pen, surface)
            return
        fid = self.decision_faction() if not self.state.is_terminal() else None
        if fid is None:
            return
        mine = self.is_human(fid) and fid == self.screen_owner
        who = self.fname(fid) if fid in (self.vm.get("known_ids") or ()) else self.tr("prompt.someone")
        self.menu.draw_panel(self.pen, surface, fid, mine, who)

    def _draw_map(self, surface):
        self.map.draw(surface, VM.map_info(self, self.vm), record=self.pen.sink)
        if self.battles.shown:
            self.battles.draw(surface, self._battle_tr, self.tray.busy, record=self.pen.sink)
        elif self.map.hover:
            panels.draw_hover_card(self, self.pen, surface, self.map.hover)
        if not self.ended and len(self.humans) < len(self.seats):      # NPCs at the table: their speed
            self.pace.draw(self.pen, surface, self.tr)
        if self.card:          # a card over the battle too: what a skill does while committing it
            cards.draw_hover(self, self.pen, surface, self.card, MAP)

    def _battle_tr(self, key, default=None, **fmt):
        if key.startswith("param."):
            return self.static.param_name(key[6:], self.app.lang) if default is None else \
                (self.static.param_name(key[6:], self.app.lang) or default)
        return self.tr(key, default=default, **fmt)

    def _draw_handoff(self, surface):
        master = VM.public_name(self.state, self.handoff.to, self.app.lang)
        self.handoff.draw(self.pen, surface, master, self.tr, self.app, self.static.factions.get(self.handoff.to, {}).get("master"))

    def _draw_end(self, surface):
        surface.fill(T.BG)
        panels.draw_top(self, self.pen, surface, self.vm)
        series = self.mana_history
        colors = {fid: VM.faction_color(self.static, fid) for fid in series}
        self.end.draw(self.pen, surface, VM.end_summary(self),
                      faction_sheets(self.vm, self.static, self.app.lang, self.tr), self.feed.lines, series, colors)


def make_scene(app, seats=None, seed=None, record=None, **kw):
    """A new war, a war resumed from its record, or -- for a finished war's record -- its replay."""
    if record is not None and record.meta.get("finished"):
        return ReplayScene(app, G.make_rules(dict(record.options or {}), mods=getattr(app, "mods", None) or None),
                           record)
    return GrailWarScene(app, seats=seats, seed=seed, record=record)


def make_bench_scene(app):
    return GrailWarScene(app, seats=None, seed=None, bench=True)
