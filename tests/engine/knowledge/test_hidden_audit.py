"""Hidden-information audit: what each player's view (``observe``) and copy of the events
(``redact``) show, against what the rulebooks hide.

Core rulebook, Strike: "Set a card face-down. [...] the opponent (the defender) sets their
own attack face-down. Then, reveal and resolve both attacks"; The Play Area: "Except for
hand and deck, all areas are face-up and open information to both players". roster.md,
Character flags: ``sealed_area_is_secret``: "its contents are hidden from the opponent".
"""

from __future__ import annotations

from typing import Any

from conftest import CATALOG, P1, P2, boost, position, redacted

from engine import events as ev
from engine.core.apply import apply
from engine.core.decisions import ActionRequest, SetAttackRequest, Strike
from engine.core.ids import Zone
from engine.core.state import SECRET_SEALED
from engine.knowledge.infoset import Knowledge, sight
from engine.knowledge.views import HIDDEN, observe, redact
from engine.play.api import initial_state


def _carl_sets(card: str) -> tuple[list[Any], Any, Any]:
    """Carl Clover (P1) on 3 with Nirvana on 8 strikes with ``card`` against Nehtali (P2)
    on 6, between them: what Nehtali has seen (event kinds, and Carl's attack in her view)
    when she is asked to set her own attack; and the driver."""
    d = position(p1=dict(space=3, buddies={"nirvana_active": 8}, hand=["volante", "grasp"]),
                 p2=dict(space=6, hand=["block"]), chars=("carlclover", "nehtali"))
    d.act(Strike())
    start = len(d.game.events)
    d.set_attack(P1, card)
    d.expect(SetAttackRequest, P2)
    seen = [redact(e, P2) for e in d.game.events[start - 1:]]
    kinds = [type(e).__name__ for e in seen if not isinstance(e, ev.AttackSet)]
    strike = observe(d.state, P2).strike
    assert strike is not None
    return kinds, strike.sides[P1].added, d


def test_carlclover_ability_set_strike_does_not_tell_the_defender_the_attack_kind() -> None:
    """Carl Clover, ability ``set_strike: [if is_buddy_special_or_ultra_attack(nirvana_active)]
    pass + [if opponent_between_buddy(include_buddy_space)] add_attack_effect
    {added_effect=([if is_buddy_special_or_ultra_attack] powerup 1 + speedup 1)}``
    (roster.md, Carl Clover). The set_strike timing runs while his attack is face-down
    (effects.md, Strike order 3: before the defender responds), so the defender may not
    learn from it whether he set a Special (Volante: special, 3-8, 3/1) or a Normal
    (Grasp): core rulebook, Strike, the attack is set face-down and revealed only after
    the defender sets. The engine added the effect (an ``AttackEffectAdded`` in Nehtali's
    copy of the events, and in her view of his attack) only for the Special, so Nehtali
    knew his attack was a Special or Ultra before setting hers. After the fix she sees
    the same either way, and Volante still gets its +1 power and +1 speed at the reveal."""
    special_kinds, special_added, d = _carl_sets("volante")
    normal_kinds, normal_added, _ = _carl_sets("grasp")
    assert special_kinds == normal_kinds
    assert special_added == normal_added
    d.set_attack(P2, "block")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 2  # Volante's 1, +1
    assert [e.amount for e in d.events(ev.StatModified)
            if e.player == P1 and e.stat.name == "POWER"] == [1]


def test_arakune_burst_seals_n_to_infinity_face_down_in_his_secret_sealed_area() -> None:
    """Arakune, n to infinity's boost Burst (immediate, 0): ``draw 2, seal_this, bonus_action``
    (roster.md, Arakune; Flags: ``sealed_area_is_secret=True``: "its contents are hidden
    from the opponent"). Every card sealed into his sealed area lies face down, Burst too
    (as his overdrive's ``seal_topdeck`` and Forbidden Knowledge's sealed card do). The
    engine sealed it face-up (a plain ``CardMoved`` to the sealed area), so Ryu's view of
    Arakune's sealed area showed it and the area was no longer secret. Now Ryu sees one
    hidden card there, Arakune sees his card; the draw and the bonus action still happen."""
    d = position(p1=dict(hand=["ntoinfinity"], deck=["grasp", "cross"], set_aside=[]),
                 p2={}, chars=("arakune", "ryu"))

    boost(d, "ntoinfinity")
    card = d.state.players[P1].sealed[0]
    assert d.name(card) == "n to infinity"
    assert observe(d.state, P2).players[P1].sealed == [HIDDEN]
    assert observe(d.state, P1).players[P1].sealed == [card]
    assert sorted(d.zone(P1, Zone.HAND)) == ["Cross", "Grasp"]
    assert d.expect(ActionRequest).player == P1


