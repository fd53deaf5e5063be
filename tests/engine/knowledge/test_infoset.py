"""Information sets (``engine/knowledge/infoset.py``): what a player knows of the cards hidden from
them, folded from the events as they saw them, and determinizations drawn from it.

Positions come from the scenario builder (Ryu P1, Ken P2); single events are folded on
top as the rules would emit them, so each rule of ``Knowledge.fold`` is pinned alone."""

from __future__ import annotations

from collections import Counter

from conftest import CATALOG, P1, P2

from engine import events as ev
from engine.core.apply import apply
from engine.core.ids import Zone
from engine.core.rng import Rng
from engine.core.state import State
from engine.knowledge.infoset import Knowledge, Sight, determinize, hidden_slots, sight
from engine.play.api import initial_state
from engine.play.scenario import Scenario


class Seen:
    """A position folded event by event with ``viewer``'s knowledge beside it."""

    def __init__(self, scenario: Scenario, viewer: int = P1) -> None:
        self.state: State = initial_state(scenario.setup, CATALOG)
        self.knowledge = Knowledge.at_deal(self.state, P1 if viewer == P1 else P2)
        self.sight: Sight = sight(self.state, self.knowledge.viewer)
        for event in scenario.events():
            self.fold(event)

    def fold(self, event: ev.Event) -> None:
        apply(self.state, event)
        self.sight = self.knowledge.fold(self.sight, event, self.state)

    def ref(self, who: int, zone: str, index: int = 0) -> int:
        return int(getattr(self.state.players[who], zone)[index])


def _ken(**p2: object) -> Scenario:
    fields: dict[str, object] = dict(space=6, hand=["hadoken", "shoryuken", "focus"],
                                     discard=["tatsumakisenpukyaku"])
    fields.update(p2)
    return Scenario("ryu", "ken").player(P1, space=4, hand=["grasp"]).player(P2, **fields)


def test_at_the_deal_nothing_is_tracked_and_kens_hand_is_hidden() -> None:
    """P1 sees their own hand and Ken's discard; Ken's hand and both decks are hidden,
    and nothing hidden is tracked."""
    seen = Seen(_ken())
    hidden = hidden_slots(seen.state, P1)
    assert all(hidden[r] == (P2, Zone.HAND) for r in seen.state.players[P2].hand)
    assert all(r not in hidden for r in seen.state.players[P1].hand)
    assert all(hidden[r][1] is Zone.DECK for r in seen.state.players[P1].deck)
    assert seen.knowledge.tracked == {}


def test_a_card_seen_going_into_the_hand_is_tracked_and_kept_by_determinize() -> None:
    """Ken's Tatsumaki Senpukyaku goes from his discard (open) to his hand: P1 saw it
    and tracks it there; every determinization keeps it, and redraws the other three."""
    seen = Seen(_ken())
    tatsu = seen.ref(P2, "discard")
    seen.fold(ev.CardMoved(player=P2, card=tatsu, src=Zone.DISCARD, dst=Zone.HAND,
                           reason=ev.MoveReason.EFFECT))
    assert seen.knowledge.tracked == {tatsu: Zone.HAND}
    others = [r for r in seen.state.players[P2].hand if r != tatsu]
    changed = 0
    for j in range(50):
        world = determinize(seen.state, seen.knowledge, Rng(j), CATALOG)
        assert world.card_defs[tatsu] == seen.state.card_defs[tatsu]
        changed += any(world.card_defs[r] != seen.state.card_defs[r] for r in others)
    assert changed > 40


def test_an_unseen_card_leaving_the_hand_untracks_every_card_tracked_there() -> None:
    """After the Tatsumaki Senpukyaku is tracked into Ken's hand, an unseen card of his
    hand goes to the bottom of his deck: P1 cannot tell which, so nothing stays tracked."""
    seen = Seen(_ken())
    tatsu = seen.ref(P2, "discard")
    seen.fold(ev.CardMoved(player=P2, card=tatsu, src=Zone.DISCARD, dst=Zone.HAND,
                           reason=ev.MoveReason.EFFECT))
    gone = seen.ref(P2, "hand", 0)
    seen.fold(ev.CardMoved(player=P2, card=gone, src=Zone.HAND, dst=Zone.DECK,
                           reason=ev.MoveReason.EFFECT, bottom=True))
    assert seen.knowledge.tracked == {}


