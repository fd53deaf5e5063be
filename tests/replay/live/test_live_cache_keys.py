"""The live code's caches key a file on its size, mtime and inode (leftover of attack
4): ``table`` already did (``_unchanged``), but the Play page's charts (``charts``) and
its list of unfinished games (``listing``) kept what a file was by its size and mtime
only, so a log or seats file replaced by another of the same size and mtime (a copy
made with ``cp -p`` renamed over it) went on showing the file that was there before.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from replay.live import charts, listing, new_games, store


def _put_over(source: Path, target: Path) -> None:
    """``source`` renamed over ``target`` with ``target``'s mtime, as ``cp -p`` then
    ``mv`` would leave it (the same size: the caller's files are)."""
    assert source.stat().st_size == target.stat().st_size
    was = target.stat().st_mtime_ns
    copy = target.with_name("copy")
    shutil.copyfile(source, copy)
    os.utime(copy, ns=(was, was))
    os.replace(copy, target)
    assert (target.stat().st_size, target.stat().st_mtime_ns) == (source.stat().st_size, was)


def test_the_charts_reopen_a_log_replaced_by_one_of_the_same_size_and_mtime(
        tmp_path: Path) -> None:
    ann = new_games.create_live(tmp_path, "ryu", "ken", seed=1, name="Ann")
    bob = new_games.create_live(tmp_path, "ryu", "ken", seed=1, name="Bob")
    path = store.log_path(tmp_path, ann.game_id)
    assert charts._opened(path).replay.log.header.players[0] == "Ann"
    _put_over(store.log_path(tmp_path, bob.game_id), path)
    assert charts._opened(path).replay.log.header.players[0] == "Bob"


def test_the_list_reads_again_a_log_replaced_by_one_of_the_same_size_and_mtime(
        tmp_path: Path) -> None:
    ann = new_games.create_live(tmp_path, "ryu", "ken", seed=1, name="Ann")
    bob = new_games.create_live(tmp_path, "ryu", "ken", seed=1, name="Bob")
    names = {g.game_id: g.names[0] for g in listing.unfinished_live(tmp_path)}
    assert names[ann.game_id] == "Ann"
    _put_over(store.log_path(tmp_path, bob.game_id), store.log_path(tmp_path, ann.game_id))
    names = {g.game_id: g.names[0] for g in listing.unfinished_live(tmp_path)}
    assert names[ann.game_id] == "Bob"


def test_the_list_reads_again_a_seats_file_replaced_by_one_of_the_same_size_and_mtime(
        tmp_path: Path) -> None:
    ann = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", other_joins=True, seed=1,
                                name="Ann")
    bob = new_games.create_live(tmp_path, "ryu", "ken", opponent="person", other_joins=True, seed=1,
                                name="Bob")
    names = {g.game_id: g.names[0] for g in listing.unfinished_live(tmp_path)}
    assert names[ann.game_id] == "Ann"
    _put_over(tmp_path / f"{bob.game_id}.seats.json", tmp_path / f"{ann.game_id}.seats.json")
    names = {g.game_id: g.names[0] for g in listing.unfinished_live(tmp_path)}
    assert names[ann.game_id] == "Bob"
