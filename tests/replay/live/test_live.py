"""The live-game layer (issue 30): create, act, refuse, resume, clock, resign, takeback.

Each test plays through ``replay.live`` as a browser would (a seat token, a tab id, the
decision number every answer names) and checks the log, the only store, afterwards:
it verifies, nothing is recorded twice, and a seat's picture never holds the other
seat's hidden cards.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine import HIDDEN, EndReason, Player, read_game
from replay.live import listing, new_games, picture, store, table, takeback
from replay.live.store import Clock, LiveError
from replay.live.table import LiveRefused
from replay.summary import summarise
from replay.verification.verify import verify


def _first(pic: picture.SeatPicture) -> object:
    return pic.groups[0].options[0].decision


def _play_out(root: Path, created: new_games.Created, seat: str, tab: str = "t") -> int:
    """Take the first option at every request of ``seat`` until the game ends."""
    store.claim_tab(root, created.game_id, seat, tab)
    count = 0
    while True:
        pic = picture.live_picture(root, created.game_id, seat)
        if pic.over:
            return count
        assert pic.request is not None, pic.asked  # against the AI, it is always us
        table.live_act(root, created.game_id, created.tokens[seat], tab, pic.decision,
                  _first(pic))  # type: ignore[arg-type]
        count += 1


def test_a_whole_game_against_the_heuristic_is_recorded_and_verifies(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p2", opponent="heuristic", seed=3,
                           name="Ann <b>")
    clicks = _play_out(tmp_path, created, "p2")
    log = read_game(store.log_path(tmp_path, created.game_id))
    assert log.sealed and log.damage is None and verify(log).identical
    assert log.header.agents == ("heuristic", "human")
    assert log.header.players == ("", "Ann <b>")
    # a thinking time for each of the person's decisions and each of the agent's
    assert len(log.thinking) >= clicks > 0
    pic = picture.live_picture(tmp_path, created.game_id, "p2")
    assert pic.names == ("heuristic", "Ann <b>") and pic.result.startswith(("p1", "p2"))


def test_the_search_agent_sits_opposite_and_follows_the_game(tmp_path: Path) -> None:
    """Issue 30 item 1 with issue 32: ``search:N`` is an opponent like any agent; the live
    table hands it the game (``follow``) before it decides, so it searches from its
    seat's knowledge (an agent never followed would answer as the heuristic agent)."""
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", opponent="search:2", seed=5)
    _play_out(tmp_path, created, "p1")
    log = read_game(store.log_path(tmp_path, created.game_id))
    assert log.header.agents == ("human", "search:2")
    assert log.sealed and verify(log).identical
    with pytest.raises(LiveError, match="search:N"):
        new_games.create_live(tmp_path, "ryu", "ken", opponent="search:0")


def test_the_seed_is_random_unless_given(tmp_path: Path) -> None:
    a = new_games.create_live(tmp_path, "ryu", "ken")
    b = new_games.create_live(tmp_path, "ryu", "ken")
    assert a.seed != b.seed
    assert new_games.create_live(tmp_path, "ryu", "ken", seed=42).seed == 42


@pytest.mark.parametrize(("kwargs", "says"), [
    ({"p1": "nobody"}, "p1 fighter 'nobody'"),
    ({"opponent": "god"}, "opponent 'god' is not one of"),
    ({"seat": "p3"}, "seat 'p3' is not p1, p2 or random"),
    ({"name": "x" * 41}, "the name is 41 characters long, over 40"),
    ({"name": "a\nb"}, "control or unprintable"),
    ({"clock": Clock(bank_ms=0)}, "the clock needs a bank"),
])
def test_a_bad_game_is_one_line(tmp_path: Path, kwargs: dict[str, object], says: str) -> None:
    args: dict[str, object] = {"p1": "ryu", "p2": "ken"} | kwargs
    p1, p2 = str(args.pop("p1")), str(args.pop("p2"))
    with pytest.raises(LiveError) as info:
        new_games.create_live(tmp_path, p1, p2, **args)  # type: ignore[arg-type]
    assert says in str(info.value) and "\n" not in str(info.value)


