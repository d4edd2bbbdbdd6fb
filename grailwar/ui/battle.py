"""The battle presenter: a small state machine over the engine's battle events, deciding
what the battle view (``battleview.BattleView``) shows over the map.

States (``stage``) and the events that move between them::

    None ──BattleStarted──▶ "start" ──SlotChosen──▶ "slots" ──preliminary breakdown in the view──▶ "commit"
      ▲                                                        (Committed: the viewer's side's picks)
      │                                                                     │ CommitmentsRevealed
      │                                                                     ▼
      │                                                                 "revealed"
      │                                     BattleEnded (from any stage)    │
      └── a later phase / the next question is not about it / dismissed ── "done"

Details (slots, values, the breakdown) come only from the view's ``battle`` entry, which
the engine fills for participants and witnesses; everyone else sees the sides, the random
slot and the roll. Before the preliminary breakdown exists (the slots are being picked), a
participant sees the comparison table of all five parameters, both sides' values as its view
knows them (``compare``). ``hold`` keeps a fresh battle (or its result) up for a moment before a
click may dismiss it.

Hot seat: when the screen passes to another master, ``resume`` rebuilds the battle from the
new viewer's view if that master fights in it (a master who did not fight sees nothing of
it); its result is shown once to each master who fought."""
from __future__ import annotations

from . import tone as TONE
from . import viewmodel as VM

START_HOLD = 1.5
RESULT_HOLD = 2.5
# prompts that belong to a battle: while one is open, a finished battle stays up
BATTLE_KINDS = ("slot", "reroll", "commit", "mirror", "retreat_pay", "retreat_group", "retreat_dest", "help_ally",
                "reroll_check")


