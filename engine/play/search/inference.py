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

**The opponent's turn actions** (``ActionSeen``, a search agent's ``recall``): the same
test for an action the opponent took (Prepare, Move, Boost, Strike, a character action):
rebuild the table at that action choice with the world's identities, ask the policy
there (``action_agrees``: the same kind, card id, space and index of ``ActionTaken``),
and keep the world with likelihood 1 if it agrees, ``FLOOR`` if not. A world's
likelihood is the product over the face-down attack and the actions; each factor is
tested in turn (rejection by parts: the same acceptance as the product, and a world
refused early costs no more policy calls). **The opponent's discards by choice**
(``PaySeen``, a search agent's ``payments``): force paid from hand or gauge, a discard
down to the hand limit; the request is rebuilt from the table before the first card
moved (``payment_agrees``), so the rules need not restart there. The analysis does not
use either (its worlds and figures are those documented in docs/metrics.md).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.decisions import (
    ActionRequest,
    CrossStrike,
    Discard,
    DiscardRequest,
    PayCards,
    PayForceRequest,
    Request,
    SetAttack,
    SetAttackRequest,
)
from engine.core.ids import Player, Zone
from engine.core.rng import Rng, derive_seed
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, drawing, hidden_slots
from engine.knowledge.views import glance
from engine.play.api import Game, game_from_state
from engine.play.search.tree import Determinizer, Policy
from engine.vocabulary.base import CardKind

FLOOR = 0.1
"""The likelihood of a face-down card the policy would not have set (``L`` above)."""
TRIES = 32
"""Draws at most per determinization: with ``FLOOR`` 0.1 all are refused with
probability 0.9^31 ≈ 4%, and then the last draw is kept."""
_SCALE = 1 << 30
WILD = ("(wild swing)",)
"""The policy's choice when it sets no card (a wild swing or a mechanic's option)."""



@dataclass(frozen=True)
class ActionSeen:
    """A turn action the viewer's opponent (``actor``) took, as the viewer saw it:
    ``before``, the table at that action choice (omniscient, folded by the caller; as
    for ``SetSeen``, the identities of the cards hidden from the viewer come from each
    world), and ``taken``, the ``ActionTaken`` event it caused."""

    before: State
    actor: Player
    taken: ev.ActionTaken


@dataclass(frozen=True)
class PaySeen:
    """Cards the viewer's opponent (``payer``) discarded by choice from hand or gauge, as
    the viewer saw them go: ``before``, the table when they were asked (as for
    ``SetSeen``, hidden identities come from each world); ``cards``, the references
    discarded (visible once in the discard pile); ``limit``: a discard down to the hand
    limit (``DiscardRequest``), else a force payment of a fixed amount
    (``PayForceRequest``)."""

    before: State
    payer: Player
    cards: tuple[int, ...]
    limit: bool


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
    game = _asked(world, seen.before, viewer, SetAttackRequest(player=seen.setter,
                                                                choices=()), catalog)
    if game is None:
        return None  # (or the set was forced, one option: no choice to learn from)
    request = game.pending
    assert request is not None
    agent = policy(0, seen.setter, "inference")
    decision = agent.decide(glance(game.state, seen.setter), request)
    if isinstance(decision, SetAttack | CrossStrike):
        return tuple(sorted(game.state.card_defs[ref] for ref in decision.cards))
    return WILD


def _rebuilt(world: State, before: State, viewer: Player, catalog: Catalog) -> State | None:
    """``before`` with every card's identity taken from ``world`` and each season
    mechanic's record drawn again for ``viewer``; None if ``world`` lacks a card of it."""
    defs = world.card_defs
    if not before.card_defs.keys() <= defs.keys():
        return None
    table = before.copy()
    table.card_defs = {ref: defs[ref] for ref in before.card_defs}
    redraw = Rng(derive_seed(0, "inference/redraw"))
    for _, mechanic in sorted(table.mechanics.items()):
        mechanic.redraw(table, viewer, redraw, catalog)
    return table


def _asked(world: State, before: State, viewer: Player, request: Request,
           catalog: Catalog) -> Game | None:
    """The rules played on from ``before`` rebuilt with ``world``'s identities
    (``_rebuilt``), at ``request``'s point; None unless they ask the same player a
    request of the same kind there (or ``world`` lacks a card, or they cannot restart)."""
    table = _rebuilt(world, before, viewer, catalog)
    if table is None:
        return None
    try:
        game = game_from_state(table, request, 0, catalog)
    except ValueError:
        return None
    pending = game.pending
    if not isinstance(pending, type(request)) or pending.player != request.player:
        return None
    return game


def action_agrees(world: State, seen: ActionSeen, viewer: Player, policy: Policy,
                  catalog: Catalog) -> bool | None:
    """Whether the policy, at ``seen.before`` with ``world``'s identities, takes the
    action the opponent took (the same kind, card id, space and index of its
    ``ActionTaken``; a card compared by its identity in ``world``); None when that tells
    nothing (the rules cannot play on from there, or ``world`` lacks a card)."""
    game = _asked(world, seen.before, viewer, ActionRequest(player=seen.actor, choices=()),
                  catalog)
    if game is None:
        return None
    request = game.pending
    assert isinstance(request, ActionRequest)
    if len(request.choices) < 2:
        return None  # one option: no choice to learn from
    agent = policy(0, seen.actor, "inference")
    decision = agent.decide(glance(game.state, seen.actor), request)
    try:
        caused = game.step(decision)
    except (ValueError, KeyError, IndexError, AssertionError):
        return None
    taken = next((e for e in caused if isinstance(e, ev.ActionTaken)), None)
    if taken is None:
        return None
    want = seen.taken
    if (taken.action, taken.space, taken.index) != (want.action, want.space, want.index):
        return False
    if taken.card is None or want.card is None:
        return taken.card == want.card
    return world.card_defs.get(taken.card) == world.card_defs.get(want.card)


def payment_agrees(world: State, seen: PaySeen, viewer: Player, policy: Policy,
                   catalog: Catalog) -> bool | None:
    """Whether the policy, at ``seen.before`` with ``world``'s identities, discards the
    cards the opponent discarded (compared by identity in ``world``); None when that tells
    nothing (``world`` lacks a card, a card paid is an ultra, so the amount asked is not
    known, or there was no choice: every candidate went)."""
    table = _rebuilt(world, seen.before, viewer, catalog)
    if table is None:
        return None
    me = table.players[seen.payer]
    defs = table.card_defs
    request: Request
    if seen.limit:
        candidates = tuple(me.hand)
        if not set(seen.cards) <= set(candidates) or len(seen.cards) >= len(candidates):
            return None
        request = DiscardRequest(player=seen.payer, count=len(seen.cards),
                                 candidates=candidates)
    else:
        candidates = (*me.hand, *me.gauge)
        if not set(seen.cards) <= set(candidates) or len(seen.cards) >= len(candidates):
            return None
        ultras = tuple(ref for ref in candidates
                       if catalog.card(defs[ref]).kind is CardKind.ULTRA)
        if any(ref in ultras for ref in seen.cards):
            return None
        request = PayForceRequest(player=seen.payer, amount=len(seen.cards),
                                  candidates=candidates, ultras=ultras)
    agent = policy(0, seen.payer, "inference")
    try:
        decision = agent.decide(glance(table, seen.payer), request)
    except (ValueError, KeyError, IndexError, AssertionError):
        return None
    if not isinstance(decision, PayCards | Discard):
        return None
    return (Counter(defs[ref] for ref in decision.cards)
            == Counter(defs[ref] for ref in seen.cards))


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
             tries: int = TRIES, actions: tuple[ActionSeen, ...] = (),
             payments: tuple[PaySeen, ...] = ()) -> Determinizer:
    """A determinizer that draws the opponent's face-down set attack by inference (module
    docstring); as ``determinize`` where ``seen`` tells nothing. With ``actions`` (the
    opponent's last turn actions), a world is kept only if it passes each action's test
    too: ``floor`` where the policy would have taken another action there (the
    likelihood is the product, tested one factor at a time). Like ``drawing``'s, it
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
        refs = last[0][2] if seen is not None else ()
        acts = tuple(a for a in actions if a.actor is not viewer)
        paid = tuple(p for p in payments if p.payer is not viewer)
        if not refs and not acts and not paid:
            return world
        for _ in range(tries - 1):
            if _kept(world, refs, acts, seen, viewer, policy, cat, floor, rng, paid):
                return world
            world = uniform(state, knowledge, rng, cat)
        return world

    return draw


def _kept(world: State, refs: tuple[int, ...], acts: tuple[ActionSeen, ...],
          seen: SetSeen | None, viewer: Player, policy: Policy, catalog: Catalog,
          floor: float, rng: Rng, paid: tuple[PaySeen, ...] = ()) -> bool:
    """One rejection test of ``world``: each factor of its likelihood (the face-down
    attack's, each action's) passed in turn, a factor below 1 with that probability."""
    if refs and seen is not None:
        like = _likelihood(world, refs, seen, viewer, policy, catalog, floor)
        if like < 1.0 and rng.randbelow(_SCALE) >= like * _SCALE:
            return False
    for act in acts:
        if action_agrees(world, act, viewer, policy, catalog) is False \
                and rng.randbelow(_SCALE) >= floor * _SCALE:
            return False
    for pay in paid:
        if payment_agrees(world, pay, viewer, policy, catalog) is False \
                and rng.randbelow(_SCALE) >= floor * _SCALE:
            return False
    return True


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