def test_a_seat_token_opens_its_seat_only_and_is_never_stored(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=1)
    settings = store.read_live_settings(tmp_path, created.game_id)
    assert store.seat_of_token(settings, created.tokens["p1"]) == "p1"
    assert store.seat_of_token(settings, created.tokens["p2"]) == "p2"
    for bad in ("", "nope", created.tokens["p1"][:-1]):
        with pytest.raises(LiveError):
            store.seat_of_token(settings, bad)
    stored = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert not any(token.encode() in stored for token in created.tokens.values())
    # p1's token cannot answer p2's question
    pic = picture.live_picture(tmp_path, created.game_id, "p2")
    waiting = "p1" if pic.request is None else "p2"
    other = "p2" if waiting == "p1" else "p1"
    decision = _first(picture.live_picture(tmp_path, created.game_id, waiting))
    with pytest.raises(LiveRefused, match="waits for the other seat"):
        table.live_act(tmp_path, created.game_id, created.tokens[other], "t", pic.decision,
                  decision)  # type: ignore[arg-type]


def test_a_stale_click_is_refused_and_nothing_is_recorded_twice(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=8)
    path = store.log_path(tmp_path, created.game_id)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    token = created.tokens["p1"]
    table.live_act(tmp_path, created.game_id, token, "t", pic.decision, _first(pic))  # type: ignore[arg-type]
    size = path.stat().st_size
    with pytest.raises(LiveRefused, match=f"decision {pic.decision} was already answered"):
        table.live_act(tmp_path, created.game_id, token, "t", pic.decision, _first(pic))  # type: ignore[arg-type]
    assert path.stat().st_size == size
    decisions = read_game(path).decisions
    assert decisions.count(decisions[0]) >= 1 and len(read_game(path).thinking) == len(
        {i for i in read_game(path).thinking})


def test_only_the_newest_tab_of_a_seat_acts(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=8)
    store.claim_tab(tmp_path, created.game_id, "p1", "old")
    store.claim_tab(tmp_path, created.game_id, "p1", "new")
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    with pytest.raises(LiveRefused, match="newer tab"):
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "old", pic.decision,
                  _first(pic))  # type: ignore[arg-type]
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "new", pic.decision,
              _first(pic))  # type: ignore[arg-type]


def test_only_the_newest_tab_of_a_seat_abandons(tmp_path: Path) -> None:
    """Abandon from a seat's older tab was taken (it checked no tab, where a decision, a
    resignation and a takeback are refused there): the game a newer tab was playing was
    left for good. It is refused in the same words now, nothing recorded."""
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=8)
    store.claim_tab(tmp_path, created.game_id, "p1", "old")
    store.claim_tab(tmp_path, created.game_id, "p1", "new")
    path = store.log_path(tmp_path, created.game_id)
    size = path.stat().st_size
    with pytest.raises(LiveRefused) as refused:
        table.abandon_live(tmp_path, created.game_id, created.tokens["p1"], "old")
    assert str(refused.value) == ("this seat is open in a newer tab; only the newest tab "
                                  "acts (reload here to act from this tab)")
    assert path.stat().st_size == size and not read_game(path).abandoned
    assert not picture.live_picture(tmp_path, created.game_id, "p1").abandoned
    table.abandon_live(tmp_path, created.game_id, created.tokens["p1"], "new")
    assert read_game(path).abandoned


def test_the_seat_not_on_move_may_resign_and_info_says_so(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", seed=2)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    idle = "p2" if pic.request is not None else "p1"
    table.live_resign(tmp_path, created.game_id, created.tokens[idle], "t")
    log = read_game(store.log_path(tmp_path, created.game_id))
    assert log.trailer is not None and log.trailer.reason is EndReason.RESIGNED
    assert verify(log).identical
    assert f"({idle} " in " ".join(summarise(log)) and "resigned" in " ".join(summarise(log))
    assert picture.live_picture(tmp_path, created.game_id, "p1").result.endswith("resigned")


def test_a_flag_fall_loses_on_time(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=4,
                           clock=Clock(bank_ms=60_000, increment_ms=2_000))
    path = store.log_path(tmp_path, created.game_id)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.request is not None and pic.request.kind == "mulligan"  # costs no time
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "", pic.decision,
                   _first(pic))  # type: ignore[arg-type]
    since = path.stat().st_mtime_ns
    pic = picture.live_picture(tmp_path, created.game_id, "p1", now=lambda: since + 10**9)
    assert pic.request is not None and pic.request.kind != "mulligan"
    assert pic.clocks[0] is not None and 58_000 <= pic.clocks[0] <= 59_000
    assert pic.clocks[1] is None  # the agent has no clock
    while not table.opened(table.load(tmp_path, created.game_id)[0]):  # both decided:
        pic = picture.live_picture(tmp_path, created.game_id, "p1")  # a flag loses now
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "", pic.decision,
                       _first(pic), now=lambda: since + 10**9)  # type: ignore[arg-type]
    since = path.stat().st_mtime_ns
    late = picture.live_picture(tmp_path, created.game_id, "p1", now=lambda: since + 120 * 10**9)
    assert late.over and late.result.endswith("p1 Ryu lost on time")
    log = read_game(path)
    assert log.trailer is not None and log.trailer.reason is EndReason.TIME
    assert verify(log).identical


