"""Strike summaries: the rulebook example field by field, and invariants over the samples."""

from __future__ import annotations

import itertools

import msgspec
from conftest import P1, P2, position

from engine import events as ev
from engine.recording.game_log import GameLog
from replay.strikes import StrikeSummary, strike_summaries, summarise_strikes


def test_street_fighter_rulebook_example_field_by_field() -> None:
    """Ryu's Tatsumaki (p1, space 3) vs Ken's Hadoken (p2, space 7), SF rulebook."""
    d = position(p1=dict(space=3, hand=["tatsumakisenpukyaku"]),
                 p2=dict(space=7, hand=["hadoken"]))
    initial = d.state.copy()  # the driver's log starts here, in turn 1
    assert initial.turn == 1
    d.strike("tatsumakisenpukyaku", "hadoken")
    d.choose("pass")
    summaries = summarise_strikes(initial, d.log)
    assert len(summaries) == 1
    start = next(i for i, e in enumerate(d.log) if isinstance(e, ev.StrikeStarted))
    end = next(i for i, e in enumerate(d.log) if isinstance(e, ev.StrikeEnded))

    def at(kind: type[ev.AttackHit | ev.PlayerStunned], player: int) -> int:
        return next(i for i, e in enumerate(d.log)
                    if isinstance(e, kind) and e.player == player)

    expected = StrikeSummary(
        strike=1, turn=1, first_event=start, last_event=end,
        attacker=0, defender=1, first=1,
        a_card="ryu_tatsumakisenpukyaku", d_card="ken_hadoken",
        a_set_card="ryu_tatsumakisenpukyaku", d_set_card="ken_hadoken",
        a_ex=False, d_ex=False, a_wild=False, d_wild=False,
        a_critical=False, d_critical=False, a_invalid=0, d_invalid=0,
        a_speed=3, d_speed=4, a_hit=True, d_hit=True,
        a_damage=5, d_damage=4, a_absorbed=0, d_absorbed=0,
        a_stunned=False, d_stunned=True, a_distance=2, d_distance=4,
        a_space_before=3, d_space_before=7, a_space_after=5, d_space_after=7,
        a_life_before=30, d_life_before=30, a_life_after=26, d_life_after=25,
        a_gauge_before=0, d_gauge_before=0, a_gauge_after=1, d_gauge_after=1,
        advantage=None,
        # Ken's faster Hadoken hits first, Ryu's Tatsumaki hits back and stuns
        a_hit_event=at(ev.AttackHit, 0), d_hit_event=at(ev.AttackHit, 1),
        a_stun_event=None, d_stun_event=at(ev.PlayerStunned, 1),
        a_fighter="ryu", d_fighter="ken",  # the fighters in play (no seats given)
    )
    assert expected.d_hit_event < expected.a_hit_event < expected.d_stun_event  # type: ignore[operator]
    assert msgspec.structs.asdict(summaries[0]) == msgspec.structs.asdict(expected)


def test_one_summary_per_strike_started(sample_logs: list[GameLog]) -> None:
    for log in sample_logs:
        summaries = strike_summaries(log)
        starts = [i for i, e in enumerate(log.events()) if isinstance(e, ev.StrikeStarted)]
        assert [s.first_event for s in summaries] == starts, log.name
        assert [s.strike for s in summaries] == list(range(1, len(starts) + 1))
        assert log.trailer is not None and len(summaries) == log.trailer.strikes


def test_life_carries_over_between_strikes_without_damage(sample_logs: list[GameLog]) -> None:
    checked = 0
    for log in sample_logs:
        events = list(log.events())
        summaries = strike_summaries(log)
        for before, after in itertools.pairwise(summaries):
            between = events[before.last_event + 1 : after.first_event]
            if any(isinstance(e, ev.DamageDealt | ev.LifeSpent | ev.LifeGained)
                   for e in between):
                continue  # life changed outside a strike (Ragna spends it to draw)
            if any(isinstance(e, ev.FighterSwitched) for e in events[before.first_event :
                                                                      after.last_event + 1]):
                continue  # Tag Team: another fighter's life is now in play
            life_after = {before.attacker: before.a_life_after, before.defender: before.d_life_after}
            life_before = {after.attacker: after.a_life_before, after.defender: after.d_life_before}
            assert life_after == life_before, (log.name, after.strike)
            checked += 1
    assert checked > 50


