"""The table's renderer: draws one frame from the engine's view (``table.view``) plus static
rules data — the cached static layer (boards), the state layer (redrawn only when the view
changed, at most every ``LAYER_EVERY`` s), then per frame the glasses, pieces, drag targets,
animations, highlights, tooltip and messages. It also places the pieces (``worker_positions``)
and answers hovering with a tooltip. ``draw`` never changes the game.

What a frame shows is told by ``frame_key`` (the board and everything on it that stays put)
and ``sprites`` (what moves over it, each with its rectangle): pendulum/ui/frames.py repaints
only the rectangles of the moving things while the key is unchanged. ``draw`` into a clipped
surface gives the whole frame's pixels inside the clip."""
from __future__ import annotations

import math

import pygame

from tabletop.ui.present import display_surface
from tabletop.ui.tooltip import Tip

from . import render as R
from . import view as V
from .draw_state import draw_state

LAYER_EVERY = 0.12        # real seconds: several engine events in a row cost one redraw of the board layer
TIMERS = ("black", "green", "purple")
GLASS_SCALE = 0.6
BUTTON_TIP_DELAY = 0.6    # seconds the pointer rests on a top-bar button before its tooltip shows


class TableRenderer:
    def __init__(self, table):
        self.table = table
        self.static = None             # boards and labels: rebuilt on a language switch
        self.layer = None              # static + everything that changes with the engine state
        self.seat_cache = {}           # seat -> (key, surface) (see draw_state)
        self._dirty = True
        self._soft_dirty = False
        self.layer_gen = 0             # bumps whenever the state layer is redrawn (frame keys)
        self._unkept = False           # the layers' pixels are decided but the layers not made (prepare)
        self.direct = False            # the state is being drawn straight onto the App's frame (draw)
        self._areas = {}               # (timer, centre, turned) -> the rectangle a glass is drawn in
        self._labels = {}              # (words, colour) -> a glass's label, as drawn
        self._layer_age = 0.0
        self._wpos = None
        self._wpos_key = None
        self._shade = None
        self._ready_key = None
        self._ready = {}
        self.hover_id = None
        self.hover_pos = (0, 0)
        self.tooltip = None
        self._tip_wait = None          # [text, seconds]: a button's tooltip shows after a short hover
        self.tip_bounds = (1920, 1080)  # a tooltip stays left of and above this (teach: left of its panel)
        self._tip_version = None       # the table's version the hovered piece and its tip were found at
        self._pointer = (0, 0)         # where the pointer last hovered (hover_pos: where the tip stands)
        self.drawn_texts = None        # a list while a test records every text drawn (see start_recording)

    # ------------------------------------------------------------------ invalidation
    def invalidate(self):
        """The engine state (or the layout) changed: redraw the state layer, re-place the pieces."""
        self._dirty = True
        self._wpos = None

    def soon(self):
        """Redraw the state layer within ``LAYER_EVERY`` s (many events in a row: one redraw)."""
        self._soft_dirty = True
        self._wpos = None

    def language_changed(self):
        self.static = None
        self.seat_cache = {}
        self._labels = {}
        self._areas = {}
        self.invalidate()
        self.hover_id = None
        self.tooltip = None

    def step(self, dt):
        self._layer_age += dt
        t = self.table
        if self._tip_version != t.version:
            # the game changed under a resting pointer (a glass flipped, a worker moved away): find the
            # piece under it and its words again, as if the pointer had just come there
            self._tip_version = t.version
            if self.hover_id is not None and not self.hover_id.startswith("button."):
                self.hover_id = None
                self.hover(self._pointer)
        if self._tip_wait is not None:
            self._tip_wait[1] -= dt
            if self._tip_wait[1] <= 0:
                self.tooltip = Tip(self.table.app, self._tip_wait[0])
                self._tip_wait = None

    # ------------------------------------------------------------------ piece places
    def worker_positions(self):
        """Centre of every worker in play, from the view (cached until it changes; a copy)."""
        t = self.table
        key = (t.version, t.focus_seat, t.layout.council_active)
        if self._wpos is None or self._wpos_key != key:
            self._wpos = self.places(t.view)
            self._wpos_key = key
        return dict(self._wpos)

    def last_positions(self):
        """Where the pieces were last drawn (before a change the table did not start itself,
        e.g. a teaching bot's move), or None."""
        return dict(self._wpos) if self._wpos is not None else None

    def places(self, view):
        """Where each worker of ``view`` stands on the screen: its frame, its reward box, its mat."""
        t = self.table
        out = {}
        groups = {}
        for w in V.workers(view):
            groups.setdefault(w["location"], []).append(w)
        r = t.layout.rects
        for loc, ws in groups.items():
            if loc.startswith("F:"):
                rect = r.get(f"frame.{loc[2:]}")
            elif loc.startswith("B:"):
                rect = r.get(f"space.{loc[2:]}")
            else:
                rect = None
            if rect is None:
                continue
            if loc.startswith("B:"):
                # in a reward box the pieces sit on its lower right corner, half outside, clear of the box's
                # words (centred, up to two lines); a second goes up its right edge, 4 px further out to
                # stay clear of them; a third goes higher and a fourth starts a column left (those two may
                # touch the words)
                for i, w in enumerate(ws):
                    up = i % 3
                    out[w["id"]] = (rect.right + (4 if up else 0) - (i // 3) * 22, rect.bottom + 4 - up * 16)
                continue
            n = len(ws)
            step = min(36, (rect.width - 10) / max(1, n))
            x0 = rect.centerx - step * (n - 1) / 2
            for i, w in enumerate(ws):
                out[w["id"]] = (int(x0 + i * step), rect.centery)
        for seat in range(t.n):
            mat = r.get(f"seat.{seat}.mat")
            if mat is None:
                continue
            ws = [w for w in groups.get("mat", []) if w["seat"] == seat]
            big = seat == t.focus_seat
            for i, w in enumerate(ws):
                out[w["id"]] = (mat.left + (30 if big else 18) + i * (44 if big else 30), mat.centery + (6 if big else 0))
        return out

    def ready_workers(self):
        """Workers of the focused human seat that can do something now: {worker: "act"|"move"}."""
        t = self.table
        key = (t.version, t.focus_seat)
        if self._ready_key != key:
            ready = {}
            if t.human[t.focus_seat]:
                for a in t.legal(t.focus_seat):
                    w = getattr(a, "worker", None)
                    if w is not None and (a.kind == "act" or w not in ready):
                        ready[w] = "act" if a.kind == "act" else "move"
            self._ready, self._ready_key = ready, key
        return self._ready

    # ------------------------------------------------------------------ hover
    def hover(self, pos):
        t = self.table
        self._pointer = pos
        rid = None
        if t.layout.council_active and t.layout.rects["main_board"].collidepoint(pos):
            hits = t.layout.hit(pos, ("council.",))
            rid = hits[0] if hits else "council_board"
        else:
            wid = t.dragger.hit_worker(pos)
            button = next((k for k, b in t.buttons().items() if b.rect.collidepoint(pos)), None)
            if button is not None:
                rid = f"button.{button}"     # our own wrapped box, not pygame_gui's tooltip
            elif wid is not None:
                rid = f"worker.{wid}"
            else:
                for tid in TIMERS:
                    r = t.region(f"timer.{tid}")
                    if r and r.collidepoint(pos):
                        rid = f"timer.{tid}"
                        break
                if rid is None:
                    hits = t.layout.hit(pos)
                    rid = hits[0] if hits else None
        if rid == self.hover_id:
            return
        self.hover_id = rid
        self.hover_pos = pos
        self.tooltip = None
        self._tip_wait = None
        if rid is None or t.drag:
            return
        if rid.startswith("button."):
            # as on any desktop button, its tip waits for the pointer to rest on it a moment
            self._tip_wait = [t.app.t(f"pendulum.tip.button_{rid[7:]}"), BUTTON_TIP_DELAY]
            return
        text = V.tooltip(t.app, t.rules, t.view, rid, lambda seat: t.seat_input.may_play("mouse", seat))
        if text:
            # drawn by hand (a pygame_gui tooltip under the pointer would swallow the next
            # click), wrapped at a readable width with kinsoku (tabletop.ui.tooltip)
            self.tooltip = Tip(t.app, text)

    # ------------------------------------------------------------------ recording (tests)
    def start_recording(self):
        """From now on every text the app renders (all our text goes through ``app.text``) and
        every widget label the table makes is appended to ``drawn_texts`` — the test hook that
        checks nothing secret reaches a frame. The layers are redrawn so the first frame
        records the whole screen."""
        self.drawn_texts = []
        app = self.table.app
        base = type(app).text.__get__(app)

        def text(s, *args, **kw):
            self.drawn_texts.append(str(s))
            return base(s, *args, **kw)
        app.text = text
        self.language_changed()
        self.table.log.reword()

    def stop_recording(self):
        self.drawn_texts = None
        self.table.app.__dict__.pop("text", None)

    def note(self, text):
        """A text shown by a widget (pygame_gui draws it, not ``app.text``)."""
        if self.drawn_texts is not None and text:
            self.drawn_texts.append(str(text))

    # ------------------------------------------------------------------ what changed
    def frame_key(self):
        """Everything the frame shows except the moving things of :meth:`sprites`: two equal
        keys and equal sprites draw the same pixels. Asked after :meth:`prepare`."""
        t = self.table
        d, kb, picker = t.drag, t.kb, t.picker
        panel = t.log.panel
        pa = t.animator.privilege_anim
        return (t.version, t.viewer, t.focus_seat, t.paused, t.save_failed, t.finished,
                t.layout.council_active, self._dirty, self.layer_gen,
                (d["worker"], tuple(d["pos"]), tuple(d["targets"])) if d else None,
                (kb["index"], tuple(kb["items"])) if kb else None,
                frozenset(t.highlights), tuple(t.message[::2]) if t.message else None,
                (self.hover_id, tuple(self.hover_pos), id(self.tooltip)) if self.tooltip is not None else None,
                (id(picker), picker["row"].version if "row" in picker else None) if picker is not None else None,
                t.log.visible, panel.version if panel is not None else None, len(t.log.lines),
                (id(pa), pa["t"]) if pa is not None else None,
                t.seat_input.frame_key())

    def sprites(self) -> dict:
        """The things that move on their own over an unchanged board, ``{look: rect}``: a look
        (a hashable description of everything that decides its pixels) with the logical
        rectangle it is drawn in -- the glasses with their labels, gliding pieces, the 4.8
        window's ghosts, floating gains, and the places of the pieces hidden while they move.
        Between two frames of equal :meth:`frame_key` only the rectangles of the looks that
        came or went differ (``frames.FrameTracker.paint``)."""
        t = self.table
        out = {}
        if not t.layout.council_active and not t.drag:
            view = t.view
            for tid, hg in t.hourglasses.items():
                c = t.glass_center(tid)
                if c is None:
                    continue
                c = (c[0], c[1])
                label = math.ceil(V.timer_remaining(view, tid)[0]) if t.timed else None   # its seconds shown
                out[("glass", tid, hg.version, c, hg.angle, label)] = \
                    self._glass_area(tid, c, bool(hg.angle) or t.paused)
        a = t.animator
        board = t.layout.rects["main_board"] if t.layout.council_active else None
        for anim in a.anims:
            p = anim.pos()
            if board is None or not board.collidepoint(p):
                r = anim.sprite.get_rect(center=p)
                out[("glide", id(anim.sprite), tuple(r))] = r
        for wid, (seat, pos, _age) in a.ghosts.items():
            out[("ghost", wid, seat, tuple(pos))] = pygame.Rect(0, 0, 48, 48).move(pos[0] - 24, pos[1] - 24)
        for box, r in a.floater_rects():
            out[("gain", id(box), tuple(r))] = r
        hidden = a.moving() | t.seat_input.moving()
        if hidden:
            self.worker_positions()
            pos = self._wpos
            for wid in hidden:
                p = pos.get(wid)
                if p is not None:      # its place shows nothing, or its ring, while it moves
                    out[("hidden", wid, p)] = pygame.Rect(p[0] - 24, p[1] - 24, 48, 48)
        return out

    def _glass_area(self, tid, c, turned: bool) -> pygame.Rect:
        """:func:`_glass_area` of a glass, kept per place (a glass moves only to its new row)."""
        key = (tid, c[0], c[1], turned)
        area = self._areas.get(key)
        if area is None:
            if len(self._areas) > 64:        # a glass travelling to its new row passes many places
                self._areas.clear()
            area = self._areas[key] = _glass_area(self.table.hourglasses[tid], c, turned)
        return area

    def glass_rects(self):
        """The logical rectangles the glasses and their labels cover."""
        t = self.table
        out = []
        for tid, hg in t.hourglasses.items():
            c = t.glass_center(tid)
            if c is not None:
                out.append(_glass_area(hg, c, False))
        return out

    # ------------------------------------------------------------------ frame
    def layer_due(self) -> bool:
        """The board layer will be redrawn at the next :meth:`prepare`."""
        return (((self.static is None or self.layer is None) and not self._unkept) or self._dirty
                or (self._soft_dirty and self._layer_age >= LAYER_EVERY))

    def prepare(self):
        """Build the static layer and redraw the state layer when due (``layer_gen`` bumps).
        At the program's first frame the layers are not made: their pixels are drawn straight
        onto the frame (``draw``) and the layers made right after it is shown (``keep_layers``):
        two 1920x1080 surfaces, about 4,000 fresh pages, fewer before the first frame."""
        t = self.table
        if (self.static is None and self.layer is None and not self._unkept and t.app.frame == 0
                and not t.drag):
            self._unkept = True
            self._dirty = self._soft_dirty = False
            self._layer_age = 0.0
            self.layer_gen += 1
            return
        if self._unkept and not self._dirty and not (self._soft_dirty and self._layer_age >= LAYER_EVERY):
            return
        self._unkept = False
        if self.static is None:
            self.static = R.build_static(t.app, t.layout, t.rules, V.table_info(t.rules, t.n))
            self.invalidate()
        if self._soft_dirty and self._layer_age >= LAYER_EVERY:
            self._dirty = True
        if self._dirty or self.layer is None:
            self._soft_dirty = False
            self._layer_age = 0.0
            if self.layer is None:
                self.layer = display_surface((1920, 1080))
            self.layer.blit(self.static, (0, 0))      # (a blit is ~15x cheaper than Surface.copy)
            draw_state(t, self.layer)
            self._dirty = False
            self.layer_gen += 1

    def keep_layers(self):
        """Make the static and state layers whose pixels the first frame drew straight onto
        the App's frame (the same drawing; ``layer_gen`` stays: the frame shows them already)."""
        if not self._unkept:
            return
        self._unkept = False
        t = self.table
        self.static = R.build_static(t.app, t.layout, t.rules, V.table_info(t.rules, t.n))
        if self.layer is None:
            self.layer = display_surface((1920, 1080))
        self.layer.blit(self.static, (0, 0))
        draw_state(t, self.layer)

    def draw(self, surface):
        t = self.table
        app = t.app
        self.prepare()
        clip = surface.get_clip()
        part = clip.size != surface.get_size()      # a repaint of moved things only (frames.py)
        if self._unkept and not part and self.static is None and app.frame == 0 and not t.drag:
            R.build_static(app, t.layout, t.rules, V.table_info(t.rules, t.n), surface)
            self.direct = True
            try:
                draw_state(t, surface)
            finally:
                self.direct = False
            app.gui.after_first_frame(self.keep_layers)
        else:
            self.keep_layers()
            surface.blit(self.layer, (0, 0))
        if not part or clip.colliderect(t.layout.rects["log"]):
            t.log.draw(surface, t.layout.rects["log"])
        if not t.layout.council_active:
            self._draw_timers(surface, clip if part else None)
        else:
            self._draw_privilege_overlay(surface)
        moving = t.animator.moving() | t.seat_input.moving()
        if t.drag:
            moving.add(t.drag["worker"])
            self._draw_targets(surface)
        self._draw_workers(surface, skip=moving)
        board = t.layout.rects["main_board"] if t.layout.council_active else None
        t.animator.draw(surface, board)
        if t.drag:
            spr = t.sprites.worker(t.drag["seat"], V.is_grande(None, t.drag["worker"]))
            surface.blit(spr, spr.get_rect(center=t.drag["pos"]))
        if t.kb:
            item = t.kb["items"][t.kb["index"]] if t.kb["items"] else None
            rect = t.region(item) if item else None
            if rect is not None:
                pygame.draw.rect(surface, (255, 255, 255), rect.inflate(10, 10), 3, border_radius=8)
        t.seat_input.draw(surface)        # each seat's own device: selection, held worker, cursor
        for hid in t.highlights:
            rect = self.highlight_rect(hid)
            if rect is not None:
                pygame.draw.rect(surface, (255, 230, 120), rect.inflate(8, 8), 4, border_radius=10)
        if not t.layout.council_active or t.drag:
            self._draw_timer_labels(surface, clip if part else None)     # over a lit row's edge
        banner = t.banner()
        if banner:
            self._banner(surface, banner)
        t.animator.draw_floaters(surface)
        if t.picker is not None and "row" in t.picker:
            t.picker["row"].draw(surface)          # a choice you can see (choice_row.py)
        if self.tooltip is not None and not t.drag and t.picker is None:
            self.tooltip.draw(surface, self.hover_pos, self.tip_bounds)
        if t.message:
            msg = R.text_fit(app, t.message[0], 24, (255, 236, 200), 1180)
            # over the whole prompt line, which it stands for while it is shown (a box of the
            # message's own size let the prompt's words stick out under it and beside it)
            prompt = t.layout.rects["prompt"]
            box = msg.get_rect().inflate(30, 14)
            box.width = max(box.width, prompt.width)
            box.midbottom = (prompt.centerx, prompt.bottom + 2)
            info = t.message[2]              # news (slate and gold), or a refusal/problem (red)
            pygame.draw.rect(surface, (28, 38, 56) if info else (60, 20, 20), box, border_radius=10)
            pygame.draw.rect(surface, (217, 164, 65) if info else (230, 120, 90), box, 2, border_radius=10)
            surface.blit(msg, msg.get_rect(center=box.center))

    def highlight_rect(self, hid):
        """Where the frame of a lit region is drawn: during the council, the privilege track is
        the overlay's row of hexagons, and a region the overlay covers is not framed (an empty
        gold frame stood over the overlay where the board's privilege track lies under it)."""
        t = self.table
        rect = t.region(hid)
        if rect is None or not t.layout.council_active or hid.startswith("council"):
            return rect
        if hid == "privilege_track":
            return t.layout.council_privilege()
        return None if t.layout.rects["council_overlay"].contains(rect) else rect

    def _banner(self, surface, lines):
        """The pause banner (and, when a save failed, why and what to do)."""
        app = self.table.app
        surfs = [app.text(lines[0], 40, (255, 240, 200), True)]
        surfs += [R.text_fit(app, line, 22, R.INK, 1100) for line in lines[1:]]
        h = sum(s.get_height() + 6 for s in surfs)
        box = pygame.Rect(0, 0, max(s.get_width() for s in surfs) + 40, h + 20)
        box.center = (616, 380)
        pygame.draw.rect(surface, (20, 20, 30), box, border_radius=12)
        pygame.draw.rect(surface, R.GOLD, box, 2, border_radius=12)
        y = box.top + 10
        for s in surfs:
            surface.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += s.get_height() + 6

    def _draw_privilege_overlay(self, surface):
        """Privilege hexagons in the council overlay; after the vote they slide to their new ranks."""
        t = self.table
        ov = t.layout.rects["council_overlay"]
        order = list(t.view["privilege"])
        prog = t.animator.privilege_progress()
        old, votes, u = prog if prog else (order, {}, 1.0)
        for seat in order:
            i_new = order.index(seat)
            i_old = old.index(seat) if seat in old else i_new
            x = ov.left + 60 + (i_old + (i_new - i_old) * u) * 150
            # below the "privilege order" line; a token that moves up dips under the row
            y = ov.top + 156 + math.sin(u * math.pi) * 12 * (1 if i_new < i_old else 0)
            tok = t.sprites.token(seat, 56)
            surface.blit(tok, tok.get_rect(center=(x, y)))
            if seat in votes:
                text = V.count_t(t.app, "pendulum.council.votes", votes[seat])
                s = t.app.text(text, 16, R.INK)
                surface.blit(s, s.get_rect(midtop=(x, y + 30)))

    def _draw_targets(self, surface):
        t = self.table
        if self._shade is None:
            self._shade = pygame.Surface((1920, 1080), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 130))
        surface.blit(self._shade, (0, 0))
        for rid in t.drag["targets"]:
            rect = t.region(rid)
            if rect is None:
                continue
            surface.blit(self.layer, rect, rect)
            pygame.draw.rect(surface, (120, 255, 140), rect.inflate(6, 6), 3, border_radius=8)
        self._draw_timers(surface)            # (their labels: at the end of draw)

    def _draw_timers(self, surface, clip=None):
        """The glasses (only those meeting ``clip``, when given); their labels come later
        (``_draw_timer_labels``), over the lesson's highlights."""
        t = self.table
        for tid, hg in t.hourglasses.items():
            c = t.glass_center(tid)
            if c is None:
                continue
            t.animator.glass_pos[tid] = c
            if clip is not None and not clip.colliderect(self._glass_area(tid, c, True)):
                continue
            if t.paused and not hg.flipping:
                hg.angle = 90.0                  # paused: the glasses lie on their side, as at the table
                hg.draw(surface, c, GLASS_SCALE)
                hg.angle = 0.0
            else:
                hg.draw(surface, c, GLASS_SCALE)

    def _draw_timer_labels(self, surface, clip=None):
        """The words under each glass (only those meeting ``clip``, when given)."""
        t = self.table
        for tid in t.hourglasses:
            c = t.glass_center(tid)
            if c is None or (clip is not None and not clip.colliderect(self._glass_area(tid, c, True))):
                continue
            s, r = self.label_box(tid, c)
            pygame.draw.rect(surface, (10, 10, 14), r.inflate(8, 2), border_radius=5)
            surface.blit(s, r)

    def label_box(self, tid, c):
        """A glass's label as drawn (its rendered words, and where they go: under the glass centred at
        ``c``, above it on its area's bottom row)."""
        label, col = self.glass_label(tid)
        s = self._labels.get((label, col))
        if s is None:
            if len(self._labels) > 64:
                self._labels.clear()
            s = self._labels[(label, col)] = R.text_fit(self.table.app, label, 19, col, 120, True)
        r = s.get_rect(midtop=(c[0], c[1] + 58))
        area = self.table.layout.rects.get(f"area.{tid}")
        if area is not None and r.bottom > area.bottom - 2:
            # on its area's bottom row the words would cross the area's edge into the text below it:
            # they go above the glass, into the place on the top row it left
            r = s.get_rect(midbottom=(c[0], c[1] - 58))
        return s, r

    def glass_label(self, tid):
        """The words under a glass and their colour: its seconds left, "flip!" once it ran out
        and the engine would take a flip of it now (never in the council), else a plain 0 s."""
        t = self.table
        app = t.app
        if t.paused:
            return app.t("pendulum.timer.paused"), (190, 200, 255)
        if not t.timed:
            return app.t("pendulum.timer.untimed"), (220, 220, 220)
        rem, _dur = V.timer_remaining(t.view, tid)
        if rem > 0:
            return app.t("pendulum.timer.seconds", s=int(math.ceil(rem))), (255, 240, 200)
        if t.may_flip(tid):
            return app.t("pendulum.timer.finished"), (255, 150, 120)
        return app.t("pendulum.timer.seconds", s=0), (200, 200, 200)

    def _draw_workers(self, surface, skip=()):
        t = self.table
        pos = self.worker_positions()
        if not t.drag and not t.layout.council_active:
            for wid, how in self.ready_workers().items():
                if wid in pos and wid not in skip:
                    pygame.draw.circle(surface, (255, 214, 90) if how == "act" else (235, 245, 255), pos[wid], 21, 3)
        board = t.layout.rects["main_board"] if t.layout.council_active else None
        for w in V.workers(t.view):
            wid = w["id"]
            if wid in skip or wid not in pos:
                continue
            if board is not None and board.collidepoint(pos[wid]):
                continue                      # under the council overlay
            spr = t.sprites.worker(w["seat"], w["kind"] == "grande")
            surface.blit(spr, spr.get_rect(center=pos[wid]))


def _glass_area(hg, c, turned: bool) -> pygame.Rect:
    """Where a glass and its label are drawn: upright, its own rectangle; turning (or lying on
    its side while paused), the square any turn of it fits in; the label under or above it."""
    r = hg.rect(c, GLASS_SCALE)
    if turned:
        side = int(math.hypot(r.w, r.h)) + 4
        r = pygame.Rect(0, 0, side, side)
        r.center = (int(c[0]), int(c[1]))
    return r.inflate(8, 8).union(pygame.Rect(int(c[0]) - 70, int(c[1]) - 96, 140, 192))
