"""The heuristic agent's rules for a fighter's kit: character actions, Exceed, and the
choices a character action asks for (which way to step, whether to strike).

A character action ("As an action..." on the character card) is read once, from its
effects, into a ``Role`` (``action_role``): a strike with a bonus (most Under Night
fighters, Chaos's Azhi), a draw or a card back (Ken's rush, Bang, Enkidu's Three
Precept Strike), cards to gauge (Bison, Nehtali, Yuzuriha's Sheathe), a free step
(Ryu, Merkava, Carmine), a buddy moved or summoned (Carl's Nirvana, Litchi's
Mantenbo), a bonus action bought with gauge, or a Revert. ``kit_action`` then says
which of the offered actions the agent takes instead of its core action; the agent
(``engine.play.agents.HeuristicAgent``) asks it at each step of its turn.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.cards.catalog import iter_effects
from engine.cards.schema import CardKind, CharacterAction, CharacterDef, effect_tag
from engine.core.decisions import (
    CharacterAction as UseCharacterAction,
)
from engine.core.decisions import (
    ChoiceRequest,
    ChooseOption,
    CrossBoost,
    CrossExceed,
    Decision,
    Exceed,
    SwitchFighters,
)
from engine.core.state import State, named_area
from engine.mechanics.buddies.state import of as buddies_of
from engine.play import heuristic_reach as reach
from engine.vocabulary.base import ConditionKind
from engine.vocabulary.stats import Powerup, Speedup
from engine.vocabulary.traits import NonlethalAttack

if TYPE_CHECKING:
    from engine.play.agents import HeuristicAgent

ARENA = (1, 9)
"""The arena's spaces (core rulebook, The Arena)."""


class Role(enum.Enum):
    """What a character action does, for the heuristic agent."""

    STRIKE = "strike"
    """A strike with a bonus (Orie's, Chaos's Azhi, Byakuya's EX strike)."""
    DRAW = "draw"
    """Draws or looks at cards, maybe with a step (Ken's rush, Linne, Bang)."""
    RETURN = "return"
    """A named card back from the discard pile (Enkidu's Three Precept Strike)."""
    TO_GAUGE = "to_gauge"
    """Cards into the gauge: from hand (Bison, Yuzuriha) or the discard (Nehtali)."""
    STEP = "step"
    """A free step (Ryu's step, Merkava's reveal, Carmine, Wagner)."""
    BUDDY = "buddy"
    """A buddy moved (Carl's Nirvana, Litchi's Mantenbo)."""
    SUMMON = "summon"
    """A buddy summoned, then a bonus action (Litchi's Mantenbo)."""
    BONUS = "bonus"
    """A bonus action bought with gauge (Gordeau's and Hilda's exceed sides)."""
    REVERT = "revert"
    """UNI's Revert: back to the basic side. The agent does not take it."""
    OTHER = "other"
    """Wild swings, strikes from gauge, spending all gauge: not taken."""


GAUGE_WANTED = 4
"""A to-gauge character action is taken while the gauge holds less than this."""

_STRIKES = frozenset({"strike", "strike_with_ex"})
_UNSEEN_STRIKES = frozenset({"strike_wild", "strike_random_from_gauge", "strike_from_gauge",
                             "spend_all_gauge_and_save_amount", "boost_then_strike"})
_DRAWS = frozenset({"draw", "choose_cards_from_top_deck"})
_STEPS = frozenset({"advance", "retreat", "close", "reveal_topdeck", "move_any_boost",
                    "set_strike_x"})
_CLOSER = {"advance": -1, "close": -1, "pull": -1, "retreat": 1, "push": 1}
"""How a movement option changes the distance, per space moved."""
_STRIKE_OR_PASS = frozenset({"strike", "strike_with_ex", "strike_wild", "boost_then_strike"})

_ROLES: dict[int, tuple[CharacterAction, Role]] = {}


def action_role(action: CharacterAction) -> Role:
    """The ``Role`` of ``action``, read from the tags of its effects (cached)."""
    known = _ROLES.get(id(action))
    if known is not None and known[0] is action:
        return known[1]
    tags = {effect_tag(type(e)) for e in iter_effects(action.effects)}
    _ROLES[id(action)] = (action, found := _role(tags))
    return found


