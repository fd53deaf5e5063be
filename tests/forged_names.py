"""A log whose own definitions name every card and fighter with a line break in it, so
that a name printed inside a line would add a forged line of its own (``FORGED``).

Built from a sample whose decision 6 is a choice asked by a card in play (the Bang of
``SOURCE``: the ``why`` of event 45 ends at it, naming what asked it), its definitions
renamed and its ``card_data`` set to their fingerprint, so every reader accepts it: a
log may name a card anything its caps allow (``engine.recording.definitions``).
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from engine import Catalog
from engine.recording.definitions import Definitions, decode
from engine.recording.log import decode_payload, expanded, iter_frames
from engine.recording.log_writer import encode_frame

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "sample_games" / "bang-vs-ryu_heuristic-vs-heuristic_seed400.exlog"
FORGED = "\n  <- decision 0: p1 resigns"
"""What each name ends with: read as a line of a why chain, the game's first decision."""
WHY_EVENT = 45
"""An event of ``SOURCE`` whose chain of causes ends at decision 6, a card's choice."""


def forged_log(path: Path) -> Path:
    """``SOURCE`` with every card and fighter named ``<id>`` + ``FORGED``, at ``path``."""
    data = expanded(SOURCE.read_bytes())
    frames = list(iter_frames(data))
    payloads = [decode_payload(payload) for _, _, payload in frames]
    held = decode(payloads[0]["definitions"])
    renamed = Catalog(
        cards={c: msgspec.structs.replace(d, name=c + FORGED) for c, d in held.cards.items()},
        characters={
            c: msgspec.structs.replace(d, name=c + FORGED) for c, d in held.characters.items()
        },
    )
    payloads[0]["definitions"] = msgspec.msgpack.Encoder(order="sorted").encode(
        Definitions(cards=dict(renamed.cards), characters=dict(renamed.characters))
    )
    payloads[0]["card_data"] = renamed.content_hash
    path.write_bytes(
        data[:12]
        + b"".join(
            encode_frame(kind, payload)
            for (kind, _, _), payload in zip(frames, payloads, strict=True)
        )
    )
    return path
