"""Writing a capsule (``write_capsule``): ``<name>.position.json`` (the recipe, for ``exceed
play --position``), ``<name>.exlog`` (the position and the decisions, recorded; then
played out by the heuristic agent and sealed when the game can go on) and
``test_<name>.py``, a standalone pytest file that builds the position, feeds the
decisions and asserts the outcome.
"""

from __future__ import annotations

import errno
import json
import os
import pprint
import shlex
from pathlib import Path

import msgspec

from engine.cards.catalog import Catalog, default_catalog
from engine.devtools.capsule.build import Capsule
from engine.play.api import Game
from engine.play.export import position_signature
from engine.play.match import play_on
from engine.play.scenario import Scenario
from engine.recording.record import Recording


def outcome(game: Game, moment: int) -> dict[str, object]:
    """What the test asserts: the position's signature, who is asked what next, and the
    event at ``moment`` (in JSON)."""
    request = game.pending
    return {
        "position": json.loads(json.dumps(position_signature(game.state))),
        "next": None if request is None else [request.player.label, request.kind],
        "event": (json.loads(msgspec.json.encode(game.events[moment]))
                  if moment < len(game.events) else None),
    }


def play_command(capsule: Capsule, position: Path | str) -> str:
    """The ``exceed play`` command that plays the capsule's game from ``position`` (its
    ``.position.json``) as its log does: the recipe does not hold the seed (the PRNG state
    at the position), so without ``--seed`` later shuffles come out otherwise; the log's
    decisions after the position are played out by the heuristic agent (the capsule's
    own decisions are the original game's, which the agent may choose otherwise)."""
    return (f"exceed play --p1 {shlex.quote(capsule.p1)} --p2 {shlex.quote(capsule.p2)} "
            f"--seed {capsule.seed} --position {shlex.quote(str(position))} "
            "--agents heuristic,heuristic")


def capsule_paths(out: Path, name: str) -> tuple[Path, Path, Path]:
    """The position, log and test files ``write_capsule`` writes for ``name`` into
    ``out`` (``name`` with every character that cannot continue a Python name made
    ``_``)."""
    name = _file_name(name)
    return out / f"{name}.position.json", out / f"{name}.exlog", out / f"test_{name}.py"


def _file_name(name: str) -> str:
    """``name`` with every character that cannot continue a Python identifier made
    ``_``: the test file's module and its function are named after it. ``str.isalnum``
    kept ``²`` and ``½``, so ``--name x²`` wrote ``def test_x²()``, a SyntaxError."""
    return "".join(c if f"a{c}".isidentifier() else "_" for c in name)


def write_capsule(capsule: Capsule, out: Path, name: str, catalog: Catalog | None = None,
                  *, replace: bool = True) -> list[Path]:
    """Write the position, the log and the test of ``capsule`` into ``out``
    (``capsule_paths``). Every target is checked before anything is written: one that
    is a folder raises ``IsADirectoryError``, and with ``replace=False`` one that exists
    raises ``FileExistsError`` (each naming that path)."""
    cat = catalog if catalog is not None else default_catalog()
    position, log, test = capsule_paths(out, name)
    for path in (position, log, test):
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not replace and os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path))
    out.mkdir(parents=True, exist_ok=True)
    position.write_text(json.dumps(capsule.recipe, indent=1) + "\n", encoding="utf-8")
    expected = _record(capsule, log, cat)
    test.write_text(_test_source(capsule, _file_name(name), expected), encoding="utf-8")
    return [position, log, test]


def _record(capsule: Capsule, path: Path, cat: Catalog) -> dict[str, object]:
    """Record the capsule's position and decisions to ``path`` (played out and sealed if
    the game goes on without failing); the outcome before any failing decision."""
    scenario = Scenario.from_recipe(capsule.p1, capsule.p2, capsule.recipe, cat)
    game = scenario.game(capsule.seed)
    failing = capsule.failure is not None and (capsule.failure.kind != "divergence"
                                               or capsule.failure.key == "illegal")
    feed = capsule.decisions[:-1] if failing else capsule.decisions
    part = path.with_name(path.name + ".part")
    with open(part, "wb") as stream:
        recording = Recording(game, capsule.seed, stream, ("heuristic", "heuristic"), cat)
        for decision in feed:
            recording.step(decision)
        expected = outcome(game, capsule.moment)
        try:
            if game.pending is not None:
                play_on(game, capsule.seed, ("heuristic", "heuristic"), cat,
                        on_step=recording.recorder.on_step)
            recording.seal()
        except Exception:  # the game cannot go on (the failure): keep it unfinished
            recording.close()
    os.replace(part, path)
    return expected