def test_a_restarted_process_resumes_from_the_log_even_after_a_torn_write(
        tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=6)
    token = created.tokens["p1"]
    for _ in range(3):
        pic = picture.live_picture(tmp_path, created.game_id, "p1")
        table.live_act(tmp_path, created.game_id, token, "t", pic.decision, _first(pic))  # type: ignore[arg-type]
    path = store.log_path(tmp_path, created.game_id)
    before = read_game(path).decisions
    with open(path, "ab") as stream:  # a crash in the middle of writing a frame
        stream.write(b"\x00\x00\x01\x00\x02")
    table._CACHE.clear()  # a restarted dashboard knows nothing but the files
    assert _play_out(tmp_path, created, "p1") > 0
    log = read_game(path)
    assert log.sealed and verify(log).identical and log.decisions[:len(before)] == before


def test_a_seat_picture_never_holds_the_other_seats_hidden_cards(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "carmine", opponent="person", seed=12)
    live, _ = table.load(tmp_path, created.game_id)
    state = live.game.state
    catalog = live.catalog
    hidden = [r for r in (*state.players[1].hand, *state.players[1].deck)]
    names = {catalog.card(state.card_defs[r]).name for r in hidden
             if state.card_defs[r].startswith("carmine")}
    assert names
    for seat in ("p1", "spectator"):
        pic = picture.live_picture(tmp_path, created.game_id, seat)
        assert all(r == HIDDEN for r in pic.view.players[1].hand)
        assert all(r == HIDDEN for r in pic.view.players[1].deck)
        shown = msgspec.json.encode([pic.lines, pic.asked, pic.needs,
                                     [[o.label for o in g.options] for g in pic.groups]])
        assert not any(name.encode() in shown for name in names)
    spectator = picture.live_picture(tmp_path, created.game_id, "spectator")
    assert all(r == HIDDEN for r in spectator.view.players[0].hand)
    assert spectator.request is None and not spectator.groups


def test_options_are_grouped_by_kind_in_rulebook_words(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    token = created.tokens["p1"]
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.asked == "p1 Ryu chooses a mulligan"
    assert [g.kind for g in pic.groups] == ["prompt"]
    assert pic.groups[0].options[0].label == "Keep the opening hand"
    table.live_act(tmp_path, created.game_id, token, "t", pic.decision, _first(pic))  # type: ignore[arg-type]
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    kinds = [g.kind for g in pic.groups]
    assert kinds[:3] == ["strike", "boost", "move"] and "prepare" in kinds
    labels = [o.label for g in pic.groups for o in g.options]
    assert "Strike" in labels and "Prepare" in labels
    assert any(label.startswith("Move to space") for label in labels)
    # what just happened, from p1's seat: the opponent's draws are hidden cards
    assert any("p2 Ken Masters draws a hidden card" in line for line in pic.lines)


def test_a_takeback_forks_the_game_and_abandons_the_original(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    token = created.tokens["p1"]
    for _ in range(2):  # the mulligan and a Strike: no card shown since (the set would)
        pic = picture.live_picture(tmp_path, created.game_id, "p1")
        table.live_act(tmp_path, created.game_id, token, "t", pic.decision, _first(pic))  # type: ignore[arg-type]
    old = read_game(store.log_path(tmp_path, created.game_id))
    new_id = takeback.live_takeback(tmp_path, created.game_id, token, "t")
    fork = read_game(store.log_path(tmp_path, new_id))
    assert fork.header.parent and fork.header.fork_at == len(fork.decisions)
    assert fork.decisions == old.decisions[:fork.header.fork_at]
    assert fork.decisions != old.decisions
    again = read_game(store.log_path(tmp_path, created.game_id))
    assert again.abandoned and again.decisions == old.decisions  # the original, intact
    assert "unfinished (abandoned)" in " ".join(summarise(again))
    assert picture.live_picture(tmp_path, created.game_id, "p1").replaced_by == new_id
    pic = picture.live_picture(tmp_path, new_id, "p1")
    assert pic.request is not None
    table.live_act(tmp_path, new_id, token, "t", pic.decision, _first(pic))  # type: ignore[arg-type]
    with pytest.raises(LiveRefused, match="abandoned"):
        table.live_act(tmp_path, created.game_id, token, "t", len(old.decisions),
                  _first(pic))  # type: ignore[arg-type]


def test_unfinished_games_are_listed_until_finished_or_abandoned(tmp_path: Path) -> None:
    a = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1, name="Ann")
    b = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=2)
    listed = {g.game_id: g for g in listing.unfinished_live(tmp_path)}
    assert set(listed) == {a.game_id, b.game_id} and listed[a.game_id].names[0] == "Ann"
    with pytest.raises(LiveError, match="no seat token"):
        table.abandon_live(tmp_path, b.game_id, "", "t")
    with pytest.raises(LiveError, match="opens no seat"):  # another game's seat
        table.abandon_live(tmp_path, b.game_id, a.tokens["p1"], "t")
    assert not read_game(store.log_path(tmp_path, b.game_id)).abandoned
    table.abandon_live(tmp_path, b.game_id, b.tokens["p1"], "t")
    _play_out(tmp_path, a, "p1")
    assert listing.unfinished_live(tmp_path) == []
    assert read_game(store.log_path(tmp_path, b.game_id)).abandoned


