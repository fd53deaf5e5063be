"""Fourth, depth-first card audit of ten BlazBlue fighters (Tager, Jin, Noel, Nu-13, Ragna,
Bang, Taokaka, Carl Clover, Hakumen, Litchi): interactions between the fighters' own
mechanics, the false sides of their conditions and the season rules as they touch them,
which the fighters' own tests leave open. This pass found no defect it could fix without
changing what committed logs replay (see the audit's report); the tests below pin
behaviours that were right but untested and subtle.

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, boost, versus

from engine import events as ev
from engine.core.decisions import ActionRequest, Exceed, MoveTo, Prepare
from engine.core.ids import Zone
from engine.core.state import Passive
from engine.core.state.records import holds_passive
from engine.mechanics.blazblue.state import overdrive

G8 = ["grasp", "cross", "dive", "spike", "sweep", "focus", "block", "assault"]

# --- Shishigami Bang against Iron Tager ----------------------------------------------------


def test_bang_instant_ninpo_played_mid_strike_takes_tagers_heavy_armor_away() -> None:
    """Bang's Bang-Style Shuriken (1F, range 1-4, power 1, speed 6): ``before: draw 1 +
    choice <boost_then_sustain {valid_zones=["hand"], sustain=False, ignore_costs=True} |
    pass>``; the boost he plays is another Shuriken's Instant Ninpo (immediate):
    ``discard_continuous_boost 1 {required=True, destination=owner_hand}``, ``choice <draw
    1 | bonus_action>``. Tager's Heavy (Spark Bolt's boost, continuous): ``during_strike:
    speedup -2 + armorup 4``, ``now: ignore_push_and_pull_passive_bonus``, ``discarded:
    remove_ignore_push_and_pull_passive_bonus`` (roster.md). Heavy leaves play for
    Tager's hand in Bang's before step: its +4 armor ends with it (core rulebook, Boosts:
    continuous boost effects "are active until they are discarded ... by a card effect")
    and its ``discarded`` effect ends Tager's push and pull immunity (effects.md,
    discard_continuous_boost: ``owner_hand`` "returns it"). Bang's 1 power then deals 1."""
    d = versus(("bang", "tager"),
               dict(space=3, hand=["bangstyleshuriken", "bangstyleshuriken", "grasp"],
                    deck=["cross", "dive", "spike"]),
               dict(space=4, hand=["sparkbolt", "grasp"]), active=P2)
    boost(d, "sparkbolt")
    assert holds_passive(d.state, P2, Passive.IGNORE_PUSH_AND_PULL)
    d.strike("bangstyleshuriken", "grasp")
    d.pay("grasp")  # the Shuriken's force cost
    d.choose("boost")
    d.select(P1, "bangstyleshuriken")  # Instant Ninpo: Heavy is the only boost in play
    d.choose("draw 1")
    assert "Spark Bolt" in d.zone(P2, Zone.HAND) and d.zone(P2, Zone.BOOSTS) == []
    assert not holds_passive(d.state, P2, Passive.IGNORE_PUSH_AND_PULL)
    [hit] = [e for e in d.events(ev.DamageDealt) if e.target == P2]
    assert (hit.amount, hit.absorbed) == (1, 0)
    assert d.life(P2) == 29


# --- Hakumen --------------------------------------------------------------------------------


def test_hakumen_akumetsu_stunned_still_seals_and_lifts_the_block_at_cleanup() -> None:
    """Hakumen's Akumetsu (Astral Heat, 8G, range 1, power 10, speed 0, guard 0):
    ``during_strike: block_opponent_move``, ``cleanup: seal_this +
    remove_block_opponent_move``, ``during_strike: dodge_at_range 1-1`` (roster.md). Ryu's
    Sweep (range 1-3, power 6) from two spaces away is not dodged and stuns him, so
    Akumetsu never attacks; cleanup runs all the same (core rulebook, Cleanup: "Both
    players do Cleanup even if they are stunned"): Akumetsu is sealed, not discarded,
    and the block ends, so Ryu may Move on his turn."""
    d = versus(("hakumen", "ryu"),
               dict(space=4, hand=["akumetsu"], gauge=G8, set_aside=[]),
               dict(space=6, hand=["sweep"]))
    d.strike("akumetsu", "sweep")
    d.pay(*G8)
    assert d.events(ev.PlayerStunned) == [ev.PlayerStunned(player=P1)]
    assert d.life(P1) == 24 and d.life(P2) == 30
    assert d.zone(P1, Zone.SEALED) == ["Akumetsu"] and "Akumetsu" not in d.zone(P1, Zone.DISCARD)
    assert not holds_passive(d.state, P1, Passive.BLOCKS_OPPONENT_MOVE)
    request = d.expect(ActionRequest, P2)
    assert MoveTo(space=5) in request.choices


def test_hakumen_kicker_with_an_empty_discard_pile_still_makes_his_gauge_free() -> None:
    """Hakumen's kicker ``on_exceed: reshuffle_discard_into_deck + gauge_costs_reduced_passive
    99`` (roster.md; ``+ x`` runs "only if the parent ran", and the parent has no
    condition). With nothing in his discard pile the reshuffle shuffles nothing, yet it
    ran, so the chained free gauge still follows (effects.md, conditions: only a false
    condition skips the ``and`` chain): on his next turn his Kokuujin: Shippu (4G) is
    paid with no gauge at all."""
    d = versus(("hakumen", "ryu"),
               dict(space=3, gauge=G8, hand=["kokuujinshippu"], discard=[]),
               dict(space=5, hand=["block"]))
    d.act(Exceed())
    d.pay(*G8)
    assert d.p(P1).exceeded and d.zone(P1, Zone.GAUGE) == []
    assert d.events(ev.DiscardShuffledIntoDeck) == []
    assert [e.amount for e in d.events(ev.GaugeCostsReduced)] == [99]
    d.act(Prepare())  # Ryu
    assert d.zone(P1, Zone.GAUGE) == []
    d.select(P1, d.name(overdrive(d.state, P1)[0]))  # the turn-start overdrive discard
    d.select(P1, d.name(overdrive(d.state, P1)[0]))  # his overdrive effect: one to hand
    d.strike("kokuujinshippu", "block")
    d.decline()  # Ryu's Block: no force for armor
    assert d.events(ev.AttackInvalid) == []  # valid with an empty gauge
    assert d.zone(P1, Zone.GAUGE) == ["Kokuujin: Shippu"]  # it hit
    assert d.life(P2) == 30 - (4 + 4 - 2)  # in range 1-2: +4; Block's armor 2