_TEMPLATE = '''r"""Bug capsule {name}: {what}.

Built by `exceed capsule`: the position (after event {start} of the original game: a
turn start or an attack to be set) and the decisions that follow, up to the moment.
Run with pytest. Played from the position, with the capsule's seed (in this folder):
{command}
"""

import msgspec

from engine import Decision, Scenario
from engine.core import events as ev
from engine.core.invariants import check
from engine.play.export import position_signature

P1, P2, SEED = {p1!r}, {p2!r}, {seed!r}
RECIPE = {recipe}
DECISIONS = msgspec.json.decode({decisions!r}, type=list[Decision])
EXPECTED = {expected}


def test_{ident}() -> None:
    game = Scenario.from_recipe(P1, P2, RECIPE).game(SEED)
{body}
'''

_BODY_AT = '''    for decision in DECISIONS:
        game.step(decision)
        assert check(game.state, game.pending) == []
    assert msgspec.json.decode(msgspec.json.encode(position_signature(game.state))) == \\
        EXPECTED["position"]
    request = game.pending
    assert (None if request is None else [request.player.label, request.kind]) == \\
        EXPECTED["next"]
    if EXPECTED["event"] is not None:
        event = msgspec.json.decode(msgspec.json.encode(EXPECTED["event"]), type=ev.Event)
        assert game.events[{moment}] == event'''

_BODY_FAILING = '''    *before, last = DECISIONS
    for decision in before:
        game.step(decision)
        assert check(game.state, game.pending) == []
    assert msgspec.json.decode(msgspec.json.encode(position_signature(game.state))) == \\
        EXPECTED["position"]
    request = game.pending
    assert request is not None and [request.player.label, request.kind] == EXPECTED["next"]
    game.step(last)  # failed with: {message}
    assert check(game.state, game.pending) == []'''

_BODY_DIVERGENCE = '''    for decision in DECISIONS:
        game.step(decision)
        assert check(game.state, game.pending) == []
    # the outcome the log recorded ({message})
    assert msgspec.json.decode(msgspec.json.encode(position_signature(game.state))) == \\
        EXPECTED["position"]'''


def _in_source(text: str) -> str:
    """``text`` as the test file's comments and raw docstring may hold it: one line of
    printable characters (a line break, ``\\r`` included, would end a comment and
    begin code; a NUL stops Python reading the file) without ``"`` (which could close the
    docstring). A failure's message and the play command carry text of the game (a
    log's card names, its fighters' ids), which a log may define: data, never code."""
    return "".join(c if c.isprintable() else " " for c in text).replace('"', "'")


def _test_source(capsule: Capsule, name: str, expected: dict[str, object]) -> str:
    failure = capsule.failure
    if failure is None:
        what = f"the moment of event {capsule.event + 1}"
        body = _BODY_AT.format(moment=capsule.moment)
    elif failure.kind == "divergence":
        what = f"decision {failure.decision} diverges from its log"
        expected = {"position": capsule.expected}
        body = _BODY_DIVERGENCE.format(message=_in_source(failure.message))
    else:
        what = f"decision {failure.decision} fails ({failure.message})"
        body = _BODY_FAILING.format(message=_in_source(failure.message)[:200])
    ident = _file_name(name)
    return _TEMPLATE.format(
        name=name, what=_in_source(what), start=capsule.start,
        command=_in_source(play_command(capsule, f"{ident}.position.json")),
        p1=capsule.p1, p2=capsule.p2, seed=capsule.seed,
        recipe=pprint.pformat(capsule.recipe, width=88, sort_dicts=False),
        decisions=msgspec.json.encode(capsule.decisions).decode(),
        expected=pprint.pformat(json.loads(json.dumps(expected)), width=88, sort_dicts=False),
        ident=ident, body=body)
