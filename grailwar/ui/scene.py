"""The Holy Grail War play screen.

Flow: every decision is a pending decision of the engine. Human factions answer through
menus built from ``legal_actions`` (so only legal choices are offered); NPC factions are
answered with ``grailwar.rules.npc.npc_action`` after a short pause. Events returned by
``apply`` are played back: rolls are thrown on the dice tray and their log lines appear
once the die lands.

Secrets: everything drawn comes from ``state.view_for(viewer)``; with two or more human
masters a hand-off screen hides the table whenever the screen passes from one master to
another. ``self.drawn_texts`` lists every text drawn in the last frame (tests inspect it).
"""
from __future__ import annotations

import pygame
import pygame_gui

from tabletop.ui.scene import Scene

from . import theme as T
from .bars import mana_bar, spell_marks
from .battleview import BattleView
from .data import load_static
from .dice import DiceTray, Roll
from .logpanel import LogPanel
from .mapview import MapView, short
from .menu import ActionTree
from . import viewmodel as VM

LOGICAL = (1920, 1080)
TOP = pygame.Rect(0, 0, 1920, 56)
MAP = pygame.Rect(16, 64, 1120, 712)
TRAY = pygame.Rect(16, 788, 430, 276)
LOG = pygame.Rect(458, 788, 678, 276)
ME = pygame.Rect(1152, 64, 752, 452)
RIVALS = pygame.Rect(1152, 524, 752, 248)
PROMPT = pygame.Rect(1152, 780, 752, 284)
PHASES = ["E", "A", "C", "M"]
NPC_DELAY = 0.35
DIALOG_KINDS = ("talk", "talk_reply", "proposal_reply", "exchange_reply", "gift_reply", "threat_reply", "threat_code",
                "threat_location", "contact_reply", "accompany", "help_ally")
DIALOG_H = 420
BATTLE_KINDS = ("slot", "reroll", "commit", "mirror", "retreat_pay", "retreat_group", "retreat_dest", "help_ally",
                "reroll_check")
TALK_ANSWERED = ("propose", "exchange", "threaten", "give_code", "give_spells", "share", "dissolve")
_FONT = {"name": "tabletop", "size": "17"}
THEME = {
    "#grailwar_choice": {"font": _FONT, "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "10",
                                                  "shape_corner_radius": "6"}},
    "#grailwar_back": {"font": _FONT, "misc": {"shape_corner_radius": "6"}},
    "#grailwar_end": {"font": {"name": "tabletop", "size": "22"}},
    "#grailwar_log": {"font": {"name": "tabletop", "size": "15"}},
    "#grailwar_dialog": {"font": {"name": "tabletop", "size": "18"},
                         "colours": {"dark_bg": "#1b2030", "normal_border": "#d9a441"},
                         "misc": {"border_width": "2", "shape": "rounded_rectangle", "shape_corner_radius": "10"}},
}


