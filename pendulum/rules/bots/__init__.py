"""Bots: ``random`` (uniform over legal actions), ``standard`` (heuristic planner aiming at all four
tracks in the parchment), ``easy`` (standard some of the time, else random) and ``hard`` (standard with the
winner rule in its values). Deterministic from the game seed. ``BotDriver`` paces them in engine time.

    bot = make_bot("standard", seat, seed)
    action = bot.choose(state)          # an Action legal for ``seat`` now, or None (nothing to do)
    driver = BotDriver({1: "standard", 2: "random"}, seed, delay=rules.bot_delay)
    for action in driver.tick(state):   # bots whose reaction delay has passed (engine time)
        state.submit(action)            # or: driver.act(state) chooses and applies one bot after another

Modules: ``simple`` (random), ``values`` (the standard bot's valuation), ``standard`` (its policy),
``levels`` (easy, hard), ``driver`` (``make_bot``, ``BotDriver``).
"""
from __future__ import annotations

from .driver import KINDS, BotDriver, make_bot
from .levels import EasyBot, HardBot
from .simple import RandomBot
from .standard import StandardBot
from .values import RES_KEYS, VP_KEYS

__all__ = ["BotDriver", "EasyBot", "HardBot", "KINDS", "RandomBot", "StandardBot", "make_bot", "RES_KEYS", "VP_KEYS"]
