"""Information sets: what one player knows of the cards they cannot see, and
determinizations, states drawn at random among those consistent with that knowledge.

A player's *view* (``engine.knowledge.views.observe``) hides the card references in some slots:
both decks, the opponent's hand, a face-down attack, a secret sealed area. The player
still knows things about those cards: which cards each deck list holds, every card they
have seen and where it went since (a card seen going back into the opponent's hand or
onto the top of a deck), the top cards of a deck they saw put there, the counts.
``Knowledge`` folds that from the events, as the player saw them (``redact``):

- a card seen while it was visible, or named in an event as the player sees it (a
  revealed hand or top card), and then hidden, is *tracked*: its identity and zone are
  known (and its deck position too, until that deck is next shuffled);
- when a card the player could not identify leaves a hidden zone, every tracked card of
  that zone is no longer tracked (the player cannot tell which one left), unless it left
  from a deck position the player knew;
- a shuffle (any event that sets a deck's ``order``) keeps the identities tracked in
  that deck but forgets their positions.

``determinize(state, knowledge, rng)`` returns a copy of the omniscient ``state`` in
which the identities of the untracked hidden cards (``State.card_defs`` of those
references) are redrawn from the multiset the player can infer (each seat's deck list
and the created cards they saw, less every card they see or track), and the cards of
each deck in unknown positions are shuffled among those positions. The real identities
of those cards are never read, so a rollout from a determinization uses nothing the
player could not have known. A face-down EX pair gets two copies of one card.

Used by the analysis (``replay.analysis``): win probability and decision review are
estimated from one player's information set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.core import events as ev
from engine.core.ids import CARDS_PER_PLAYER_BASE, Player, Zone
from engine.core.rng import Rng
from engine.core.state import State
from engine.knowledge.views import HIDDEN, located_cards, observe, redact

_CARD_FIELDS = ("card", "cards", "hand", "order")
"""The event fields that hold card references (the log format's naming)."""

Slot = tuple[Player, Zone]
"""Where a hidden card lies: its owner and zone (``Zone.STRIKE``: a face-down attack)."""


def owner(ref: int) -> Player:
    """The seat a card reference belongs to (references are numbered per seat)."""
    return Player(ref // CARDS_PER_PLAYER_BASE)


def hidden_slots(state: State, viewer: Player) -> dict[int, Slot]:
    """Every card reference ``viewer`` cannot see in ``state``, with where it lies
    (read off ``observe``, so it hides exactly what the views hide)."""
    view = observe(state, viewer)
    found: dict[int, Slot] = {}
    for who, (real, seen) in enumerate(zip(state.players, view.players, strict=True)):
        for zone, cards, shown in ((Zone.DECK, real.deck, seen.deck),
                                   (Zone.HAND, real.hand, seen.hand),
                                   (Zone.SEALED, real.sealed, seen.sealed)):
            for ref, mask in zip(cards, shown, strict=True):
                if mask == HIDDEN:
                    found[ref] = (Player(who), zone)
    if state.strike is not None and view.strike is not None:
        for who, (side, seen_side) in enumerate(zip(state.strike.sides, view.strike.sides,
                                                    strict=True)):
            for ref, mask in zip(side.cards, seen_side.cards, strict=True):
                if mask == HIDDEN:
                    found[ref] = (Player(who), Zone.STRIKE)
    return found


Sight = tuple[dict[int, Slot], frozenset[int]]
"""What a viewer sees of a state: the hidden card references with where they lie, and
the references of every card they see (``sight``)."""


def sight(state: State, viewer: Player) -> Sight:
    """``hidden_slots`` and the references ``viewer`` sees: every card in a zone, an
    attack or a mechanic's open area that is not hidden."""
    hidden = hidden_slots(state, viewer)
    located = located_cards(state)
    return hidden, frozenset(located - hidden.keys())


def _refs(event: ev.Event) -> Iterator[int]:
    """The card references an event (as a player sees it) names."""
    for name in _CARD_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            if value != HIDDEN:
                yield value
        elif isinstance(value, tuple):
            yield from (ref for ref in value if isinstance(ref, int) and ref != HIDDEN)


class Knowledge(msgspec.Struct, kw_only=True):
    """What ``viewer`` knows of the cards hidden from them, folded from the events.

    ``tracked``: hidden card references whose identity and zone the viewer knows;
    ``placed``: the tracked deck cards whose position the viewer knows too;
    ``base``: per seat, the card ids the viewer knows that seat's cards to be (its deck
    list at the deal, set-aside and start-sealed cards included, plus created cards the
    viewer saw); ``unknown_created``: per seat, created cards whose ids the viewer never
    saw."""

    viewer: Player
    tracked: dict[int, Zone] = msgspec.field(default_factory=dict)
    placed: set[int] = msgspec.field(default_factory=set)
    base: list[dict[str, int]] = msgspec.field(default_factory=lambda: [{}, {}])
    unknown_created: list[int] = msgspec.field(default_factory=lambda: [0, 0])

    @classmethod
    def at_deal(cls, state: State, viewer: Player) -> Knowledge:
        """The knowledge of a game's dealt table (before setup): the deck lists."""
        base: list[Counter[str]] = [Counter(), Counter()]
        for ref, card_id in state.card_defs.items():
            base[owner(ref)][card_id] += 1
        return cls(viewer=viewer, base=[dict(b) for b in base])

    def copy(self) -> Knowledge:
        return Knowledge(viewer=self.viewer, tracked=dict(self.tracked),
                         placed=set(self.placed), base=[dict(b) for b in self.base],
                         unknown_created=list(self.unknown_created))

    def fold(self, before: Sight, event: ev.Event, after_state: State) -> Sight:
        """Take in ``event``: ``before`` is ``sight`` of the state it applied to,
        ``after_state`` the state it made. Returns ``sight(after_state)``, to pass on as
        the next ``before``."""
        shown = redact(event, self.viewer)
        if isinstance(shown, ev.CardsCreated):
            if shown.card_ids and all(shown.card_ids):
                base = self.base[shown.player]
                for card_id in shown.card_ids:
                    base[card_id] = base.get(card_id, 0) + 1
            else:
                self.unknown_created[shown.player] += len(shown.cards)
        after = sight(after_state, self.viewer)
        hidden_before, visible_before = before
        hidden_after = after[0]
        if not hidden_before and not hidden_after:
            return after
        seen = set(_refs(shown))
        lost: set[Slot] = set()
        for ref, was in hidden_before.items():
            now = hidden_after.get(ref)
            if now == was or now is None or ref in seen:
                continue  # stayed, was revealed, or was seen going
            if was[1] is Zone.DECK and ref in self.placed:
                continue  # left from a deck position the viewer knew: they saw which
            lost.add(was)
        for ref, zone in list(self.tracked.items()):
            if (owner(ref), zone) in lost and ref not in seen and not (
                    zone is Zone.DECK and ref in self.placed):
                del self.tracked[ref]
                self.placed.discard(ref)
        shuffled = isinstance(getattr(event, "order", None), tuple)
        if shuffled:
            who = getattr(event, "player", None)
            self.placed = {ref for ref in self.placed if owner(ref) != who}
        for ref, now in hidden_after.items():
            if (ref not in hidden_before and ref in visible_before) or ref in seen:
                self.tracked[ref] = now[1]  # seen, then hidden: known where it went
                if now[1] is Zone.DECK and not shuffled:
                    self.placed.add(ref)
                else:
                    self.placed.discard(ref)
            elif ref in self.tracked:
                self.tracked[ref] = now[1]
                if now[1] is not Zone.DECK:
                    self.placed.discard(ref)
        for ref in [r for r in self.tracked if r not in hidden_after]:
            del self.tracked[ref]  # visible again (or gone): nothing to track
            self.placed.discard(ref)
        return after

    def unseen_ids(self, state: State, hidden: dict[int, Slot], who: Player) -> list[str]:
        """The card ids of ``who``'s untracked hidden cards as far as the viewer can
        tell: the seat's known cards less every one of them the viewer sees or tracks
        (a multiset, sorted for determinism; it may be shorter than the slots to fill
        when the seat has created cards the viewer never saw)."""
        left = Counter(self.base[who])
        for ref, card_id in state.card_defs.items():
            if owner(ref) == who and (ref not in hidden or ref in self.tracked):
                left[card_id] -= 1
        return sorted(card_id for card_id, n in left.items() for _ in range(max(n, 0)))


def determinize(state: State, knowledge: Knowledge, rng: Rng,
                catalog: Catalog | None = None) -> State:
    """A copy of ``state`` with every card hidden from ``knowledge.viewer`` and not
    tracked by them given an identity drawn from what they can infer, and each deck's
    cards in positions they do not know shuffled among those positions (the module
    docstring has the method); then every season mechanic's record draws again what the
    viewer cannot see of it (``MechanicState.redraw``: which face-down Ouroboros is
    real). ``state`` is not changed."""
    return Draws(state, knowledge, catalog)(rng)


class Draws:
    """``determinize`` of one ``state`` and ``knowledge``, drawn many times: what does not
    depend on the random numbers (the hidden slots, each seat's open references and
    inferable cards) is worked out once. ``Draws(state, knowledge)(rng)`` is
    ``determinize(state, knowledge, rng)``, draw for draw."""

    def __init__(self, state: State, knowledge: Knowledge,
                 catalog: Catalog | None = None) -> None:
        self.state = state
        self.knowledge = knowledge
        self.catalog = catalog if catalog is not None else default_catalog()
        self.hidden = hidden_slots(state, knowledge.viewer)
        self.open_refs = [sorted(ref for ref, slot in self.hidden.items()
                                 if slot[0] == who and ref not in knowledge.tracked)
                          for who in (Player.P1, Player.P2)]
        self.pools = [knowledge.unseen_ids(state, self.hidden, who) if refs else []
                      for who, refs in zip((Player.P1, Player.P2), self.open_refs,
                                           strict=True)]

    def __call__(self, rng: Rng) -> State:
        state, knowledge = self.state, self.knowledge
        world = state.copy()
        defs = dict(state.card_defs)
        for who in (Player.P1, Player.P2):
            open_refs = self.open_refs[who]
            if open_refs:
                _draw_identities(state, knowledge, self.hidden, who, open_refs, defs, rng,
                                 list(self.pools[who]))
            deck = world.players[who].deck
            free = [i for i, ref in enumerate(deck) if ref not in knowledge.placed]
            if len(free) > 1:
                moved = rng.shuffle([deck[i] for i in free])
                for i, ref in zip(free, moved, strict=True):
                    deck[i] = ref
        world.card_defs = defs
        for _, mechanic in sorted(world.mechanics.items()):
            mechanic.redraw(world, knowledge.viewer, rng, self.catalog)
        return world


def drawing() -> Callable[[State, Knowledge, Rng, Catalog | None], State]:
    """``determinize`` for a caller that draws many worlds of one position: each call is
    ``determinize``'s, draw for draw, with the ``Draws`` of the last ``state`` and
    ``knowledge`` asked (the same objects, which the caller must not change meanwhile)
    kept for the next."""
    last: list[Draws] = []

    def draw(state: State, knowledge: Knowledge, rng: Rng,
             catalog: Catalog | None = None) -> State:
        if not last or last[0].state is not state or last[0].knowledge is not knowledge:
            last[:] = [Draws(state, knowledge, catalog)]
        return last[0](rng)

    return draw


def _draw_identities(state: State, knowledge: Knowledge, hidden: dict[int, Slot],
                     who: Player, refs: list[int], defs: dict[int, str], rng: Rng,
                     pool: list[str]) -> None:
    """Give ``refs`` (``who``'s open hidden cards) ids drawn without replacement from
    the inferable multiset ``pool`` (``Knowledge.unseen_ids``, a copy this may change);
    a face-down EX pair first gets two copies of one card."""
    if len(pool) < len(refs):  # created cards never seen: guess from the seat's cards
        known = sorted(card_id for card_id, n in knowledge.base[who].items()
                       for _ in range(n))
        pool += [rng.choice(known) for _ in range(len(refs) - len(pool))] if known else []
    pool = rng.shuffle(pool)
    todo = list(refs)
    pair = _face_down_pair(state, hidden, who, todo)
    if pair is not None:
        counts = Counter(pool)
        weighted = [(card_id, n * (n - 1) // 2) for card_id, n in sorted(counts.items())
                    if n >= 2]
        if weighted:
            pick = rng.randbelow(sum(w for _, w in weighted))
            chosen = weighted[-1][0]
            for candidate, weight in weighted:
                if pick < weight:
                    chosen = candidate
                    break
                pick -= weight
            for ref in pair:
                defs[ref] = chosen
                pool.remove(chosen)
                todo.remove(ref)
    for ref, card_id in zip(todo, pool, strict=False):
        defs[ref] = card_id


def _face_down_pair(state: State, hidden: dict[int, Slot], who: Player,
                    refs: Iterable[int]) -> tuple[int, int] | None:
    """The two open cards of ``who``'s face-down EX attack, if it is one."""
    if state.strike is None:
        return None
    side = state.strike.sides[who]
    face_down = [ref for ref in side.cards if hidden.get(ref) == (who, Zone.STRIKE)
                 and ref in set(refs)]
    if len(face_down) == 2 and side.ex:
        return face_down[0], face_down[1]
    return None
