"""Core rulebook "Priority Order", "Cleanup" and Glossary "Advantage": who attacks
first, where the cards go after a strike, and who takes the next turn."""

from __future__ import annotations

from conftest import P1, P2, kinds, position

from engine import events as ev
from engine.core.decisions import ActionRequest, ChoiceRequest
from engine.core.ids import Zone

# --- priority ----------------------------------------------------------------------------


def test_higher_speed_goes_first_even_for_the_defender() -> None:
    """Core rulebook, "Priority Order": whoever has the higher speed goes first and is
    the active player (Ken's Grasp, 7, before Ryu's Sweep, 2)."""
    d = position(p1=dict(space=3, hand=["sweep"]), p2=dict(space=4, hand=["grasp"]))
    d.strike("sweep", "grasp")
    [priority] = d.events(ev.PriorityDetermined)
    assert (priority.first, priority.speed_p1, priority.speed_p2) == (P2, 2, 7)
    d.expect(ChoiceRequest, P2)  # Ken's Grasp hit resolves first
    d.choose("pull 1")
    assert [e.player for e in d.events(ev.AttackActivated)] == [P2, P1]


def test_speed_tie_goes_to_the_attacker() -> None:
    """Core rulebook, "Priority Order": in a speed tie, the Attacker becomes the active
    player (Grasp against Grasp, either seat attacking)."""
    for attacker in (P1, P2):
        d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["grasp"]),
                     active=attacker)
        d.strike("grasp", "grasp")
        [priority] = d.events(ev.PriorityDetermined)
        assert priority.speed_p1 == priority.speed_p2 == 7
        assert priority.first == attacker
        d.expect(ChoiceRequest, attacker)


def test_speed_bonuses_count_for_priority() -> None:
    """Core rulebook, "Priority Order" with "Continuous Boosts": Light (+2 speed) makes
    Sweep 4, tying Dive; the attacker goes first."""
    d = position(p1=dict(space=3, hand=["sweep"], boosts=["sweep"]),
                 p2=dict(space=5, hand=["dive"]))
    d.strike("sweep", "dive")
    [priority] = d.events(ev.PriorityDetermined)
    assert (priority.speed_p1, priority.speed_p2, priority.first) == (4, 4, P1)


# --- advantage ---------------------------------------------------------------------------


def test_advantage_gives_the_attacker_the_next_turn() -> None:
    """Core rulebook, "Cleanup" and Glossary "Advantage": a player who gains Advantage
    during the strike takes the next turn (Assault's Hit)."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=5, hand=["block"]))
    d.strike("assault", "block")
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1]
    assert d.events(ev.TurnEnded)[0].next_player == P1
    assert d.expect(ActionRequest).player == P1


def test_without_advantage_the_defender_plays_next() -> None:
    """Core rulebook, "Cleanup": it's now the Defender's turn (Assault missed: Block)."""
    d = position(p1=dict(space=3, hand=["assault"]), p2=dict(space=7, hand=["block"]))
    d.strike("assault", "block")
    assert d.events(ev.AdvantageGained) == []
    assert d.expect(ActionRequest).player == P2


def test_last_player_to_gain_advantage_takes_the_next_turn() -> None:
    """Core rulebook, Glossary "Advantage": if both gain it, the last one to gain it goes
    next. Ken's Assault (speed 5) gains it first, then Ryu's Donkey Kick (4), so the
    attacker Ryu plays again; and the other way round."""
    d = position(p1=dict(space=3, hand=["donkeykick"]), p2=dict(space=5, hand=["assault"]))
    d.strike("donkeykick", "assault")
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P2, P1]
    assert d.expect(ActionRequest).player == P1
    # Ryu's Assault first, then Ken's Sweep with Custom Combo (Hit: gain Advantage).
    d = position(p1=dict(space=3, hand=["assault"]),
                 p2=dict(space=5, hand=["sweep"], boosts=["kneebash"]))
    d.strike("assault", "sweep")
    assert [e.player for e in d.events(ev.AdvantageGained)] == [P1, P2]
    assert d.expect(ActionRequest).player == P2


# --- cleanup -----------------------------------------------------------------------------


def test_cleanup_attacker_first_then_defender() -> None:
    """Core rulebook, "Cleanup": the Attacker cleans up first (boosts, then the attack),
    then the Defender. Ken attacks with Cross (speed 6 + Light 2), hits and retreats;
    Ryu's Grasp (with Defend) then misses."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["spike"]), active=P2,
                 p2=dict(space=4, hand=["cross"], boosts=["sweep"]))
    d.strike("cross", "grasp")
    assert d.life(P1) == 28  # 3 - Defend's 1 armor
    moves = [(e.player, d.name(e.card), e.src, e.dst) for e in d.events(ev.CardMoved)]
    assert moves == [
        (P2, "Sweep", Zone.BOOSTS, Zone.DISCARD),
        (P2, "Cross", Zone.STRIKE, Zone.GAUGE),
        (P1, "Spike", Zone.BOOSTS, Zone.DISCARD),
        (P1, "Grasp", Zone.STRIKE, Zone.DISCARD),
    ]


