"""A background analysis's status file (``<index folder>/analyses/``) holding numbers no
worker writes: ``NaN``, ``Infinity``, ``1e400``, a 20-digit pid, a pid of 0 or -1.

Python's ``json`` reads them all, and the Game page (a game's job) and the Insights page
(the batch) stopped with a traceback: ``round`` of a NaN time, ``int`` of an infinite
count, ``os.kill`` of a pid past a C long. Such a file is now unreadable, as one of
another shape is: the page offers to start the analysis again.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard import analysis_batch, analysis_jobs
from replay.query import GameRow
from tests.dashboard.page_kit import open_game, open_page

ODD = {"NaN time": '"started": NaN', "infinite time": '"started": -Infinity',
       "huge count": '"done": 1e400', "huge rollouts": '"rollouts": 1e400',
       "20-digit pid": '"pid": 99999999999999999999', "pid 0": '"pid": 0',
       "pid -1": '"pid": -1'}
"""A pid of 0 or -1 is no worker's: ``os.kill`` of it asks this process group or every
process, which answer, and the job read as running (Analysing, no Analyze button) until
its file was replaced."""


def _status(odd: str) -> str:
    fields = {"state": "running", "rollouts": 200, "done": 3, "total": 9,
              "started": time.time(), "updated": time.time(), "pid": 1, "message": ""}
    name = odd.split(":")[0].strip('"')
    text = json.dumps({k: v for k, v in fields.items() if k != name})
    return text[:-1] + ", " + odd + "}"


@pytest.mark.parametrize("odd", list(ODD.values()), ids=list(ODD))
def test_a_game_job_with_odd_numbers_is_started_again(
        app: Callable[..., AppTest], fresh_index: Path, sample_rows: list[GameRow],
        odd: str) -> None:
    game = sample_rows[0]
    path = analysis_jobs.status_path(str(fresh_index), game.game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_status(odd), encoding="utf-8")
    at = open_game(app, fresh_index, game)  # asserts no exception
    assert at.button(key=f"game.analyze.{game.game_id}").label == "Analyze"


@pytest.mark.parametrize("odd", list(ODD.values()), ids=list(ODD))
def test_a_batch_with_odd_numbers_reads_as_none(
        app: Callable[..., AppTest], fresh_index: Path, odd: str) -> None:
    path = analysis_batch.status_path(str(fresh_index))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_status(odd), encoding="utf-8")
    assert analysis_batch.status(str(fresh_index)) is None
    open_page(app, fresh_index, "app_pages/insights.py")  # asserts no exception
