"""Games waiting for a friend are listed only to the browser holding a seat of them
(leftover of the last walk): anyone with the dashboard's address can start games that
wait for a friend, and every list showed them all, newest first, so 30 of them pushed the
games being played off the Play page's list (it shows 30). ``listing.for_browser`` keeps
a waiting game for a browser whose ``exceed_seats`` tokens open one of its seats, and
counts the others, which the page names.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from replay.live import listing, new_games, store, table


def _waiting(root: Path, seed: int) -> new_games.Created:
    return new_games.create_live(root, "ryu", "ken", opponent="person", other_joins=True,
                                 seed=seed, name="Ann")


def test_a_flood_of_waiting_games_leaves_the_game_being_played_listed(tmp_path: Path) -> None:
    played = new_games.create_live(tmp_path, "ryu", "ken", seed=1)
    mine = _waiting(tmp_path, 2)
    flood = [_waiting(tmp_path, seed) for seed in range(3, 43)]
    every = listing.unfinished_live(tmp_path)
    assert len(every) == 42
    stranger = listing.for_browser(tmp_path, every, {})
    assert [g.game_id for g in stranger.games] == [played.game_id]
    assert stranger.others_waiting == 41
    host = listing.for_browser(tmp_path, every, {mine.game_id: mine.tokens["p1"],
                                                 flood[0].game_id: "x" * 32})  # forged
    assert {g.game_id for g in host.games} == {played.game_id, mine.game_id}
    assert host.others_waiting == 40
    friend = listing.for_browser(tmp_path, every, {mine.game_id: mine.tokens["p2"]})
    assert {g.game_id for g in friend.games} == {played.game_id, mine.game_id}


def test_games_waiting_for_a_friend_are_capped_per_day(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anyone with the address could make games that wait for a friend without end, each
    a file that stays. At most ``MAX_WAITING`` made within a day: the next is refused in
    one line and writes nothing; games waiting for longer, and games being played, do not
    count."""
    monkeypatch.setattr(new_games, "MAX_WAITING", 3)
    new_games.create_live(tmp_path, "ryu", "ken", seed=1)
    friends = _waiting(tmp_path, 7)  # joined and resigned: a rematch offer would wait
    new_games.join_live(tmp_path, friends.game_id, friends.tokens["p2"], "Bea")
    table.live_resign(tmp_path, friends.game_id, friends.tokens["p1"], "")
    waiting = [_waiting(tmp_path, seed) for seed in (2, 3, 4)]
    files = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(store.LiveError) as refused:
        _waiting(tmp_path, 5)
    assert str(refused.value) == (
        "3 games made or cancelled within the last day already wait for a friend here (a "
        "cancelled one counts until a day after it was cancelled); try again later")
    assert sorted(p.name for p in tmp_path.iterdir()) == files
    # a rematch offer waits too, and is refused the same way
    with pytest.raises(store.LiveError, match="already wait for a friend"):
        new_games.live_rematch(tmp_path, friends.game_id, friends.tokens["p1"])
    # a cancelled one still counts (its seats file stays, so that the friend's link can
    # say it was cancelled), and the refusal says so rather than bidding the host cancel
    new_games.cancel_waiting(tmp_path, waiting[1].game_id, waiting[1].tokens["p1"])
    with pytest.raises(store.LiveError, match="a cancelled one counts"):
        _waiting(tmp_path, 5)
    # one waiting since yesterday no longer counts
    old = tmp_path / f"{waiting[0].game_id}.seats.json"
    day_ago = time.time() - new_games.WAITING_WINDOW_S - 60
    os.utime(old, (day_ago, day_ago))
    assert _waiting(tmp_path, 6).game_id not in {w.game_id for w in waiting}