def test_morathi_casting_bones_shows_him_the_cards_he_orders_on_his_deck() -> None:
    """Morathi, Gyro Chain Gash's boost Casting Bones (continuous, 2F): ``now: [if
    min_cards_in_deck 3] choose_cards_from_top_deck {look_amount=3,
    action_choices=[add_to_topdeck_under_2]}`` then ``[if min_cards_in_deck 2]
    choose_cards_from_top_deck {look_amount=2, action_choices=[add_to_topdeck_under]}``
    (roster.md, Morathi): he looks at his top 3 cards and puts them back in the order he
    likes (core rulebook, The Play Area, Deck: a card's effect may let you look at your
    deck). He knows which card went where, Ryu does not. The engine hid every card moved
    within his deck from him too (his copy of each ``CardMoved`` deck-to-deck named no
    card), so his replay view and his search agent's knowledge lost the order he had just
    chosen. Now his copy names them (Ryu's still does not), and his knowledge holds the
    cards he put there in place."""
    d = position(p1=dict(hand=["gyrochaingash", "assault", "block"],
                         deck=["grasp", "cross", "dive", "spike"]), p2={},
                 chars=("morathi", "ryu"))
    boost(d, "gyrochaingash", "assault", "block")
    d.select(P1, "dive")  # Dive under the other two: Grasp, Cross, Dive
    d.select(P1, "grasp")  # Grasp under Cross: Cross, Grasp, Dive
    top = d.state.players[P1].deck[:2]  # Cross was then drawn at the end of his turn
    assert d.names(top) == ["Grasp", "Dive"] and d.zone(P1, Zone.HAND) == ["Cross"]
    tucks = [e for e in d.game.events if isinstance(e, ev.CardMoved)
             and e.src is Zone.DECK and e.dst is Zone.DECK]
    assert tucks and all(redact(e, P1) == e for e in tucks)
    assert all(redacted(e, P2).card == HIDDEN for e in tucks)
    assert d.game.setup is not None
    state = initial_state(d.game.setup, CATALOG)
    knowledge = Knowledge.at_deal(state, P1)
    seen = sight(state, P1)
    for event in d.game.events:
        apply(state, event)
        seen = knowledge.fold(seen, event, state)
    assert set(top) <= knowledge.placed


def test_arakunes_face_down_sealed_card_is_not_named_in_the_opponents_view() -> None:
    """Arakune's overdrive effect ``choice <seal_topdeck | pass>`` (roster.md, Arakune; his
    sealed area is secret: "its contents are hidden from the opponent") puts his top card,
    Sweep, face down in his sealed area. Ryu's view (``observe``, what an agent sees) hid
    it in the sealed zone, but the view's ``secret_sealed`` record still listed its card
    reference, which the view's ``card_defs`` turns into "Sweep". Now Ryu's copy of that
    record names no card (one hidden entry), Arakune's still names his."""
    d = position(p1=dict(exceeded=True, overdrive=["grasp", "cross"], deck=["sweep"]),
                 p2={}, chars=("arakune", "ryu"))
    d.select(P1, "grasp")  # the turn-start overdrive discard
    d.choose("sealed")
    [card] = d.state.players[P1].sealed
    assert d.name(card) == "Sweep"
    theirs = observe(d.state, P2)
    assert theirs.players[P1].sealed == [HIDDEN]
    assert card not in theirs.mechanics[SECRET_SEALED].cards[P1]  # type: ignore[attr-defined]
    assert observe(d.state, P1).mechanics[SECRET_SEALED].cards[P1] == [card]  # type: ignore[attr-defined]


def test_waldstein_wild_swung_verderben_is_not_told_before_the_reveal() -> None:
    """Waldstein, Verderben (ultra, 4G, 3-4, 10/1, armor 4): ``set_strike: [if
    was_not_wild_swing] choice <reveal_strike | pass>``, rules
    ``invalid_if_not_set_face_up`` (roster.md, Waldstein). A wild swing is set face-down
    without looking at it (core rulebook, Strike: "A Wild Swing is formed by putting the
    top card of your deck into play face-down without looking at it"), so a wild-swung
    Verderben is invalid, but nobody may know the card before the reveal. The engine ran
    its set effect at once: an ``AttackInvalidated`` naming the card (Verderben) in both
    players' copies, and in Ryu's view (the Under Night record's ``invalidated``), before
    Ryu set his attack. Now nothing is told at the set; at the costs it is invalid
    (discarded, Cross swung instead, no gauge spent), as before."""
    d = position(p1=dict(space=2, hand=["grasp"], gauge=["grasp", "cross", "dive", "spike"],
                         deck=["verderben", "cross", "sweep"]),
                 p2=dict(space=5, hand=["block"]), chars=("waldstein", "ryu"))
    d.act(Strike())
    start = len(d.game.events)
    d.set_attack(P1, "wild")
    d.expect(SetAttackRequest, P2)
    told = [redact(e, who) for e in d.game.events[start:] for who in (P1, P2)]
    assert [type(e).__name__ for e in told] == ["AttackSet", "AttackSet"]
    record = observe(d.state, P2).mechanics.get("under_night")
    assert record is None or not record.invalidated  # type: ignore[attr-defined]
    d.set_attack(P2, "block")
    assert [d.name(e.card) for e in d.events(ev.AttackInvalid)] == ["Verderben"]
    assert [d.name(e.card) for e in d.events(ev.WildSwingRevealed)][-1] == "Cross"
    assert len(d.zone(P1, Zone.GAUGE)) == 4
