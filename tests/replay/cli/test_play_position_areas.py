"""``exceed play --position`` with ``areas`` for a fighter that keeps none: one line
naming the file, the seat, the field and the name, exit 2, no traceback (the card
used to vanish from every zone the rules read, the game played on without it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay.cli import main


def test_an_area_ryu_cannot_have_is_one_line_naming_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recipe = tmp_path / "pos.json"
    recipe.write_text(json.dumps({"p1": {"areas": {"web": ["grasp"]}}}), encoding="utf-8")
    code = main(["play", "--p1", "ryu", "--p2", "ken", "--position", str(recipe),
                 "--out", str(tmp_path / "game.exlog")])
    out, err = capsys.readouterr()
    assert code == 2
    assert err == (f"exceed play: {recipe}: p1: areas names 'web', but Ryu keeps no named "
                   "areas (only an Under Night fighter does; set-aside cards go in "
                   "set_aside)\n")
    assert "Traceback" not in out + err
    assert not list(tmp_path.glob("game.exlog*"))