def _role(tags: set[str]) -> Role:
    if "revert" in tags:
        return Role.REVERT
    if tags & _UNSEEN_STRIKES:
        return Role.OTHER
    if tags & _STRIKES:
        return Role.STRIKE
    if "place_buddy_onto_self" in tags:
        return Role.SUMMON
    if "move_buddy" in tags:
        return Role.BUDDY
    if "move_card_copies" in tags:
        return Role.RETURN
    if "move_top_cards" in tags or "cards_from_hand" in tags:
        return Role.TO_GAUGE
    if tags & _DRAWS:
        return Role.DRAW
    if tags & _STEPS:
        return Role.STEP
    if "bonus_action" in tags:
        return Role.BONUS
    return Role.OTHER


def offered(agent: HeuristicAgent, view: State,
            options: Sequence[Decision]) -> dict[Role, tuple[UseCharacterAction, CharacterAction]]:
    """The character actions among ``options``, by role (the first of each role)."""
    me = view.players[agent.player]
    char = agent.catalog.character(me.character)
    printed = char.exceed_actions if me.exceeded else char.actions
    found: dict[Role, tuple[UseCharacterAction, CharacterAction]] = {}
    for option in options:
        if isinstance(option, UseCharacterAction) and option.index < len(printed):
            action = printed[option.index]
            found.setdefault(action_role(action), (option, action))
    return found


def affordable(agent: HeuristicAgent, view: State, action: CharacterAction,
               spare: int = 0) -> bool:
    """``action``'s gauge cost leaves ``spare`` gauge and no Ultra in hand out of reach."""
    gauge = len(view.players[agent.player].gauge)
    cost = action.gauge_cost
    return cost == 0 or (gauge - cost >= spare and not agent._saving(view, cost))


NONLETHAL_LIFE = 8
"""A strike action whose attack is nonlethal (Seth's) is not taken against this much
life or less: a plain strike may finish the game."""


_USED = (ConditionKind.USED_CHARACTER_ACTION, ConditionKind.USED_CHARACTER_BONUS)
"""The conditions an ability reads for "struck with the character action"."""


def strike_trade(char: CharacterDef, exceeded: bool) -> tuple[bool, bool]:
    """What the fighter's ability does to an attack struck with its character action
    (``if used_character_action`` or ``used_character_bonus``): (it lowers power or speed, it makes it nonlethal).
    Nanase: -1 power and speed for advantage; Hilda: -1 power for +1 range; Seth:
    nonlethal and unstunnable."""
    weaker = nonlethal = False
    for effect in char.exceed_ability if exceeded else char.ability:
        if effect.condition is None or effect.condition.kind not in _USED:
            continue
        for inner in iter_effects((effect,)):
            amount = getattr(inner, "amount", 0)
            weaker |= isinstance(inner, Powerup | Speedup) and isinstance(amount, int) and (
                amount < 0)
            nonlethal |= isinstance(inner, NonlethalAttack)
    return weaker, nonlethal


def strike_action(agent: HeuristicAgent, view: State,
                  options: Sequence[Decision]) -> Decision | None:
    """The character action to strike with, instead of the plain Strike: a strike the
    fighter's card prints (UNI character cards, Chaos's Azhi, Carl's exceeded Nirvana)
    whose gauge cost leaves an Ultra in hand in reach, unless the ability trades power
    or speed for it, or makes it nonlethal against a low opponent (``strike_trade``)."""
    kit = offered(agent, view, options)
    if Role.STRIKE not in kit or not affordable(agent, view, kit[Role.STRIKE][1]):
        return None
    me = view.players[agent.player]
    weaker, nonlethal = strike_trade(agent.catalog.character(me.character), me.exceeded)
    if weaker or (nonlethal and view.players[agent.player.other].life <= NONLETHAL_LIFE):
        return None
    return kit[Role.STRIKE][0]


def exceed_wanted(agent: HeuristicAgent, view: State, options: Sequence[Decision]) -> bool:
    """Exceed (core rulebook, Exceed; BlazBlue's Overdrive; UNI's 1-gauge Exceed) as
    soon as it is offered (the gauge pays for it), unless paying would put an Ultra in
    hand out of reach. The agent strikes first when a strong attack reaches."""
    if Exceed() not in options:
        return False
    me = view.players[agent.player]
    char = agent.catalog.character(me.character)
    cost = char.exceed_cost - (0 if char.exceed_cost_area is None
                               else len(named_area(view, agent.player, char.exceed_cost_area)))
    return not agent._saving(view, max(0, cost))


