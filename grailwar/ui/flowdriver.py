"""The war's flow at the screen: who decides next, the NPCs' answers, and what an applied
action's events do on screen.

Every decision is a pending decision of the engine. :meth:`FlowDriver.step` looks at whose
decision it is: a human master's opens the prompt menu (after a hand-off when the screen
belongs to another master); an NPC's is answered with ``grailwar.rules.npc.npc_action`` after
a short pause (``NPC_DELAY``, divided by the speed and the NPC pace). :meth:`FlowDriver.apply`
goes through the Match and plays the events back (:meth:`FlowDriver.present`): rolls on the
dice tray with their log lines once the die lands, battle events to the battle presenter,
``ManaChanged`` to the mana bar.

The host is the screen: its public ``match``, ``state``, ``viewer``, ``screen_owner``,
``humans``, ``fast``, ``tray``, ``feed``, ``battles``, ``menu``, ``map``, ``mana_tween``,
``pace``, ``takeback``, ``saving``, ``record``, ``vm``, ``static``, ``app``, ``bench``, ``ended``,
``handoff``, ``decision_faction``, ``is_human``, ``log_text``, ``sync_view``,
``mark_view_dirty``, ``start_handoff``, ``go_public`` and ``finish``.
"""
from __future__ import annotations

from grailwar.rules.npc import npc_action

from . import viewmodel as VM
from .battle import BATTLE_KINDS

NPC_DELAY = 0.35
FAST_ENOUGH = 20           # from this speed on, dice and battles do not hold the flow


class FlowDriver:
    def __init__(self, host):
        self.host = host
        self.npc_timer = 0.0
        self.applies = 0           # actions applied at this screen (the battle presenter's clock)

    # --- stepping -----------------------------------------------------------------------------
    def step(self, dt):
        """Let the war move on: up to one NPC decision (40 in a bench run), or open the
        deciding master's menu, or notice the end."""
        h = self.host
        h.takeback.tick(dt)
        if h.ended or h.handoff is not None:
            return
        h.battles.tick(dt * h.fast)     # a battle's time on screen: not while the screen is hidden
        if h.tray.busy and h.fast < FAST_ENOUGH:
            return
        budget = 40 if h.fast >= FAST_ENOUGH else 1
        for _ in range(budget):
            if h.state.is_terminal():
                h.sync_view(force=True)
                if not self.final_battle_up():
                    h.finish()
                return
            fid = h.decision_faction()
            if fid is None:
                return
            if fid != h.screen_owner and h.takeback.holds(h.screen_owner, fid):
                return
            if h.is_human(fid):
                h.sync_view(force=True)
                if fid != h.screen_owner:
                    h.start_handoff(fid)
                    return
                self.ensure_menu(fid)
                return
            h.menu.kill()
            if h.screen_owner is not None and len(h.humans) > 1 and not self.battle_question():
                h.go_public()          # no master's private sheet stays up while the NPCs play
                return
            if (h.battles.hold > 0 and h.fast < FAST_ENOUGH) or not h.pace.may_act():
                return
            self.npc_timer += dt
            if self.npc_timer < NPC_DELAY / (h.fast * h.pace.factor()):
                return
            self.npc_timer = 0.0
            self.apply(npc_action(h.state, fid), human=False)
            h.pace.acted()
            if h.tray.busy and h.fast < FAST_ENOUGH:
                return

    def battle_question(self):
        """Is the pending decision a battle's (the screen stays with the master who fights)?"""
        return getattr(self.host.state.pending, "kind", "") in BATTLE_KINDS

    def final_battle_up(self):
        """The war's last battle stays up (its d100 landed, its result shown) until a master
        dismisses it -- or, with no master at the table, for its hold -- before the end screen."""
        h = self.host
        if h.bench or h.fast >= FAST_ENOUGH or not h.battles.shown:
            return False
        h.battles.pin_result(bool(h.humans))
        return True

    def ensure_menu(self, fid):
        """The prompt menu for ``fid``'s pending decision (once per decision)."""
        h = self.host
        key = (fid, len(h.record.actions))
        if h.menu.key == key:
            return
        h.match.flush()           # every earlier action is known saved (or the war stops here)
        if h.saving.stopped:
            return
        h.battles.on_question((h.vm.get("pending") or {}).get("kind"))
        h.menu.open(key, h.state.legal_actions(fid))

    # --- applying -----------------------------------------------------------------------------
    def apply(self, action, human):
        """Apply ``action`` through the Match and play its events back; returns the events the
        viewer may see."""
        h = self.host
        events = h.match.apply(action)
        self.applies += 1
        if human:
            h.match.flush()       # the master's own decision is on disk before the next frame
        h.menu.key = None
        # the view is rebuilt lazily (next update or draw) so one frame never pays for
        # the engine step, the record and the view together
        h.mark_view_dirty()
        visible = self.present(events)
        if h.tray.busy and h.fast >= FAST_ENOUGH:
            h.tray.skip()
        if h.fast >= FAST_ENOUGH:
            h.feed.release()          # nothing waits for a die at this speed: the lines, bars and battle at once
        return visible

    def present(self, events):
        """Queue the viewer's rolls on the tray; log lines follow the dice. Which events the
        viewer may see is the engine's call (``events_for``); returns those events."""
        h = self.host
        visible = h.state.events_for(events, h.viewer)
        for ev in visible:
            kind = getattr(ev, "kind", "")
            if kind in ("logged", "rolled"):
                entry = VM.log_entry(h.state, ev.index, h.viewer)
                if entry is None or (kind == "logged" and entry.get("kind") != "note"):
                    continue                   # a roll's line comes with its Rolled event
                if kind == "rolled":
                    h.feed.queue_roll(entry, ev)
                else:
                    words = h.log_text(entry, when=False)          # the battle view's aftermath: no stamp
                    h.feed.queue_call(lambda line=words: h.battles.on_note(line))
                    h.feed.queue(entry)
            elif kind == "mana":
                h.feed.queue_call(lambda ev=ev: h.mana_tween.on_event(ev))
            else:
                if kind == "battle_started":
                    h.map.hover = None
                h.feed.queue_call(lambda ev=ev, n=self.applies: h.battles.on_event(ev, h.vm, h.static, h.app.lang, n))
        # (the bars and the battle follow the dice thrown before them: LogFeed.queue_call)
        return visible
