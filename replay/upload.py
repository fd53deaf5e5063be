"""Check an uploaded log: its header summary and a re-simulation verdict, never an exception.

``inspect_upload(data, name, max_bytes)`` is what the dashboard's Verify page shows for
one file: the lines of ``exceed info`` and of ``exceed verify``. An oversize, foreign,
damaged or future-version file gets one clear ``error`` line instead of a traceback
(a damaged file still gets the summary and verdict of its good prefix); so does a file
whose compressed blocks declare more than ``MAX_INFLATED`` (a decompression bomb of
records a reader skips one by one), or of more than ``MAX_FRAMES`` frames, before it
is read.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine import MAX_LOG_FRAMES, GameLog, LogFormatError, declared_inflation, read_game_bytes
from replay.quoting import error_text
from replay.summary import summarise
from replay.verification.verify import verify

DEFAULT_MAX_BYTES = 8 * 1024 * 1024
MAX_INFLATED = 4 * 1024 * 1024
"""The most the compressed blocks of an upload may declare they inflate to, together
(``declared_inflation``). The log format lets a log inflate to 256 MiB, and a block of
empty records of a kind a reader skips (a future frame's) costs about 4 µs a record to
walk: a 25 KB upload of 60 such blocks held the server for two minutes per read, and
the Verify page reads an upload twice. A real game's blocks inflate to far less: the
samples' largest to 70 KB (173 decisions), a game's 5,000 decisions to under 1 MiB."""
MAX_FRAMES = MAX_LOG_FRAMES
"""The most frames an upload may hold (``declared_inflation`` counts them), the reader's
own cap (100,000): a game's 5,000 decisions are at most about 10,000 (a STEP and a THINK
each, in a log of format 5 or older; a format 6 log holds a BLOCK a turn). 8 MiB of empty
frames of a kind readers skip, 932,000 of them, took 6 s a read (two on the Verify page);
refused here, the file is not read at all."""

Status = Literal["identical", "unfinished", "diverges", "error"]


class UploadReport(msgspec.Struct, frozen=True, kw_only=True):
    """What an uploaded file is: ``status``, summary and verification lines, or ``error``."""

    name: str
    size: int
    status: Status
    error: str | None
    summary: tuple[str, ...] = ()
    verification: tuple[str, ...] = ()

    @property
    def identical(self) -> bool:
        return self.status == "identical"


def inspect_upload(data: bytes, name: str, max_bytes: int = DEFAULT_MAX_BYTES) -> UploadReport:
    """Summarise and verify one uploaded log held in memory; never raises."""
    size = len(data)
    if size > max_bytes:
        return _refused(name, size, f"{name} is {size:,} bytes, over the "
                        f"{_mib(max_bytes)} upload cap")
    frames, inflated = declared_inflation(data, MAX_INFLATED, MAX_FRAMES)
    if inflated > MAX_INFLATED:
        return _refused(name, size, f"{name}: its compressed blocks declare more than "
                        f"{_mib(MAX_INFLATED)} of records, over what an upload may inflate "
                        "to (a real game's are under 1 MiB); not read")
    if frames > MAX_FRAMES:
        return _refused(name, size, f"{name}: more than {MAX_FRAMES:,} frames, over what "
                        "an upload may hold (a real game's are about 10,000 at most); not "
                        "read")
    try:
        log = read_game_bytes(data, name)
    except LogFormatError as error:
        return _refused(name, size, str(error))
    except Exception as error:  # a reader bug must not take the page down
        return _refused(name, size, f"{name}: cannot read: {error_text(error)}")
    try:
        summary = tuple(summarise(log))
        verdict = verify(log)
    except LogFormatError as error:
        return _refused(name, size, str(error))
    except Exception as error:
        return _refused(name, size, f"{name}: cannot verify: {error_text(error)}")
    return UploadReport(name=name, size=size, status=_status(log, verdict.identical,
                                                             verdict.divergence is None),
                        error=_damage(log), summary=summary,
                        verification=tuple(verdict.lines()))


def _status(log: GameLog, identical: bool, no_divergence: bool) -> Status:
    if log.damage is not None:
        return "error"
    if identical:
        return "identical"
    return "unfinished" if no_divergence else "diverges"


def _damage(log: GameLog) -> str | None:
    if log.damage is None:
        return None
    d = log.damage
    where = f"byte {d.offset}" if d.offset >= 0 else "a payload"
    return (f"{log.name}: damaged log: reading stopped at {where} (frame {d.frame_index}): "
            f"{d.reason}")


def _refused(name: str, size: int, error: str) -> UploadReport:
    return UploadReport(name=name, size=size, status="error", error=error)


def _mib(size: int) -> str:
    mib = 1024 * 1024
    return f"{size // mib} MiB" if size % mib == 0 else f"{size:,} byte"
