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
from replay.live import picture, store, table


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

    monkeypatch.setattr(table, "read_game", counted)
    first = table.unfinished_live(tmp_path)
    assert [g.game_id for g in first] == [going.game_id]
    assert len(reads) == 3
    reads.clear()
    assert table.unfinished_live(tmp_path) == first  # (idle 0 s both times)
    assert reads == []
    store.claim_tab(tmp_path, going.game_id, "p1", "t")
    pic = picture.live_picture(tmp_path, going.game_id, "p1")
    assert pic.request is not None
    table.live_act(tmp_path, going.game_id, going.tokens["p1"], "t", pic.decision,
                   pic.groups[0].options[0].decision)  # type: ignore[arg-type]
    reads.clear()
    [again] = table.unfinished_live(tmp_path)
    assert reads == [store.log_path(tmp_path, going.game_id)]
    assert again.decisions > first[0].decisions
