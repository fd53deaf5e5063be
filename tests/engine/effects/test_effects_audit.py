"""Effects audit: effect keywords and strike resolution checked against the reference
glossary (/work/shared/reference/effects.md), each test naming its entry. Card facts:
roster.md."""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev


def test_speedup_by_spaces_modifier_is_live_at_the_hit_check() -> None:
    """effects.md, ``speedup_by_spaces_modifier``: "Live modifier: +N speed per empty
    space between the fighters." Vega's Rolling Crystal Flash (speed 2, range 1, power 3;
    during_strike: speedup_by_spaces_modifier 1; before: close 5; hit: push 3) from
    space 2 against Orie's Sacred Arrow (speed 2; higher_speed_misses at speed 5 or more)
    on 8: five empty spaces make it speed 7, so it goes first; it closes to 7, where no
    space is left between them and its speed is 2 again: at the hit check it is not
    fast enough to be dodged, and it hits for 3 and pushes Orie to 9."""
    d = position(p1=dict(space=2, hand=["rollingcrystalflash"]),
                 p2=dict(space=8, hand=["sacredarrow"]), chars=("vega", "orie"))
    d.strike("rollingcrystalflash", "sacredarrow")
    assert d.events(ev.PriorityDetermined)[0].speed_p1 == 7
    assert d.space(P1) == 7
    assert [e.player for e in d.events(ev.AttackHit)][:1] == [P1]
    assert d.life(P2) == 27
    assert d.space(P2) == 9


def test_per_boost_modifiers_are_live_all_boosts() -> None:
    """effects.md, ``rangeup_per_boost_modifier`` and ``speedup_per_boost_modifier``:
    "Live modifier: +amount/+amount2 range per continuous boost you have in play
    (``all_boosts``: both players')". Linne's The Diviner (2G, range 2-3, power 6, speed
    3; during_strike: rangeup_per_boost_modifier 0/1 {all_boosts},
    speedup_per_boost_modifier 1 {all_boosts}) with two boosts in play (her Resistance,
    armor 1 and guard 3; Platinum's Magical Bomb): range 2-5, speed 5, tied with
    Platinum's Mystique Momo (range 2-5, power 2, speed 5), and Platinum initiated, so
    Momo goes first and discards Magical Bomb for +2 power: it hits Linne 5 away for 4,
    3 after armor, no stun against guard 3. One boost is left: The Diviner reaches 2-4
    only and misses Platinum 5 away."""
    d = position(p1=dict(space=2, hand=["thediviner"], gauge=["cross", "dive"],
                         boosts=["elusiveflash"]),
                 p2=dict(space=7, hand=["mystiquemomo"], boosts=["dramaticsammy"]),
                 chars=("linne", "platinum"), active=P2)
    d.strike("mystiquemomo", "thediviner")
    d.pay("cross", "dive")
    assert d.events(ev.PriorityDetermined)[0].first == P2
    d.choose("Magical Bomb")
    assert d.life(P1) == 27
    assert d.events(ev.AttackSkipped) == []
    missed = [e for e in d.events(ev.AttackMissed) if e.player == P1]
    assert [e.reason for e in missed] == [ev.MissReason.OUT_OF_RANGE]
    assert d.life(P2) == 30


def test_speed_conditions_read_the_live_speed_modifier() -> None:
    """effects.md, ``speedup_by_spaces_modifier`` (live) read by a speed condition
    (``opponent_speed_less_or_equal``, "the opponent's total speed is at most N").
    Byakuya's Caught You! (range 1-4, power 3, speed 8; before: [if
    opponent_speed_less_or_equal 4] attack_does_not_hit) on 6 against Vega's Rolling
    Crystal Flash (speed 2, +1 per empty space) on 2: three empty spaces make Vega speed
    5, so Byakuya goes first and his attack hits Vega at range 4 for 3, stunning her
    (guard 0): her attack never comes."""
    d = position(p1=dict(space=6, hand=["caughtyou"]),
                 p2=dict(space=2, hand=["rollingcrystalflash"]), chars=("byakuya", "vega"))
    d.strike("caughtyou", "rollingcrystalflash")
    assert d.events(ev.PriorityDetermined)[0].speed_p2 == 5
    assert [e.player for e in d.events(ev.AttackHit)] == [P1]
    assert d.life(P2) == 27
    assert [e.player for e in d.events(ev.AttackSkipped)] == [P2]