def _in_discard(agent: HeuristicAgent, view: State, action: CharacterAction) -> bool:
    """A copy of the card ``action`` brings back is in this player's discard pile."""
    wanted = {getattr(e, "card", None) for e in iter_effects(action.effects)
              if effect_tag(type(e)) == "move_card_copies"}
    me = view.players[agent.player]
    return any(view.card_defs[ref] in wanted for ref in me.discard)


def _buddy_spaces(agent: HeuristicAgent, view: State) -> dict[str, int]:
    found = buddies_of(view)
    return {} if found is None else dict(found.spaces[agent.player])


def nirvana_placed(agent: HeuristicAgent, view: State) -> bool:
    """Carl Clover's Nirvana (``nirvana_active``) stands on or beyond the opponent, seen
    from Carl: his specials by Nirvana get +1 power and speed (his character card)."""
    space = _buddy_spaces(agent, view).get("nirvana_active")
    if space is None:
        return True
    here = view.players[agent.player].space
    them = view.players[agent.player.other].space
    return (space - them) * (them - here) >= 0


def card_action(agent: HeuristicAgent, view: State, options: Sequence[Decision],
                best: float) -> Decision | None:
    """A character action to take now in place of a core action (before the agent's
    Move, Prepare, Boost or Strike), or None. ``best``: the score of the best attack
    in hand (7 or more: the agent strikes).

    - summon a buddy that is out of play (a bonus action follows: Litchi's Mantenbo);
    - move Nirvana toward the far side of the opponent (Carl Clover);
    - take a free step when nothing in hand reaches now and something would a space
      closer or farther (Ryu, Merkava, Carmine; the choice picks the way);
    - draw, or bring a card back, instead of Prepare while the hand is under 6
      (Ken's rush, Bang, Linne; Enkidu's Three Precept Strike when one is discarded);
    - put cards into the gauge instead of Prepare, with 4 or 5 cards in hand and less
      than ``GAUGE_WANTED`` gauge (Nehtali, Bison, Yuzuriha's Sheathe);
    - buy a bonus action with gauge to spare (2 left after it)."""
    kit = offered(agent, view, options)
    me = view.players[agent.player]
    if Role.SUMMON in kit and "mantenbo" not in _buddy_spaces(agent, view):
        return kit[Role.SUMMON][0]
    if Role.BUDDY in kit and "nirvana_active" in _buddy_spaces(agent, view) and (
            not nirvana_placed(agent, view)):
        return kit[Role.BUDDY][0]
    if Role.STEP in kit and best < 0 and affordable(agent, view, kit[Role.STEP][1]):
        distance = agent._distance(view)
        if any(reach.reaches(agent._card(view, c), d)
               for c in me.hand for d in (distance - 1, distance + 1) if d >= 1):
            return kit[Role.STEP][0]
    if Role.RETURN in kit and _in_discard(agent, view, kit[Role.RETURN][1]) and len(me.hand) < 7:
        return kit[Role.RETURN][0]
    if Role.DRAW in kit and len(me.hand) < 6 and affordable(agent, view, kit[Role.DRAW][1]):
        return kit[Role.DRAW][0]
    if (Role.TO_GAUGE in kit and 4 <= len(me.hand) < 6 and len(me.gauge) < GAUGE_WANTED
            and affordable(agent, view, kit[Role.TO_GAUGE][1])):
        return kit[Role.TO_GAUGE][0]
    if Role.BONUS in kit and affordable(agent, view, kit[Role.BONUS][1], spare=2):
        return kit[Role.BONUS][0]
    return None


def tag_action(agent: HeuristicAgent, view: State, options: Sequence[Decision],
               best: float) -> Decision | None:
    """Tag Team: tag out a badly hurt fighter or one whose cards in hand are weak
    next to the partner's; cross exceed with gauge to spare; cross boost from afar."""
    me = view.players[agent.player]
    assert me.partner is not None
    if SwitchFighters() in options:
        hurt = me.life <= 6 and me.partner_life >= me.life + 5
        theirs = max(
            (agent._score(view, (c,), True, cross=True) for c in me.hand), default=-10.0
        )
        if hurt or (best < 2 and theirs >= 7):
            return SwitchFighters()
    partner = agent.catalog.character(me.partner)
    if CrossExceed() in options and len(me.gauge) >= partner.exceed_cost + 2:
        return CrossExceed()
    cross_boosts = [o for o in options if isinstance(o, CrossBoost)]
    if cross_boosts and agent._distance(view) > 3 and len(me.gauge) >= 3:
        return cross_boosts[0]
    return None


