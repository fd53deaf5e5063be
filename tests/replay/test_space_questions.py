"""A space question says what goes to the space chosen (``replay.space_questions``), read
from the effects printed on what asks it, at the terminal and on the Play page (``needs``)
and in the Game page's "who chooses what" line (``asked``)."""

from __future__ import annotations

import msgspec
from conftest import P1, Driver, offered, position, vega_claw_against_blizzard

from engine import default_catalog
from engine.core.decisions import CharacterAction, MoveTo, PayForceRequest, SpaceRequest, Strike
from replay.asking_words import asked
from replay.menu import needs

CATALOG = default_catalog()


def _words(d: Driver) -> str:
    return needs(d.expect(SpaceRequest, P1), d.state, CATALOG)


def test_nirvanas_move_names_nirvana() -> None:
    """Carl Clover's character action ``move_buddy 1 {nirvana_active}`` (roster: "Move
    Nirvana 1"): the question read "choose a space for Carl Clover's character card"; it
    names the buddy, as the board does ("Nirvana (Active)"), and offers Nirvana's spaces."""
    d = position(p1=dict(space=3, buddies={"nirvana_active": 4}), p2=dict(space=7),
                 chars=("carlclover", "nehtali"))
    d.act(CharacterAction(index=0))
    request = d.expect(SpaceRequest, P1)
    assert sorted(m.space for m in offered(request, MoveTo)) == [3, 5]
    assert _words(d) == "choose where Nirvana (Active) goes (Carl Clover's character card)"
    assert asked(request, d.state, CATALOG) == (
        "p1 Carl Clover chooses where Nirvana (Active) goes (Carl Clover's character card)")


def test_hazamas_ouroboros_is_named_as_it_is_shown_never_which_one() -> None:
    """Hazama's ability places a face-down Ouroboros, "Fake" or "Move to it" (roster:
    both shown as ``ouroboros_secret``, "Ouroboros"): the question names it "Ouroboros",
    so the words never tell which one is placed (hidden from the opponent)."""
    d = position(p1=dict(space=3, hand=["venomsword", "grasp"]), p2=dict(space=7),
                 chars=("hazama", "nehtali"))
    d.act(Strike())
    d.set_attack(P1, "venomsword")
    d.expect(PayForceRequest, P1)
    d.pay("grasp")
    d.choose("ouroboros_nothing")
    words = _words(d)
    assert words == "choose where Ouroboros goes (Hazama's character card)"
    assert "Fake" not in words and "Move to it" not in words


def test_carmines_action_asks_which_dissolve_then_where_it_goes() -> None:
    """Carmine's character action, ``move_any_boost {Dissolve, 1..1}`` (UNI; roster):
    with two Dissolves in play it asks which (by its space), then where it goes; both
    questions read "choose a space for Carmine's character card" before."""
    d = position(p1=dict(space=3, boosts=["twist", "thisistheend"],
                         traps={"twist": 5, "thisistheend": 1}), p2=dict(space=8),
                 chars=("carmine", "ryu"))
    d.act(CharacterAction(index=0))
    assert _words(d) == "choose the Dissolve to move, by its space (Carmine's character card)"
    d.move_to(P1, 5)
    request = d.expect(SpaceRequest, P1)
    assert sorted(m.space for m in offered(request, MoveTo)) == [4, 6]
    assert _words(d) == "choose where Dissolve goes (Carmine's character card)"


def test_a_move_to_any_space_says_you_move() -> None:
    """Vega's Bloody High Claw, ``hit: move_to_any_space`` (effects.md: "Counts as your
    own movement"): the question says the fighter moves, and names the attack."""
    d = vega_claw_against_blizzard()
    assert _words(d) == "choose the space you move to (Vega's Bloody High Claw (attack))"


def test_a_question_without_its_source_keeps_the_general_words() -> None:
    """A log recorded before questions named their source: nothing is guessed."""
    d = position(p1=dict(space=3, buddies={"nirvana_active": 4}), p2=dict(space=7),
                 chars=("carlclover", "nehtali"))
    d.act(CharacterAction(index=0))
    request = d.expect(SpaceRequest, P1)
    unsourced = msgspec.structs.replace(request, source=None)
    assert needs(unsourced, d.state, CATALOG) == (
        "choose a space for the effect being resolved (a move, or where a Trap, buddy or "
        "lightning rod goes)")


def test_the_tags_read_are_every_effect_that_asks_for_a_space() -> None:
    """``_ASKING`` lists the effects whose handlers ask ``choose_space`` (directly or
    through ``place_buddy_at_distance``), found in the engine's source: an effect added
    later that asks a space must be read here too, or its question would fall back."""
    import ast
    from pathlib import Path

    import engine
    from engine.cards import schema
    from replay.space_questions import _ASKING

    askers = {"choose_space", "place_buddy_at_distance"}
    found = set()
    for path in Path(engine.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.FunctionDef):
                continue
            calls = {getattr(call.func, "id", getattr(call.func, "attr", None))
                     for call in ast.walk(node) if isinstance(call, ast.Call)}
            if not calls & askers or node.name in askers:
                continue
            for decorator in node.decorator_list:
                if (isinstance(decorator, ast.Call)
                        and getattr(decorator.func, "id", None) == "handler"):
                    named = decorator.args[0]
                    assert isinstance(named, ast.Attribute), ast.dump(named)
                    kind = getattr(schema, named.attr)
                    found.add(str(kind.__struct_config__.tag))
    assert found == set(_ASKING)
