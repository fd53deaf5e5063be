"""``exceed capsule --failing`` on a divergence says it did not shrink it.

A divergence is never shrunk (its outcome is known only for the recorded decisions), yet
the line said ``shrunk from 2 decision(s), 60 card(s) to 2 decision(s), 60 card(s)``, as
if delta debugging had run and found nothing to drop. The log here is recorded on an
engine whose Tatsumaki Senpukyaku has 1 more power, as a developer's log would be.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.play.api import GameSetup
from engine.recording.record import record_to_file
from replay.cli import main


def _stronger_tatsumaki_log(tmp_path: Path) -> Path:
    """A Ryu vs Ken game (seed 2) recorded with Ken's Tatsumaki Senpukyaku 1 power
    stronger than this engine's: it diverges where that card hits."""
    cat = default_catalog()
    cards = dict(cat.cards)
    tatsu = cards["ken_tatsumakisenpukyaku"]
    cards["ken_tatsumakisenpukyaku"] = msgspec.structs.replace(tatsu, power=tatsu.power + 1)
    log = tmp_path / "stronger.exlog"
    record_to_file(log, GameSetup(p1="ryu", p2="ken"), 2, ("random", "random"),
                   Catalog(cards=cards, characters=cat.characters))
    return log


def test_a_divergence_is_said_not_shrunk(tmp_path: Path) -> None:
    log = _stronger_tatsumaki_log(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["capsule", str(log), "--failing", "--out", str(tmp_path / "caps")])
    assert code == 0, err.getvalue()
    line = out.getvalue().splitlines()[0]
    assert "divergence at decision 83 (decision 83 causes other events than the log " \
        "records); not shrunk (a divergence's outcome is known only for the recorded " \
        "decisions): 2 decision(s), 60 card(s)" in line
    assert "shrunk from" not in line


def test_at_the_first_differing_event_is_past_where_the_engine_follows_the_log(
    tmp_path: Path,
) -> None:
    """``--at`` the event ``exceed verify`` names as the first that differs made a capsule
    of this engine's event there (a Tatsumaki Senpukyaku dealing 1 less damage than the log
    records), whose test asserted the engine's outcome, not the log's: the moment the user
    asked for is not in what this engine plays. It is refused as past the divergence now,
    as an event after the diverging step was; the event before it is still cut."""
    log = _stronger_tatsumaki_log(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["verify", str(log)]) == 1
    found = re.search(r"where: event (\d+) of the game is the first that differs",
                      out.getvalue())
    assert found is not None, out.getvalue()
    first = int(found.group(1))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["capsule", str(log), "--at", str(first), "--out", str(tmp_path / "c")])
    assert code == 2 and out.getvalue() == ""
    assert (f"--at {first} is past where this engine stops re-simulating the log: "
            f"divergence at decision 83 (decision 83 causes other events than the log "
            f"records), after event {first - 1}; cut that failure with --failing") \
        in err.getvalue()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["capsule", str(log), "--at", str(first - 1), "--out",
                     str(tmp_path / "c")]) == 0
