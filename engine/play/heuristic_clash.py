"""Clash: how the heuristic agent's attack is likely to fare against the attack the
opponent sets face down at the same time.

Core rulebook, Resolving Strikes: the faster attack hits first (the attacker on a tie);
a fighter that takes more damage than its attack's guard (after armor) is stunned and
its attack does not hit; a hit that takes the last life ends the game before the
other attack (``LETHAL``). An attack is therefore judged by the damage it is expected to
deal and take against the opponent's whole deck list (every card equally likely: what
the opponent may set is unknown), not by its power alone: a slow strong card set
against faster attacks is stunned before it hits (Mika's Galaxy at speed 1, Chun-Li's
Kikousho at speed 2, Spike and Sweep against a random Ryu).

Everything is read from printed stats and cached: an opponent's deck once per
character, which of its attacks reach once per pair of spaces, a clash once per card,
copies, reach, seat role and spaces (``_clash``), its outcomes once per lives that a hit
of it could end (``outcomes``), the opponent's shares once per decision. The caches
follow the agent's catalog (``engine.play.heuristic_cache``).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul
from typing import TYPE_CHECKING

from engine.cards.schema import CardDef
from engine.core.state import State
from engine.play import heuristic_buddy as buddy
from engine.play import heuristic_cache as cache
from engine.play import heuristic_first as first
from engine.play import heuristic_reach as reach
from engine.play.heuristic_reach import before_moves, moved
from engine.play.heuristic_traits import Threat, Traits, dodges, traits

if TYPE_CHECKING:
    from engine.play.heuristic import HeuristicAgent


_Answer = tuple[int, int, int, int, Traits, bool, bool, bool]
"""One of the opponent's attacks in the clash's loop (``_answers``)."""


_DECKS: dict[str, tuple[Threat, ...]] = cache.register({})
_CLASH: dict[tuple[object, ...], float] = cache.register({})
_LIMIT = 200_000
"""Cached clashes kept before the cache is emptied (a bound on memory, not on speed)."""


MISS_SHARE = 0.5
"""The share of its hits an attack that may not hit is counted with (``may_miss``)."""

LETHAL = 10.0
"""What ending the game is worth beyond the damage dealt (core rulebook: "Once a
player's life is reduced to 0, they lose the game"): a hit that surely wins is worth
more than any mean of bigger swings (Ryu's Grasp at Ken's 1 life, not a wild swing)."""

LIFE_SEEN = 16
"""Life above this is not near enough to 0 for an attack to end the game: it reads as
``_FAR`` (in the clash's cache key too, so its entries are shared)."""
_FAR = 1_000


def near_life(life: int) -> int:
    """``life`` if an attack might end the game from it, else ``_FAR``."""
    return life if life <= LIFE_SEEN else _FAR


def threats(agent: HeuristicAgent, char_id: str) -> tuple[Threat, ...]:
    """The distinct cards of ``char_id``'s deck list as attacks, each with its share."""
    cache.follow(agent.catalog)
    known = _DECKS.get(char_id)
    if known is None:
        cards = agent.catalog.deck_list(char_id)
        counts = {card_id: cards.count(card_id) for card_id in dict.fromkeys(cards)}
        known = _DECKS[char_id] = tuple(
            Threat(c.power, c.speed, c.armor, c.guard, c, n / len(cards))
            for c, n in ((agent.catalog.card(i), n) for i, n in counts.items()))
    return known


_SHARES: dict[tuple[object, ...], tuple[float, ...]] = cache.register({})


def shares(agent: HeuristicAgent, view: State) -> tuple[float, ...]:
    """How likely the opponent is to have each of its attacks (``threats``, in order):
    its deck list less the copies it has shown, in its discard pile, gauge and boosts
    (its hidden hand and deck are what is left, shuffled: both Sweeps discarded, it sets
    no Sweep)."""
    cache.follow(agent.catalog)
    kept = cache.reading(agent, view)
    if kept is not None and "shares" in kept:
        return kept["shares"]
    them = view.players[agent.player.other]
    defs = view.card_defs
    # keyed by the shown cards' identities, never their refs: a ref names another card
    # in another game (a Tag Team's deck, a created card), and this cache outlives games
    seen = tuple(sorted(defs.get(ref, "") for ref in (*them.discard, *them.gauge,
                                                      *them.boosts)))
    key = (them.character, seen)
    known = _SHARES.get(key)
    if known is None:
        deck = threats(agent, them.character)
        left = {t.card.id: t.share for t in deck}
        unit = 1 / len(agent.catalog.deck_list(them.character))  # one copy's share
        shown = False
        for card_id in seen:
            if card_id in left:
                left[card_id] = max(0.0, left[card_id] - unit)
                shown = True
        total = sum(left.values())
        known = tuple(t.share for t in deck) if total <= 0 or not shown else tuple(
            left[t.card.id] / total for t in deck)
        if len(_SHARES) > _LIMIT:
            _SHARES.clear()
        _SHARES[key] = known
    if kept is not None:
        kept["shares"] = known
    return known


_THREAT_TRAITS: dict[tuple[str, bool], tuple[Traits, ...]] = cache.register({})


def _threat_traits(agent: HeuristicAgent, char_id: str, attacking: bool) -> tuple[Traits, ...]:
    """The ``traits`` of ``char_id``'s attacks (``threats``, in order) in this role."""
    key = (char_id, attacking)
    known = _THREAT_TRAITS.get(key)
    if known is None:
        known = _THREAT_TRAITS[key] = tuple(traits(t.card, attacking)
                                            for t in threats(agent, char_id))
    return known


_ANSWERS: dict[tuple[str, bool], tuple[_Answer, ...]] = cache.register({})
_REACH: dict[tuple[str, int, int], tuple[bool, ...]] = cache.register({})
_AFTER: dict[tuple[str, int, int, bool], tuple[int, int]] = cache.register({})
_RAW: dict[tuple[object, ...], _Clash] = cache.register({})


def _answers(agent: HeuristicAgent, char_id: str, attacking: bool) -> tuple[_Answer, ...]:
    """``char_id``'s attacks (``threats``, in order) in this role, as plain tuples read
    in the clash's loop: power, speed, armor and guard with their ``Traits.stats`` ups,
    the ``Traits``, whether it ignores pushes and pulls, whether no attack misses it (no
    ``dodge_speed`` nor ``dodge_range``), and whether its printed power is the range to
    the opponent (I, Defile: the loop adds the distance to the stored 0)."""
    key = (char_id, attacking)
    known = _ANSWERS.get(key)
    if known is None:
        known = _ANSWERS[key] = tuple(
            (t.power + their.stats[0], t.speed + their.stats[1], t.armor + their.stats[2],
             t.guard + their.stats[3], their, first.unmoved(t.card),
             their.dodge_speed is None and their.dodge_range is None,
             t.card.power_is_range_to_opponent is True)
            for t, their in zip(threats(agent, char_id),
                                _threat_traits(agent, char_id, attacking), strict=True))
    return known


def _reach_from(agent: HeuristicAgent, char_id: str, them: int, here: int) -> tuple[bool, ...]:
    """Whether each of ``char_id``'s attacks (``threats``, in order), set on ``them``,
    reaches a fighter on ``here`` (after its own "Before:" movement, printed range)."""
    key = (char_id, them, here)
    known = _REACH.get(key)
    if known is None:
        known = _REACH[key] = tuple(
            reach.reaches(t.card, abs(moved(them, here, before_moves(t.card)) - here))
            for t in threats(agent, char_id))
    return known


def _after(card: CardDef, here: int, them: int, hit: bool) -> tuple[int, int]:
    """``heuristic_first.after_first`` (``hit``: its hit moved the opponent), cached."""
    key = (card.id, here, them, hit)
    known = _AFTER.get(key)
    if known is None:
        known = _AFTER[key] = first.after_first(card, here, them, hit)
    return known


def value(agent: HeuristicAgent, view: State, card: CardDef, copies: int, hits: float,
          attacking: bool, likely: tuple[float, ...] | None = None) -> float:
    """Expected damage dealt minus damage taken when ``card`` (with ``copies`` - 1 EX
    copies: +1 power, speed, armor and guard each) is set now; ``hits``: the share of
    the time it reaches (0, ``MISS_SHARE`` or 1). Each of the opponent's attacks is
    weighed by how likely it is to be set (``shares``; ``likely``: already read for this
    view, by a caller that values several attacks)."""
    if likely is None:
        cache.follow(agent.catalog)
        likely = shares(agent, view)
    total: float = sum(map(mul, likely, outcomes(agent, view, card, copies, hits, attacking)))
    return total


def outcomes(agent: HeuristicAgent, view: State, card: CardDef, copies: int, hits: float,
             attacking: bool) -> tuple[float, ...]:
    """Damage dealt minus damage taken when ``card`` (as ``value``) meets each of the
    opponent's attacks (``threats``, in order): the clash (``_clash``) with the lives
    left, a hit that takes the last life ending the strike there. A life above every
    damage of the clash reads as ``_FAR``: no hit can end the game from it (the entries
    are shared)."""
    opponent = view.players[agent.player.other]
    me = view.players[agent.player]
    found = _clash(agent, card, copies, hits > 0, attacking, opponent.character,
                   opponent.space, me.space)
    return _nets(found, hits, near_life(opponent.life), near_life(me.life))


def _nets(found: _Clash, hits: float, their_life: int, my_life: int) -> tuple[float, ...]:
    """``outcomes`` of the clash ``found`` with the lives left (``near_life``)."""
    if their_life > found.most_dealt:
        their_life = _FAR
    if my_life > found.most_taken:
        my_life = _FAR
    key = (hits, their_life, my_life)
    known = found.by_lives.get(key)
    if known is not None:
        return known
    nets: list[float] = []
    for mine, theirs, ahead, stuns in found.rows:
        if ahead:
            if stuns or mine >= their_life > 0:
                theirs = 0  # they are stunned first, or the game ends before their attack
        elif stuns or theirs >= my_life > 0:
            mine = 0  # this fighter is stunned or loses before its attack
        # the damage dealt up to the life left, and LETHAL beyond it for a hit that ends
        # the game: min(mine, their_life) + (LETHAL if mine >= their_life > 0 else 0.0)
        if mine >= their_life:
            dealt = their_life + (LETHAL if their_life > 0 else 0.0)
        else:
            dealt = mine + 0.0
        if theirs >= my_life:
            taken = my_life + (LETHAL if my_life > 0 else 0.0)
        else:
            taken = theirs + 0.0
        nets.append(dealt * hits - taken)
    _STORED[0] += 1
    if _STORED[0] > _LIMIT:  # the clashes that hold them let go (a bound on memory)
        _RAW.clear()
        _WILD.clear()
        _STORED[0] = 0
    result = found.by_lives[key] = tuple(nets)
    return result


class _Clash:
    """One attack against each of the opponent's attacks, whatever the lives
    (``_clash``), with its ``outcomes`` by the lives already weighed."""

    __slots__ = ("by_lives", "most_dealt", "most_taken", "rows")

    def __init__(self, rows: tuple[tuple[int, int, bool, bool], ...], most_dealt: int,
                 most_taken: int) -> None:
        self.rows = rows
        self.most_dealt = most_dealt
        """The most damage it deals against any of their attacks (0 at least)."""
        self.most_taken = most_taken
        """The most damage it takes from any of their attacks (0 at least)."""
        self.by_lives: dict[tuple[float, int, int], tuple[float, ...]] = {}


_STORED = [0]
"""Outcomes kept in the ``_Clash`` entries since ``_RAW`` and ``_WILD`` were emptied."""


def _clash(agent: HeuristicAgent, card: CardDef, copies: int, hit: bool, attacking: bool,
           char_id: str, them: int, here: int) -> _Clash:
    """``card`` (``copies``; ``hit``: it reaches) set on ``here`` against each of
    ``char_id``'s attacks set on ``them``, whatever the lives: (damage it deals, damage
    it takes, it is the faster, the faster hit stuns the slower fighter); cached, the
    lives applied by ``outcomes``."""
    key = (card.id, copies, hit, attacking, char_id, them, here)
    known = _RAW.get(key)
    if known is not None:
        return known
    own = traits(card, attacking)
    extra = copies - 1
    distance = abs(them - here)
    power = reach.printed_power(card, distance) + extra + own.stats[0]
    speed = card.speed + extra + own.stats[1]
    armor, guard = card.armor + extra + own.stats[2], card.guard + extra + own.stats[3]
    armor_counts, stun_ok = not own.ignore_armor, not own.cannot_stun
    plain = own.dodge_speed is None and own.dodge_range is None  # no attack misses it
    moving = first.moves_anyone(card)
    rows: list[tuple[int, int, bool, bool]] = []
    most_dealt = most_taken = 0
    after: dict[bool, tuple[bool, ...]] = {}
    for i, ((t_power, t_speed, t_armor, t_guard, their, unmoved, their_plain, ranged),
            they_hit) in enumerate(zip(_answers(agent, char_id, not attacking),
                                       _reach_from(agent, char_id, them, here), strict=True)):
        if ranged:  # a power printed as the range to the opponent (I, Defile)
            t_power += distance
        lands = hit and (their_plain or not dodges(their, speed, distance))
        mine = 0
        if lands:  # max(0, ...) without the call
            mine = power - (t_armor if armor_counts else 0)
            if mine < 0:
                mine = 0
        ahead = speed > t_speed or (speed == t_speed and attacking)
        if ahead and moving:  # their attack measures its range after this one's moves
            pushed = lands and not unmoved
            found = after.get(pushed)
            if found is None:
                me_at, them_at = _after(card, here, them, pushed)
                found = after[pushed] = _reach_from(agent, char_id, them_at, me_at)
            they_hit = found[i]
        theirs = 0
        if they_hit and (plain or not dodges(own, t_speed, distance)):
            theirs = t_power - (0 if their.ignore_armor else armor)
            if theirs < 0:
                theirs = 0
        if ahead:
            stuns = mine > (0 if own.ignore_guard else t_guard) and stun_ok and (
                not their.unstunnable)
        else:
            stuns = theirs > (0 if their.ignore_guard else guard) and (
                not their.cannot_stun) and not own.unstunnable
        rows.append((mine, theirs, ahead, stuns))
        if mine > most_dealt:
            most_dealt = mine
        if theirs > most_taken:
            most_taken = theirs
    if len(_RAW) > _LIMIT:
        _RAW.clear()
    result = _RAW[key] = _Clash(tuple(rows), most_dealt, most_taken)
    return result


def attack_value(agent: HeuristicAgent, view: State, ref: int, copies: int, attacking: bool,
                 bonuses: Sequence[reach.Bonus],
                 likely: tuple[float, ...] | None = None) -> float:
    """``value`` of setting card ``ref`` (with ``copies`` - 1 EX copies): it reaches
    after its movement and range bonuses (``heuristic_reach``), half as often if it may
    miss (``likely``: as ``value``, whose sum it computes in place: ``outcomes``)."""
    card = agent._card(view, ref)
    hits = _hits(agent, view, card, ref, bonuses)
    if likely is None:
        cache.follow(agent.catalog)
        likely = shares(agent, view)
    return _valued(agent, view, card, copies, hits, attacking, likely)


def _hits(agent: HeuristicAgent, view: State, card: CardDef, ref: int,
          bonuses: Sequence[reach.Bonus]) -> float:
    """``attack_value``'s share of the time card ``ref`` reaches: 0, ``MISS_SHARE``
    or 1."""
    if reach.hits_from(agent, view, card, view.players[agent.player].space,
                       bonuses) or buddy.placed_reach(agent, view, card, bonuses):
        return MISS_SHARE if reach.may_miss(agent, view, ref) else 1.0
    return 0.0


def _valued(agent: HeuristicAgent, view: State, card: CardDef, copies: int, hits: float,
            attacking: bool, likely: tuple[float, ...]) -> float:
    """``value`` with the shares read (``outcomes`` in place, ``near_life`` inline)."""
    me, opponent = view.players[agent.player], view.players[agent.player.other]
    found = _clash(agent, card, copies, hits > 0, attacking, opponent.character,
                   opponent.space, me.space)
    their_life, my_life = opponent.life, me.life
    total: float = sum(map(mul, likely, _nets(
        found, hits, their_life if their_life <= LIFE_SEEN else _FAR,
        my_life if my_life <= LIFE_SEEN else _FAR)))
    return total


def wild_value(agent: HeuristicAgent, view: State, attacking: bool,
               bonuses: Sequence[reach.Bonus]) -> float:
    """A wild swing's value: the mean ``value`` of this fighter's deck list (known once
    per fighter, opponent, spaces, role, range bonuses and the movement limit in force:
    Iron Tager's reach differs with and without it)."""
    cache.follow(agent.catalog)
    me, them = view.players[agent.player], view.players[agent.player.other]
    likely = shares(agent, view)
    their_life, my_life = near_life(them.life), near_life(me.life)
    where = (me.character, me.space, them.character, them.space, attacking, tuple(bonuses),
             reach.movement_limit(agent, view))
    key = ("wild", *where, likely, my_life, their_life)
    known = _CLASH.get(key)
    if known is None:
        if len(_CLASH) > _LIMIT:
            _CLASH.clear()
        known = _CLASH[key] = sum(
            share * sum(map(mul, likely, _nets(found, hits, their_life, my_life)))
            for share, hits, found in _wild_rows(agent, view, where, attacking, bonuses))
    return known


_WILD_MOST: dict[tuple[object, ...], tuple[tuple[tuple[float, int], ...],
                                            dict[int, float]]] = cache.register({})
WILD_MARGIN = 1e-6
"""Room ``wild_below`` leaves for rounding: ``wild_value`` sums products in another
order than its bound, each within about 1e-13 of the exact sum."""


def wild_below(agent: HeuristicAgent, view: State, attacking: bool,
               bonuses: Sequence[reach.Bonus], score: float) -> bool:
    """Whether ``wild_value`` is surely below ``score``, known without the wild swing's
    clashes: an upper bound on it (no damage taken; each attack of this fighter's deck
    list that reaches, weighed by its share, deals its most: its power with its
    unconditional ups past the opponent's lowest armor, or the opponent's life and
    ``LETHAL`` when that could end the game) is below ``score`` by ``WILD_MARGIN``.
    An attack chosen by the highest value then never needs the wild swing's value when
    a set attack beats the bound. The reaching attacks' shares and most power are read
    once per fighters, spaces, role and bonuses (as ``_wild_rows``), the bound once per
    life too; both, as ``wild_value``'s rows, per movement limit in force (Iron Tager)."""
    cache.follow(agent.catalog)
    me, them = view.players[agent.player], view.players[agent.player.other]
    where = (me.character, me.space, them.character, them.space, attacking, tuple(bonuses),
             reach.movement_limit(agent, view))
    entry = _WILD_MOST.get(where)
    if entry is None:
        rows: list[tuple[float, int]] = []
        floor = min(0, min((answer[2] for answer in _answers(
            agent, them.character, not attacking)), default=0))
        distance = abs(me.space - them.space)
        for t in threats(agent, me.character):
            if reach.hits_from(agent, view, t.card, me.space, bonuses):  # else no damage
                rows.append((t.share, reach.printed_power(t.card, distance) + traits(
                    t.card, attacking).stats[0] - floor))
        if len(_WILD_MOST) > _LIMIT:
            _WILD_MOST.clear()
        entry = _WILD_MOST[where] = (tuple(rows), {})
    their_life = near_life(them.life)
    most = entry[1].get(their_life)
    if most is None:
        most = entry[1][their_life] = sum(
            share * (their_life + LETHAL if 0 < their_life <= power else max(power, 0))
            for share, power in entry[0])
    return most + WILD_MARGIN < score


_WILD: dict[tuple[object, ...], tuple[tuple[float, float, _Clash], ...]] = cache.register({})


def _wild_rows(agent: HeuristicAgent, view: State, where: tuple[object, ...], attacking: bool,
               bonuses: Sequence[reach.Bonus]) -> tuple[tuple[float, float, _Clash], ...]:
    """Each attack of this fighter's deck list with its share, the share of the time it
    reaches (``hits``) and its clash (``_clash``), known once per ``where``: the
    fighters, spaces, role, range bonuses and movement limit in force."""
    known = _WILD.get(where)
    if known is None:
        me, them = view.players[agent.player], view.players[agent.player.other]
        if len(_WILD) > _LIMIT:
            _WILD.clear()
        rows = []
        for t in threats(agent, me.character):
            hits = float(reach.hits_from(agent, view, t.card, me.space, bonuses))
            rows.append((t.share, hits, _clash(agent, t.card, 1, hits > 0, attacking,
                                                them.character, them.space, me.space)))
        known = _WILD[where] = tuple(rows)
    return known


def edge(agent: HeuristicAgent, view: State, settable: Sequence[int],
         bonuses: Sequence[reach.Bonus]) -> float:
    """The best ``attack_value`` of the attacks in ``settable`` (those this player may
    set and pay for) if it strikes now; -10 with none."""
    if not settable:
        return -10.0
    cache.follow(agent.catalog)
    likely = shares(agent, view)
    return max(attack_value(agent, view, ref, 1, True, bonuses, likely) for ref in settable)


def edge_reaches(agent: HeuristicAgent, view: State, settable: Sequence[int],
                 bonuses: Sequence[reach.Bonus], enough: float) -> bool:
    """Whether ``edge`` is at least ``enough`` (more than 0): whether some attack's
    ``attack_value`` is. An attack that does not reach deals nothing, so its value (no
    more than 0) is not read, and the first attack worth ``enough`` ends the search."""
    assert enough > 0
    cache.follow(agent.catalog)
    likely: tuple[float, ...] | None = None
    for ref in settable:
        card = agent._card(view, ref)
        hits = _hits(agent, view, card, ref, bonuses)
        if hits == 0.0:
            continue  # each outcome is 0 dealt less what it takes: at most 0
        if likely is None:
            likely = shares(agent, view)
        if _valued(agent, view, card, 1, hits, True, likely) >= enough:
            return True
    return False
