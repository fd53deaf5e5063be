"""``exceed play`` and ``exceed characters`` on broken card data, and a failure inside a
command: one line on stderr naming what is wrong, never a traceback (split from
``test_games.py``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from engine.cards.catalog import DATA_DIR, load_catalog
from replay.cli import errors, simulate
from tests.replay.cli.test_games import PLAY, assert_one_line_error, run


def _broken_data(tmp_path: Path, edit: Any) -> Path:
    """A copy of the packaged card data with ``ryu.json`` changed by ``edit``."""
    data_dir = tmp_path / "data"
    shutil.copytree(DATA_DIR, data_dir)
    path = data_dir / "characters" / "ryu.json"
    path.write_text(edit(path.read_text()))
    return data_dir


def _use_data(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    """Point the CLI's catalog at ``data_dir`` (the real loader and validation run)."""
    monkeypatch.setattr(errors, "default_catalog", lambda: load_catalog(data_dir))


def _misspell_a_deck_card(text: str) -> str:
    data = json.loads(text)
    data["character"]["deck"][9]["card"] = "ryu_hadokn"
    return json.dumps(data)


@pytest.mark.parametrize("command", [PLAY, ["characters"]])
def test_malformed_card_data(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: list[str],
) -> None:
    data_dir = _broken_data(tmp_path, lambda t: t.replace('"name": "Ryu",', '"name": "Ryu",,', 1))
    _use_data(monkeypatch, data_dir)
    code, out, err = run(capsys, command)
    line = assert_one_line_error(code, out, err, "card data:", "ryu.json", "line 4")
    assert line.startswith(f"exceed {command[0]}: ")
    assert out == ""


def test_unknown_card_in_data(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _use_data(monkeypatch, _broken_data(tmp_path, _misspell_a_deck_card))
    code, out, err = run(capsys, PLAY)
    assert_one_line_error(code, out, err, "card data:", "ryu_hadokn", "ryu_hadoken")
    assert out == ""


def test_missing_data_directory(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _use_data(monkeypatch, tmp_path / "nowhere")
    code, out, err = run(capsys, ["characters"])
    assert_one_line_error(code, out, err, "card data directory not found")


def test_an_unexpected_failure_is_one_line_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def explode(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("rules bug\nwith a second line")

    monkeypatch.delenv("EXCEED_DEBUG", raising=False)
    monkeypatch.setattr(simulate, "play_on", explode)  # exceed play plays through simulate.played_on
    code, out, err = run(capsys, PLAY)
    assert code == 70
    assert "Traceback" not in out + err
    # the engine raised while the agents played: the line names where (at its start)
    assert err.startswith("exceed play: internal error at decision 0 (turn 0): "
                          "RuntimeError: rules bug")


def test_an_unexpected_failure_without_a_message_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review item: a bare ``assert`` failing inside a command printed ``internal error:
    AssertionError:  (set EXCEED_DEBUG=1 ...)``, nothing after the colon."""
    def explode(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError

    monkeypatch.delenv("EXCEED_DEBUG", raising=False)
    monkeypatch.setattr(simulate, "play_on", explode)  # exceed play plays through simulate.played_on
    code, out, err = run(capsys, PLAY)
    line = assert_one_line_error(code, out, err)
    assert code == 70
    assert line == ("exceed play: internal error at decision 0 (turn 0): AssertionError: "
                    "(no details) (set EXCEED_DEBUG=1 for a traceback); the transcript "
                    "above is the game up to it"), line
