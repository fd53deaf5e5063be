"""The events' causes are checked for the whole log at once (``read_game_bytes``,
``StepCheck(bulk_causes=True)``), and a log with a bad cause is read again step by step:
the answer must be exactly a step-by-step read's, damage at the first bad step with its
good prefix kept (``docs/log-format.md`` P.9, "causes"; issue 31, bad input)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine.core import events as ev
from engine.core.causes import Cause
from engine.core.ids import Player
from engine.recording.game_log import GameLog
from engine.recording.log import PayloadError, decode_payload, expanded, iter_frames, scan_log_bytes
from engine.recording.log_writer import encode_frame
from engine.recording.record import _Reader, read_game_bytes
from engine.recording.step_checks import StepCheck

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "tests" / "fixtures" / "agent_v1" / "ryu-vs-ken_heuristic-vs-heuristic_seed1.exlog"


def _rebuilt(after: int, cause: int, slot: int, value: object) -> tuple[bytes, int]:
    """The sample with field ``slot`` (0 kind, 1 what, 2 card, 3 player, 4 after) of
    cause ``cause`` of the first step frame from ``after`` on that has that many causes
    set to ``value``, every frame re-encoded (lengths and CRCs valid); and that frame."""
    data = expanded(SAMPLE.read_bytes())
    frames = list(iter_frames(data))
    payloads = [decode_payload(payload) for _, _, payload in frames]
    frame = next(i for i in range(after, len(payloads))
                 if len(payloads[i].get("causes", ())) > cause)  # type: ignore[arg-type]
    causes = payloads[frame]["causes"]
    assert isinstance(causes, list)
    causes[cause][slot] = value
    return data[:12] + b"".join(encode_frame(kind, payload) for (kind, _, _), payload
                                in zip(frames, payloads, strict=True)), frame


def _step_by_step(data: bytes) -> GameLog:
    """What the reader gave before the bulk check: every step's causes in turn."""
    reader = _Reader("<bytes>", read_game_bytes(expanded(SAMPLE.read_bytes())).catalog(), 6)
    scan = scan_log_bytes(data, "<bytes>", reader.step, reader.trailer, reader.check_header,
                          reader.skippable)
    assert reader.header is not None
    return GameLog(name="<bytes>", header=reader.header, steps=scan.steps,
                   trailer=scan.trailer, sealed=scan.sealed, damage=scan.damage,
                   size=scan.size)


@pytest.mark.parametrize(("after", "cause", "slot", "value", "says"), [
    (30, 2, 4, 10**6, "follows from event 1000000, not an earlier one"),
    (30, 0, 2, 777, "names card reference 777, not a card of this game"),
    (40, 1, 3, 5, "is out of range"),  # player 5
    (12, 0, 1, "w" * 61, "is out of range"),  # a word over 60 characters
])
def test_a_bad_cause_late_in_the_log_is_damage_at_its_step(
        after: int, cause: int, slot: int, value: object, says: str) -> None:
    data, frame = _rebuilt(after, cause, slot, value)
    log = read_game_bytes(data)
    assert log.damage is not None and says in log.damage.reason, log.damage
    assert log.damage.frame_index == frame and not log.sealed and log.trailer is None
    assert len(log.steps) == frame - 1  # every step before it kept
    alone = _step_by_step(data)
    assert (log.damage, log.steps) == (alone.damage, alone.steps)


def test_a_good_log_reads_the_same_in_bulk_and_step_by_step() -> None:
    data = SAMPLE.read_bytes()
    log, alone = read_game_bytes(data), _step_by_step(data)
    assert log.damage is None and log.sealed
    assert (log.steps, log.trailer) == (alone.steps, alone.trailer)


def test_a_cause_naming_a_card_created_later_is_refused_in_bulk_too() -> None:
    """A card is a card of the game only from its ``cards_created`` event on, so a cause
    naming it earlier is bad, also when the causes are checked all together."""
    log = read_game_bytes(SAMPLE.read_bytes())
    steps = log.steps[:6]
    early = steps[3]
    steps[3] = msgspec.structs.replace(early, causes=(
        msgspec.structs.replace(early.causes[0], card=150), *early.causes[1:]))
    made = steps[5]
    steps[5] = msgspec.structs.replace(
        made, events=(*made.events, ev.CardsCreated(player=Player.P2, cards=(150,),
                                                   card_ids=("ryu_hadoken",))),
        causes=(*made.causes, Cause(kind=made.causes[0].kind)))
    catalog = log.catalog()
    bulk = StepCheck(log.header, catalog, bulk_causes=True)
    for step in steps:
        bulk.step(step)
    assert not bulk.causes_ok()
    one_by_one = StepCheck(log.header, catalog)
    for step in steps[:3]:
        one_by_one.step(step)
    with pytest.raises(PayloadError, match="names card reference 150, not a card"):
        one_by_one.step(steps[3])