def test_hit_goes_to_gauge_miss_goes_to_discard() -> None:
    """Core rulebook, "Cleanup" 3: an attack that hit (even without stunning) goes to
    Gauge; one that missed goes to the discard pile."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["hadoken"]))
    d.strike("grasp", "hadoken")
    d.choose("push 1")  # Hadoken (range 3-6) then misses at range 2
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"]
    assert d.zone(P2, Zone.DISCARD) == ["Hadoken"]
    assert d.zone(P2, Zone.GAUGE) == []


def test_continuous_boosts_are_discarded_after_the_strike() -> None:
    """Core rulebook, "Cleanup" 2: discard all Continuous Boosts in your Boost area, for
    both players; their bonuses applied during the strike (Fierce: Grasp deals 5;
    Overpower: Sweep deals 7)."""
    d = position(p1=dict(space=3, hand=["grasp"], boosts=["grasp"]),
                 p2=dict(space=4, hand=["sweep"], boosts=["hadoken"]))
    d.strike("grasp", "sweep")
    d.choose("push 1")
    assert [e.amount for e in d.events(ev.DamageDealt)] == [5, 7]
    assert d.zone(P1, Zone.BOOSTS) == [] and d.zone(P2, Zone.BOOSTS) == []
    assert d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P2, Zone.DISCARD) == ["Hadoken"]


def test_block_goes_to_gauge_without_hitting() -> None:
    """Core rulebook, "Cleanup" with Block's text: Block never hits, but its After puts
    it into Gauge at cleanup."""
    d = position(p1=dict(space=3, hand=["grasp"]), p2=dict(space=4, hand=["block"]))
    d.strike("grasp", "block")
    d.choose("push 1")
    assert d.life(P2) == 29  # 3 - 2 armor; 1 is not more than guard 3
    assert d.events(ev.AttackMissed)[0].reason == ev.MissReason.DOES_NOT_HIT
    assert d.zone(P2, Zone.GAUGE) == ["Block"]


def test_stunned_block_is_discarded() -> None:
    """Core rulebook, Glossary "After" (does not happen if you are stunned): a stunned
    Block loses its After, so it is discarded rather than put into Gauge."""
    d = position(p1=dict(space=3, hand=["sweep"]), p2=dict(space=4, hand=["block"]))
    d.strike("sweep", "block")
    assert d.events(ev.PlayerStunned)[0].player == P2
    assert d.zone(P2, Zone.GAUGE) == []
    assert d.zone(P2, Zone.DISCARD) == ["Block"]


def test_strike_ends_with_no_draw_and_cards_accounted_for() -> None:
    """Core rulebook, "Cleanup": after cleanup no card is left in the strike and
    neither player draws; the turn passes."""
    d = position(p1=dict(space=3, hand=["grasp", "grasp", "cross"]),
                 p2=dict(space=4, hand=["dive", "spike"]))
    d.strike(("grasp", "grasp"), "dive")
    d.choose("push 1")
    assert d.state.strike is None
    assert d.zone(P1, Zone.HAND) == ["Cross"] and d.zone(P2, Zone.HAND) == ["Spike"]
    assert d.zone(P1, Zone.GAUGE) == ["Grasp"] and d.zone(P1, Zone.DISCARD) == ["Grasp"]
    assert d.zone(P2, Zone.DISCARD) == ["Dive"]  # stunned by 4 > 0
    assert kinds(d.log[-3:]) == ["StrikeEnded", "TurnEnded", "TurnStarted"]
