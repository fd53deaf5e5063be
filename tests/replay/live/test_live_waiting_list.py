"""Games waiting for a friend are listed only to the browser holding a seat of them
(leftover of the last walk): anyone with the dashboard's address can start games that
wait for a friend, and every list showed them all, newest first, so 30 of them pushed the
games being played off the Play page's list (it shows 30). ``listing.for_browser`` keeps
a waiting game for a browser whose ``exceed_seats`` tokens open one of its seats, and
counts the others, which the page names.
"""

from __future__ import annotations

from pathlib import Path

from replay.live import listing, new_games


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
