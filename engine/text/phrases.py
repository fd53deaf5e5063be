"""Effect phrases and options: what an effect chain reads as in a choice's label
(``describe_effect``, ``describe_chain``) and as a choice's data (``option_of_effect``,
``option_of_chain``). Recorded logs carry these labels, so their words must not change.
Nothing here changes a game.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from engine.cards import schema as c
from engine.core.decisions import ChoiceOption

_AMOUNT_EFFECTS = (
    c.Advance,
    c.Retreat,
    c.Close,
    c.Push,
    c.Pull,
    c.Powerup,
    c.Speedup,
    c.Armorup,
    c.Guardup,
    c.Draw,
    c.OpponentDiscardRandom,
    c.SpendLife,
    c.OpponentDiscardChoose,
    c.PowerupBothPlayers,
    c.MultiplyPositivePowerBonuses,
    c.PowerupOpponent,
    c.DiscardRandom,
    c.GainLife,
    c.PushToRange,
    c.AttackIncludesRange,
)


def describe_effect(effect: c.Effect) -> str:
    """A short phrase for one effect and its chain, e.g. ``"advance 2, then draw 1"``."""
    tag = c.effect_tag(type(effect)).replace("_", " ")
    if isinstance(effect, _AMOUNT_EFFECTS):
        text = f"{tag} {amount_words(effect.amount)}"
    elif isinstance(effect, c.MoveTopCards):
        text = _top_cards(effect)
    elif isinstance(effect, c.SetMode):
        text = _mode(effect)
    elif isinstance(effect, c.CardsFromHand):
        text = _from_hand(effect)
    elif isinstance(effect, c.Choice):
        text = "choose: " + " / ".join(describe_chain(o) for o in effect.options)
    elif isinstance(effect, c.ForceForEffect) and effect.combined:
        # named by what the force buys (Rachel's choice among four such spends); no
        # recorded choice offers a combined spend, so no recorded label changes
        text = f"{describe_chain(effect.per_force_effect)} per force, up to {effect.force_max}"
    elif isinstance(effect, c.PlaceBuddyAtRange):
        text = f"{tag} {effect.buddy} {effect.range_min}-{effect.range_max}"
        if effect.other_buddy is not None:
            text += f" and {effect.other_buddy}"
    else:
        text = tag
    text = conditioned(effect, text)
    if effect.then:
        text += ", then " + describe_chain(effect.then)
    return text


def conditioned(effect: c.Effect, text: str) -> str:
    """``text``, an effect's phrase, behind its condition: ``[if is_critical] speedup 2``."""
    if effect.condition is None:
        return text
    amount = effect.condition.amount
    arg = "" if amount is None else f" {amount}"
    return f"[if {effect.condition.kind.value}{arg}] {text}"


def _top_cards(effect: c.MoveTopCards) -> str:
    """The phrase of the effect a ``move_top_cards`` replaced: recorded logs carry these
    words in their choice labels, so they must not change."""
    route = (effect.source, effect.destination)
    if effect.opponent:
        return f"opponent's top {effect.source} {effect.amount} to {effect.destination}"
    if route == (c.Pile.DISCARD, c.PileDestination.GAUGE):
        return "add top discard to gauge"
    if route == (c.Pile.DECK, c.PileDestination.GAUGE):
        return f"add top deck to gauge {effect.amount}"
    if route == (c.Pile.DECK, c.PileDestination.DISCARD):
        return "discard topdeck"
    return f"move top cards {effect.amount} from {effect.source} to {effect.destination}"


def _mode(effect: c.SetMode) -> str:
    """A mode switch, in the words of the effects ``set_mode`` replaced that choices
    recorded logs carry (C. Viper's and Dan's) offer; ``"set mode ..."`` otherwise."""
    if effect.on and effect.mode is c.Mode.USED_CHARACTER_BONUS:
        return "set used character bonus"
    if effect.on and effect.mode is c.Mode.SKIP_END_OF_TURN_DRAW:
        return "skip end of turn draw"
    state = "on" if effect.on else "off"
    return f"set mode {effect.mode.value.replace('_', ' ')} {state}"