class BattlePresenter:
    def __init__(self, view, item_label, sub_divisor=2):
        self.view = view
        self.item_label = item_label       # a commitment (``skill:<id>``, ``np``, ``code:<id>``...) in words
        self.sub_divisor = sub_divisor     # the rules' combat.sub_divisor (a side's value: main + subs / d)
        self.results_seen: set = set()     # (battle no, faction) whose result that master has seen
        self.battle: dict | None = None    # what the view draws (normalised)
        self.hold = 0.0
        self.version = 0                   # bumps whenever what is shown changes
        self.ended_at = 0                  # the apply count at which the shown battle ended

    # --- state ---------------------------------------------------------------------------------
    @property
    def shown(self):
        return self.battle is not None

    @property
    def stage(self):
        return None if self.battle is None else self.battle.get("stage")

    def _changed(self):
        self.version += 1

    def close(self):
        b = self.battle
        if b is not None:
            if b.get("stage") == "done" and self.hold <= 0:      # its result was up long enough
                self.results_seen.add((b.get("no"), b.get("viewer")))
            self.battle = None
        self._changed()

    def tick(self, dt):
        if self.hold > 0:
            self.hold -= dt

    def skip(self):
        """The speed-up key: no more waiting on the battle."""
        self.hold = 0

    def dismiss(self):
        """A click or Enter on a battle that has been up long enough closes it."""
        if self.battle is not None and self.hold <= 0:
            self.close()
            return True
        return False

    # --- events ------------------------------------------------------------------------------------
    def on_event(self, ev, vm, static, lang, applies):
        kind = getattr(ev, "kind", "")
        if kind == "battle_started":
            self.battle = _start(vm, static, lang, ev)
            self._changed()
            self.hold = START_HOLD
        elif kind == "phase" and self.stage == "done" and self.ended_at < applies and self.hold <= 0 \
                and not self.battle.get("pinned"):
            self.close()                       # a later phase: back to the map
        elif self.battle is None or self.battle.get("no") != getattr(ev, "number", None) or self.stage == "done":
            return
        elif kind == "slot_chosen":
            slots = self.battle.setdefault("chosen", {})
            slots[ev.slot] = ev.param
            if self.stage == "start":
                self.battle["stage"] = "slots"
            self._changed()
        elif kind == "committed":
            who = "" if ev.faction == viewer_of(vm) else VM.faction_label(vm, ev.faction, lang) + ": "
            self.battle.setdefault("mine", []).append(who + self.item_label(ev.item))
            self._changed()
        elif kind == "commitments_revealed":
            self.battle["revealed"] = [VM.faction_label(vm, fid, lang) + ": " + ", ".join(self.item_label(i) for i in items)
                                       for fid, items in ev.commitments if items]
            self.battle["stage"] = "revealed"
            self._changed()
        elif kind == "battle_ended":
            self.battle["roll"] = ev.roll
            self.battle["winner"] = ev.winner
            self.battle["final_a"] = ev.rate_a
            self._end(applies)

    def _end(self, applies):
        self.battle["stage"] = "done"
        self.ended_at = applies
        self._changed()
        self.hold = RESULT_HOLD

    def pin_result(self, until_dismissed):
        """The war is over: the shown battle stays until dismissed (a master at the table) or
        until its hold runs out (nobody to click)."""
        if self.stage == "done" and until_dismissed:
            self.battle["pinned"] = True
        elif self.hold <= 0:
            self.close()

    def on_note(self, line):
        """A public note logged after the battle ended: part of its aftermath."""
        if self.stage == "done":
            self.battle.setdefault("aftermath", []).append(line)
            self._changed()

    def on_question(self, pending_kind):
        """The next question is up: a finished fight gives way unless it is about it."""
        if self.stage == "done" and pending_kind and pending_kind not in BATTLE_KINDS and not self.battle.get("pinned"):
            self.close()

    def resume(self, vm, static, lang, tr, applies):
        """The screen passed to another master (hot seat): show the current battle again if
        this master fights in it and has not yet seen how it ended."""
        self.close()
        vb = vm.get("battle")
        viewer = viewer_of(vm)
        if not isinstance(vb, dict) or not vb.get("details") or TONE.side_of(vb, viewer) is None:
            return
        if vb.get("stage") == "done" and (vb.get("no"), viewer) in self.results_seen:
            return
        b = _start(vm, static, lang, _Started(vb))
        stage = vb.get("stage")
        b["stage"] = "slots" if stage in ("slots", "reroll") else "revealed" if stage in ("roll", "aftermath") else "start"
        self.battle = b
        self.hold = 0
        self.sync(vm, static, lang, tr, applies)
        b["pinned"] = self.stage == "done"     # a result this master has not seen: up until dismissed

    def sync(self, vm, static, lang, tr, applies):
        """Fill the shown battle from the view's ``battle`` entry (after each view refresh)."""
        b = self.battle
        if b is None:
            return
        vb = vm.get("battle")
        b["me"] = next((side for side in ("A", "B") if any(m["id"] == viewer_of(vm) for m in b[side])), None)
        if isinstance(vb, dict) and vb.get("no") == b.get("no"):
            bd = vb.get("breakdown") or vb.get("preliminary") if vb.get("details") else None
            if bd:
                b["slots"] = [list(r) for r in bd.get("slots", [])]
                for k in ("wtl", "base", "power", "level", "raw"):
                    if k in bd:
                        b[k] = bd[k]
                b["mod_a"] = [list(t) for t in bd.get("mod_a", [])]
                b["mod_b"] = [list(t) for t in bd.get("mod_b", [])]
                b["terms"] = True
                if vb.get("breakdown"):
                    b["final_a"] = bd.get("final_a")
                else:
                    b["prelim"] = bd.get("final_a")
                    if b.get("stage") in ("start", "slots"):
                        b["stage"] = "commit"
            elif vb.get("details"):           # a participant or witness while the slots are picked
                b["compare"] = _compare(vm, vb, [p["id"] for p in static.params], self.sub_divisor)
                b["chosen_slots"] = list(vb.get("slots") or [])
            elif vb.get("slots"):
                b["slots"] = [["?"], ["?"], [vb["slots"][-1]]]
            if vb.get("rate_a") is not None and vb.get("roll"):
                b["final_a"] = vb["rate_a"]
                b["roll"] = vb["roll"]
                b["winner"] = vb.get("winner") or b.get("winner")
                if b.get("stage") != "done":
                    self._end(applies)
        for side in ("A", "B"):           # a side met in this battle is named from now on (its view says so)
            for m in b.get(side, []):
                label, level = VM.faction_label(vm, m["id"], lang), vm.get("factions", {}).get(m["id"], {}).get("level")
                if (label, level or "?") != (m.get("label"), m.get("level")):
                    m["label"], m["level"] = label, level or "?"
                    self._changed()
        b["names"] = {fid: VM.faction_label(vm, fid, lang) for fid in vm.get("factions", {})}
        b["names"].update({"A": tr("battle.side_a_short"), "B": tr("battle.side_b_short")})
        src = {"mods": tr("battle.mods_sum"), "command_spell": tr("battle.src_spell"),
               "true_name": tr("battle.src_true_name"), "np_known": tr("battle.src_np_known")}
        for t in b.get("mod_a", []) + b.get("mod_b", []):
            if t[1] not in src:
                src[t[1]] = static.name_of(t[1], lang) or t[1]
        b["sources"] = src
        b["viewer"] = viewer_of(vm)
        self._changed()

    def result_sound(self, viewer, tray_busy):
        """"battle_won" / "battle_lost" once per battle, for a viewer who fought in it, when its
        result is shown (after the d100 landed, never before); None otherwise."""
        b = self.battle
        if b is None or tray_busy or not b.get("winner") or b.get("sounded"):
            return None
        b["sounded"] = True
        for side in ("A", "B"):
            if any(p["id"] == viewer for p in b[side]):
                return "battle_won" if b["winner"] == side else "battle_lost"
        return None

    # --- drawing -----------------------------------------------------------------------------------
    def draw(self, surface, tr, tray_busy, record=None):
        b = self.battle
        if tray_busy and b.get("roll"):
            # the result waits for the d100 to land on the tray
            b = {k: v for k, v in b.items() if k not in ("roll", "winner", "aftermath")}
        self.view.draw(surface, b, tr, record=record)