def moves_buddy(agent: HeuristicAgent, view: State, decision: Decision) -> bool:
    """``decision`` is a character action that moves a buddy (``Role.BUDDY``)."""
    kit = offered(agent, view, (decision,))
    return Role.BUDDY in kit


def buddy_space(view: State, agent: HeuristicAgent, spaces: Sequence[int]) -> int:
    """Where a buddy this player moves goes: onto the opponent, else the nearest space
    beyond them (Carl's Nirvana: specials get +1 power and speed with the opponent
    between Carl and Nirvana; Litchi's Mantenbo: a hit with Mantenbo on the opponent
    gains +1 power and advantage), else the nearest space to them."""
    here = view.players[agent.player].space
    them = view.players[agent.player.other].space
    return min(spaces, key=lambda s: (abs(s - them), (s - them) * (them - here) < 0, s))


def choose(agent: HeuristicAgent, view: State, request: ChoiceRequest) -> Decision | None:
    """A choice the kit rules make, or None (the agent's other rules decide):

    - strike or pass (Ken's exceeded rush, a wild swing offered): strike when an
      attack in hand reaches;
    - summon or remove a buddy: summon;
    - which way to move (advance, retreat, close, push, pull): the way whose distance
      lets the most attack reach (this player's attack in a strike, else the hand);
      an option that does not move counts as staying; a tie keeps None."""
    tags = [option.tag for option in request.descriptions]
    if "place_buddy_onto_self" in tags:
        return ChooseOption(index=tags.index("place_buddy_onto_self"))
    strikes = [i for i, tag in enumerate(tags) if tag in _STRIKE_OR_PASS]
    if strikes and "pass" in tags and view.strike is None:
        reaches = _hand_reach(agent, view, agent._distance(view)) > 0
        return ChooseOption(index=strikes[0] if reaches else tags.index("pass"))
    if not any(tag in _CLOSER for tag in tags):
        return None
    distance = agent._distance(view)
    moved = [_after(request.descriptions[i].amounts, tag, distance, view, agent)
             for i, tag in enumerate(tags)]
    value = _strike_reach(agent, view) if view.strike is not None else None
    rank = value if value is not None else (lambda d: _hand_reach(agent, view, d))
    scores = [rank(distance if d is None else d) for d in moved]
    if max(scores) == min(scores):
        return None
    return ChooseOption(index=max(range(len(scores)), key=lambda i: (scores[i], -i)))


def _after(amounts: Sequence[object], tag: str, distance: int, view: State,
           agent: HeuristicAgent) -> int | None:
    """The distance after a movement option (None: not a movement); an amount the
    option does not state (Merkava's revealed power) is taken as 1."""
    if tag not in _CLOSER:
        return None
    amount = amounts[0] if amounts and isinstance(amounts[0], int) else 1
    here = view.players[agent.player].space
    them = view.players[agent.player.other].space
    if tag in ("retreat", "push"):
        mover, away = (here, -1 if here < them else 1) if tag == "retreat" else (
            them, 1 if them > here else -1)
        room = (mover - ARENA[0]) if away < 0 else (ARENA[1] - mover)
        return distance + min(amount, room)
    return max(1, distance - amount)


def _hand_reach(agent: HeuristicAgent, view: State, distance: int) -> float:
    """The best attack score in hand at ``distance`` (0 when none reaches)."""
    me = view.players[agent.player]
    bonuses = reach.range_bonuses(agent, view)
    return max((agent._card(view, c).power + 0.6 * agent._card(view, c).speed
                for c in me.hand if agent._card(view, c).kind is not CardKind.ULTRA
                and reach.reaches(agent._card(view, c), distance, bonuses)), default=0.0)


def _strike_reach(agent: HeuristicAgent, view: State) -> Callable[[int], float] | None:
    """During a strike: 1 at a distance this player's attack reaches by its printed
    range, else 0; None when the attack is not known."""
    printed = reach.strike_card(agent, view)
    if printed is None:
        return None
    bonuses = reach.range_bonuses(agent, view, force=False)
    return lambda d: 1.0 if reach.reaches(printed, d, bonuses) else 0.0