class GrailWarScene(Scene):
    opaque = True

    def __init__(self, app, seats=None, seed=None, record=None, bench=False, **kw):
        super().__init__(app)
        from grailwar import game as G
        from tabletop.engine import Record
        self.G = G
        self.bench = bench
        if record is not None:
            seats = list(record.seats) or seats
            seed = record.seed
        n = VM.faction_count(G)
        seats = [s.strip() for s in (seats or ["human"] + ["npc"] * (n - 1))]
        if isinstance(seats, str):
            seats = seats.split(",")
        if bench:
            seats = ["npc"] * len(seats)
        self.seats = seats
        self.seed = seed if seed is not None else VM.default_seed(G)
        self.options = dict(record.options) if record is not None and record.options else VM.options_for(seats)
        self.rules = G.make_rules(self.options, mods=getattr(app, "mods", None) or None)
        if record is not None:
            from tabletop.engine import replay
            self.state = replay(record, self.rules)
            self.record = record
        else:
            self.state = self.rules.new_state(self.seed)
            self.record = Record(game="grailwar", seed=self.seed, options=self.options, seats=list(seats),
                                 mods=list(getattr(app, "mods", None) or []))
        self.static = load_static(self.rules, getattr(app, "mods", None))
        self.humans = VM.human_factions(self.state, seats)
        # with two or more masters at the table, the screen starts public and passes to the
        # first master through a hand-off; a lone master owns it from the start
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        self.screen_owner = self.viewer   # whose private screen is up (None: hand-off pending)
        self.handoff_to = None
        self.view = None
        self.vm = None
        self.map = MapView(app, self.static, MAP)
        self.tray = DiceTray(app, TRAY)
        self.logpanel = LogPanel(app, LOG)
        self.battle_view = BattleView(app, MAP.inflate(-40, -40))
        self.drawn_texts: list[str] = []
        self.log_lines: list[str] = []
        self._log_dirty = True
        self._pending_lines: list = []     # log lines waiting for a die to land
        self.npc_timer = 0.0
        self.menu_for = None               # (faction, decision key) the menu was built for
        self.tree = None
        self.menu_page = 0
        self._menu_pages = 1
        self.buttons: list = []
        self.battle = None                 # normalised battle being shown
        self.battle_hold = 0.0
        self.mana_history: dict = {}
        self.ended = False
        self.end_buttons = []
        self.dialog = None
        self.reply = None
        self._dialog_texts = []
        self.paused = False
        self.fast = self._speed_factor()
        self.tray.speed = self.fast
        self.error = ""
        self._view_dirty = False
        self._history_dirty = False
        self._view_version = 0
        self._battle_version = 0
        self._frame = None
        self._bg = None
        self._panel_keys = {}
        self._panel_texts = {}
        self._sink = []
        self._mode = None
        self._full = True
        self._frame_no = 0
        self._last_surface = None
        self._overlays_last = True
        self._tray_only_ok = False
        self._mouse = (0, 0)
        self._applies = 0
        self._rendered_at = {}
        self._refresh_view()
        for fid, mana in VM.own_manas(self.state).items():     # everyone starts at full mana
            self.mana_history[fid] = [(0, mana)]
        self._record_history()
        if record is None:
            # the opening draws (starting locations, the first event rolls) play on the tray
            for entry in self.vm["log"]:
                if entry.get("phase") == "S":     # set-up draws go straight to the log
                    self._pending_lines.append({"line": VM.log_line(entry, self.app.lang), "landed": True})
                else:
                    self._queue_entry(entry, self.app.lang)
        else:
            self._rebuild_log()

    # --- setup / teardown ---------------------------------------------------------------------
    def _speed_factor(self):
        f = float(getattr(self.app, "speed", 1.0) or 1.0)
        if getattr(getattr(self.app, "args", None), "frames", None):
            f = max(f, 4.0)
        return f

    def on_enter(self):
        m = self.app.ui_manager
        try:
            m.get_theme().load_theme(THEME)
        except Exception:   # noqa: BLE001 - default looks are still usable
            pass
        self._log_dirty = True
        if not self.bench:
            try:
                from tabletop.engine.saves import mark_running
                mark_running("grailwar")
            except Exception:   # noqa: BLE001 - a read-only data folder must not stop the game
                pass

    def on_exit(self):
        self._kill_menu()
        self._close_reply()
        self._kill_end()
        if not self.bench:
            try:
                from tabletop.engine.saves import mark_clean_exit
                mark_clean_exit("grailwar")
            except Exception:   # noqa: BLE001
                pass

    def on_pause(self):
        self.paused = True
        for el in self._all_elements():
            el.hide()

    def on_resume(self):
        self.paused = False
        self._tray_only_ok = False
        for el in self._all_elements():
            el.show()
        self._apply_visibility()

    def _all_elements(self):
        out = [p for p in (self.dialog, self.reply[0] if self.reply else None) if p is not None]
        out += [b for b, _ in self.buttons]
        out += [b for b, _ in self.end_buttons]
        return out

    def on_language_changed(self):
        self._tray_only_ok = False
        self._view_dirty = True
        self.map._static_key = None
        self._full = True
        self._panel_keys = {}
        self._rebuild_log()
        self.menu_for = None

    def has_game_in_progress(self):
        return not self.ended and not self.bench

    def save_game(self, path=None):
        from tabletop.engine.saves import write_record
        return write_record(self.record, path)

    # --- translation helpers -------------------------------------------------------------------
    def tr(self, key, default=None, **fmt):
        full = "grailwar." + key
        s = self.app.t(full, **fmt)
        if s == full and default is not None:
            return default
        return s

    def fname(self, fid):
        return VM.faction_label(self.vm, fid, self.app.lang) if self.vm else str(fid)

    # --- view ----------------------------------------------------------------------------------------
    def _refresh_view(self):
        self._view_version = getattr(self, "_view_version", 0) + 1
        self.view = self.state.view_for(self.viewer)
        self.vm = VM.build(self.view, self.static, self.viewer, self.app.lang)

    def _record_history(self):
        """Each faction's own mana at each turn (shown only on the end screen, when every
        sheet is public)."""
        turn = VM.turn_of(self.state)
        for fid, mana in VM.own_manas(self.state).items():
            hist = self.mana_history.setdefault(fid, [])
            if hist and hist[-1][0] == turn:
                hist[-1] = (turn, mana)
            else:
                hist.append((turn, mana))

    # --- flow ---------------------------------------------------------------------------------------
    def decision_faction(self):
        acts = self.state.seats_to_act()
        return acts[0] if acts else None

    def is_human(self, fid):
        return fid in self.humans

    def update(self, dt):
        if self.paused:
            return
        self.tray.update(dt)
        self._release_lines()
        if self._view_dirty and not (self.fast >= 20):
            self._sync_view()
            return
        if self.battle_hold > 0:
            self.battle_hold -= dt * self.fast
        if self.ended:
            return
        if self.handoff_to is not None:
            return
        if self.tray.busy and self.fast < 20:
            return
        budget = 40 if self.fast >= 20 else 1
        for _ in range(budget):
            if self.state.is_terminal():
                self._sync_view()
                self._finish()
                return
            fid = self.decision_faction()
            if fid is None:
                return
            if self.is_human(fid):
                self._sync_view()
                if fid != self.screen_owner:
                    self._start_handoff(fid)
                    return
                self._ensure_menu(fid)
                return
            self._kill_menu()
            if self.battle_hold > 0 and self.fast < 20:
                return
            self.npc_timer += dt
            if self.npc_timer < NPC_DELAY / self.fast:
                return
            self.npc_timer = 0.0
            from grailwar.rules.npc import npc_action
            self._apply(npc_action(self.state, fid), human=False)
            if self.tray.busy and self.fast < 20:
                return

    def _apply(self, action, human):
        events = self.state.apply(action)
        self._applies += 1
        self.record.actions.append({"a": _action_dict(action)})
        if human:
            try:
                from tabletop.engine.saves import write_record
                write_record(self.record)
            except Exception as exc:   # noqa: BLE001 - keep playing, say so (once per kind of failure)
                if str(exc) != self.error:
                    self.error = str(exc)
                    self.app.notify(str(exc))
        self.menu_for = None
        # the view is rebuilt lazily (next update or draw) so one frame never pays for
        # the engine step, the record and the view together
        self._view_dirty = True
        visible = self._present(events)
        self._history_dirty = True
        if self.tray.busy and self.fast >= 20:
            self.tray.skip()
        return visible

    def _sync_view(self):
        if self._view_dirty:
            self._view_dirty = False
            self._refresh_view()
            if self.battle is not None:
                VM.update_battle(self, self.battle)
                self._battle_version += 1
        if self._history_dirty:
            self._history_dirty = False
            self._record_history()

    def _present(self, events):
        """Queue the viewer's rolls on the tray; log lines follow the dice. Which events the
        viewer may see is the engine's call (``events_for``); returns those events."""
        log = VM.log_entries(self.state)
        lang = self.app.lang
        visible = self.state.events_for(events, self.viewer)
        for ev in visible:
            kind = getattr(ev, "kind", "")
            if kind == "logged":
                entry = log[ev.index] if 0 <= ev.index < len(log) else None
                if entry is None:
                    continue
                self._queue_entry(entry, lang)
            elif kind == "battle_started":
                self.battle = VM.battle_start(self.vm, self.static, lang, ev)
                self._drop_hover()
                self._battle_version += 1
                self.battle_hold = 1.5
            elif kind == "phase" and self.battle is not None and self.battle.get("stage") == "done" \
                    and self.battle.get("ended_at", 0) < self._applies and self.battle_hold <= 0:
                self.battle = None                 # a later phase: back to the map
                self._battle_version += 1
            elif kind == "battle_ended" and self.battle is not None and self.battle.get("no") == ev.number \
                    and self.battle.get("stage") != "done":
                self.battle["roll"] = ev.roll
                self.battle["winner"] = ev.winner
                self.battle["final_a"] = ev.rate_a
                self.battle["stage"] = "done"
                self.battle["ended_at"] = self._applies
                self._battle_version += 1
                self.battle_hold = 2.5
        return visible

    def _queue_entry(self, entry, lang):
        line = VM.log_line(entry, lang)
        if self.battle is not None and self.battle.get("stage") == "done" and entry.get("kind") == "note":
            self.battle.setdefault("aftermath", []).append(line)
            self._battle_version += 1
        if entry.get("kind") in ("roll", "check", "choice"):
            roll = Roll(str(entry.get("expr", "")), entry.get("value"), VM.dicebot_line(entry, lang),
                        VM.roll_label(entry, lang),
                        success=(entry.get("outcome") == "success") if entry.get("kind") == "check" else None)
            marker = {"line": line, "landed": False}
            roll.on_land = lambda r, m=marker: m.__setitem__("landed", True)
            self._pending_lines.append(marker)
            self.tray.add(roll)
        else:
            self._pending_lines.append({"line": line, "landed": True})

    def _release_lines(self):
        while self._pending_lines and self._pending_lines[0]["landed"]:
            line = self._pending_lines.pop(0)["line"]
            self.log_lines.append(line)
            if not self._log_dirty:
                self.logpanel.add(line)

    def _rebuild_log(self):
        self.log_lines = [VM.log_line(e, self.app.lang) for e in (self.vm or {}).get("log", [])]
        self._pending_lines = []
        self._log_dirty = True

    def _finish(self):
        if self.ended:
            return
        self.ended = True
        self.viewer = None if len(self.humans) != 1 else self.humans[0]
        self._refresh_view()
        self._record_history()
        self._kill_menu()
        self._build_end()
        try:
            from tabletop.engine.saves import mark_clean_exit, write_record
            if not self.bench:
                write_record(self.record)
            mark_clean_exit("grailwar")
        except Exception:   # noqa: BLE001
            pass

    # --- hand-off -------------------------------------------------------------------------------------
    def _start_handoff(self, fid):
        if len(self.humans) <= 1:
            self.screen_owner = fid
            self.viewer = fid
            self._full = True
            self._refresh_view()
            return
        self.tray.skip()
        self._release_lines()
        self.handoff_to = fid
        self.screen_owner = None
        self._drop_hover()
        self._kill_menu()
        self._close_reply()
        self._apply_visibility()

    def _end_handoff(self):
        fid = self.handoff_to
        self.handoff_to = None
        self.screen_owner = fid
        self.viewer = fid
        self.battle = None
        self.tray.clear()
        self._battle_version += 1
        self._full = True
        self._refresh_view()
        self._rebuild_log()
        self._apply_visibility()

    def _apply_visibility(self):
        hidden = self.handoff_to is not None or self.paused
        for b, _ in self.buttons:
            (b.hide if hidden else b.show)()
        for panel in ([self.dialog] if self.dialog is not None else []) + ([self.reply[0]] if self.reply else []):
            (panel.hide if hidden else panel.show)()

    # --- menus ------------------------------------------------------------------------------------------
    def _clear_buttons(self):
        """Remove the menu's buttons, its dialog and the lit map locations."""
        for b, _ in self.buttons:
            b.kill()
        self.buttons = []
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None
        self.map.selected = set()

    def _kill_menu(self):
        self._clear_buttons()
        self.tree = None
        self.menu_for = None

    def _ensure_menu(self, fid):
        key = (fid, len(self.record.actions))
        if self.menu_for == key:
            return
        pend = self.vm.get("pending") or {}
        if self.battle is not None and self.battle.get("stage") == "done" and pend \
                and pend.get("kind") not in BATTLE_KINDS:
            self.battle = None            # the fight is over and the next question is not about it
            self._battle_version += 1
        self._kill_menu()
        self.menu_for = key
        actions = self.state.legal_actions(fid)
        self.tree = ActionTree(actions)
        self.menu_page = 0
        self._build_buttons()

    def _build_buttons(self):
        self._clear_buttons()
        if self.tree is None:
            return
        q = self.tree.question()
        m = self.app.ui_manager
        pend = self.vm.get("pending") or {}
        container = None
        x0, y0 = PROMPT.x + 12, PROMPT.y + 66
        bw, bh, gap = 360, 38, 6
        if pend.get("kind") in DIALOG_KINDS:
            # offers and demands in the comm turn (and other replies) come as a dialog
            rect = pygame.Rect(0, 0, 760, DIALOG_H)
            rect.center = MAP.center
            self.dialog = pygame_gui.elements.UIPanel(rect, starting_height=4, manager=m,
                                                      object_id="#grailwar_dialog")
            container = self.dialog
            title = VM.prompt_title(self, pend.get("faction"))
            head = self.tr("dialog.talk_title") if pend.get("kind") == "talk" else self.tr("dialog.title")
            pygame_gui.elements.UILabel(pygame.Rect(16, 14, 728, 34), head, m,
                                        container=container, object_id="#grailwar_dialog")
            pygame_gui.elements.UITextBox(f"<font pixel_size=20>{_html(title)}</font>", pygame.Rect(16, 52, 728, 92), m,
                                          container=container, object_id="#grailwar_dialog")
            self._dialog_texts = [head, title]
            x0, y0 = 20, 160
        if q is None:
            rem = self.tree.remaining
            if rem:   # one thing left to do: still the player's click
                from .menu import PRIMARY
                a = rem[0]
                f = PRIMARY.get(a.kind, "kind")
                label = "1. " + self.value_label("primary", (a.kind, getattr(a, f, None)))
                b = pygame_gui.elements.UIButton(pygame.Rect(x0, y0, bw, bh), short(label, 34), m,
                                                 object_id="#grailwar_choice", container=container)
                self.buttons.append((b, ("apply", a)))
            self._apply_visibility()
            return
        field, values = q
        # five rows fill the prompt panel; with a Back or More button below them, four
        per_page = 10 if container is None and not self.tree.path and len(values) <= 10 else 8
        pages = max(1, (len(values) + per_page - 1) // per_page)
        self._menu_pages = pages
        self.menu_page = min(self.menu_page, pages - 1)
        shown = values[self.menu_page * per_page:(self.menu_page + 1) * per_page]
        for i, v in enumerate(shown):
            label = f"{i + 1 if i < 9 else 0}. " + self.value_label(field, v)
            r = pygame.Rect(x0 + (i % 2) * (bw + gap), y0 + (i // 2) * (bh + gap), bw, bh)
            b = pygame_gui.elements.UIButton(r, short(label, 34), m, object_id="#grailwar_choice",
                                             tool_tip_text=label if len(label) > 34 else None, container=container)
            self.buttons.append((b, ("choose", field, v)))
            if isinstance(v, str) and v in self.map.pos and field in ("target", "arg", "dest", "location", "choice"):
                self.map.selected.add(v)
        yb = (PROMPT.bottom - bh - 8) if container is None else DIALOG_H - bh - 12
        if self.tree.path:
            b = pygame_gui.elements.UIButton(pygame.Rect(x0, yb, 170, bh), self.tr("menu.back"), m,
                                             object_id="#grailwar_back", container=container)
            self.buttons.append((b, ("back",)))
        if pages > 1:
            b = pygame_gui.elements.UIButton(pygame.Rect(x0 + 2 * bw + gap - 170, yb, 170, bh),
                                             self.tr("menu.more", page=self.menu_page + 1, pages=pages), m,
                                             object_id="#grailwar_back", container=container)
            self.buttons.append((b, ("page",)))
        self._apply_visibility()

    def _show_reply(self, lines):
        """What the other side answered (NPC answers to the human's offers), as a dialog."""
        self._close_reply()
        if not lines:
            return
        m = self.app.ui_manager
        rect = pygame.Rect(0, 0, 760, 260)
        rect.midtop = (MAP.centerx, MAP.y + 40)
        panel = pygame_gui.elements.UIPanel(rect, starting_height=5, manager=m, object_id="#grailwar_dialog")
        pygame_gui.elements.UILabel(pygame.Rect(16, 10, 728, 34), self.tr("dialog.answer"), m, container=panel,
                                    object_id="#grailwar_dialog")
        html = "<br>".join(_html(l) for l in lines[-5:])
        pygame_gui.elements.UITextBox(f"<font pixel_size=18>{html}</font>", pygame.Rect(16, 46, 728, 150), m,
                                      container=panel, object_id="#grailwar_dialog")
        ok = pygame_gui.elements.UIButton(pygame.Rect(760 - 190, 260 - 52, 170, 40), self.tr("dialog.ok"), m,
                                          container=panel, object_id="#grailwar_back")
        self.reply = (panel, ok, [self.tr("dialog.answer")] + list(lines[-5:]))

    def _close_reply(self):
        if self.reply is not None:
            self.reply[0].kill()
            self.reply = None

    def value_label(self, field, v):
        return VM.value_label(self, field, v)

    def _menu_pick(self, op):
        if op[0] == "back":
            self.tree.back()
            self.menu_page = 0
            self._build_buttons()
        elif op[0] == "page":
            # a dialog shows 8 choices a page, the prompt panel 10: wrap after the last page
            self.menu_page = (self.menu_page + 1) % max(1, self._menu_pages)
            self._build_buttons()
        elif op[0] == "apply":
            self._human_decides(op[1])
        elif op[0] == "choose":
            result = self.tree.choose(op[1], op[2])
            if result is not None:
                self._human_decides(result)
            else:
                self.menu_page = 0
                self._build_buttons()

    def _human_decides(self, action):
        self._kill_menu()
        self._close_reply()
        if action.kind == "commit" and action.item != "done" and self.battle is not None:
            self.battle.setdefault("mine", []).append(self.value_label("item", action.item))
            self._battle_version += 1
        try:
            visible = self._apply(action, human=True)
        except Exception as exc:   # an illegal action must never take the table down
            self.error = str(exc)
            self.app.notify(str(exc))
            return
        if action.kind == "talk" and action.option in TALK_ANSWERED:
            # the answer is what the engine let this master see of the notes just logged
            log = VM.log_entries(self.state)
            notes = [log[ev.index] for ev in visible if getattr(ev, "kind", "") == "logged"]
            self._show_reply([VM.log_line(e, self.app.lang) for e in notes if e.get("kind") == "note"])

    def choose_by_index(self, i):
        opts = [op for _, op in self.buttons if op[0] in ("choose", "apply")]
        if 0 <= i < len(opts):
            self._menu_pick(opts[i])
            return True
        return False

    # --- end screen ------------------------------------------------------------------------------------
    def _kill_end(self):
        for b, _ in self.end_buttons:
            b.kill()
        self.end_buttons = []

    def _build_end(self):
        if self.bench:
            return
        m = self.app.ui_manager
        x, y = 1360, 930
        for i, (key, op) in enumerate((("end.save", "save"), ("end.rematch", "rematch"), ("end.launcher", "launcher"))):
            b = pygame_gui.elements.UIButton(pygame.Rect(x - 420 + i * 290, y, 270, 50), f"{i + 1}. " + self.tr(key), m,
                                             object_id="#grailwar_end")
            self.end_buttons.append((b, op))

    def _end_pick(self, op):
        if op == "save":
            from tabletop.engine.saves import data_dir, write_record
            import datetime
            name = datetime.datetime.now().strftime("grailwar-%Y%m%d-%H%M%S.json")
            path = write_record(self.record, data_dir() / "records" / name)
            self.app.notify(self.tr("end.saved", path=str(path)))
        elif op == "rematch":
            scene = GrailWarScene(self.app, seats=self.seats, seed=None if self.seed is None else self.seed + 1)
            self.app.scenes.replace(scene)
        elif op == "launcher":
            self.app.to_launcher()

    # --- input -------------------------------------------------------------------------------------------
    def handle_event(self, event):
        if self.handoff_to is not None:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                intents = self.app.intents(event) if event.type == pygame.KEYDOWN and hasattr(self.app, "intents") else []
                if "pause" in intents:
                    return False
                self._end_handoff()
                return True
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for b, op in list(self.buttons):
                if event.ui_element is b:
                    self._menu_pick(op)
                    return True
            if self.reply is not None and event.ui_element is self.reply[1]:
                self._close_reply()
                return True
            for b, op in list(self.end_buttons):
                if event.ui_element is b:
                    self._end_pick(op)
                    return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self._hover(event.pos)
            return False
        if (event.type == pygame.MOUSEWHEEL and LOG.collidepoint(self._mouse)) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)):
            return self.logpanel.handle_event(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.battle is not None and MAP.collidepoint(event.pos) and self.battle_hold <= 0:
                self.battle = None
                self._battle_version += 1
                return True
            lid = self.map.hit(event.pos) if MAP.collidepoint(event.pos) else None
            return self._pick_location(lid)
        if event.type == pygame.KEYDOWN and self.ended and self.end_buttons:
            keys = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2}
            if event.key in keys and keys[event.key] < len(self.end_buttons):
                self._end_pick(self.end_buttons[keys[event.key]][1])
                return True
            if "cancel" in self.app.intents(event):      # Esc: back to the launcher, as on Pendulum's end screen
                self._end_pick("launcher")
                return True
        if event.type == pygame.KEYDOWN:
            intents = self.app.intents(event) if hasattr(self.app, "intents") else [self.app.intent(event)]
            if event.key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
                             pygame.K_7, pygame.K_8, pygame.K_9, pygame.K_0) and not (event.mod & pygame.KMOD_CTRL):
                i = 9 if event.key == pygame.K_0 else event.key - pygame.K_1
                return self.choose_by_index(i)
            if "next" in intents:          # speed-up: land every queued die now
                self.tray.skip()
                self._release_lines()
                self.battle_hold = 0
                return True
            if ("right" in intents or "left" in intents) and any(op[0] == "page" for _, op in self.buttons):
                self._menu_pick(("page",))           # the next page of choices
                return True
            if event.key == pygame.K_BACKSPACE and self.tree is not None and self.tree.path:
                self._menu_pick(("back",))
                return True
            if "confirm" in intents and self.reply is not None:     # the answer dialog's OK
                self._close_reply()
                return True
            if "confirm" in intents and self.battle is not None and self.battle_hold <= 0:
                self.battle = None
                self._battle_version += 1
                return True
            if ("up" in intents or "down" in intents) and self._map_shown():
                self._cycle_hover(-1 if "up" in intents else 1)    # the keyboard's hover card
                return True
            if "confirm" in intents and self._map_shown() and self._pick_location(self.map.hover):
                return True
        return False

    def _map_shown(self):
        return self.handoff_to is None and self.battle is None and not self.ended

    def _cycle_hover(self, step):
        """Up/Down walk through the locations in id order, showing each one's hover card."""
        ids = [l.id for l in self.static.locations if l.id in self.map.pos]
        if not ids:
            return
        cur = self.map.hover
        i = ids.index(cur) + step if cur in ids else (0 if step > 0 else -1)
        self.map.hover = ids[i % len(ids)]

    def _pick_location(self, lid):
        """A lit location (a legal choice of the open question) answers it."""
        if lid and lid in self.map.selected:
            for _, op in self.buttons:
                if op[0] == "choose" and op[2] == lid:
                    self._menu_pick(op)
                    return True
        return False

    def _drop_hover(self):
        self.map.hover = None

    def _hover(self, pos):
        lid = self.map.hit(pos) if MAP.collidepoint(pos) else None
        if self.handoff_to is not None or self.battle is not None or self.ended:
            lid = None
        self.map.hover = lid

    # --- drawing -------------------------------------------------------------------------------------------
    def _text(self, s, size, color=T.TEXT, bold=False):
        s = str(s)
        self._sink.append(s)
        return self.app.text(s, size, color, bold)

    def _blit_text(self, surface, s, pos, size=18, color=T.TEXT, bold=False, anchor="topleft", maxw=None):
        t = self._text(s, size, color, bold)
        r = t.get_rect(**{anchor: pos})
        if maxw and r.w > maxw:
            surface.blit(t, r, area=pygame.Rect(0, 0, maxw, r.h))
        else:
            surface.blit(t, r)
        return r

    # The frame is composed on one cached surface: each panel is re-rendered into its
    # region only when what it shows changed (at most two panels a frame, except when the
    # screen changes hands: then everything is redrawn at once so nothing of the previous
    # master's screen survives).
    def _panels(self):
        lang = self.app.lang
        vv = self._view_version
        return [
            ("top", TOP, (vv, self.viewer, lang), lambda s: self._draw_top(s, self.vm)),
            ("prompt", PROMPT, (vv, self.menu_for, tuple(self.tree.path) if self.tree else None,
                                len(self.buttons), self.handoff_to, self.dialog is None, self.reply is None, lang),
             lambda s: self._draw_prompt(s, self.vm)),
            ("map", MAP, (vv, self.map.hover, frozenset(self.map.selected), self._battle_version,
                          self.battle is None, self.battle is not None and self.tray.busy, lang), self._draw_map),
            ("me", ME, (vv, lang), lambda s: self._draw_me(s, self.vm)),
            ("rivals", RIVALS, (vv, lang), lambda s: self._draw_rivals(s, self.vm)),
            ("log", LOG, (self.logpanel.version, len(self.log_lines), lang), self._draw_log),
        ]

    def needs_redraw(self):
        """False when the last frame still shows everything (the App may then skip drawing)."""
        if self._frame is None or self._view_dirty or self.tray.version != self.tray.drawn_version:
            return True
        mode = "handoff" if self.handoff_to is not None else "end" if self.ended else "table"
        if mode != self._mode or mode != "table":
            return mode != self._mode or self._panel_keys.get(mode) is None
        return any(self._panel_keys.get(name) != key for name, _, key, _ in self._panels())

    def _ensure_frame(self):
        if self._frame is None:
            self._frame = pygame.Surface(LOGICAL)
            self._bg = pygame.Surface(LOGICAL)
            if pygame.display.get_surface() is not None:
                self._frame = self._frame.convert()
                self._bg = self._bg.convert()
            self._bg.fill(T.BG)
            pygame.draw.rect(self._bg, T.PANEL_DARK, TOP)
            pygame.draw.line(self._bg, T.PANEL_EDGE, (0, TOP.bottom - 1), (1920, TOP.bottom - 1), 2)
            T.panel(self._bg, ME)
            T.panel(self._bg, RIVALS)
            T.panel(self._bg, PROMPT, color=(36, 34, 52))
            self._frame.blit(self._bg, (0, 0))
            self._panel_keys = {}

    def _render_region(self, name, rect, fn):
        self._frame.blit(self._bg, rect, area=rect)
        self._sink = []
        self._frame.set_clip(rect)
        try:
            fn(self._frame)
        finally:
            self._frame.set_clip(None)
        self._panel_texts[name] = self._sink

    def draw(self, surface):
        self._sync_view()
        self._ensure_frame()
        mode = "handoff" if self.handoff_to is not None else "end" if self.ended else "table"
        if mode != self._mode:
            self._mode = mode
            self._panel_keys = {}
            self._panel_texts = {}
            self._full = True
            self._frame.blit(self._bg, (0, 0))     # nothing of the previous screen survives
            self._tray_only_ok = False
        if mode != "table":
            key = (mode, self.handoff_to, self.app.lang, self._view_version)
            if self._panel_keys.get(mode) != key:
                full = pygame.Rect(0, 0, *LOGICAL)
                self._render_region(mode, full, self._draw_handoff if mode == "handoff" else self._draw_end)
                self._panel_keys[mode] = key
            surface.blit(self._frame, (0, 0))
            self.drawn_texts = list(self._panel_texts.get(mode, []))
            return
        # staggered only while NPCs play on; a human's own screen is always complete
        budget = 99 if (self._full or self.buttons or self.handoff_to) else 2
        self._full = False
        self._frame_no += 1
        dirty = [p for p in self._panels() if self._panel_keys.get(p[0]) != p[2]]
        dirty.sort(key=lambda p: self._rendered_at.get(p[0], -1))    # longest-waiting first
        for name, rect, key, fn in dirty[:budget]:
            self._render_region(name, rect, fn)
            self._panel_keys[name] = key
            self._rendered_at[name] = self._frame_no
        if self._can_redraw_tray_only(surface, dirty):
            # only the dice moved: the rest of the last frame is still on the surface
            surface.blit(self._frame, TRAY, area=TRAY)
        else:
            surface.blit(self._frame, (0, 0))
        self._last_surface = surface
        self._sink = []
        self.tray.draw(surface, record=self._sink)
        texts = []
        for name in ("top", "map", "me", "rivals", "prompt", "log"):
            texts.extend(self._panel_texts.get(name, ()))
        texts.extend(self._sink)
        texts.extend(b.text for b, _ in self.buttons)
        if self.dialog is not None:
            texts.extend(self._dialog_texts)
        if self.reply is not None:
            texts.extend(self.reply[2])
        self.drawn_texts = texts

    def _can_redraw_tray_only(self, surface, dirty):
        app = self.app
        overlays = bool(getattr(app, "_toasts", None) or getattr(app, "_dialogs", None)
                        or getattr(app, "show_frame_times", False))
        top_is_me = getattr(app.scenes, "top", self) is self
        ok = (not dirty and not overlays and self._overlays_last is False and top_is_me
              and self._last_surface is surface and self._tray_only_ok)
        self._overlays_last = overlays or not top_is_me
        self._tray_only_ok = True
        return ok

    def _draw_map(self, surface):
        self.map.draw(surface, VM.map_info(self, self.vm), record=self._sink)
        if self.battle is not None:
            b = self.battle
            if self.tray.busy and b.get("roll"):
                # the result waits for the d100 to land on the tray
                b = {k: v for k, v in b.items() if k not in ("roll", "winner", "aftermath")}
            self.battle_view.draw(surface, b, self._battle_tr, record=self._sink)
        elif self.map.hover:
            self._draw_hover_card(surface, self.map.hover)

    def _draw_hover_card(self, surface, lid):
        """The hover card of a location: names, grade, its recovery and bonus, and who is
        there as far as the viewer knows."""
        lines = VM.location_tooltip(self, lid)
        loc = self.static.location(lid)
        col = T.GRADE_COLORS.get(loc.grade, T.TEXT) if loc else T.TEXT
        surfs = [self._text(l, 18 if i == 0 else 16, col if i == 0 else T.TEXT, i == 0) for i, l in enumerate(lines)]
        w = max(s.get_width() for s in surfs) + 28
        h = sum(s.get_height() for s in surfs) + 20
        x, y = self.map.pos[lid]
        r = pygame.Rect(x + 34, y - h // 2, w, h)
        if r.right > MAP.right - 8:
            r.right = x - 34
        r.clamp_ip(MAP.inflate(-16, -16))
        pygame.draw.rect(surface, (16, 20, 28), r, border_radius=8)
        pygame.draw.rect(surface, col, r, 2, border_radius=8)
        yy = r.y + 10
        for s in surfs:
            surface.blit(s, (r.x + 14, yy))
            yy += s.get_height()

    def _draw_log(self, surface):
        if self._log_dirty:
            self._log_dirty = False
            self.logpanel.set_lines(self.log_lines)
        self.logpanel.draw(surface, record=self._sink)

    def _battle_tr(self, key, default=None, **fmt):
        if key.startswith("param."):
            return self.static.param_name(key[6:], self.app.lang) if default is None else \
                (self.static.param_name(key[6:], self.app.lang) or default)
        return self.tr(key, default=default, **fmt)

    def _draw_top(self, surface, vm):
        self._blit_text(surface, self.tr("name"), (20, 10), 26, T.ACCENT, True)
        self._blit_text(surface, self.tr("top.turn", turn=vm.get("turn", 1), max=vm.get("max_turns", 20)),
                        (300, 14), 22, T.TEXT, True)
        # phase track: events → actions → comm → mana, current lit
        cur = VM.phase_group(vm.get("phase", ""))
        x = 520
        for i, ph in enumerate(PHASES):
            label = self.tr("phase." + ph)
            t = self.app.text(label, 20, (20, 20, 24) if ph == cur else T.TEXT_DIM, True)
            self._sink.append(label)
            r = pygame.Rect(x, 10, t.get_width() + 28, 36)
            if ph == cur:
                pygame.draw.rect(surface, T.ACCENT, r, border_radius=18)
            else:
                pygame.draw.rect(surface, T.PANEL_EDGE, r, 2, border_radius=18)
            surface.blit(t, (r.x + 14, r.y + 18 - t.get_height() // 2))
            x = r.right + 8
            if i < len(PHASES) - 1:
                pygame.draw.polygon(surface, T.TEXT_FAINT, [(x, 22), (x + 10, 28), (x, 34)])
                x += 20
        ph = str(vm.get("phase", ""))
        detail = self.tr("phase.detail." + ph, default="")
        if detail:
            self._blit_text(surface, detail, (x + 6, 16), 17, T.TEXT_DIM)
        who = self.tr("top.viewer", name=self.fname(self.viewer)) if self.viewer else self.tr("top.public")
        self._blit_text(surface, who, (1900, 14), 20, T.TEXT, True, anchor="topright")

    def _draw_me(self, surface, vm):
        me = vm.get("me")
        x, y = ME.x + 16, ME.y + 12
        if not me:
            key = "me.public_table" if self.humans else "me.spectator"
            self._blit_text(surface, self.tr(key), (x, y), 22, T.TEXT_DIM, True)
            return
        self._blit_text(surface, me["title"], (x, y), 24, me["color"], True, maxw=ME.w - 180)
        self._blit_text(surface, me["sub"], (x, y + 34), 17, T.TEXT_DIM, maxw=ME.w - 40)
        surface.blit(spell_marks(self.app, me["spells"]), (ME.right - 120, y + 6))
        self._blit_text(surface, self.tr("me.spells"), (ME.right - 130, y + 8), 15, T.TEXT_DIM, anchor="topright")
        labels = {"mana": self.tr("mana.head"), "vanish": self.tr("mana.vanish"), "penalty": self.tr("mana.penalty"),
                  "doomed": self.tr("mana.doomed")}
        surface.blit(mana_bar(self.app, ME.w - 32, 70, me["mana"], me["max_mana"], self.static.mana_cfg(),
                              labels=labels, record=self._sink, pen=me["penalty"], doomed=me["doomed"]), (x, y + 62))
        # parameters
        py = y + 146
        for i, (pid, base, shown) in enumerate(me["params"]):
            cx = x + i * 120
            self._blit_text(surface, self.static.param_name(pid, self.app.lang), (cx, py), 15, T.TEXT_DIM)
            col = T.WARN if shown < base else T.TEXT
            self._blit_text(surface, f"{VM.rank(shown)} {shown}", (cx, py + 20), 20, col, True)
            if shown < base:
                self._blit_text(surface, f"({base}−{base - shown})", (cx, py + 46), 14, T.WARN)
        # skills
        sy = py + 72
        self._blit_text(surface, self.tr("me.skills"), (x, sy), 16, T.TEXT_DIM, True)
        sy += 22
        col_w = (ME.w - 32) // 2
        for i, (name, secret) in enumerate(me["skills"][:10]):
            cx = x + (i % 2) * col_w
            cy = sy + (i // 2) * 22
            tag = self.tr("me.secret") if secret else self.tr("me.public")
            self._blit_text(surface, f"{name}  [{tag}]", (cx, cy), 15, T.TEXT if not secret else (200, 180, 240),
                            maxw=col_w - 8)
        sy += ((min(len(me["skills"]), 10) + 1) // 2) * 22 + 4
        if me.get("np"):
            self._blit_text(surface, self.tr("me.np", np=me["np"]), (x, sy), 15, T.ACCENT, maxw=ME.w - 32)
            sy += 24
        items = ", ".join(f"{self.static.code_name(c, self.app.lang)} ×{n}" for c, n in me["items"].items() if n) or \
            self.tr("me.no_items")
        self._blit_text(surface, self.tr("me.items", items=items), (x, sy), 15, T.TEXT, maxw=ME.w - 32)
        sy += 22
        dec = me.get("declared")
        if dec and dec.get("faction") == me["id"]:
            what = self.value_label("act", dec.get("act", ""))
            tgt = dec.get("target") or ""
            if tgt:
                what += " → " + self.value_label("target", tgt)
            if dec.get("mode"):
                what += " (" + self.value_label("mode", dec["mode"]) + ")"
            self._blit_text(surface, self.tr("me.declared", what=what), (x, sy), 15, T.ACCENT, maxw=ME.w - 32)
            sy += 22
        allies = ", ".join(self.fname(a) for a in me["allies"]) or self.tr("me.no_allies")
        loc = self.static.location(me.get("location"))
        where = f"{loc.id} {loc.label(self.app.lang)}" if loc else "—"
        self._blit_text(surface, self.tr("me.where", where=where, allies=allies), (x, sy), 15, T.TEXT, maxw=ME.w - 32)

    def _draw_rivals(self, surface, vm):
        x, y = RIVALS.x + 16, RIVALS.y + 8
        self._blit_text(surface, self.tr("rivals.title"), (x, y), 17, T.TEXT_DIM, True)
        y += 28
        allied = {}
        for a, b in vm.get("alliances", []):
            allied.setdefault(a, []).append(b)
            allied.setdefault(b, []).append(a)
        rivals = vm.get("rivals", [])
        row_h = max(30, min(36, (RIVALS.bottom - y - 4) // max(1, len(rivals))))
        for r in rivals[:8]:
            col = T.TEXT if r["active"] else T.TEXT_FAINT
            pygame.draw.circle(surface, r["color"], (x + 9, y + 10), 8)
            if not r["active"]:
                pygame.draw.line(surface, T.BAD, (x + 2, y + 3), (x + 16, y + 17), 3)
            self._blit_text(surface, r["label"], (x + 24, y), 16, col, True, maxw=330)
            tags = []
            if r["ally"]:
                tags.append(self.tr("rivals.ally"))
            elif r["id"] in allied:
                tags.append(self.tr("rivals.allied_with", who=", ".join(allied[r["id"]])))
            if tags:
                # up to the parameter bars (at RIVALS.right - 190)
                self._blit_text(surface, " · ".join(tags), (x + 360, y + 1), 14, T.GOOD, maxw=RIVALS.right - 198 - x - 360)
            if r["active"] and r["spells"] is not None:
                sm = spell_marks(self.app, r["spells"], size=12)
                surface.blit(sm, (RIVALS.right - 16 - sm.get_width(), y + 3))
            if r["known"] and r["params"]:
                # compact bars of the parameters the viewer can see (shown values)
                bx = RIVALS.right - 190
                for i, (p, v) in enumerate(r["params"].items()):
                    h = max(2, min(26, int(v * 26 / 70)))
                    pygame.draw.rect(surface, (50, 54, 70), (bx + i * 15, y + 2, 11, 26))
                    pygame.draw.rect(surface, r["color"], (bx + i * 15, y + 28 - h, 11, h))
            # second line: what the viewer knows
            if r["known"]:
                bits = [f"Lv {r['level'] if r['level'] is not None else '?'}"]
                bits.append("  ".join(f"{p} {VM.rank(v)}" for p, v in r["params"].items()))
                if r["penalty"]:
                    bits.append(f"(−{r['penalty']})")
            else:
                bits = [self.tr("rivals.unknown")]
            loc = self.static.location(r["location"]) if r["location"] else None
            bits.append(f"@ {loc.id} {short(loc.label(self.app.lang), 16)}" if loc else self.tr("rivals.where_unknown"))
            # what the viewer has found out beyond the sheet: true name, NP, skills
            bits += [x for x in (r["true_name"], r["np"]) if x] + r["skills"]
            self._blit_text(surface, "   ".join(bits), (x + 24, y + 17), 13, T.TEXT_DIM, maxw=RIVALS.w - 240)
            y += row_h

    def _draw_prompt(self, surface, vm):
        x, y = PROMPT.x + 16, PROMPT.y + 10
        fid = self.decision_faction() if not self.state.is_terminal() else None
        if fid is None:
            return
        if self.is_human(fid) and fid == self.screen_owner and not self.buttons:
            # the question waits for the dice, so it never gives a result away
            self._blit_text(surface, self.tr("prompt.dice_first"), (x, y), 18, T.TEXT_DIM, True)
        elif self.is_human(fid) and fid == self.screen_owner:
            title = VM.prompt_title(self, fid)
            self._blit_text(surface, title, (x, y), 20, T.ACCENT, True, maxw=PROMPT.w - 32)
            q = self.tree.question() if self.tree else None
            if self.dialog is not None:
                self._blit_text(surface, self.tr("prompt.in_dialog"), (x, y + 32), 16, T.TEXT_DIM)
                q = None
            if q:
                self._blit_text(surface, self.tr("field." + str(q[0]), default=str(q[0])), (x, y + 32), 16, T.TEXT_DIM)
        else:
            who = self.fname(fid) if fid in (vm.get("known_ids") or ()) else self.tr("prompt.someone")
            self._blit_text(surface, self.tr("prompt.waiting", who=who), (x, y), 20, T.TEXT_DIM, True)
            self._blit_text(surface, self.tr("prompt.skip_hint"), (x, y + 34), 15, T.TEXT_FAINT)

    def _draw_handoff(self, surface):
        surface.fill((8, 8, 14))
        master = VM.public_name(self.state, self.handoff_to, self.app.lang)
        name = f"{master} ({self.handoff_to})"     # {name}: the older form, for translations in mods
        r = pygame.Rect(0, 0, 1100, 300)
        r.center = (960, 520)
        T.panel(surface, r, color=(26, 24, 38), edge=T.ACCENT)
        self._blit_text(surface, self.tr("handoff.title", name=name, master=master, fid=self.handoff_to), (960, r.y + 60), 36, T.ACCENT, True, anchor="midtop")
        self._blit_text(surface, self.tr("handoff.hint"), (960, r.y + 150), 22, T.TEXT, anchor="midtop")
        self._blit_text(surface, self.tr("handoff.secret"), (960, r.y + 200), 17, T.TEXT_DIM, anchor="midtop")

    def _draw_end(self, surface):
        vm = self.vm
        surface.fill(T.BG)
        self._draw_top(surface, vm)
        res = VM.end_summary(self)
        r = pygame.Rect(40, 80, 1840, 980)
        T.panel(surface, r)
        self._blit_text(surface, res["headline"], (80, 110), 40, T.ACCENT, True)
        self._blit_text(surface, res["sub"], (80, 170), 22, T.TEXT)
        y = 230
        for row in res["rows"]:
            pygame.draw.circle(surface, row["color"], (92, y + 13), 10)
            self._blit_text(surface, row["label"], (112, y), 20, T.TEXT if row["active"] else T.TEXT_FAINT, True, maxw=520)
            self._blit_text(surface, row["detail"], (640, y + 2), 18, T.TEXT_DIM, maxw=560)
            y += 36
        # the war's last public moments
        y = max(y + 20, 420)
        self._blit_text(surface, self.tr("end.chronicle"), (80, y), 18, T.TEXT_DIM, True)
        y += 30
        notes = [e for e in vm.get("log", []) if e.get("kind") == "note" and "all" in tuple(e.get("visible_to", ()))]
        for e in notes[-16:]:
            self._blit_text(surface, VM.log_line(e, self.app.lang), (92, y), 15, T.TEXT, maxw=1120)
            y += 22
        self._draw_chart(surface, pygame.Rect(1240, 220, 600, 640))

    def _draw_chart(self, surface, rect):
        pygame.draw.rect(surface, (20, 22, 32), rect, border_radius=8)
        self._blit_text(surface, self.tr("end.chart"), (rect.x + 12, rect.y + 8), 18, T.TEXT_DIM, True)
        series = self.mana_history
        pts = [v for h in series.values() for _, v in h]
        turns = [t for h in series.values() for t, _ in h]
        if not pts:
            return
        lo, hi = min(min(pts), -100), max(max(pts), 1)
        t0, t1 = min(turns), max(max(turns), min(turns) + 1)
        inner = rect.inflate(-70, -80)
        inner.y += 20

        def P(t, v):
            return (inner.x + (t - t0) * inner.w / (t1 - t0), inner.bottom - (v - lo) * inner.h / (hi - lo))
        pygame.draw.line(surface, T.TEXT_FAINT, P(t0, 0), P(t1, 0), 1)
        pygame.draw.line(surface, T.BAD, P(t0, -100), P(t1, -100), 1)
        self._blit_text(surface, "0", (inner.x - 8, P(t0, 0)[1]), 13, T.TEXT_FAINT, anchor="midright")
        self._blit_text(surface, "−100", (inner.x - 8, P(t0, -100)[1]), 13, T.BAD, anchor="midright")
        self._blit_text(surface, str(hi), (inner.x - 8, inner.y), 13, T.TEXT_FAINT, anchor="midright")
        self._blit_text(surface, self.tr("end.turns", n=t1), (inner.right, inner.bottom + 8), 13, T.TEXT_FAINT,
                        anchor="topright")
        self._blit_text(surface, self.tr("end.start"), (inner.x, inner.bottom + 8), 13, T.TEXT_FAINT)
        for fid, hist in series.items():
            col = VM.faction_color(self.static, fid)
            if len(hist) >= 2:
                pygame.draw.lines(surface, col, False, [P(t, v) for t, v in hist], 3)
            elif hist:
                pygame.draw.circle(surface, col, P(*hist[0]), 4)
            t, v = hist[-1]
            self._blit_text(surface, fid, (P(t, v)[0] + 6, P(t, v)[1]), 13, col, True, anchor="midleft")


def _action_dict(action):
    """``Action.to_dict`` without its per-call type-hint lookup (flat Grail War actions)."""
    import dataclasses
    d = {"kind": action.kind}
    for f in dataclasses.fields(action):
        v = getattr(action, f.name)
        if isinstance(v, (tuple, list, dict)):
            return action.to_dict()
        d[f.name] = v
    return d


def _html(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def make_scene(app, seats=None, seed=None, record=None, **kw):
    return GrailWarScene(app, seats=seats, seed=seed, record=record)


def make_bench_scene(app):
    return GrailWarScene(app, seats=None, seed=None, bench=True)
