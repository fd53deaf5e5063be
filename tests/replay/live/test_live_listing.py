"""The Play page's list of unfinished games reads a log again only once it changed.

Found by the dashboard audit: every visit of the Play page without a game read and
decoded every log in the live folder (``unfinished_live``), finished ones included,
and every game played there stays in the folder: 300 short games already cost 1.1 s
a visit, growing with every game played. A finished log never changes, so what it was
for the list is kept by its size and modification time.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from engine import read_game
from replay.live import listing, new_games, picture, store, table


def test_the_list_reads_each_log_once_until_it_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    going = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1)
    for seed in (2, 3):
        done = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=seed)
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
                   pic.groups[0].options[0].decision)
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
    games = [new_games.create_live(root, "ryu", "ken", seat="p1", seed=seed) for seed in (1, 2)]
    assert len(listing.unfinished_live(root)) == 2
    assert set(listing._LISTED[str(root)]) == {g.game_id for g in games}
    store.log_path(root, games[0].game_id).unlink()
    assert [g.game_id for g in listing.unfinished_live(root)] == [games[1].game_id]
    assert set(listing._LISTED[str(root)]) == {games[1].game_id}
    for n in range(listing.LISTED_ROOTS + 3):
        other = tmp_path / f"other{n}"
        new_games.create_live(other, "ryu", "ken", seat="p1", seed=n)
        listing.unfinished_live(other)
    assert len(listing._LISTED) == listing.LISTED_ROOTS
    assert str(root) not in listing._LISTED  # the least recently listed folder went first
    assert str(tmp_path / f"other{listing.LISTED_ROOTS + 2}") in listing._LISTED


def test_a_log_gone_or_a_dangling_link_in_the_folder_is_passed_over(tmp_path: Path) -> None:
    """Attack near the review item: ``store.game_ids`` sorted the folder's logs by a
    ``stat`` each, so a log removed while the list was read, or a link to nothing named
    like a game's log, raised FileNotFoundError through the Play page."""
    going = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1)
    (tmp_path / "0123456789abcdef.exlog").symlink_to(tmp_path / "nowhere.exlog")
    assert store.game_ids(tmp_path) == [going.game_id]
    assert [g.game_id for g in listing.unfinished_live(tmp_path)] == [going.game_id]


def test_the_list_reads_only_the_newest_logs_of_a_folder_of_thousands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack 3: the list's cost was not capped. Every game played stays in the folder,
    and a dashboard (re)started over it read every log once before the Play page showed:
    2,000 finished games took 6.5 s, growing with every game. Only the ``LOOKED_AT``
    newest logs are looked at now, and ``not_looked_at`` counts the others for the page."""
    monkeypatch.setattr(listing, "LOOKED_AT", 3, raising=False)
    old = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=1)  # unfinished, oldest
    done = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=2)
    table.live_resign(tmp_path, done.game_id, done.tokens["p1"], "")
    finished = store.log_path(tmp_path, done.game_id).read_bytes()
    for n in range(4):
        copy = tmp_path / f"{n:016x}.exlog"
        copy.write_bytes(finished)
        later = time.time_ns() + (n + 1) * 10**9  # all newer than the two games
        os.utime(copy, ns=(later, later))
    newest = new_games.create_live(tmp_path, "ryu", "ken", seat="p1", seed=3)
    latest = time.time_ns() + 10 * 10**9
    os.utime(store.log_path(tmp_path, newest.game_id), ns=(latest, latest))
    reads: list[Path] = []

    def counted(path: Path) -> object:
        reads.append(Path(path))
        return read_game(path)

    monkeypatch.setattr(listing, "read_game", counted)
    listing._LISTED.clear()
    assert [g.game_id for g in listing.unfinished_live(tmp_path)] == [newest.game_id]
    assert len(reads) == 3  # not the 7 logs of the folder
    assert store.log_path(tmp_path, old.game_id) not in reads
    assert listing.not_looked_at(tmp_path) == 4  # type: ignore[attr-defined,unused-ignore]


def test_the_folder_is_read_by_name_and_each_file_stated_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack 4: every game has a seats file beside its log, and each visit of the Play
    page's list stat'ed every seats file (is there a log beside it?), every log, then
    every log again to count the ones not looked at: 5,000 games and 2,000 waiting ones
    cost about 1 s a visit on a loaded machine, growing with each game anybody starts.
    The folder is now read once by name: the logs are stat'ed once (their times order
    them), a seats file only when no log is beside it, and the count stats nothing."""
    logs, waiting = 40, 5
    for n in range(logs + waiting):
        game_id = f"{n:016x}"
        (tmp_path / f"{game_id}.seats.json").write_bytes(b"{}")
        if n < logs:
            (tmp_path / f"{game_id}.exlog").write_bytes(b"not a log")
    stated: list[str] = []
    real = os.stat

    def counted(path: str | os.PathLike[str], *args: Any, **kwargs: Any) -> os.stat_result:
        stated.append(os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", counted)
    assert len(store.game_ids(tmp_path)) == logs
    assert len(stated) == logs
    stated.clear()
    assert [game_id for _, game_id in store.waiting_ids(tmp_path)] == [
        f"{n:016x}" for n in reversed(range(logs, logs + waiting))]
    assert sorted(stated) == sorted(str(tmp_path / f"{n:016x}.seats.json")
                                    for n in range(logs, logs + waiting))
    stated.clear()
    monkeypatch.setattr(listing, "LOOKED_AT", 10)
    assert listing.not_looked_at(tmp_path) == logs - 10
    assert stated == []
