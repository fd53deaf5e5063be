"""A Tag Team seat whose tagged-out partner had exceeded read "p1 Ken Masters · life 16
· tagged out: Ryu, EXCEEDED" on the Game page's board (and "tagged out: Ryu, EXCEEDED"
on the terminal's), where the fighter in play's own Exceed is the same word in the same
list: it read as Ken being exceeded. The partner's Exceed is in brackets after its name
now, "tagged out: Ryu (EXCEEDED)", on both boards (a Ryu+Ken game where Ryu exceeds,
then tags out, played here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay.cli import main
from replay.query import frame, open_game


def test_the_partners_exceed_is_said_of_the_partner(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--p1", "ryu+ken", "--p2", "sagat+zangief", "--seed", "11",
                 "--agents", "heuristic,heuristic", "--out", str(tmp_path)]) == 0
    (log,) = tmp_path.glob("*.exlog")
    game = open_game(str(log))
    shown = frame(game, game.length, "all")
    ken = shown.players[0]
    assert ken.character == "Ken Masters"
    assert "tagged out: Ryu (EXCEEDED)" in ken.notes, ken.notes
    assert not any(n.endswith(", EXCEEDED") for n in ken.notes), ken.notes
    capsys.readouterr()
    assert main(["replay", str(log), "--event", str(game.length)]) == 0
    board = capsys.readouterr().out
    assert "p1 Ken Masters: life 0 · tagged out: Ryu (EXCEEDED)" in board, board
