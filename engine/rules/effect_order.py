"""The order of a player's effects that share a trigger (core rulebook: "If you have
multiple effects with the same trigger, you choose the order"; the Under Night rulebook
repeats it).

At each strike timing (set strike, reveal, before, hit, when hit, on stunned, after,
cleanup) the effects of one player's attack, continuous boosts and character card are
gathered in their printed order, one group per card (the effects a boost or the
character card prints at one timing are one text, in its printed order; the attack's
own before, hit and after triggers are one group each when two or more of them can act,
core rulebook, FAQ: "My attack has two 'Hit' triggers ... You choose the order"); when
the order can matter
(``order_matters``) the player answers an ``EffectOrderRequest`` listing them (card and
rulebook words) with an ``OrderEffects`` permutation, and they resolve in that order. A game replayed from a log
older than format 4 never asks: ``engine.play.api.Game`` answers with the printed order, the
order the engine used before it asked.

Not asked (printed order): the ``during_strike`` bonuses, which resolve so that their
order does not matter (one whose condition fails is retried after the others), and the
triggers outside a strike (a boost's end of turn or start of next turn, the character
card's on-boost hooks).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import schema as c
from engine.cards.schema import Effect, Timing
from engine.core.conditions import holds
from engine.core.context import EffectCtx, Flow, Table
from engine.core.decisions import MAX_PENDING, EffectOrderRequest, OrderEffects, PendingEffect
from engine.core.ids import Player
from engine.text.notation import describe_effect

_FREE = frozenset({"powerup", "speedup", "armorup", "guardup", "rangeup", "gain_advantage",
                   "pass", "sustain_this", "add_boost_to_gauge_on_strike_cleanup",
                   "ignore_armor", "ignore_guard", "stun_immunity"})
"""Effects that only add a fixed amount to a stat, set a mark or (``add_boost_to_gauge_on_
strike_cleanup``) send their own boost to the gauge, which no other effect reads back at
the same trigger: among themselves they give the same result in any order."""
_READERS = frozenset({"lose_all_armor", "set_total_power", "multiply_power_bonuses",
                      "multiply_positive_power_bonuses", "powerup_per_armor_used",
                      "swap_power_speed", "use_saved_power_as_printed_power",
                      "use_top_discard_as_printed_power"})
"""Effects that read back or overwrite what the free effects change (a stat's total)."""


_SETTLED = frozenset({
    "is_critical", "is_not_critical", "initiated_strike", "not_initiated_strike",
    "hit_opponent", "not_hit_opponent", "was_hit", "is_normal_attack",
    "is_special_or_ultra_attack", "is_ex_strike", "was_wild_swing", "was_not_wild_swing",
    "was_strike_from_gauge", "was_set_from_boosts", "used_character_action",
    "not_used_character_action", "used_character_bonus", "not_used_character_bonus",
    "opponent_stunned", "stunned", "not_stunned", "exceeded"})
"""Conditions about what the strike has already settled (who initiated, whether the
attack hit, its kind, who is stunned...): no effect at the same trigger changes them."""


def _settled(effect: Effect) -> bool:
    return effect.condition is None or effect.condition.kind.value in _SETTLED


def _chain(effect: Effect) -> list[Effect]:
    found = [effect]
    for nested in (*effect.then, *effect.otherwise):
        found.extend(_chain(nested))
    return found


def _free(effect: Effect) -> bool:
    """Every effect of its chain a ``_FREE`` one with a fixed amount, under no condition
    but a settled one (``_SETTLED``)."""
    return all(
        _settled(part) and c.effect_tag(type(part)) in _FREE
        and isinstance(getattr(part, "amount", 0), int) for part in _chain(effect))


def _reads_stats(effect: Effect) -> bool:
    """Its chain reads or overwrites a stat total: a ``_READERS`` effect, an amount
    worked out when it resolves, or a condition that is not settled."""
    return any(
        not _settled(part) or c.effect_tag(type(part)) in _READERS
        or not isinstance(getattr(part, "amount", 0), int) for part in _chain(effect))


def order_matters(groups: Sequence[Sequence[Effect]]) -> bool:
    """Whether the order of ``groups`` (one player's effects sharing a trigger, one group
    per card, each in its printed order) can matter, so the player is asked
    (``EffectOrderRequest``). A *free* effect only adds a fixed amount to a stat or sets
    a mark (``powerup 2``, ``gain_advantage``, ``ignore_armor``, ``sustain_this``...) or
    sends its own boost to the gauge (``add_boost_to_gauge_on_strike_cleanup``), unconditionally or on a condition the
    strike has settled (``hit_opponent``, ``initiated_strike``, ``is_critical``,
    ``stunned``...), and a free card's effects are all free: free cards give the same
    result in any order. So the player is asked when at least two distinct cards
    are not free (``advance 2`` and ``draw 1``: a draw may reshuffle, a move may cross),
    or when one card that is not free reads back or overwrites a stat total
    (``lose_all_armor``, ``set_total_power``, an amount worked out as it resolves, a
    condition not settled) beside a free one. Two cards with identical effects count
    as one, unless a condition of theirs is not settled: it reads the position of the
    card that prints it (Carmine's two Dissolves, ``[if
    boost_space_in_range_towards_opponent]``: the nearer one's bonus brings the other
    in range, so which resolves first matters)."""
    if len(groups) < 2:
        return False
    bound = [tuple(g) for g in groups if not all(_free(e) for e in g)]
    unsettled = [g for g in bound if not all(_settled(p) for e in g for p in _chain(e))]
    if len(set(bound)) >= 2 or len(unsettled) >= 2:
        return True
    return bool(bound) and len(bound) < len(groups) and any(_reads_stats(e) for e in bound[0])


_STAT_WORDS = {"powerup": "Power", "speedup": "Speed", "armorup": "Armor", "guardup": "Guard"}


def rulebook_words(timing: Timing, effect: Effect) -> str:
    """``After: Lose all armor``, ``After: +1 Armor per damage dealt``: the effect as a
    card prints it, after its timing."""
    tag = c.effect_tag(type(effect))
    text = describe_effect(effect)
    if tag in _STAT_WORDS and text.startswith(tag + " "):
        amount, _, rest = text[len(tag) + 1:].partition(" ")
        sign = "" if amount.startswith("-") else "+"
        text = f"{sign}{amount} {_STAT_WORDS[tag]}" + (f" {rest}" if rest else "")
    when = timing.value.replace("_", " ")
    return f"{when[:1].upper()}{when[1:]}: {text[:1].upper()}{text[1:]}"


def source_name(table: Table, who: Player, source: int | None) -> str:
    """The card an effect is printed on: the attack's or boost's name (a boost in play
    by its boost name), the character's for the character card."""
    if source is None:
        return table.catalog.character(table.p(who).character).name
    card = table.card(source)
    return card.boost.name if source in table.p(who).boosts else card.name


_ATTACK_TRIGGERS = frozenset({Timing.BEFORE, Timing.HIT, Timing.AFTER})
"""The timings of an attack's own triggers, ordered one by one (``_attack_apart``). Not
its set effects: an attack's ``set_strike`` effects are one paragraph whose parts build
on each other (Hilda's Condensity Gloom places its buddy, then, if it is in play,
reveals the attack), and keep their printed order."""


def choose_order(
    table: Table, who: Player, timing: Timing, found: list[tuple[int | None, Effect]]
) -> Flow[list[tuple[int | None, Effect]]]:
    """``found`` in the order ``who`` chooses, asked only when it can matter. What is
    ordered is the cards (the attack, each boost, the character card): the effects a
    boost or the character card prints at one timing are one text and keep their
    printed order (Akuma's ``set_strike``: Critical, then ``[if is_critical]``). The
    attack's own before, hit and after triggers are ordered one by one when two or more
    of them can act (``_attack_apart``; core rulebook, FAQ: "My attack has two 'Hit'
    triggers. How do I resolve them? You choose the order to resolve each trigger."). At
    most ``MAX_PENDING`` of them, the most a log's request may list: more, never met in
    the card data, resolve as printed."""
    apart = _attack_apart(table, who, found) if timing in _ATTACK_TRIGGERS else None
    groups: dict[tuple[int | None, int], list[Effect]] = {}
    for index, (source, effect) in enumerate(found):
        key = (source, index if apart is not None and source == apart else -1)
        groups.setdefault(key, []).append(effect)
    if not 2 <= len(groups) <= MAX_PENDING or not order_matters(list(groups.values())):
        return found
    keys = list(groups)
    pending = tuple(
        PendingEffect(card=-1 if source is None else source,
                      tags=tuple(c.effect_tag(type(e)) for e in groups[(source, n)]),
                      text=f"{source_name(table, who, source)}: " + "; ".join(
                          rulebook_words(timing, e) for e in groups[(source, n)]))
        for source, n in keys)
    decision = yield EffectOrderRequest(player=who, effects=pending)
    assert isinstance(decision, OrderEffects)
    return [(keys[i][0], effect) for i in decision.order for effect in groups[keys[i]]]


def _attack_apart(
    table: Table, who: Player, found: Sequence[tuple[int | None, Effect]]
) -> int | None:
    """``who``'s attack card, if two or more of its effects in ``found`` can act: each is
    then a trigger of its own, ordered by the player (core rulebook, FAQ: an attack's
    two "Hit" triggers are resolved in the order you choose; Trigger Effects: "you
    choose the order to activate each trigger"). Sagat's Low Tiger Shot prints "hit:
    [if is_critical] powerup 1, then draw 1" and "hit: push 1": when Critical, both act.
    An effect under a settled condition (``_SETTLED``) that fails, with no ``else``,
    cannot act: a Low Tiger Shot that is not Critical has one trigger that acts, and
    nothing is asked for it."""
    strike = table.state.strike
    attack = None if strike is None else strike.sides[who].card
    if attack is None:
        return None
    acting = [e for source, e in found if source == attack and _may_act(table, who, attack, e)]
    return attack if len(acting) >= 2 else None


def _may_act(table: Table, who: Player, source: int, effect: Effect) -> bool:
    """``effect`` may do something when it resolves: no condition, an ``else``, a
    condition that is not settled, or a settled one that holds now."""
    condition = effect.condition
    if condition is None or effect.otherwise or not _settled(effect):
        return True
    return holds(EffectCtx(table, who, source), condition)
