"""Hidden-card inference: the opponent's face-down attack drawn in proportion to how
likely their policy was to set it (issue 32 item 4).

``engine.knowledge.infoset.determinize`` redraws every card hidden from the viewer
uniformly among what is possible, the opponent's face-down set attack included, though
its owner chose it on purpose. ``inferred(seen, policy)`` is a determinizer (the same
signature) that conditions the draw on that choice, by **rejection sampling** under a
softened policy:

1. draw a determinization ``world`` as ``determinize`` does (the first draw is
   ``determinize``'s own, so the uniform and inferred worlds share random numbers);
2. rebuild the table the opponent set from: ``seen.before`` (the table just before
   they set, ``SetSeen``) with every card's identity taken from ``world`` (the
   identities of the cards hidden from the viewer are the world's draws, never the
   real ones) and each season mechanic's record drawn again for the viewer;
3. ask the policy (the heuristic agent, the rollout policy) what it sets there, from
   the setter's view, on the request the rules build for that table;
4. keep ``world`` with probability ``L``: 1 if the policy sets the card(s) ``world``
   holds face down (the same card ids, an EX pair as a pair), else ``FLOOR``;
   otherwise draw again (at most ``TRIES`` draws; the last is kept).

The heuristic agent is deterministic and exposes no scores to soften (a softmax would
need its private attack values), so its likelihood is 0 or 1; the ``FLOOR`` keeps every
possible card's weight above 0: a world whose face-down card the policy would not have
set keeps ``FLOOR`` of its weight, as an opponent who plays otherwise than the policy
(a person) may set it. Under that softened policy the kept world is drawn from the
posterior exactly (rejection with the bound 1), up to the ``TRIES`` cap.

Only an attack set face down from the hand (or a Cross Strike, an EX pair) by choice is
inferred: a wild swing's card came off the deck unchosen, and a strike with no
``SetSeen`` or whose face-down cards were not in the setter's hand or boosts at
``seen.before`` (another strike's) is drawn as ``determinize`` draws it. Every random
number comes from the ``rng`` passed in (the engine's PRNG), so it is seeded and
deterministic. ``face_down_odds`` gives the share of each face-down card over many
draws (the ranking the tests check).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.cards.catalog import Catalog, default_catalog
from engine.core.decisions import CrossStrike, SetAttack, SetAttackRequest
from engine.core.ids import Player, Zone
from engine.core.rng import Rng, derive_seed
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, drawing, hidden_slots
from engine.knowledge.views import glance
from engine.play.api import game_from_state
from engine.play.search.tree import Determinizer, Policy

FLOOR = 0.1
"""The likelihood of a face-down card the policy would not have set (``L`` above)."""
TRIES = 32
"""Draws at most per determinization: with ``FLOOR`` 0.1 all are refused with
probability 0.9^31 ≈ 4%, and then the last draw is kept."""
_SCALE = 1 << 30
WILD = ("(wild swing)",)
"""The policy's choice when it sets no card (a wild swing or a mechanic's option)."""



@dataclass(frozen=True)
class SetSeen:
    """An attack the viewer's opponent (``setter``) set in the strike in progress, as the
    viewer saw it set: ``before``, the table just before it was set (an omniscient
    state the caller folded; only its layout is read, never the identity of a card hidden
    from the viewer: those come from each determinization)."""

    before: State
    setter: Player


def face_down(state: State, viewer: Player) -> tuple[int, ...]:
    """The references of the attack ``viewer``'s opponent set face down in the strike in
    progress, hidden from ``viewer`` (empty: none, revealed, or a wild swing)."""
    strike = state.strike
    if strike is None:
        return ()
    setter = viewer.other
    side = strike.sides[setter]
    if side.wild or side.revealed or not side.cards:
        return ()
    hidden = hidden_slots(state, viewer)
    return tuple(ref for ref in side.cards if hidden.get(ref) == (setter, Zone.STRIKE))


def _applies(state: State, viewer: Player, seen: SetSeen | None) -> tuple[int, ...]:
    """The face-down references ``seen`` tells of (empty: it tells nothing here)."""
    if seen is None or seen.setter is viewer or seen.before.strikes != state.strikes:
        return ()
    refs = face_down(state, viewer)
    had = seen.before.players[seen.setter]
    if not refs or not all(ref in had.hand or ref in had.boosts for ref in refs):
        return ()
    return refs


def policy_choice(world: State, seen: SetSeen, viewer: Player, policy: Policy,
                  catalog: Catalog) -> tuple[str, ...] | None:
    """The card ids the policy sets at ``seen.before`` with ``world``'s identities (sorted;
    ``WILD`` for a wild swing or a mechanic's option); None when that tells nothing (the
    rules ask the setter nothing there, or ``world`` lacks a card of the table)."""
    before = seen.before
    defs = world.card_defs
    if not before.card_defs.keys() <= defs.keys():
        return None
    table = before.copy()
    table.card_defs = {ref: defs[ref] for ref in before.card_defs}
    redraw = Rng(derive_seed(0, "inference/redraw"))
    for _, mechanic in sorted(table.mechanics.items()):
        mechanic.redraw(table, viewer, redraw, catalog)
    try:
        game = game_from_state(table, SetAttackRequest(player=seen.setter, choices=()), 0,
                               catalog)
    except ValueError:
        return None
    request = game.pending
    if not isinstance(request, SetAttackRequest) or request.player != seen.setter:
        return None  # the set was forced (one option): no choice to learn from
    agent = policy(0, seen.setter, "inference")
    decision = agent.decide(glance(game.state, seen.setter), request)
    if isinstance(decision, SetAttack | CrossStrike):
        return tuple(sorted(game.state.card_defs[ref] for ref in decision.cards))
    return WILD


def likelihood(world: State, seen: SetSeen, viewer: Player, policy: Policy,
               catalog: Catalog, floor: float = FLOOR) -> float:
    """How likely the (softened) policy was to set what ``world`` holds face down: 1 if
    it sets those card ids, else ``floor``; 1 when ``seen`` tells nothing of ``world``."""
    return _likelihood(world, _applies(world, viewer, seen), seen, viewer, policy, catalog,
                       floor)


def _likelihood(world: State, refs: tuple[int, ...], seen: SetSeen, viewer: Player,
                policy: Policy, catalog: Catalog, floor: float) -> float:
    """``likelihood`` of the face-down references ``refs`` (``_applies``)."""
    if not refs:
        return 1.0
    chosen = policy_choice(world, seen, viewer, policy, catalog)
    if chosen is None:
        return 1.0
    held = tuple(sorted(world.card_defs[ref] for ref in refs))
    return 1.0 if chosen == held else floor


def inferred(seen: SetSeen | None, policy: Policy, floor: float = FLOOR,
             tries: int = TRIES) -> Determinizer:
    """A determinizer that draws the opponent's face-down set attack by inference (module
    docstring); as ``determinize`` where ``seen`` tells nothing. Like ``drawing``'s, it
    works out once what the draws of one position share (pass it the same ``state`` and
    ``knowledge`` objects, unchanged, for many draws)."""
    uniform = drawing()
    last: list[tuple[State, Knowledge, tuple[int, ...]]] = []
    """The position last asked (held, so compared by identity) and its face-down refs."""

    def draw(state: State, knowledge: Knowledge, rng: Rng,
             catalog: Catalog | None = None) -> State:
        cat = catalog if catalog is not None else default_catalog()
        world = uniform(state, knowledge, rng, cat)
        viewer = knowledge.viewer
        if not last or last[0][0] is not state or last[0][1] is not knowledge:
            last[:] = [(state, knowledge, _applies(state, viewer, seen))]
        refs = last[0][2]
        if seen is None or not refs:
            return world
        for _ in range(tries - 1):
            like = _likelihood(world, refs, seen, viewer, policy, cat, floor)
            if like >= 1.0 or rng.randbelow(_SCALE) < like * _SCALE:
                return world
            world = uniform(state, knowledge, rng, cat)
        return world

    return draw


def face_down_odds(state: State, knowledge: Knowledge, determinizer: Determinizer,
                   seed: int, draws: int, catalog: Catalog
                   ) -> list[tuple[tuple[str, ...], float]]:
    """The share of each face-down attack (sorted card ids) over ``draws`` worlds of
    ``determinizer`` (world ``i`` from ``derive_seed(seed, "odds/i")``), most drawn first
    (ties by card ids); empty when the opponent has no face-down attack."""
    refs = face_down(state, knowledge.viewer)
    if not refs:
        return []
    counts: Counter[tuple[str, ...]] = Counter()
    for i in range(draws):
        world = determinizer(state, knowledge, Rng(derive_seed(seed, f"odds/{i}")), catalog)
        counts[tuple(sorted(world.card_defs[ref] for ref in refs))] += 1
    return sorted(((ids, n / draws) for ids, n in counts.items()),
                  key=lambda t: (-t[1], t[0]))