def _from_hand(effect: c.CardsFromHand) -> str:
    """The words of the effects ``cards_from_hand`` replaced (``gauge_from_hand``...),
    which recorded choice labels carry (M. Bison's and Dan's choices)."""
    return _FROM_HAND_PHRASES[effect.destination]


_FROM_HAND_PHRASES = {
    c.HandDestination.GAUGE: "gauge from hand",
    c.HandDestination.TOP_OF_DECK: "topdeck from hand",
    c.HandDestination.DISCARD: "self discard choose",
    c.HandDestination.SEALED: "self discard choose to sealed",
}


def amount_words(amount: int | c.SymbolicAmount | c.Count) -> str:
    """A printed or symbolic amount as written, a count as ``"1 per gauge, at most 5"``."""
    if not isinstance(amount, c.Count):
        return str(amount)
    text = f"{amount.times} per {amount.count.value.replace('_', ' ')}"
    if amount.plus:
        text += f" {amount.plus:+d}"
    if amount.at_most is not None:
        text += f", at most {amount.at_most}"
    return text


def describe_chain(effects: Sequence[c.Effect]) -> str:
    if isinstance(effects, tuple):  # a printed chain: described once per process
        known = _DESCRIBED.get(id(effects))
        if known is not None and known[0] is effects:
            return known[1]
        text = ", ".join(describe_effect(e) for e in effects) or "nothing"
        if len(_DESCRIBED) >= 16_384:  # bounded: catalogs decoded from logs come and go
            _DESCRIBED.clear()
        _DESCRIBED[id(effects)] = (effects, text)
        return text
    return ", ".join(describe_effect(e) for e in effects) or "nothing"


_DESCRIBED: dict[int, tuple[tuple[c.Effect, ...], str]] = {}
"""id of a printed effects tuple -> (that tuple, ``describe_chain`` of it)."""
_OPTIONS: dict[int, tuple[tuple[c.Effect, ...], ChoiceOption]] = {}
"""id of a printed effects tuple -> (that tuple, ``option_of_chain`` of it)."""


_NOT_AMOUNTS = frozenset({"timing", "condition", "then", "otherwise", "options"})


def option_of_effect(effect: c.Effect, then: Sequence[ChoiceOption] = ()) -> ChoiceOption:
    """The data of one effect as a choice option: its tag, its integer parameters in
    declaration order, its closed-set word parameters and its condition kind."""
    amounts: list[int | None] = []
    words: list[str] = []
    for name in effect.__struct_fields__:
        if name in _NOT_AMOUNTS:
            continue
        value = getattr(effect, name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            amounts.append(value)
        elif isinstance(value, enum.Enum):
            words.append(str(value.value))
    condition = "" if effect.condition is None else effect.condition.kind.value
    return ChoiceOption(
        tag=c.effect_tag(type(effect)), amounts=tuple(amounts), word=" ".join(words),
        condition=condition, then=tuple(then),
    )


def option_of_chain(effects: Sequence[c.Effect]) -> ChoiceOption:
    """A chain of effects (a ``choice`` option) as data: its first effect, with every
    later effect (its own ``then`` chains included) flattened, in order, into ``then``.
    A printed chain (a tuple) is worked out once per process (options are immutable)."""
    if isinstance(effects, tuple):
        known = _OPTIONS.get(id(effects))
        if known is not None and known[0] is effects:
            return known[1]
        option = _option_of_chain(effects)
        if len(_OPTIONS) >= 16_384:
            _OPTIONS.clear()
        _OPTIONS[id(effects)] = (effects, option)
        return option
    return _option_of_chain(effects)


def _option_of_chain(effects: Sequence[c.Effect]) -> ChoiceOption:
    flat = [option_of_effect(e) for e in _flatten(effects)]
    if not flat:
        return ChoiceOption(tag=c.effect_tag(c.Pass))
    return ChoiceOption(
        tag=flat[0].tag, amounts=flat[0].amounts, word=flat[0].word,
        condition=flat[0].condition, then=tuple(flat[1:]),
    )


def _flatten(effects: Sequence[c.Effect]) -> list[c.Effect]:
    out: list[c.Effect] = []
    for effect in effects:
        out.append(effect)
        out.extend(_flatten(effect.then))
    return out
