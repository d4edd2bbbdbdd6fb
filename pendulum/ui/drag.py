"""The drag controller: the table's input (every pygame event the table gets comes here:
buttons, keys, mouse, wheel), picking a worker up (mouse or keyboard), the legal targets it lights
(from the engine's ``legal_actions``), dropping it (``find_action``; a drop the engine refuses
springs back naming the rule), clicks on regions (hand, achievement, provinces, council
cards) and the keyboard cursor that walks the same items. Every request goes through
``table.request``; nothing here decides a rule.

The table's own controller is the shared mouse and keyboard (``device="mouse"``: it plays the
focused seat). ``pendulum.ui.seat_input`` makes one more per device of a seat's own (a game
controller, a key block, each finger) with ``seat`` / ``device`` set: each moves only the
pieces of the seats ``table.seat_input.may_play(device, seat)`` allows, and none focuses the
screen on another seat."""
from __future__ import annotations

import pygame

from tabletop.engine import IllegalActionError

from . import view as V

TIMERS = ("black", "green", "purple")
CLICK_SLOP = 6            # logical pixels a press may move and still be a click


class DragController:
    def __init__(self, table, seat=None, device="mouse"):
        self.table = table
        self.seat = seat               # the seat a device of its own plays; None: the focused seat (mouse)
        self.device = device           # mouse | pad:<n> | keys:<block> | finger:<touch>:<finger>
        self.drag = None               # dict(worker, seat, targets{rid: [action]}, pos, origin, start)
        self.kb = None                 # keyboard cursor: dict(stage, items, index)

    def acting_seat(self) -> int:
        """The seat this device acts for now (its own, or the focused one for the mouse)."""
        return self.table.seat_input.acting_seat(self)

    def choices_for(self, seat):
        """The choice window this device opens for ``seat`` (the table's for the mouse; a seat
        with a device of its own has its own, so two seats choose at the same time)."""
        return self.table.seat_input.choices_for(self.device, seat)

    def allowed(self, seat) -> bool:
        """May this device play ``seat``? If not, say so (nothing changes)."""
        return self.table.seat_input.check(self.device, seat)

    def cancel(self):
        self.drag = None
        self.kb = None

    # ------------------------------------------------------------------ events
    def handle_event(self, event) -> bool:
        t = self.table
        if t.seat_input.mouse_may_answer_picker() and t.choices.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            return self.keydown(event)
        if event.type == pygame.MOUSEMOTION:
            self.motion(event.pos)
            t.renderer.hover(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL and t.log.visible:
            if t.layout.rects["log"].collidepoint(t.app.window_to_logical(pygame.mouse.get_pos())):
                t.log.scroll_by(event.y)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.mouse_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.mouse_up(event.pos)
        return False

    def keydown(self, event) -> bool:
        t = self.table
        intents = t.app.intents(event)
        if t.save_failed and t.paused and event.key == pygame.K_c:
            t.continue_unsaved()
            return True
        if "pause_timers" in intents:
            t.toggle_pause()
            return True
        for i in range(1, 6):
            if f"seat_{i}" in intents:
                t.focus(i - 1)
                return True
        for tid in TIMERS:
            if f"flip_{tid}" in intents:
                t.flip_timer(tid, self.acting_seat())
                return True
        if "undo" in intents:
            t.do_undo()
            return True
        if "help" in intents:
            t.show_reference()
            return True
        return self.key(intents)

    # ------------------------------------------------------------------ mouse
    def press_button_at(self, pos) -> bool:
        """A tap or a device's click on a top-bar button: it is pressed by this hand."""
        for k, b in self.table.buttons().items():
            if b.rect.collidepoint(pos):
                self.table.press_button(k, self)
                return True
        return False

    def hit_worker(self, pos):
        best = None
        for wid, p in self.table.worker_positions().items():
            d = (p[0] - pos[0]) ** 2 + (p[1] - pos[1]) ** 2
            if d <= 20 * 20 and (best is None or d < best[0]):
                best = (d, wid)
        return best[1] if best else None

    def motion(self, pos):
        if self.drag:
            self.drag["pos"] = pos

    def mouse_down(self, pos) -> bool:
        t = self.table
        if t.layout.council_active and t.layout.rects["main_board"].collidepoint(pos):
            # the council overlay covers the main board: only its cards answer
            for rid in t.layout.hit(pos, ("council.",)):
                if self.click_region(rid, pos):
                    return True
            return True
        wid = self.hit_worker(pos)
        if wid is not None:
            self.pick_up(wid, pos)
            return True
        acts = self._box_acts(pos)
        if acts:                        # a reward box one of the seat's workers may act on: it acts
            self.choose_or_apply(acts, self.acting_seat(), pos)
            return True
        for tid in TIMERS:
            r = t.region(f"timer.{tid}")
            if r and r.collidepoint(pos):
                t.flip_timer(tid, self.acting_seat())
                return True
        for rid in t.layout.hit(pos, ("seat.", "achievement", "province", "council.", "legendary")):
            if self.click_region(rid, pos):
                return True
        return False

    def _box_acts(self, pos):
        """The acting seat's legal acts on the reward box under ``pos`` (its worker waits in a
        frame above it), as the engine lists them; none for a seat this hand may not play."""
        t = self.table
        seat = self.acting_seat()
        if not t.seat_input.may_play(self.device, seat):
            return []
        boxes = [rid for rid in t.layout.hit(pos) if rid.startswith("space.")]
        if not boxes:
            return []
        return [a for a in t.legal(seat) if a.kind == "act" and V.target_region(a, seat) in boxes]

    def pick_up(self, wid, pos):
        t = self.table
        seat = V.worker_seat(None, wid)
        if seat is None or not (0 <= seat < t.n):
            return
        if not t.human[seat]:
            t.app.sound.play("drop_refused")
            t.flash(t.app.t("pendulum.msg.bot_seat"))
            return
        if not self.allowed(seat):
            return
        targets = {}
        for a in t.legal(seat):
            if getattr(a, "worker", None) != wid:
                continue
            rid = V.target_region(a, seat)
            if rid:
                targets.setdefault(rid, []).append(a)
        if self.device == "mouse":
            t.focus(seat)
        t.app.sound.play("worker_pick")
        self.drag = {"worker": wid, "seat": seat, "targets": targets, "pos": pos,
                     "origin": t.worker_positions().get(wid, pos), "start": pos}

    def mouse_up(self, pos) -> bool:
        d = self.drag
        if not d:
            return False
        if abs(pos[0] - d["start"][0]) + abs(pos[1] - d["start"][1]) < CLICK_SLOP:
            # a click on a worker: act if it can act (the click path of activation)
            acts = [a for rid, acts in d["targets"].items() for a in acts if a.kind == "act"]
            self.drag = None
            if acts:
                self.choose_or_apply(acts, d["seat"], pos)
            return True
        self.drop(pos)
        return True

    def drop(self, pos, rid=None):
        t = self.table
        d, self.drag = self.drag, None
        if d is None:
            return
        if rid is None:
            hits = [h for h in t.layout.hit(pos) if h in d["targets"]]
            rid = hits[0] if hits else None
        if rid is not None:
            self.choose_or_apply(d["targets"][rid], d["seat"], pos, wid=d["worker"])
            return
        # not a lit target: the engine's find_action answers for the region under the drop (a
        # reward box under a frame the worker may enter is taken; otherwise its refusal is shown)
        answer = None
        for h in t.layout.hit(pos):
            target = V.drop_target(h, d["seat"])
            if target is None:
                continue
            answer = t.find_action(d["worker"], target)
            if not V.is_refusal(answer):
                break
        if answer is not None and not V.is_refusal(answer):
            try:
                t.request(answer, ghost=pos)      # the engine is the judge; legal after all → accepted
                return
            except IllegalActionError as exc:
                t.refuse(exc)
        elif answer is not None:
            t.refuse(answer)
        else:
            t.flash(t.app.t("pendulum.msg.not_a_target"))
        end = t.worker_positions().get(d["worker"], d["origin"])
        t.animator.glide(d["worker"], d["seat"], pos, end)

    def choose_or_apply(self, actions, seat, pos, wid=None):
        t = self.table
        t.last_pos[seat] = pos
        if len(actions) == 1:
            before = None
            if wid is not None:
                before = t.worker_positions()
                before[wid] = pos
            try:
                t.request(actions[0], animate_from=before, ghost=pos)
            except IllegalActionError as exc:
                t.refuse(exc)
            self.choices_for(seat).open_decision(seat, pos)
            return
        self.choices_for(seat).open_actions(seat, actions, pos)

    def _reopen_choice(self, seat, pos) -> bool:
        """A choice the seat still owes whose window was closed (Esc, a click elsewhere) opens
        again where the player clicks the council cards, the provinces or its own board: the
        council waited for a choice nothing on the screen would bring back."""
        t = self.table
        if not (t.human[seat] and t.seat_input.may_play(self.device, seat)):
            return False
        if self.choices_for(seat).is_open or not any(a.kind == "choose" for a in t.legal(seat)):
            return False
        return self.choices_for(seat).open_decision(seat, pos)

    def click_region(self, rid, pos) -> bool:
        t = self.table
        seat = self.acting_seat()
        if rid.startswith("seat."):
            parts = rid.split(".")
            s = int(parts[1])
            if s != t.focus_seat:
                if self.seat is None or s == self.seat:     # a seat's own device turns the screen only to it
                    t.focus(s)
                return True
            if len(parts) >= 3 and parts[2] == "hand":
                if not t.human[s]:
                    t.flash(t.app.t("pendulum.msg.bot_seat"))
                    return True
                if not self.allowed(s):
                    return True
                acts = [a for a in t.legal(s) if a.kind in ("play", "pickup")]
                if acts:
                    self.choices_for(s).open_actions(s, acts, pos)
                else:
                    t.flash(t.app.t("pendulum.msg.no_stratagem"))
                return True
            return self._reopen_choice(s, pos)     # its board ("waiting for a choice")
        kind = {"achievement": "claim", "legendary_token": "claim"}.get(rid)
        if rid.startswith("province") or rid.startswith("council."):
            # a pending choice (council reward, which province) of the focused seat or of any human seat
            for s in [seat] + [i for i in range(t.n) if i != seat and t.human[i]]:
                if not t.seat_input.may_play(self.device, s):
                    continue
                choices = [a for a in t.legal(s) if a.kind == "choose"]
                match = [a for a in choices if V.option_matches_region(t.view, a.option, rid)]
                if match:
                    self.choices_for(s).close()
                    self.choose_or_apply(match, s, pos)
                    return True
            if self._reopen_choice(seat, pos):
                return True
            if rid.startswith("province"):
                kind = "refill"
        if kind and not t.human[seat]:
            t.flash(t.app.t("pendulum.msg.bot_seat"))
            return True
        if kind and not self.allowed(seat):
            return True
        if kind:
            acts = [a for a in t.legal(seat) if a.kind == kind]
            if acts:
                self.choose_or_apply(acts, seat, pos)
            else:
                refusal = t.why_not(V.probe_action(kind, seat))
                if refusal is not None:
                    t.refuse(refusal)
            return True
        return False

    # ------------------------------------------------------------------ keyboard cursor
    def key(self, intents) -> bool:
        """Keys while the cursor is open, or Tab/arrows/Enter to open it."""
        if self.kb is not None:
            if "cancel" in intents:
                self.cancel()
                return True
            if any(i in intents for i in ("next", "right", "down")):
                self.kb["index"] = (self.kb["index"] + 1) % max(1, len(self.kb["items"]))
                return True
            if any(i in intents for i in ("prev", "left", "up")):
                self.kb["index"] = (self.kb["index"] - 1) % max(1, len(self.kb["items"]))
                return True
            if "confirm" in intents:
                self.kb_confirm()
                return True
            return False
        if any(i in intents for i in ("next", "prev", "confirm")):
            self.kb_start()
            return True
        return False

    def kb_start(self):
        """Tab/arrows cycle through everything the focused seat can use now — its workers,
        finished timers, the achievement, the stratagem hand, the province deck, the council
        cards of a pending choice — Enter takes it. A picked-up worker then cycles through its
        legal targets (from the engine) and Enter drops it there; Esc cancels."""
        t = self.table
        seat = self.acting_seat()
        if not t.human[seat]:
            t.flash(t.app.t("pendulum.msg.bot_seat"))
            return
        if not self.allowed(seat):
            return
        pos = t.worker_positions()
        legal = t.legal(seat)
        items = [f"worker.{w['id']}" for w in t.view["workers"] if w["seat"] == seat and w["id"] in pos
                 and any(getattr(a, "worker", None) == w["id"] for a in legal)]
        kinds = {a.kind for a in legal}
        items += [f"timer.{a.timer}" for a in legal if a.kind == "flip"]
        if "claim" in kinds:
            items.append("achievement")
        if kinds & {"play", "pickup"}:
            items.append(f"seat.{seat}.hand")
        if "refill" in kinds:
            items.append("province_deck")
        for a in legal:
            if a.kind == "choose":
                for rid in [k for k in t.layout.rects if k.startswith(("council.", "province."))]:
                    if V.option_matches_region(t.view, a.option, rid) and rid not in items:
                        items.append(rid)
        if "done" in kinds and "done" in t.ui:
            items.append("button.done")
        if not items:
            t.flash(t.app.t("pendulum.msg.no_worker_moves"))
            return
        self.kb = {"stage": "item", "items": items, "index": 0}

    def kb_confirm(self):
        t = self.table
        kb = self.kb
        if not kb["items"]:
            self.kb = None
            return
        item = kb["items"][kb["index"]]
        self.kb = None
        if kb["stage"] == "item":
            if item.startswith("worker."):
                wid = item[7:]
                self.pick_up(wid, t.worker_positions().get(wid, (0, 0)))
                if self.drag and self.drag["targets"]:
                    self.kb = {"stage": "target", "items": list(self.drag["targets"]), "index": 0}
                else:
                    self.drag = None
            elif item.startswith("timer."):
                t.flip_timer(item[6:], self.acting_seat())
            elif item == "button.done":
                t.declare_done(self.acting_seat(), self.device)
            else:
                if item == f"seat.{self.acting_seat()}.hand":
                    t.focus(self.acting_seat())       # its hand is shown on the focused seat's board
                rect = t.region(item)
                if rect is not None:
                    self.click_region(item, rect.center)
        else:
            rect = t.region(item)
            if rect is not None:
                self.drop(rect.center, rid=item)
