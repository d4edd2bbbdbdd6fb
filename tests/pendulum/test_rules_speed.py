"""The engine's speed work changes no game (issue 13 item 5): seeded bot games and the legal-move lists of
seeded random playouts hash to the values the code gave before the work (commit 8c27036). A deliberate
change of the rules or of the standard bot changes them too (as it changes the golden transcript): check
the golden first, then print the new values with ``python -m tests.pendulum.test_rules_speed``."""
from __future__ import annotations

import hashlib
import random

from pendulum.game import make_rules
from pendulum.rules.bots import make_bot

BOT_GAMES = "eeda3cbd0dff24c65ea0b5f574337402cdca5365617a7930450a71eb32e6e489"
LISTINGS = "7c86476de22063d8e9cde457a5496cefdd92405d84b7621cb8393cd6c040062c"


def bot_games_fingerprint() -> str:
    """Time-track games of standard bots (and one random seat every third game), 2 to 5 players: every
    action, the tracks and the outcome."""
    h = hashlib.sha256()
    for players in (2, 3, 4, 5):
        rules = make_rules({"mode": "timetrack", "players": players})
        for seed in range(3):
            st = rules.new_state(seed)
            kinds = ["random" if seed == 0 and i == 0 else "standard" for i in range(players)]
            bots = [make_bot(k, i, seed) for i, k in enumerate(kinds)]
            while not st.is_terminal():
                for s in st.seats_to_act():
                    a = bots[s].choose(st)
                    st.apply(a)
                    h.update(a.to_text().encode())
                    if st.is_terminal():
                        break
            h.update(repr(([p.tracks for p in st.players], st.outcome()["winner"])).encode())
    return h.hexdigest()


def listings_fingerprint() -> str:
    """Seeded random playouts (time-track and real time): every seat's legal actions at every step."""
    h = hashlib.sha256()
    for mode, players in (("timetrack", 5), ("realtime", 3), ("timetrack", 2)):
        rules = make_rules({"mode": mode, "players": players})
        for seed in range(1, 2):
            st = rules.new_state(seed)
            rng = random.Random(seed)
            for _ in range(500):
                if st.is_terminal():
                    break
                lists = [st.legal_actions(s) for s in range(players)]
                for acts in lists:
                    h.update("|".join(a.to_text() for a in acts).encode())
                seats = [s for s in st.seats_to_act() if lists[s]]
                if not seats:
                    st.advance(1.0)
                    continue
                acts = lists[seats[int(rng.random() * len(seats))]]
                st.apply(acts[int(rng.random() * len(acts))])
    return h.hexdigest()


def test_seeded_bot_games_are_the_same_as_before_the_speed_work():
    assert bot_games_fingerprint() == BOT_GAMES


def test_legal_action_lists_are_the_same_as_before_the_speed_work():
    assert listings_fingerprint() == LISTINGS


if __name__ == "__main__":
    print("BOT_GAMES =", repr(bot_games_fingerprint()))
    print("LISTINGS =", repr(listings_fingerprint()))
