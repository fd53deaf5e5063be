"""``exceed verify`` on an engine that raises while re-simulating a log (a bug).

Found walking the developer's path with a planted bug (Powerup raising from turn 8):
``exceed verify LOG`` printed only ``exceed verify: internal error: RuntimeError: ...``,
exit 70, naming neither the log nor the decision, and ``exceed verify sample_games
--jobs 2`` stopped at the first such log with the same line, the other 76 logs
unreported. An ``AssertionError``, ``KeyError``, ``ValueError`` or ``IndexError`` of the
engine was worse: it was reported as the log's "recorded events do not fold". Now the
exception is a divergence of its own kind, "the engine raises", reported in game terms
(decision, turn, strike, the events made before it beside the log's, the card and the
cause the log records where it stopped), and the other logs are verified.

The bug is planted by replacing the Powerup effect's handler.
"""

from __future__ import annotations

import pytest

from engine.cards import schema as c
from engine.effects.registry import HANDLERS
from engine.recording.record import read_game
from replay.cli import main
from replay.verification.triage import describe, group_key, triage
from replay.verification.verify import Kind, verify

from .test_verify import KEN_TATSU, SAMPLE

UNTOUCHED = SAMPLE.with_name("ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog")
"""A sample in which no Powerup resolves: identical whatever the handler does."""


@pytest.fixture(params=[RuntimeError, AssertionError])
def planted_bug(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> type:
    error: type[Exception] = request.param

    def powerup(ctx: object, effect: object) -> None:
        raise error("planted bug")

    monkeypatch.setitem(HANDLERS, c.Powerup, (powerup, False))
    return error


def test_the_exception_is_a_divergence_in_game_terms(planted_bug: type) -> None:
    d = verify(read_game(SAMPLE)).divergence
    assert d is not None
    assert d.kind is Kind.RAISES  # not "recorded events do not fold", even for an assert
    assert (d.decision, d.turn, d.strike, d.in_strike) == (23, 13, 2, True)
    assert d.what == (f"this engine raises {planted_bug.__name__}: planted bug after 2 of the "
                      "step's 22 recorded event(s)")
    assert (d.expected_tag, d.actual_tag) == ("stat", planted_bug.__name__)
    assert d.card == KEN_TATSU and d.cause == "Grasp's powerup"
    assert len(d.actual) == 2 and d.actual[0] == "... 1 identical event(s)"


@pytest.mark.parametrize("planted_bug", [RuntimeError], indirect=True)
@pytest.mark.usefixtures("planted_bug")
def test_cli_reports_the_log_and_verifies_the_others(
    capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["verify", str(SAMPLE), str(UNTOUCHED)])
    out, err = capsys.readouterr()
    assert (code, err) == (1, "")
    lines = out.splitlines()
    assert lines[0] == (f"{SAMPLE}: DIVERGES at decision 23 (turn 13, strike 2): this engine "
                        "raises RuntimeError: planted bug after 2 of the step's 22 recorded "
                        "event(s)")
    assert ("  involved: card Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku); cause Grasp's "
            "powerup") in lines
    assert f"{UNTOUCHED}: identical (73 decisions checked)" in lines


@pytest.mark.parametrize("planted_bug", [RuntimeError], indirect=True)
@pytest.mark.usefixtures("planted_bug")
def test_triage_groups_it_and_goes_on() -> None:
    result = triage([str(SAMPLE), str(UNTOUCHED)])
    assert result.counts == {"identical": 1, "diverged": 1, "damaged": 0, "skipped": 0}
    (only,) = result.groups
    assert describe(only.key) == ("the engine raises: stat vs RuntimeError; cause Grasp's "
                                  "powerup; card Tatsumaki Senpukyaku (ken_tatsumakisenpukyaku)")
    verdict = result.outcomes[0].verdict
    assert verdict is not None and group_key(verdict) == only.key


def test_verify_cli_exit_code_is_one_not_an_internal_error(
    planted_bug: type, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "--json", str(SAMPLE)]) == 1
    out, err = capsys.readouterr()
    assert err == "" and '"the engine raises"' in out