def test_summaries_agree_with_the_events(sample_logs: list[GameLog]) -> None:
    """Damage, life and the range checks are consistent with the strike's own events:
    a fighter's life falls by the damage it took and the life it spent, and rises by the
    life it gained (Ragna's ability, ``hit: gain_life 1``)."""
    for log in sample_logs:
        events = list(log.events())
        for s in strike_summaries(log):
            inside = events[s.first_event : s.last_event + 1]
            dealt = {0: 0, 1: 0}
            other = {0: 0, 1: 0}
            for e in inside:
                if isinstance(e, ev.DamageDealt):
                    dealt[1 - e.target] += e.amount
                elif isinstance(e, ev.LifeSpent):
                    other[e.player] += e.amount
                elif isinstance(e, ev.LifeGained):
                    other[e.player] -= e.amount
            assert (s.a_damage, s.d_damage) == (dealt[s.attacker], dealt[s.defender])
            assert s.a_life_before - s.a_life_after == s.d_damage + other[s.attacker]
            assert s.d_life_before - s.d_life_after == s.a_damage + other[s.defender]
            assert s.a_hit <= (s.a_distance is not None)
            assert s.d_hit <= (s.d_distance is not None)
            assert s.first in (s.attacker, s.defender)
            if s.a_set_card is None:
                assert s.a_wild
            if s.a_invalid == 0 and s.a_set_card is not None:
                assert s.a_card == s.a_set_card


def test_attack_set_from_gauge_and_a_trap_on_the_arena_are_summarised() -> None:
    """Hyde's exceeded action #0 (``strike_from_gauge``) sets Pale Bringer from his gauge:
    ``a_set_from`` is ``gauge`` and Ryu's (set from hand) ``d_set_from`` is ``hand``.
    No trap or buddy is on the arena: ``a_objects = d_objects = 0``."""
    from engine.core.decisions import CharacterAction
    d = position(p1=dict(space=4, exceeded=True, hand=["grasp"], gauge=["cross", "palebringer"]),
                 p2=dict(space=5, hand=["sweep"]), chars=("hyde", "ryu"))
    initial = d.state.copy()
    d.act(CharacterAction(index=0))
    d.pay("cross")
    d.set_attack(P2, "sweep")
    (summary,) = summarise_strikes(initial, d.log)
    assert (summary.a_card, summary.a_set_from, summary.d_set_from) == (
        "hyde_palebringer", "gauge", "hand")
    assert (summary.a_objects, summary.d_objects) == (0, 0)


def test_a_wild_swing_is_set_from_the_deck_and_traps_are_counted() -> None:
    """A wild swing at set time is ``set_from`` ``deck``; a Test Trap of P1's on space 5
    when the strike starts is ``a_objects = 1`` (UNI rulebook, Trap Boosts)."""
    from uni_fixture import UNI_CATALOG

    from engine.play.scenario import Scenario
    builder = (Scenario("unitester", "unitester", UNI_CATALOG)
               .player(P1, space=3, hand=["dive"], boosts=["trap"], traps={"trap": 5},
                       deck=["cross"])
               .player(P2, space=4, hand=["spike"], deck=["block"]))
    from conftest import Driver
    d = Driver(builder.game(0))
    initial = d.state.copy()
    d.strike("wild", "spike")
    (summary,) = summarise_strikes(initial, d.log)
    assert (summary.a_wild, summary.a_set_from, summary.d_set_from) == (True, "deck", "hand")
    assert (summary.a_objects, summary.d_objects) == (1, 0)


def test_an_attack_measured_from_a_buddy_or_the_center_names_its_origin() -> None:
    """``a_origin``: Chaos's Cold Reflection after his character action measures its
    range from Azhi (``calculate_range_from_buddy``): ``azhi``; Mika's Galaxy from the
    center space (``calculate_range_from_center``): ``center``; a plain attack: empty."""
    from engine.core.decisions import CharacterAction
    d = position(dict(space=2, hand=["coldreflection"]), dict(space=7, hand=["assault"]),
                 chars=("chaos", "nehtali"))
    initial = d.state.copy()
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "coldreflection")
    d.move_to(P1, 6)
    d.set_attack(P2, "assault")
    (summary,) = summarise_strikes(initial, d.log)
    assert (summary.a_origin, summary.d_origin) == ("azhi", "")
    d = position(dict(space=2, hand=["galaxy"], gauge=["grasp", "cross", "dive"]),
                 dict(space=5, hand=["block"]), chars=("mika", "nehtali"))
    initial = d.state.copy()
    d.strike("galaxy", "block")
    d.pay("grasp", "cross", "dive")
    (summary,) = summarise_strikes(initial, d.log)
    assert summary.a_origin == "center" and summary.a_hit


def test_exceed_mode_and_overdrive_at_the_strike_start_are_summarised() -> None:
    """``a_exceeded`` / ``a_overdrive``: Ragna in Overdrive with two cards left after his
    turn-start discard strikes: exceeded, overdrive 1; Ryu neither."""
    d = position(dict(space=4, exceeded=True, overdrive=["grasp", "cross"],
                      hand=["hellsfang"]),
                 dict(space=5, hand=["block"]), chars=("ragna", "ryu"))
    d.select(P1, "grasp")
    d.choose("pass")
    initial, start = d.state.copy(), len(d.log)
    d.strike("hellsfang", "block")
    (summary,) = summarise_strikes(initial, d.log[start:])
    assert (summary.a_exceeded, summary.a_overdrive) == (True, 1)
    assert (summary.d_exceeded, summary.d_overdrive) == (False, 0)
