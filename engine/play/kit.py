"""The heuristic agent's rules for a fighter's kit: character actions, Exceed, and the
choices a character action asks for (which way to step, whether to strike).

A character action ("As an action..." on the character card) is read once, from its
effects, into a ``Role`` (``action_role``): a strike with a bonus (most Under Night
fighters, Chaos's Azhi), a draw or a card back (Ken's rush, Bang, Enkidu's Three
Precept Strike), cards to gauge (Bison, Nehtali, Yuzuriha's Sheathe), a free step
(Ryu, Merkava, Carmine), a buddy moved or summoned (Carl's Nirvana, Litchi's
Mantenbo), a bonus action bought with gauge, or a Revert. ``kit_action`` then says
which of the offered actions the agent takes instead of its core action; the agent
(``engine.play.heuristic.HeuristicAgent``) asks it at each step of its turn.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine.cards.effect_walk import iter_effects
from engine.cards.schema import CardKind, CharacterAction, CharacterDef, Season, effect_tag
from engine.core.conditions.turn import character_action_used
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
from engine.play import heuristic_cost as payment
from engine.play import heuristic_reach as reach
from engine.vocabulary.base import ConditionKind, Timing
from engine.vocabulary.card_flow import CopySource, MoveCardCopies
from engine.vocabulary.stats import Powerup, Speedup, UseTopDiscardAsPrintedPower
from engine.vocabulary.traits import CannotStun, NonlethalAttack

if TYPE_CHECKING:
    from engine.play.heuristic import HeuristicAgent

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
    WILD = "wild"
    """A wild swing, maybe after a boost from hand (Mika's actions)."""
    REVERT = "revert"
    """UNI's Revert: back to the basic side. The agent does not take it."""
    OTHER = "other"
    """Strikes from gauge, spending all gauge: not taken."""


GAUGE_WANTED = 4
"""A to-gauge character action is taken while the gauge holds less than this."""

_STRIKES = frozenset({"strike", "strike_with_ex"})
_UNSEEN_STRIKES = frozenset({"strike_random_from_gauge", "strike_from_gauge",
                             "spend_all_gauge_and_save_amount"})
_WILD = frozenset({"strike_wild", "boost_then_strike"})
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
    if tags & _WILD:
        return Role.WILD
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
    return cost == 0 or (gauge - cost >= spare and not payment.saving(agent, view, cost))


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
            weaker |= isinstance(inner, CannotStun)
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
    char = agent.catalog.character(me.character)
    weaker, nonlethal = strike_trade(char, me.exceeded)
    if weaker or (nonlethal and view.players[agent.player.other].life <= NONLETHAL_LIFE):
        return None
    if _discard_power(char, me.exceeded) and not _top_discard_strong(agent, view):
        return None
    return kit[Role.STRIKE][0]


def sealed_at_set(agent: HeuristicAgent, view: State) -> tuple[int, ...]:
    """The gauge cards a required ``set_strike`` move of the fighter's ability takes out
    of the gauge as the attack is set, before its cost is paid (exceeded Enkidu, struck
    with his character action: a Three Precept Strike sealed for +2 power and +1 speed;
    effects.md, ``specific_card_seal_from_gauge``): the attack set must be paid for
    without them (nor do they lower Demon Seal's cost)."""
    me = view.players[agent.player]
    char = agent.catalog.character(me.character)
    gone: list[int] = []
    for effect in char.exceed_ability if me.exceeded else char.ability:
        if (effect.timing is not Timing.SET_STRIKE or not isinstance(effect, MoveCardCopies)
                or effect.source is not CopySource.GAUGE or effect.min_amount < 1):
            continue
        cond = effect.condition
        if cond is not None and not (
                cond.kind is ConditionKind.USED_CHARACTER_ACTION
                and character_action_used(view, agent.player, cond.amount)):
            continue
        copies = [ref for ref in me.gauge
                  if view.card_defs[ref] == effect.card and ref not in gone]
        gone += copies[:effect.min_amount]
    return tuple(gone)


def _discard_power(char: CharacterDef, exceeded: bool) -> bool:
    """The ability makes an attack struck with the character action take the printed
    power of the top card of the discard pile (exceeded Orie)."""
    return any(isinstance(inner, UseTopDiscardAsPrintedPower)
               for effect in (char.exceed_ability if exceeded else char.ability)
               if effect.condition is not None and effect.condition.kind in _USED
               for inner in iter_effects((effect,)))


def _top_discard_strong(agent: HeuristicAgent, view: State) -> bool:
    """The top card of this player's discard pile has at least the printed power of
    every attack in hand (exceeded Orie's strike action then loses no power): a Grasp
    on top made her Sacred Arrow hit for 1 instead of 5."""
    me = view.players[agent.player]
    if not me.discard:
        return False
    top = agent._card(view, me.discard[-1]).power
    return all(agent._card(view, ref).power <= top for ref in me.hand)


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
    if char.season is Season.BLAZBLUE:
        saving = _saving_reaching(agent, view, max(0, cost))
    else:
        saving = payment.saving(agent, view, max(0, cost))
    return not saving and not keeps_basic_strike(char)


def _saving_reaching(agent: HeuristicAgent, view: State, spend: int) -> bool:
    """Spending ``spend`` gauge would put an Ultra in hand out of reach that reaches the
    opponent from where both stand (one the agent may strike with next). For BlazBlue's
    Overdrive (4 to 8 gauge, more than any Ultra) an Ultra out of range does not hold it
    up: held for any Ultra in hand, Iron Tager and Jin Kisaragi never Exceeded. Street
    Fighter's 2-gauge Exceed keeps the plain rule: there it cost the Ultras their
    strikes (heuristic Ryu vs Ken, seeds 0-79: Metsu Shoryuken struck 16 times, 6 without)."""
    me = view.players[agent.player]
    left = len(me.gauge) - spend
    bonuses = reach.range_bonuses(agent, view)
    return any(
        agent._card(view, ref).kind is CardKind.ULTRA
        and agent._card(view, ref).gauge_cost > left
        and agent._valid_for(view, ref, me.character)
        and reach.hits_from(agent, view, agent._card(view, ref), me.space, bonuses)
        for ref in me.hand)


def keeps_basic_strike(char: CharacterDef) -> bool:
    """Exceeding would only trade a free character strike the agent takes for one that
    is a gamble: the basic side prints a 0-cost strike action with nothing traded
    (``strike_trade``), and the exceeded ability does nothing but give the exceeded
    strike action the top discard's power (Orie: +2 armor on her specials and ultras
    for free, against 1 gauge and a power that may be a Grasp's 3; over 300 games
    against random Ryu she won 92% exceeding at once, 97% never exceeding)."""
    basic = [a for a in char.actions if action_role(a) is Role.STRIKE and not a.gauge_cost]
    return (bool(basic) and strike_trade(char, False) == (False, False)
            and bool(char.exceed_ability) and _discard_power(char, True)
            and all(e.condition is not None and e.condition.kind in _USED
                    for e in char.exceed_ability))


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
    if "boost_additional" in tags and "strike_wild" in tags:  # Mika: a free boost first
        return ChooseOption(index=tags.index("boost_additional"))
    strikes = [i for i, tag in enumerate(tags) if tag in _STRIKE_OR_PASS]
    if strikes and "pass" in tags and view.strike is None:
        reaches = hand_reach(agent, view, agent._distance(view)) > 0
        return ChooseOption(index=strikes[0] if reaches else tags.index("pass"))
    if not any(tag in _CLOSER for tag in tags):
        return None
    distance = agent._distance(view)
    moved = [_after(request.descriptions[i].amounts, tag, distance, view, agent)
             for i, tag in enumerate(tags)]
    value = _strike_reach(agent, view) if view.strike is not None else None
    rank = value if value is not None else (lambda d: hand_reach(agent, view, d))
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
    if tag in ("advance", "close", "retreat"):  # advancing through the opponent skips
        return abs(them - reach.moved(here, them, ((tag, amount),)))  # their space
    if tag == "push":
        away = 1 if them > here else -1
        return distance + min(amount, (them - ARENA[0]) if away < 0 else (ARENA[1] - them))
    return max(1, distance - amount)  # pull


def hand_reach(agent: HeuristicAgent, view: State, distance: int) -> float:
    """The best attack score in hand at ``distance`` (0 when none reaches)."""
    me = view.players[agent.player]
    bonuses = reach.range_bonuses(agent, view)
    return max((reach.printed_power(agent._card(view, c), distance)
                + 0.6 * agent._card(view, c).speed
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
