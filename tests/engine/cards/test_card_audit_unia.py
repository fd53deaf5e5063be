"""Card audit (second pass) of the first ten Under Night In-Birth fighters (byakuya,
carmine, chaos, enkidu, gordeau, hilda, hyde, linne, londrekia, merkava): places where the
engine played a card differently from roster.md / effects.md, each test failing before
its fix.

A test's docstring names the fighter, the card and its data (roster.md notation), what
should happen and why.
"""

from __future__ import annotations

from conftest import P1, P2, versus

from engine.core.decisions import CharacterAction, SetAttackRequest
from engine.core.ids import Zone
from engine.core.state import Stat

TPS = "threepreceptstrike"


# --- Enkidu ---------------------------------------------------------------------------------


def test_enkidu_exceed_ability_seals_a_three_precept_strike_from_gauge_without_asking() -> None:
    """Enkidu, exceed ability: ``set_strike: [if used_character_action(exceed, 0)]
    specific_card_seal_from_gauge {copy_id=enkidu_threepreceptstrike, seal_effect=(powerup
    2 + speedup 1)}`` (roster.md). effects.md, ``specific_card_seal_from_gauge``: "If a
    copy of `copy_id` is in your gauge, seal it, then run `seal_effect`": no choice, as
    its twin ``specific_card_discard_to_hand`` (his default action) gives none. Enkidu's
    exceeded strike action with a Three Precept Strike in gauge: the copy is sealed as
    he sets Tidal Spin, the next request is Nehtali's set, and Tidal Spin hits Block for
    5 + 2 - 2 armor = 5. The engine asked Enkidu whether to seal (a SelectCardsRequest of
    0..1 cards) before Nehtali could set."""
    d = versus(("enkidu", "nehtali"),
             dict(space=4, hand=["tidalspin"], gauge=[TPS, "grasp"], exceeded=True),
             dict(space=5, hand=["block"]))
    d.act(CharacterAction(index=0))
    d.set_attack(P1, "tidalspin")
    d.expect(SetAttackRequest, P2)
    d.set_attack(P2, "block")
    assert d.zone(P1, Zone.SEALED) == ["Three Precept Strike"]
    assert 2 in d.stat_mods(P1, Stat.POWER) and 1 in d.stat_mods(P1, Stat.SPEED)
    assert d.life(P2) == 25