def test_a_finished_game_is_indexed_once(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path / "live", "ryu", "ken", seat="p1", seed=9)
    root = tmp_path / "live"
    with pytest.raises(LiveError, match="not over"):
        table.index_live(root, created.game_id, tmp_path / "i.duckdb")
    _play_out(root, created, "p1")
    game_id = table.index_live(root, created.game_id, tmp_path / "i.duckdb")
    assert game_id == table.game_digest(root, created.game_id)
    assert table.index_live(root, created.game_id, tmp_path / "i.duckdb") == game_id
    from replay.query import game, open_source

    assert game(open_source(tmp_path / "i.duckdb"), game_id) is not None


def test_hotseat_acts_for_the_seat_on_move(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", opponent="hotseat", seed=7)
    assert set(created.tokens) == {"both"}
    for _ in range(4):
        pic = picture.live_picture(tmp_path, created.game_id, "both")
        assert pic.request is not None and pic.viewer is pic.request.player
        table.live_act(tmp_path, created.game_id, created.tokens["both"], "t", pic.decision,
                  _first(pic))  # type: ignore[arg-type]
    assert len(read_game(store.log_path(tmp_path, created.game_id)).decisions) >= 4
    assert os.path.exists(store.log_path(tmp_path, created.game_id))
    assert Player.P1.label == "p1"


def test_paying_or_a_mulligan_is_picking_the_cards(tmp_path: Path) -> None:
    created = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=5)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    assert pic.request is not None and len(pic.cards) == 5
    assert all(name.endswith("(hand)") for _, name in pic.cards)
    picked = (pic.cards[0][0], pic.cards[2][0])
    decision = picture.cards_decision(pic.request, picked)
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision, decision)
    first = read_game(store.log_path(tmp_path, created.game_id)).decisions[0]
    assert msgspec.to_builtins(first) == ["mulligan", picked]


def test_person_is_another_word_for_a_human_seat_at_the_terminal() -> None:
    """``exceed play --agents person,heuristic`` (issue 30, Terminal) seats a person."""
    from replay.cli.seated import parse_seats

    assert parse_seats("person,heuristic") == ("human", "heuristic")
    assert parse_seats("random, person") == ("random", "human")


@pytest.mark.parametrize(("kwargs", "line"), [
    ({"seed": 10**4000}, f"seed '{'1' + '0' * 39}…' (4,001 characters) is outside "
                         "0..2**64-1"),
    ({"p1": "r" * 5000}, f"p1 fighter '{'r' * 40}…' (5,000 characters): "),
    ({"opponent": "o" * 5000}, f"opponent '{'o' * 40}…' (5,000 characters) is not one of "),
])
def test_a_long_bad_value_is_named_cut_short(tmp_path: Path, kwargs: dict[str, Any],
                                             line: str) -> None:
    """The dashboard audit left: a 4,001-digit seed typed on the Play page came back
    whole in the refusal (the fighter and opponent were cut at 60 and 40 characters,
    without saying so)."""
    args: dict[str, Any] = {"p1": "ryu", "p2": "ken", **kwargs}
    with pytest.raises(LiveError) as refused:
        new_games.create_live(tmp_path, args.pop("p1"), args.pop("p2"), **args)
    assert str(refused.value).startswith(line) and len(str(refused.value)) < 300