def test_a_card_put_on_top_of_the_deck_keeps_its_position_until_a_shuffle() -> None:
    """Ken's Tatsumaki Senpukyaku goes face up from his discard to the top of his deck:
    P1 knows the top card, so every determinization keeps it on top; once the deck is
    shuffled P1 still knows it is in the deck, but not where."""
    seen = Seen(_ken())
    tatsu = seen.ref(P2, "discard")
    seen.fold(ev.CardMoved(player=P2, card=tatsu, src=Zone.DISCARD, dst=Zone.DECK,
                           reason=ev.MoveReason.EFFECT))
    assert seen.knowledge.tracked == {tatsu: Zone.DECK} and tatsu in seen.knowledge.placed
    for j in range(20):
        world = determinize(seen.state, seen.knowledge, Rng(j), CATALOG)
        assert world.players[P2].deck[0] == tatsu
    order = tuple(reversed(seen.state.players[P2].deck))
    seen.fold(ev.DeckShuffled(player=P2, order=order))
    assert seen.knowledge.tracked == {tatsu: Zone.DECK} and not seen.knowledge.placed
    tops = Counter(determinize(seen.state, seen.knowledge, Rng(j), CATALOG).players[P2]
                   .deck.index(tatsu) for j in range(60))
    assert len(tops) > 10


def test_an_unseen_draw_from_the_top_takes_the_known_top_card_into_the_hand() -> None:
    """With the Tatsumaki Senpukyaku known on top of Ken's deck, Ken draws a card P1
    does not see: it can only be that one, so P1 tracks it in his hand."""
    seen = Seen(_ken())
    tatsu = seen.ref(P2, "discard")
    seen.fold(ev.CardMoved(player=P2, card=tatsu, src=Zone.DISCARD, dst=Zone.DECK,
                           reason=ev.MoveReason.EFFECT))
    seen.fold(ev.CardMoved(player=P2, card=tatsu, src=Zone.DECK, dst=Zone.HAND,
                           reason=ev.MoveReason.DRAW))
    assert seen.knowledge.tracked == {tatsu: Zone.HAND} and not seen.knowledge.placed


def test_ken_sees_his_own_hand_and_only_decks_are_redrawn_for_him() -> None:
    """From Ken's side his hand is open: determinizations keep it and redraw Ryu's hand
    and both decks."""
    seen = Seen(_ken(), viewer=P2)
    real = [seen.state.card_defs[r] for r in seen.state.players[P2].hand]
    for j in range(20):
        world = determinize(seen.state, seen.knowledge, Rng(j), CATALOG)
        assert [world.card_defs[r] for r in world.players[P2].hand] == real


def test_face_down_ouroboros_is_redrawn_for_the_opponent_only() -> None:
    """Hazama's Ouroboros placed face down (the real one, on 4): in Nehtali's
    determinizations the token on 4 is the fake or the real one, about half each; in
    Hazama's it is always the real one (BuddyPlacedFaceDown; roster.md, Hazama)."""
    scenario = Scenario("hazama", "nehtali").player(P1, space=3).player(P2, space=7)
    for viewer, expected in ((P2, {"ouroboros_move", "ouroboros_nothing"}),
                             (P1, {"ouroboros_move"})):
        seen = Seen(scenario, viewer=viewer)
        seen.fold(ev.BuddyPlacedFaceDown(player=P1, buddy="ouroboros_move", space=4,
                                         shown_as="ouroboros_secret"))
        drawn: Counter[str] = Counter()
        for j in range(200):
            world = determinize(seen.state, seen.knowledge, Rng(j), CATALOG)
            spaces = world.mechanics["buddies"].spaces[P1]  # type: ignore[attr-defined]
            assert list(spaces.values()) == [4]
            drawn.update(list(spaces))
        assert set(drawn) == expected
        if viewer == P2:
            assert 60 < drawn["ouroboros_nothing"] < 140
