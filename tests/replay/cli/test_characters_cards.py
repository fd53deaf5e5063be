"""``exceed characters FIGHTER``: a fighter's cards read before a game (``replay/cli/
games.py``). A newcomer could list the fighters, but read their cards only inside a game
(``c NAME``) or in the dashboard."""

from __future__ import annotations

import pytest

from tests.replay.cli.test_games import assert_one_line_error, run


def test_a_fighter_s_character_card_and_deck_are_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Ken's character card (Street Fighter: Critical for 1 gauge; his rush), then his
    deck list's cards, each once with its copies (a deck of 30: 15 cards, 2 copies
    each)."""
    code, out, err = run(capsys, ["characters", "Ken Masters"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Ken Masters (fighter): life 30 · exceed cost 3"
    assert "  action Ken's rush: close 1, then draw 1" in lines
    heads = [line for line in lines if " · " in line and line.endswith(("copy", "copies"))]
    assert len(heads) == 15 and all(h.endswith("· 2 copies") for h in heads), heads
    dive = lines.index("Dive (normal) · 2 copies")
    assert lines[dive + 1] == "  power 5 · speed 4 · range 1 · armor 0 · guard 0"
    assert lines[dive + 2] == ("  before: advance 3, then [if you moved past the opponent] "
                               "the opponent's attack misses you")


def test_a_card_set_aside_says_where_it_starts(capsys: pytest.CaptureFixture[str]) -> None:
    """BlazBlue: Hakumen's Astral Heat, Akumetsu, starts set aside."""
    code, out, _ = run(capsys, ["characters", "hakumen"])
    assert code == 0
    assert "Akumetsu (ultra) · 1 copy, starts set aside" in out.splitlines()


def test_an_unknown_fighter_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, ["characters", "ryu", "Kenny"])
    assert_one_line_error(code, out, err, "unknown character 'Kenny'")
    assert out == ""  # nothing printed before the refusal


def test_a_tag_team_prints_both_fighters(capsys: pytest.CaptureFixture[str]) -> None:
    """A Tag Team spec, as ``--p1`` takes it (Street Fighter rulebook, Tag Team)."""
    code, out, _ = run(capsys, ["characters", "ryu+Ken Masters"])
    assert code == 0
    fighters = [line.split(" (fighter)")[0] for line in out.splitlines()
                if " (fighter): " in line]
    assert fighters == ["Ryu", "Ken Masters"]


@pytest.mark.parametrize(("spec", "says"), [
    ("ken+ken", "a Tag Team needs two different characters, got 'ken+ken'"),
    ("ryu+ken+chunli", "a Tag Team is two character ids joined by '+', got 'ryu+ken+chunli'"),
    ("ken+", "a Tag Team is two character ids joined by '+', got 'ken+'"),
])
def test_a_spec_that_is_no_tag_team_is_refused_as_play_refuses_it(
        capsys: pytest.CaptureFixture[str], spec: str, says: str) -> None:
    """Walking the terminal as a newcomer: ``exceed characters ken+ken`` printed Ken's
    cards, and ``ryu+ken+chunli`` three fighters, as if they were teams, where ``exceed
    play --p1 ken+ken`` refuses the seat; ``ken+`` said ``unknown character ''``. The
    refusal is ``play``'s line, nothing printed before it (``ryu`` comes first)."""
    code, out, err = run(capsys, ["characters", "ryu", spec])
    assert (code, out, err) == (2, "", f"exceed characters: {says}\n")
    code, out, err = run(capsys, ["play", "--p1", spec, "--p2", "ryu"])
    assert (code, out, err) == (2, "", f"exceed play: {says}\n")
