"""The Play page's list of unfinished games reads a log again only once it changed.

Found by the dashboard audit: every visit of the Play page without a game read and
decoded every log in the live folder (``unfinished_live``), finished ones included,
and every game played there stays in the folder: 300 short games already cost 1.1 s
a visit, growing with every game played. A finished log never changes, so what it was
for the list is kept by its size and modification time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import read_game
from replay.live import listing, picture, store, table


def test_the_list_reads_each_log_once_until_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    going = table.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1)
    for seed in (2, 3):
        done = table.create_live(tmp_path, "ryu", "ken", seat="p1", seed=seed)
        table.live_resign(tmp_path, done.game_id, done.tokens["p1"], "")
    reads: list[Path] = []

    def counted(path: Path) -> object:
        reads.append(Path(path))
        return read_game(path)

    monkeypatch.setattr(listing, "read_game", counted)
    first = listing.unfinished_live(tmp_path)
    assert [g.game_id for g in first] == [going.game_id]
    assert len(reads) == 3
    reads.clear()
    assert listing.unfinished_live(tmp_path) == first  # (idle 0 s both times)
    assert reads == []
    store.claim_tab(tmp_path, going.game_id, "p1", "t")
    pic = picture.live_picture(tmp_path, going.game_id, "p1")
    assert pic.request is not None
    table.live_act(tmp_path, going.game_id, going.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)  # type: ignore[arg-type]
    reads.clear()
    [again] = listing.unfinished_live(tmp_path)
    assert reads == [store.log_path(tmp_path, going.game_id)]
    assert again.decisions > first[0].decisions


def test_the_kept_list_holds_the_games_present_in_the_last_folders_only(
        tmp_path: Path) -> None:
    """Review item: ``_LISTED`` kept an entry per (folder, game id) ever listed in the
    process, never pruned: a game gone from the folder, and every folder listed once
    (a test run, or a dashboard restarted on other folders), stayed for good."""
    listing._LISTED.clear()
    root = tmp_path / "live"
    games = [table.create_live(root, "ryu", "ken", seat="p1", seed=seed) for seed in (1, 2)]
    assert len(listing.unfinished_live(root)) == 2
    assert set(listing._LISTED[str(root)]) == {g.game_id for g in games}
    store.log_path(root, games[0].game_id).unlink()
    assert [g.game_id for g in listing.unfinished_live(root)] == [games[1].game_id]
    assert set(listing._LISTED[str(root)]) == {games[1].game_id}
    for n in range(listing.LISTED_ROOTS + 3):
        other = tmp_path / f"other{n}"
        table.create_live(other, "ryu", "ken", seat="p1", seed=n)
        listing.unfinished_live(other)
    assert len(listing._LISTED) == listing.LISTED_ROOTS
    assert str(root) not in listing._LISTED  # the least recently listed folder went first
    assert str(tmp_path / f"other{listing.LISTED_ROOTS + 2}") in listing._LISTED


def test_a_log_gone_or_a_dangling_link_in_the_folder_is_passed_over(tmp_path: Path) -> None:
    """Attack near the review item: ``store.game_ids`` sorted the folder's logs by a
    ``stat`` each, so a log removed while the list was read, or a link to nothing named
    like a game's log, raised FileNotFoundError through the Play page."""
    going = table.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1)
    (tmp_path / "0123456789abcdef.exlog").symlink_to(tmp_path / "nowhere.exlog")
    assert store.game_ids(tmp_path) == [going.game_id]
    assert [g.game_id for g in listing.unfinished_live(tmp_path)] == [going.game_id]
