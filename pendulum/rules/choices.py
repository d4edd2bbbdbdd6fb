"""Pending choices (PendulumState part): the options a seat's pending decision offers (4.5, 5.2, 5.8).
``legal_actions`` lists them as ``Choose`` actions and ``why_not`` accepts exactly these."""
from __future__ import annotations

from .ids import AREAS, NO_COST, SLOTS, TRACKS, splits


class Choices:
    """Mixin of PendulumState: what each kind of decision may be answered with now."""

    def decision_options(self, p, dec) -> list[str]:
        """Options of a pending decision; ``["none"]`` when nothing is possible any more (e.g. the last
        province was taken or a flip moved the timer away before the choice was made)."""
        return self._decision_options(p, dec) or ["none"]

    def _decision_options(self, p, dec) -> list[str]:
        t = dec["t"]
        if t in ("res", "vp"):
            return list(splits(dec["n"]))
        if t == "vp1":
            return list(TRACKS)
        if t == "conquer":
            out = []
            for c in self.display:
                if c:
                    out.extend(f"{c}:{col}" for col in SLOTS)
            if self.province_deck:
                out.extend(f"deck:{col}" for col in SLOTS)
            return out
        if t == "retrieve":
            return [w for w, loc in p.workers.items() if self.on_timer_row(loc)]
        if t == "promote":
            return [w for w, loc in p.workers.items() if w[-2] == "c" and loc not in ("reserve", "gone")]
        if t == "exchange":
            return [f"m>c:{k}" for k in range(1, p.res[0] + 1)] + [f"c>m:{k}" for k in range(1, p.res[1] + 1)]
        if t == "move_vp":
            return [f"{TRACKS[a]}>{TRACKS[b]}" for a in range(3) if p.tracks[a] > self.track_floor(p, a)
                    for b in range(3) if b != a]
        if t == "return":
            return [c for c in p.discard if c != dec.get("self")]
        if t == "direct":
            return self.direct_options(p)
        if t == "adjacent":
            return list(dec["opts"]) + ["none"]
        if t == "claim":
            out = ["reward"]
            if self.achievement and self.legendary_available(p):
                out.insert(0, "legendary")
            return out
        if t == "glory":
            return [str(k) for k in range(min(dec["n"], p.res[dec["track"]]), -1, -1)]
        if t == "trim":
            lim = self.slot_limit(p)
            return [f"{col}:{c}" for col in SLOTS if len(p.slots[col]) > lim for c in p.slots[col]]
        if t == "council":
            return self.council_options(p)
        return []

    def direct_options(self, p, extra_cost=None):
        """``"<worker>@<space>"`` for the Insurgent's direct placement (G13), affordable ones only."""
        out = []
        free = [w for w, loc in p.workers.items()
                if loc == "mat" or (loc[:2] in ("F:", "B:") and not self.on_timer_row(loc))]
        if not free:
            return out
        for a in AREAS:
            for sp in self.rules.spaces_by_row[(a, self.timer_row[a])]:
                if sp.production:
                    continue
                cost = dict(sp.cost)
                if extra_cost:
                    for k, v in extra_cost.items():
                        cost[k] = cost.get(k, 0) + v
                if not self.can_pay(p, cost):
                    continue
                for w in free:
                    out.append(f"{w}@{sp.id}")
        return out

    def council_options(self, p):
        out = [self.rules.council_default]
        if self.grande_up and p.workers.get(f"{p.seat}g2") == "council" and any(
                w[-2] == "c" and loc not in ("reserve", "gone") for w, loc in p.workers.items()):
            out.append(self.rules.council_grande)
        for c in self.council_offer:
            if not c:
                continue
            info = self.rules.cards[c]
            if info["kind"] == "keep_beside_mat" and p.keep:
                continue
            if info["effect"].get("legendary_vp") and p.legendary:
                continue
            cost = info["cost"] if info["kind"] == "final" else NO_COST    # stratagems are paid when played (5.5)
            if cost.get("any_resource"):
                out.extend(f"{c}={x}" for x in self.pay_options(p, cost))
            elif self.can_pay(p, cost):
                out.append(c)
        return out
