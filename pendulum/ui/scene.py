"""Entry points of the Pendulum play screen.

* ``make_scene(app, seats=None, mode=None, seed=None, teach=False, record=None, **kw)``: the table
  (``seats``: list of "human" / "bot[:kind]", 2-5; ``mode``: realtime | timetrack | beginner;
  ``record``: a saved/autosaved Record to resume). ``teach=True`` (or a record saved by the
  teaching mode) opens ``pendulum.ui.teach.TeachScene``.
* ``make_bench_scene(app)``: an all-bot real-time game (bench/frame_time.py).

The parts of the screen, one module each (imports run one way, top to bottom):

* ``table.py`` — :class:`PendulumTable`, the scene: owns the ``Match``, routes input, offers the
  public hooks below; ``setup.py`` (the rules, seats, seed and Match of a new, saved or lesson
  game), ``listener.py`` (what the Match's updates do: log, animate, sounds, the end chart's
  history, the end, a failed save), ``glasses.py`` (the hourglasses kept to the engine's
  timers), ``topbar.py`` (Pause, Done, Undo, Menu) and ``botturns.py`` (the bots' pace);
* ``drag.py`` (drag-and-drop, clicks, keyboard cursor), ``picker.py`` (choice window; a choice
  of provinces or workers as ``choice_row.py``'s row of drawn tiles),
  ``animator.py`` (events → motion), ``renderer.py`` + ``draw_state.py`` (the frame, from the
  engine's view), ``log.py`` (log lines re-worded on a language switch), ``endscreen.py``;
* ``seat_input.py`` (each seat's own game controller, key block or finger, through
  ``tabletop/ui/devices.py``: a drag controller per device) and ``seat_dialog.py`` (the pause
  menu's "Who plays with what");
* ``view.py`` (reading the engine's view, the words), ``render.py`` (drawing helpers, sprites),
  ``layout.py`` (regions), ``hourglass.py`` (sand).

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
* ``table.on_refusal(callback)`` — ``callback(refusal) -> bool``: True when it showed the refusal
  itself (the teaching panel); otherwise the table logs and flashes it.
* ``table.request(action)`` / ``table.apply(action)`` — through the table's ``Match`` (records,
  autosaves, animates, logs); raises ``IllegalActionError``. ``table.match`` is the Match,
  ``table.view`` the engine's view the screen draws, ``table.state`` / ``table.rules`` the
  engine objects (the screen itself never reads the state).
* ``table.bind(match)`` — play another Match (a rewound lesson).
* ``table.seat_input.may_play(device, seat)`` — may that device (``mouse``, ``pad:<n>``,
  ``keys:<block>``, ``finger:<t>:<f>``) move that seat's pieces and end its turn;
  ``table.declare_done(seat, device="mouse")`` refuses otherwise; ``table.pause_entries()``.
* ``table.focus(seat)``, ``table.toggle_pause()``, ``table.flip_timer(tid)``, ``table.paused``,
  ``table.open_decision(seat)``, ``table.show_buttons(keys)``, ``table.autosave``.
* ``table.renderer.start_recording()`` — from then on ``table.renderer.drawn_texts`` lists every
  text drawn (tests check that nothing secret reaches a frame).
"""
from __future__ import annotations

from .table import PendulumTable


def make_scene(app, seats=None, mode=None, seed=None, teach=False, record=None, **kw):
    if teach:
        # imported here to save start-up time: the teaching course (checked with pydantic) and its
        # panel are loaded only for the teaching mode, not before a game's first frame
        from .teach import make_teach_scene
        return make_teach_scene(app, seats=seats, mode=mode, seed=seed, record=record, **kw)
    if isinstance(seats, str):
        seats = [s.strip() for s in seats.split(",") if s.strip()]
    return PendulumTable(app, seats=seats, mode=mode, seed=seed, record=record, **kw)


def make_bench_scene(app):
    """All-bot real-time game, opening placements already made, so the bench measures
    running hourglasses (sand falling) from its first frame."""
    table = PendulumTable(app, seats=["bot", "bot", "bot", "bot"], mode="realtime", seed=1, autosave=False)
    st = table.state
    for _ in range(40):
        if st.phase != "opening":
            break
        seat = st.seats_to_act()[0]
        action = table.bots.driver.bots[seat].choose(st)
        table.apply(action)
    table.animator.clear()
    return table
