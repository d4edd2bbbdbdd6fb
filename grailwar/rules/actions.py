"""Actions of the Holy Grail War (every decision a human or an NPC makes).

All actions carry the deciding ``faction`` id. Text notation examples::

    declare faction=F1 act=approach target=F3 mode=raid familiars=0 crows=0 ally=
    answer faction=F3 prompt=contact_reply choice=attack
    commit faction=F1 item=code:reinforcement_charm
    use faction=F2 item=magic_jewel
    talk faction=F1 option=open target=F4 arg=
"""
from __future__ import annotations

from typing import ClassVar

from tabletop.engine import Action

from tabletop.engine.quickinit import frozen_record


@frozen_record
class GrailAction(Action):
    game: ClassVar[str] = "grailwar"


@frozen_record
class Declare(GrailAction):
    """A phase-D declaration (or the rescue bonus action, §7.3).

    act: info | craft | rest | soul_eat | approach | move | other
    target: faction id (info, approach), location id (approach, move, survey), code id (craft)
    mode: contact|raid (approach), seize|peaceful (move), build_workshop|survey|stand_by (other)
    familiars / crows: codes spent on information gathering
    ally: the ally asked to accompany an approach (§7.11), or ""
    """
    kind: ClassVar[str] = "declare"
    faction: str
    act: str
    target: str = ""
    mode: str = ""
    familiars: int = 0
    crows: int = 0
    ally: str = ""


@frozen_record
class Answer(GrailAction):
    """An answer to a prompt (see the prompt kinds in ``grailwar.rules``)."""
    kind: ClassVar[str] = "answer"
    faction: str
    prompt: str
    choice: str


@frozen_record
class Commit(GrailAction):
    """One battle commitment (B7): ``skill:<id>``, ``np``, ``code:<id>``, ``spell_winrate``,
    ``spell_params`` or ``done``."""
    kind: ClassVar[str] = "commit"
    faction: str
    item: str


@frozen_record
class Use(GrailAction):
    """A free use at a prompt: ``magic_jewel``, ``elixir`` (mana codes), ``spell_mana`` (+100) or
    ``spell_params`` (+10 to all parameters this turn)."""
    kind: ClassVar[str] = "use"
    faction: str
    item: str


@frozen_record
class Talk(GrailAction):
    """Comm-turn moves (§12). option: open (target) | done | propose (arg: nobody_moves,
    i_move, you_move) | share (arg: fact) | exchange (arg: fact) | threaten (arg: code,
    vacate, location) | dissolve | give_spells (arg: n) | give_code (arg: code id) | end."""
    kind: ClassVar[str] = "talk"
    faction: str
    option: str
    target: str = ""
    arg: str = ""
