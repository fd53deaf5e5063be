"""A live game's log found damaged on disk mid-game (attack 3): nothing of it is lost,
and what the page is told names the file and says what was kept.

- A frame cut short (a write torn by a crash) was cut away at once, by whoever looked
  next, a spectator included; but a length field damaged on disk reads the same, and
  the frames after it are then good: a game of 20 decisions went on from decision 2,
  the other 18 gone for good. The bytes cut off are now kept beside the log
  (``<id>.exlog.cut-<offset>``) and the picture names that file.
- Any other damage (a checksum mismatch) said "the game's log is damaged: checksum
  mismatch ..." without naming the file or saying what was kept.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from engine import read_game
from engine.recording.log import _FRAME_HEAD, iter_frames
from replay.live import new_games, picture, store, table
from replay.live.store import LiveError


def _played(root: Path, decisions: int = 8) -> tuple[new_games.Created, Path]:
    """A game against the heuristic agent after ``decisions`` of p1's, and its log."""
    created = new_games.create_live(root, "ryu", "ken", seat="p1", opponent="heuristic", seed=3)
    store.claim_tab(root, created.game_id, "p1", "t")
    for _ in range(decisions):
        pic = picture.live_picture(root, created.game_id, "p1")
        table.live_act(root, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[0].options[0].decision)
    table._CACHE.clear()  # as a dashboard restarted would
    return created, store.log_path(root, created.game_id)


def test_a_damaged_length_field_cuts_the_log_but_keeps_what_it_cut(tmp_path: Path) -> None:
    created, path = _played(tmp_path)
    data = bytearray(path.read_bytes())
    _, offset, _ = list(iter_frames(bytes(data)))[3]
    length, kind, crc = _FRAME_HEAD.unpack_from(data, offset)
    _FRAME_HEAD.pack_into(data, offset, length + 100_000, kind, crc)  # "truncated payload"
    path.write_bytes(bytes(data))
    pic = picture.live_picture(tmp_path, created.game_id, picture.SPECTATOR)
    assert pic.cut == f"{created.game_id}.exlog.cut-{offset}"
    kept = tmp_path / pic.cut
    # not one byte lost (the log may have gone on from the cut: an agent the game waited
    # on there replied)
    assert path.read_bytes()[:offset] + kept.read_bytes() == bytes(data)
    assert read_game(path).damage is None


def test_a_torn_last_frame_is_set_aside_and_the_game_goes_on(tmp_path: Path) -> None:
    created, path = _played(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[:-5])  # the last write cut short
    pic = picture.live_picture(tmp_path, created.game_id, "p1")
    cut_at = path.stat().st_size
    assert pic.cut == f"{created.game_id}.exlog.cut-{cut_at}"
    assert (tmp_path / pic.cut).read_bytes() == data[cut_at:-5]
    table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)
    assert len(read_game(path).decisions) > pic.decision  # it went on
    path.write_bytes(path.read_bytes()[:cut_at + 5])  # torn again, at the same frame
    table._CACHE.clear()
    second = picture.live_picture(tmp_path, created.game_id, "p1").cut
    assert second == f"{pic.cut}-2" and (tmp_path / pic.cut).exists()  # none overwritten


def test_other_damage_names_the_file_and_what_is_kept(tmp_path: Path) -> None:
    created, path = _played(tmp_path)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    good = len(read_game(path).decisions)
    with pytest.raises(LiveError) as caught:
        picture.live_picture(tmp_path, created.game_id, "p1")
    said = str(caught.value)
    assert said.startswith(f"{path.name}: damaged at byte ")
    assert "checksum mismatch" in said and "kept as it is" in said
    assert f"the {good} decision(s) before the damage intact" in said
    assert "\n" not in said and path.read_bytes() == bytes(data)


def test_a_log_changed_on_disk_to_the_same_size_is_read_again(tmp_path: Path) -> None:
    """Attack 4: this process's copy of a live game was kept while the log's size was
    unchanged, so a log damaged in place (one byte flipped on disk, by another process or
    a restored copy of the same length) went unnoticed: the page showed the game as before
    and the next decision was appended after the damaged frame, exit clean. The copy is
    now kept only while the log's size, modification time and inode are unchanged: the
    damage is found, named, and nothing is appended."""
    created, path = _played(tmp_path)
    pic = picture.live_picture(tmp_path, created.game_id, "p1")  # this process's copy
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(LiveError) as caught:
        table.live_act(tmp_path, created.game_id, created.tokens["p1"], "t", pic.decision,
                       pic.groups[0].options[0].decision)
    said = str(caught.value)
    assert said.startswith(f"{path.name}: damaged at byte ") and "kept as it is" in said
    assert path.read_bytes() == bytes(data)  # nothing appended after the damage


def test_a_part_file_left_by_a_killed_write_is_removed_when_a_game_is_made(
        tmp_path: Path) -> None:
    """A process killed between writing ``<name>.part-<hex>`` and renaming it over its
    name left a file nothing reads, for good. Making a game removes those older than
    ``PART_STALE_S``; a fresh one (a write in progress) and every other file stay."""
    first = new_games.create_live(tmp_path, "ryu", "ken", seed=1)
    stale = tmp_path / f"{first.game_id}.seats.json.part-0123abcd"
    fresh = tmp_path / f"{first.game_id}.tab-p1.part-89abcdef"
    cut = tmp_path / f"{first.game_id}.exlog.cut-120"
    other = tmp_path / "notes.part-0123abcd"
    for path in (stale, fresh, cut, other):
        path.write_bytes(b"{")
    old = time.time() - store.PART_STALE_S - 60
    for path in (stale, cut, other):
        os.utime(path, (old, old))
    kept = sorted(p.name for p in tmp_path.iterdir() if p != stale)
    second = new_games.create_live(tmp_path, "ryu", "ken", seed=2)
    assert not stale.exists()
    assert all((tmp_path / name).exists() for name in kept)
    assert store.read_live_settings(tmp_path, second.game_id).opponent == "heuristic"
