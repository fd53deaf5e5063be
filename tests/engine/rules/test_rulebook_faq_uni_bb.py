"""Under Night In-Birth and BlazBlue rulebooks, read ruling by ruling (their FAQ,
Glossary, Gameplay Example and season rules), each test quoting the words it checks and
playing them on a position of real fighters of the season (card facts: roster.md).

Rulebooks: ``/work/shared/rulebooks/under-night-rulebook.txt`` and
``blazblue-rulebook.txt``. Most of their rulings are pinned elsewhere (see
``tests/engine/rules/test_uni_rules.py``, ``tests/engine/mechanics/test_season_audit.py``,
``test_under_night.py``, ``test_blazblue.py``); these are the ones no test played.
"""

from __future__ import annotations

from conftest import P1, P2, position

from engine import events as ev
from engine.core.decisions import ActionRequest
from engine.core.ids import Zone

# --- the rulebooks' GAMEPLAY EXAMPLE, with the season's own fighters -------------------


def test_blazblue_gameplay_example_ragna_focus_against_jin_dive() -> None:
    """BlazBlue rulebook, GAMEPLAY EXAMPLE 1-4: "Ragna goes first ... initiates a Strike
    ... Jin also puts a card from his hand face-down. ... Jin's Dive attack has a higher
    Speed, so it executes first! Its effect moves Jin 3 spaces, and he is now in Range
    ... Ragna's Focus has 2 Armor so Jin's damage dealt reduced from 5 to 3. ... not
    enough to break Ragna's Guard and stun him, so Ragna's Focus attack executes! Ragna
    hits Jin for 4 damage putting him at 26 life! Ragna's Focus attack also draws Ragna a
    card ... both attacks go to their Gauge ... gameplay proceeds with Jin's turn."

    Ragna (P1, space 3) and Jin (P2, space 7) with the standard Focus and Dive (roster.md,
    ``standard`` normals: Dive 1/5/4 before advance 3; Focus 1-2/4/1, armor 2, guard 5,
    after draw 1). Ragna's ability (roster.md, Ragna: ``hit: gain_life 1``) heals him 1
    as Focus hits, which the example does not mention (the golden rule: the card wins):
    30 - 3 + 1 = 28. Jin's ability (``set_strike: gauge_for_effect``) asks nothing with
    no gauge. Jin, Dive's guard 0, is stunned by the 4 after he has attacked."""
    d = position(p1=dict(space=3, hand=["focus"], deck=["cross"]),
                 p2=dict(space=7, hand=["dive"]), chars=("ragna", "jin"))
    d.strike("focus", "dive")
    assert [e.player for e in d.events(ev.AttackActivated)] == [P2, P1]
    assert d.space(P2) == 4 and d.space(P1) == 3
    assert [(e.target, e.amount, e.absorbed) for e in d.events(ev.DamageDealt)] == [
        (P1, 3, 2), (P2, 4, 0)]
    assert d.life(P2) == 26
    assert d.life(P1) == 28
    assert [e.player for e in d.events(ev.PlayerStunned)] == [P2]
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P2, Zone.GAUGE) == ["Dive"]
    assert d.expect(ActionRequest).player == P2


def test_under_night_gameplay_example_with_hyde_and_linne() -> None:
    """UNI rulebook, GAMEPLAY EXAMPLE 1-4, played by the example's own fighters, Hyde
    (P1, space 3) and Linne (P2, space 7), now in the data (the older test in
    ``test_uni_rules.py`` used stand-in seats): "Linne's Dive attack has a higher
    Speed, so it executes first! Its effect moves Linne 3 spaces ... Hyde's Focus has
    2 Armor so Linne's damage dealt reduced from 5 to 3 ... not enough to break Hyde's
    Guard ... Hyde hits Linne for 4 damage putting her at 26 life! Hyde's Focus attack
    also draws Hyde a card ... both attacks go to their Gauge ... gameplay proceeds with
    Linne's turn." Neither fighter has a basic ability (roster.md, Hyde and Linne:
    ``Ability: -``); both use the ``uni`` Focus and Dive (the same numbers)."""
    d = position(p1=dict(space=3, hand=["focus"], deck=["cross"]),
                 p2=dict(space=7, hand=["dive"]), chars=("hyde", "linne"))
    d.strike("focus", "dive")
    assert [e.player for e in d.events(ev.AttackActivated)] == [P2, P1]
    assert d.space(P2) == 4 and d.space(P1) == 3
    assert d.life(P1) == 27 and d.life(P2) == 26
    assert d.zone(P1, Zone.HAND) == ["Cross"]
    assert d.zone(P1, Zone.GAUGE) == ["Focus"]
    assert d.zone(P2, Zone.GAUGE) == ["Dive"]
    assert d.expect(ActionRequest).player == P2
