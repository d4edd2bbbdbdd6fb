"""Entry points of the Pendulum play screen.

* ``make_scene(app, seats=None, mode=None, seed=None, teach=False, record=None, **kw)``: the table
  (``seats``: list of "human" / "bot[:kind]", 2-5; ``mode``: realtime | timetrack | beginner;
  ``record``: a saved/autosaved Record to resume). ``teach=True`` uses
  ``pendulum.ui.teach.make_teach_scene(app, **kw)`` when that module exists.
* ``make_bench_scene(app)``: an all-bot real-time game (bench/frame_time.py).

Hooks of :class:`pendulum.ui.table.PendulumTable` for the teaching mode (and tests):

* ``table.region(id) -> pygame.Rect | None`` — every drawn region by id: ``main_board``,
  ``council_board``, ``area.<green|purple|black>``, ``row.<area>.<top|bottom>``,
  ``timer.<black|green|purple>`` (the glass where it stands now), ``timer_place.<area>.<row>.<k>``,
  ``frame.<frame id>``, ``space.<space id>`` (reward box), ``cost.<space id>``, ``province.<i>``,
  ``province_deck``, ``province_display``, ``achievement``, ``legendary_token``, ``privilege_track``,
  ``privilege.<rank>``, ``time_track``, ``time_space.<n>``, ``council.default``, ``council.grande``,
  ``council.offer.<i>``, ``council.deck``, ``log``, ``seat_board``, ``seat.<n>``, ``seat.<n>.mat``,
  ``seat.<n>.track.<power|prestige|popularity|legendary>`` and ``seat.<n>.slot.<colour>`` /
  ``seat.<n>.hand`` / ``seat.<n>.resources`` (focused seat), ``worker.<worker id>``.
* ``table.highlight(ids)`` — outline those regions (empty list clears).
* ``table.set_human_seats(seats)`` — which seats take input (the others are bots).
* ``table.on_action(callback)`` — ``callback(action, events)`` after every accepted action.
* ``table.apply(action)`` — apply through the engine (records, autosaves, animates, logs);
  raises ``IllegalActionError``. ``table.state`` / ``table.rules`` are the engine objects.
* ``table.focus(seat)``, ``table.toggle_pause()``, ``table.flip_timer(tid)``, ``table.paused``,
  ``table.autosave`` (False for lessons), ``table.listeners``.
"""
from __future__ import annotations

import importlib


def make_scene(app, seats=None, mode=None, seed=None, teach=False, record=None, **kw):
    if teach:
        try:
            teach_mod = importlib.import_module("pendulum.ui.teach")
        except ModuleNotFoundError as exc:
            if exc.name not in ("pendulum.ui.teach",):
                raise
            teach_mod = None
        if teach_mod is not None and hasattr(teach_mod, "make_teach_scene"):
            return teach_mod.make_teach_scene(app, seats=seats, mode=mode, seed=seed, record=record, **kw)
    from .table import PendulumTable
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",") if s.strip()]
    return PendulumTable(app, seats=seats, mode=mode, seed=seed, record=record, **kw)


def make_bench_scene(app):
    """All-bot real-time game, opening placements already made, so the bench measures
    running hourglasses (sand falling) from its first frame."""
    from .table import PendulumTable
    table = PendulumTable(app, seats=["bot", "bot", "bot", "bot"], mode="realtime", seed=1, autosave=False)
    st = table.state
    for _ in range(40):
        if st.phase != "opening":
            break
        seat = st.seats_to_act()[0]
        action = table.bots.driver.bots[seat].choose(st)
        table.apply(action)
    table.anims = []
    return table
