"""The Search page (``dashboard/app_pages/search.py``): the pattern from the URL, results
as links to the Game page at their event, a bad pattern as one line; and the Game page's
``&event=N`` deep link (the viewer right after event N, counted from 1; ``at=`` still
works)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import data
from dashboard.data import plain
from replay.query import GameRow, character_name, find_moments, game, open_source

SEARCH_PAGE = "app_pages/search.py"
GAME_PAGE = "app_pages/game.py"
PATTERN = "hit damage>=5 range=1"


def _viewer_header(at: AppTest) -> str:
    headers = [m.value for m in at.markdown if m.value.startswith(("**turn ", "**setup "))]
    assert len(headers) == 1, headers
    return headers[0]


def _results(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("[")]


def test_the_pattern_in_the_url_lists_the_moments_as_links(app: Callable[..., AppTest],
                                                           index_path: Path) -> None:
    expected = find_moments(open_source(index_path), PATTERN)
    assert expected  # the sample games hold such hits
    at = app()
    at.query_params["q"] = PATTERN
    at.switch_page(SEARCH_PAGE).run()
    assert not at.exception
    assert at.text_input(key="search.q").value == PATTERN
    results = _results(at)
    assert len(results) == len(expected)
    first = expected[0]
    row = game(open_source(index_path), first.game_id)
    assert row is not None
    named = plain(f"p1 {character_name(row.p1)} vs p2 {character_name(row.p2)}, seed {row.seed}")
    assert results[0] == (f"[{named}](game?game={first.game_id}&event="
                          f"{first.event + 1}) turn {first.turn}, strike {first.strike}, "
                          f"event {first.event + 1}: {plain(first.description)}")


def test_typing_a_pattern_puts_it_in_the_url(app: Callable[..., AppTest]) -> None:
    at = app(page=SEARCH_PAGE)
    assert _results(at) == []
    at.text_input(key="search.q").set_value("decked_out").run()
    assert at.query_params["q"] == ["decked_out"] or at.query_params["q"] == "decked_out"
    assert not at.exception and not at.error


def test_a_bad_pattern_is_one_line(app: Callable[..., AppTest]) -> None:
    at = app()
    at.query_params["q"] = "hit dmg>=7"
    at.switch_page(SEARCH_PAGE).run()
    assert [e.value for e in at.error] == [plain(
        "pattern: at column 5, 'dmg': unknown condition; known: card, damage, fighter, "
        "player, range, role, speed, turn")]
    assert _results(at) == []


def test_an_event_link_opens_the_viewer_just_after_that_event(
        app: Callable[..., AppTest], index_path: Path, sample_rows: list[GameRow]) -> None:
    """``event=N`` counts from 1 (docs/log-format.md): the viewer shows "event N", the
    table right after the N-th event (stream index N - 1, the moment's stored index)."""
    moment = find_moments(open_source(index_path), PATTERN)[0]
    game = next(g for g in sample_rows if g.game_id == moment.game_id)
    at = app()
    at.query_params.update({"game": moment.game_id, "event": str(moment.event + 1),
                            "as": "p1"})
    at.switch_page(GAME_PAGE).run()
    assert not at.exception
    assert f"event {moment.event + 1}/{game.events}" in _viewer_header(at)
    assert _viewer_header(at).endswith("as p1**")


def test_a_bad_event_in_a_link_is_one_line(app: Callable[..., AppTest],
                                          longest: GameRow) -> None:
    at = app()
    at.query_params.update({"game": longest.game_id, "event": "99999"})
    at.switch_page(GAME_PAGE).run()
    assert not at.exception
    assert [w.value for w in at.warning
            if plain("event=99999 is outside this game's events") in w.value]
    at = app()
    at.query_params.update({"game": longest.game_id, "at": "40"})
    at.switch_page(GAME_PAGE).run()
    assert f"event 40/{longest.events}" in _viewer_header(at)


def test_a_pattern_that_reads_two_ways_gets_finds_note(app: Callable[..., AppTest]) -> None:
    """``stunned by fighter=zangief card=Sweep`` binds ``by`` to one condition (docs/
    search.md, Grammar); ``exceed find`` says how it read it, and the page now does too."""
    at = app()
    at.query_params["q"] = "stunned by fighter=zangief card=Sweep"
    at.switch_page(SEARCH_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    notes = [str(i.value) for i in at.info]
    assert len(notes) == 1
    assert notes[0] == plain(
        "Note: read as 'stunned card=Sweep by fighter=zangief' (\"by\" takes only the "
        "condition right after it, so card=Sweep describes the stunned side); for the "
        "opposing attack put \"by\" before each condition: 'stunned by fighter=zangief by "
        "card=Sweep'")
    at.query_params["q"] = "stunned by fighter=zangief by card=Sweep"
    at.switch_page(SEARCH_PAGE).run()
    assert at.text_input(key="search.q").value == "stunned by fighter=zangief by card=Sweep"
    assert not at.info  # read one way only: no note


@pytest.mark.parametrize(("pattern", "widen"), [
    ("hit card=Hadoken damage>=40",
     "Loosen or drop a condition (card, damage), or try another kind of the list above."),
    ("decked_out then decked_out",
     "Drop a step, or try another kind of the list above."),
    ("decked_out then decked_out same turn",
     "Drop a step or 'same turn', or try another kind of the list above.")])
def test_a_pattern_that_matches_nothing_says_what_was_searched(
        app: Callable[..., AppTest], pattern: str, widen: str) -> None:
    """It read "0 moments" and nothing else: one line names the pattern (as typed,
    escaped) and how to widen it, from what it holds (it said "Loosen a condition
    (damage>=7 to damage>=5, or drop one)" for every pattern, one with no condition
    too)."""
    at = app()
    at.query_params["q"] = pattern
    at.switch_page(SEARCH_PAGE).run()
    assert not at.exception
    assert [i.value for i in at.info] == [plain(
        f"No moment of the indexed games matches '{pattern}'. {widen}")]
    assert not [c.value for c in at.caption if c.value.startswith("0 moment")]
    assert _results(at) == []


def test_an_example_is_a_button_that_searches_for_itself(app: Callable[..., AppTest],
                                                         index_path: Path) -> None:
    """A newcomer read the examples as code to copy by hand into the pattern box; each is a
    button now: a click puts it in the box and the URL and lists its moments."""
    at = app(page=SEARCH_PAGE)
    assert _results(at) == []
    at.button(key="search.example.4").click().run()  # hit damage>=7 range=1
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert at.text_input(key="search.q").value == "hit damage>=7 range=1"
    assert at.query_params["q"] in (["hit damage>=7 range=1"], "hit damage>=7 range=1")
    expected = find_moments(open_source(index_path), "hit damage>=7 range=1")
    assert expected and len(_results(at)) == len(expected)


def test_all_the_moments_are_not_the_first_ones(app: Callable[..., AppTest], index_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    # exactly as many moments as the page lists (100) read "(the first ones)", as though
    # more matched; now that is said only when more do
    count = len(find_moments(open_source(index_path), "decked_out"))
    assert count > 1
    for limit, caption in ((count, f"{count} moments"),
                           (count - 1, f"{count - 1} moments (the first ones: more match)")):
        monkeypatch.setattr(data, "SEARCH_LIMIT", limit)
        at = app()
        at.query_params["q"] = "decked_out"
        at.switch_page(SEARCH_PAGE).run()
        assert not at.exception
        assert caption in [c.value for c in at.caption]
        assert len(_results(at)) == limit


@pytest.fixture(scope="module")
def few_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index of three simulated games (Ryu against Ken, heuristic on both seats,
    seeds 1 to 3) that holds strikes but no boost and no deck-out: the kinds the sample
    index has every one of."""
    from replay.cli import main
    from tests.dashboard.page_kit import indexed

    root = tmp_path_factory.mktemp("few-games")
    assert main(["simulate", "--p1", "ryu", "--p2", "ken", "--seed", "1", "--games", "3",
                 "--agents", "heuristic,heuristic", "--out", str(root / "logs")]) == 0
    return indexed(root / "logs", root / "index.duckdb")


@pytest.mark.parametrize("kind", ["boost", "decked_out"])
def test_a_kind_no_game_has_says_to_try_another(
        app: Callable[..., AppTest], few_games: Path, kind: str) -> None:
    """The advice for a pattern of one step without conditions (no condition to loosen,
    no step to drop) had no test: it needs an index that lacks that kind."""
    src = open_source(few_games)
    assert find_moments(src, "strike") and not find_moments(src, kind)
    at = app(db=few_games)
    at.query_params["q"] = kind
    at.switch_page(SEARCH_PAGE).run()
    assert not at.exception, [e.message for e in at.exception]
    assert [i.value for i in at.info] == [plain(
        f"No moment of the indexed games matches '{kind}'. No indexed game has one: try "
        "another kind of the list above.")]
    assert not at.error and _results(at) == []