def viewer_of(vm):
    return vm.get("viewer")


class _Started:
    """A ``BattleStarted`` read off the view's battle entry (``resume``)."""
    def __init__(self, vb):
        self.number, self.cause, self.location = vb.get("no"), vb.get("cause", ""), vb.get("location") or ""
        self.side_a, self.side_b = tuple(vb.get("A") or ()), tuple(vb.get("B") or ())


def _compare(vm, vb, params, divisor):
    """Every parameter with both sides' values as the viewer's view knows them: rows
    ``[P, A, B, W|T|L]`` (``"?"`` and no letter where a value is unknown). A side's value is its
    main's plus its subs' sum divided by ``divisor`` (rounded up), as §8 adds them."""
    facs = vm.get("factions") or {}

    def side(ids, p):
        vals = [((facs.get(fid) or {}).get("params") or {}).get(p) for fid in ids]
        if not vals or any(v is None for v in vals):
            return "?"
        subs = sum(vals[1:])
        return vals[0] + (-(-subs // divisor) if subs else 0)

    rows = []
    for p in params:
        a, b = side(vb.get("A") or (), p), side(vb.get("B") or (), p)
        r = "" if "?" in (a, b) else "W" if a > b else "T" if a == b else "L"
        rows.append([p, a, b, r])
    return rows


def _start(vm, static, lang, ev):
    b = {"no": ev.number, "cause": ev.cause, "A": [], "B": [], "stage": "start"}
    loc = static.location(ev.location) if ev.location else None
    b["loc_name"] = f"{loc.id} {loc.label(lang)}" if loc else ""
    for side, ids in (("A", ev.side_a), ("B", ev.side_b)):
        for i, fid in enumerate(ids):
            f = vm.get("factions", {}).get(fid, {})
            b[side].append({"id": fid, "label": VM.faction_label(vm, fid, lang), "color": VM.faction_color(static, fid),
                            "level": f.get("level") or "?", "main": i == 0})
    return b
