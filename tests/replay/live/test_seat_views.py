"""What a seat or a spectator of a live game may be shown beyond its table (issue 30):
the spectator's "what just happened" in public words, and the strike timeline and lanes
(``replay.live.charts``), which keep only the strikes that have ended."""

from __future__ import annotations

from pathlib import Path

from engine import Player, Transcript, new_game, read_game
from replay.live import charts, new_games, picture, store, table


def _people(root: Path, seed: int = 8) -> new_games.Created:
    created = new_games.create_live(root, "ryu", "ken", opponent="person", seed=seed)
    for seat in ("p1", "p2"):
        store.claim_tab(root, created.game_id, seat, "t")
    return created


def _step(root: Path, created: new_games.Created) -> str:
    """Whichever seat is asked takes its first option; returns that seat."""
    for seat in ("p1", "p2"):
        pic = picture.live_picture(root, created.game_id, seat)
        if pic.request is not None:
            table.live_act(root, created.game_id, created.tokens[seat], "t", pic.decision,
                           pic.groups[0].options[0].decision)
            return seat
    raise AssertionError("no seat is asked")


def _hidden_from(root: Path, game_id: str, viewer: Player) -> set[str]:
    """Names of the other seat's hand cards that ``viewer``'s transcript never named."""
    log = read_game(store.log_path(root, game_id))
    catalog = log.catalog()
    game = new_game(log.header.setup, log.header.seed, catalog)
    for decision in log.decisions:
        game.step(decision)
    transcript = Transcript(log.initial_state(catalog), catalog, viewer)
    said = " ".join(filter(None, (transcript.feed(e) for e in game.events)))
    other = game.state.players[viewer.other]
    names = {catalog.card(game.state.card_defs[r]).name for r in other.hand}
    return {n for n in names if n not in said}


def test_a_spectator_reads_what_just_happened_in_public_words(tmp_path: Path) -> None:
    """The spectator's list: the game's last lines, every event worded as both seats may
    see it, so no card of either hand is named before the rules reveal it."""
    created = _people(tmp_path)
    for _ in range(4):  # both mulligans, p1 strikes and sets its attack face down
        _step(tmp_path, created)
    pic = picture.live_picture(tmp_path, created.game_id, picture.SPECTATOR)
    assert pic.lines and pic.lines[-1] == "p1 Ryu sets an attack", pic.lines
    assert len(pic.lines) <= picture.SPECTATOR_LINES
    for _ in range(8):
        _step(tmp_path, created)
    pic = picture.live_picture(tmp_path, created.game_id, picture.SPECTATOR)
    assert any(line.startswith("revealed: p1 ") for line in pic.lines), pic.lines
    hidden = (_hidden_from(tmp_path, created.game_id, Player.P1)
              | _hidden_from(tmp_path, created.game_id, Player.P2))
    assert hidden, "no hand card is hidden from a seat?"
    said = "\n".join(pic.lines)
    assert not [n for n in hidden if n in said], said


def test_the_charts_keep_only_the_strikes_that_have_ended(tmp_path: Path) -> None:
    """While a strike is in progress (p1's attack set face down, p2 to set) neither seat's
    timeline holds it, nor names its cards; once it ends it is there for both, with both
    attacks named, and the lanes run to the end of the game so far."""
    created = _people(tmp_path)
    for _ in range(4):
        _step(tmp_path, created)
    p2 = picture.live_picture(tmp_path, created.game_id, "p2")
    assert p2.request is not None and p2.request.kind == "set_attack"
    for seat in ("p1", "p2", picture.SPECTATOR):
        seen = charts.live_charts(tmp_path, created.game_id, seat)
        assert seen.timeline.strikes == () and seen.cards == {}, seat
        assert seen.perspective == seat
    for _ in range(6):
        _step(tmp_path, created)
    seen = charts.live_charts(tmp_path, created.game_id, "p2")
    first = seen.timeline.strikes[0]
    assert {first.a_card, first.d_card} <= set(seen.cards)
    assert seen.lanes.length == seen.length == seen.timeline.length
    assert seen.seats == ("p1 Ryu", "p2 Ken Masters")


def test_the_charts_of_a_finished_game_show_everything(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=3)
    store.claim_tab(tmp_path, created.game_id, "p1", "t")
    while not (pic := picture.live_picture(tmp_path, created.game_id, "p1")).over:
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[0].options[0].decision)
    seen = charts.live_charts(tmp_path, created.game_id, picture.SPECTATOR)
    assert seen.perspective == "all" and seen.timeline.strikes
