"""The card a divergence names when its first differing event is about both seats.

Found walking the developer's path of the README: a scratch engine with Ryu's Hadoken at
speed 9 verified ``sample_games`` with ``exceed verify --jobs 2`` into 11 groups, each
"priority vs priority" named after whatever card the recorded decision set (Knee Bash,
Sweep, Block...) or no card at all, never Hadoken. A ``priority`` event names no card and
no player, so ``involved`` fell back to the decision's card. It now names the attack of
the seat whose speed differs, and for a ``revealed`` event the card of the seat whose
attack differs.

The sample and its step are ``test_verify``'s: in decision 23 p1 Ryu's Hadoken (speed 4)
meets p2 Ken's Tatsumaki Senpukyaku (speed 3); the decision is p1's, setting Hadoken.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine.cards.catalog import Catalog, default_catalog
from engine.recording.record import read_game
from replay.cli import main
from replay.verification import verify as verify_module
from replay.verification.triage import group_key
from replay.verification.verify import verify

from .test_verify import KEN_TATSU, SAMPLE, STEP, Steps, altered_copy

REVEALED = 1  # the step's 2nd event: revealed(p1=(19,), p2=(125,))
KEN_GRASP = 100  # a card of Ken's in the step's boosts


def faster(card_id: str, by: int = 3) -> Catalog:
    """This engine's catalog with ``card_id`` ``by`` speed faster."""
    cat = default_catalog()
    cards = dict(cat.cards)
    cards[card_id] = msgspec.structs.replace(cards[card_id], speed=cards[card_id].speed + by)
    return Catalog(cards=cards, characters=cat.characters)


def test_a_faster_defending_attack_is_named_not_the_decisions_card() -> None:
    verdict = verify(read_game(SAMPLE), faster(KEN_TATSU))
    d = verdict.divergence
    assert d is not None
    assert (d.decision, d.expected_tag, d.actual_tag) == (23, "priority", "priority")
    assert d.decided.endswith("-- Hadoken")  # the decision sets Ryu's Hadoken...
    assert (d.card, d.card_name) == (KEN_TATSU, "Tatsumaki Senpukyaku")  # ...Ken's is faster
    key = group_key(verdict)
    assert key is not None and key.origin.endswith(f"; card {KEN_TATSU}")


def test_cli_names_the_card_whose_speed_differs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    alt = faster(KEN_TATSU)
    monkeypatch.setattr(verify_module, "default_catalog", lambda: alt)
    code = main(["verify", str(SAMPLE)])
    out, err = capsys.readouterr()
    assert (code, err) == (1, "")
    assert ("  involved: card Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku); cause the rule: "
            "strike") in out.splitlines()
    assert "priority(first=p2, speed_p1=4, speed_p2=6)" in out


def test_a_faster_attack_of_the_deciding_seat_is_still_named() -> None:
    d = verify(read_game(SAMPLE), faster("ryu_hadoken", by=-2)).divergence
    assert d is not None and d.expected_tag == "priority"
    assert d.card == "ryu_hadoken"


def test_a_reveal_that_differs_names_the_seat_whose_attack_differs(tmp_path: Path) -> None:
    def other_attack(steps: Steps) -> None:
        events = steps[STEP]["events"]
        assert isinstance(events, list) and events[REVEALED] == ["revealed", [19], [125]]
        events[REVEALED] = ["revealed", [19], [KEN_GRASP]]

    d = verify(read_game(altered_copy(tmp_path, "reveal.exlog", other_attack))).divergence
    assert d is not None and (d.expected_tag, d.actual_tag) == ("revealed", "revealed")
    assert d.card == "standard_normal_grasp"  # p2's recorded attack, not p1's Hadoken
