"""A person answering one question at the terminal (``replay/prompt.py``,
``replay/menu.py``): payments are distinct card sets with the force needed, a mulligan's
32 sets are shortened to its smallest (``o all`` lists them), cards may be typed by name (in the order they go to the discard pile), ``?``/``b``/``c`` answer, bad
input and typed control characters are one escaped line and the question again, end of
input and ``q`` stop the game, the Critical's payment says it is one, and a question
asked by a card with a forged name stays one line. The whole game at the terminal is
``test_terminal_play.py``."""

from __future__ import annotations

import io
import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from engine import (
    Catalog,
    Game,
    GameSetup,
    Player,
    Scenario,
    State,
    default_catalog,
    new_game,
    observe,
    read_game,
)
from engine.core.decisions import Mulligan
from engine.core.events.critical import AttackMadeCritical
from replay.menu import distinct_options, needs
from replay.prompt import HELP, TerminalPerson
from replay.seating import Stopped, StopReason

# --- payments, help and bad input at one question -------------------------------------------


def _at_action() -> tuple[Game, Catalog]:
    """p1 to act on space 3 with two Assaults, two Spikes and a Focus in hand, two Grasps
    in gauge; Ken on 7 holding Shoryuken, Grasp and Dive."""
    catalog = default_catalog()
    recipe = {"p1": {"space": 3, "hand": ["assault", "assault", "spike", "spike", "focus"],
                     "gauge": ["grasp", "grasp"]},
              "p2": {"space": 7, "hand": ["ken_shoryuken", "grasp", "dive"]},
              "active": "p1"}
    return Scenario.from_recipe("ryu", "ken", recipe, catalog).game(5), catalog


def _paying_two(game: Game) -> None:
    request = game.pending
    assert request is not None and request.kind == "action"
    game.step(next(c for c in request.options() if getattr(c, "space", None) == 1))


def _zone(state: State, ref: int) -> str:
    return "hand" if ref in state.players[0].hand else "gauge"


def test_a_force_payment_lists_distinct_card_sets_with_the_amount() -> None:
    # core rulebook, Move: moving 2 spaces (3 -> 1) costs 2 force
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None and request.kind == "pay_force"
    view = observe(game.state, Player.P1)
    listing = distinct_options(request, view, catalog)
    engine_sets = list(request.options())

    def card_set(decision: Any) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((view.card_defs[r], _zone(game.state, r)) for r in decision.cards))

    assert len(engine_sets) == 21  # C(7, 2): every pair of the 7 cards
    assert len(listing.options) == 9  # 3 pairs of copies + C(4, 2) of different cards
    assert {card_set(o.decision) for o in listing.options} == {card_set(d) for d in engine_sets}
    labels = [o.label for o in listing.options]
    assert len(set(labels)) == len(labels)
    assert all(request.check(o.decision) is None for o in listing.options)
    assert "Assault, Assault (from hand)" in labels
    assert "Assault (from hand); Grasp (from gauge)" in labels
    assert needs(request).startswith("pay 2 force (")

    out = io.StringIO()
    person = TerminalPerson(io.StringIO("1\n"), out)
    chosen = person.choose(view, request, 3, catalog)
    assert chosen == listing.options[1].decision
    printed = out.getvalue().splitlines()
    assert ("  pay 2 force (each card from your hand or gauge is 1 force, an ultra 1 or 2); "
            "the cards go to your discard pile in the order you pick them, the last on "
            "top:") in printed
    options = [re.match(r"^ +\d+  (.*)$", line) for line in printed]
    assert [m.group(1) for m in options if m] == labels


def _at_mulligan() -> tuple[Any, State, Catalog, list[str]]:
    """The first mulligan of seed 0's Ryu vs Ken: its request, the seat's view, the
    catalog and the names of the hand's cards."""
    game = new_game(GameSetup(p1="ryu", p2="ken"), 0)
    request = game.pending
    assert request is not None and request.kind == "mulligan"
    catalog = default_catalog()
    view = observe(game.state, request.player)
    names = [catalog.card(view.card_defs[r]).name for r in view.players[request.player].hand]
    return request, view, catalog, names


def test_a_mulligan_lists_each_set_of_cards_once() -> None:
    request, view, catalog, names = _at_mulligan()
    listing = distinct_options(request, view, catalog)
    expected = {tuple(sorted(c)) for n in range(len(names) + 1) for c in combinations(names, n)}
    assert len(listing.options) == len(expected)
    assert len({o.label for o in listing.options}) == len(expected)


def test_a_mulligan_lists_its_smallest_sets_and_says_how_to_reach_the_rest() -> None:
    # core rulebook, Mulligan: any number of cards of the opening hand go back; the 32
    # sets of a 5-card hand are not all printed: keep and the single cards are, the rest
    # are typed by name, taken by number, or listed with "o all"
    request, view, catalog, hand = _at_mulligan()
    assert len(hand) == 5
    listing = distinct_options(request, view, catalog)
    assert len(listing.options) == 32
    out = io.StringIO()
    two = f"{hand[0].lower()}, {hand[1].lower()}"
    chosen = TerminalPerson(io.StringIO(f"o all\n{two}\n"), out).choose(
        view, request, 1, catalog)
    assert isinstance(chosen, Mulligan)
    assert sorted(chosen.cards) == sorted(view.players[request.player].hand[:2])
    first, again = out.getvalue().split("choose 0-31 (? for help): o all")
    numbered = [m.group(1) for m in map(re.compile(r"^ +\d+  (.*)$").match, first.splitlines())
                if m]
    assert numbered == (
        ["Keep the opening hand"] + [f"Mulligan {name} (draw 1 new)" for name in hand])
    assert (f"    6-31  26 more sets of 2 to 5 cards: type the cards ({two}), "
            "or o all to list them") in first.splitlines()
    listed = [line for line in again.splitlines() if re.match(r"^ +\d+  ", line)]
    assert len(listed) == 32 and listed[-1].startswith("   31  Mulligan ")
    assert "more sets" not in again


def _ask(typed: str) -> tuple[list[str], Any, Game]:
    game, catalog = _at_action()
    request = game.pending
    assert request is not None
    out = io.StringIO()
    chosen = TerminalPerson(io.StringIO(typed), out).choose(
        observe(game.state, Player.P1), request, 7, catalog)
    return out.getvalue().splitlines(), chosen, game


def _answers(lines: list[str]) -> dict[str, list[str]]:
    """What was printed after each typed line (the prompt shows it echoed)."""
    answers: dict[str, list[str]] = {}
    typed = None
    for line in lines:
        if line.startswith("choose 0-"):
            typed = line.split("(? for help): ", 1)[1]
            answers[typed] = []
        elif typed is not None:
            answers[typed].append(line)
    return answers


def test_help_the_board_and_a_card_on_request() -> None:
    lines, chosen, game = _ask("?\nb\nc grasp\nc ken masters\n0\n")
    answers = _answers(lines)
    assert answers["?"] == list(HELP)
    board = answers["b"]
    assert board[1].startswith("arena [") and "[ p1 ]" in board[1] and "[ p2 ]" in board[1]
    assert "  hand 3 (hidden)" in board  # Ken's hand: a count only
    assert "  hand 5: Assault, Assault, Spike, Spike, Focus" in board
    assert answers["c grasp"][0] == ("Grasp (normal): power 3 · speed 7 · range 1 · armor 0 · "
                                     "guard 0")
    assert answers["c grasp"][1] == "  hit: choose: push 1 / push 2 / pull 1 / pull 2"
    assert answers["c grasp"][2].startswith("  boost ")
    ken = default_catalog().character("ken")  # the character card, from the card data
    assert answers["c ken masters"][0] == (f"Ken Masters (fighter): life {ken.life} · exceed "
                                           f"cost {ken.exceed_cost}")
    assert any(line.startswith("  action Ken's rush: ") for line in answers["c ken masters"])
    assert game.pending is not None and chosen == next(iter(game.pending.options()))


@pytest.mark.parametrize(("typed", "says"), [
    ("99", "'99' is not an option: enter a number 0-"),
    ("-1", "'-1' is not an option: enter a number 0-"),
    ("+2", "'+2' is not an option: enter a number 0-"),
    # walking the terminal: a number of 7 digits or more read "is not an option or a
    # command", as if it were not a number
    ("1234567", "'1234567' is not an option: enter a number 0-"),
    ("9" * 20, f"'{'9' * 20}' is not an option: enter a number 0-"),
    ("-" + "9" * 20, f"'-{'9' * 20}' is not an option: enter a number 0-"),
    ("7x", "'7x' is not an option or a command: enter a number 0-"),
    ("", "'' is not an option or a command: enter a number 0-"),
    ("c", "name a card: c NAME (c grasp)"),
    ("c zz", "no card of this game is called 'zz' (c NAME, e.g. c "),
    ("c s", "'s' matches "),
    ("x" * 5000, "that line is longer than 1000 characters; enter a number or a command"),
    # a typed line stacking 30 accents was echoed raw, the accents smearing the prompt
    # over the lines around it; its marks are escapes now, as `exceed play --name` shows
    ("a" + "\u0301" * 30, "'a\\u0301\\u0301\\u0301"),
    ("y" * 60, f"'{'y' * 40}…' (60 characters) is not an option or a command"),
])
def test_bad_input_is_one_line_and_the_question_again(typed: str, says: str) -> None:
    lines, _, _ = _ask(f"{typed}\n0\n")
    prompts = [at for at, line in enumerate(lines) if line.startswith("choose 0-")]
    assert len(prompts) == 2  # asked again after the bad line
    between = [line for line in lines[prompts[0] + 1:prompts[1]] if line]
    assert len(between) == 1 and between[0].startswith(says), between


def test_end_of_input_and_quit_stop_the_game() -> None:
    for typed, reason in (("", StopReason.END_OF_INPUT), ("q\n", StopReason.QUIT)):
        with pytest.raises(Stopped) as stop:
            _ask(typed)
        assert (stop.value.decision, stop.value.reason) == (7, reason)



def test_typed_control_characters_are_echoed_escaped() -> None:
    lines, _, _ = _ask("abc\x1b[31mred\udcff\n0\n")
    assert "\x1b" not in "\n".join(lines) and "\udcff" not in "\n".join(lines)
    assert "choose 0-14 (? for help): abc\\x1b[31mred\\udcff" in lines
    assert "'abc\\x1b[31mred\\udcff' is not an option or a command: enter a number 0-14, or ? " \
        "for help" in lines


@pytest.mark.parametrize(("typed", "cards"), [
    ("assault, assault", ("assault", "assault")),
    ("Spi, GRASP", ("spike", "grasp")),
    ("focus,grasp", ("focus", "grasp")),
])
def test_a_set_of_cards_can_be_typed_by_name(typed: str, cards: tuple[str, ...]) -> None:
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None
    out = io.StringIO()
    chosen = TerminalPerson(io.StringIO(f"{typed}\n"), out).choose(
        observe(game.state, Player.P1), request, 3, catalog)
    names = sorted(catalog.card(game.state.card_defs[r]).name.lower()
                   for r in getattr(chosen, "cards", ()))
    assert names == sorted(cards)
    assert request.check(chosen) is None
    assert "  (or type the cards: assault, assault)" in out.getvalue().splitlines()


@pytest.mark.parametrize("typed", ["focus, grasp", "grasp, focus"])
def test_cards_typed_by_name_go_to_the_discard_pile_in_that_order(typed: str) -> None:
    """Core rulebook, Discard: "When you discard multiple cards simultaneously, you
    choose the order." Force paid with Focus and Grasp (moving 3 -> 1, 2 force): the
    decision lists them as typed, and the last typed lies on top of the discard pile."""
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None
    chosen = TerminalPerson(io.StringIO(f"{typed}\n"), io.StringIO()).choose(
        observe(game.state, Player.P1), request, 3, catalog)
    game.step(chosen)
    discard = [catalog.card(game.state.card_defs[r]).name.lower()
               for r in game.state.players[Player.P1].discard]
    assert discard == [name.strip() for name in typed.split(",")]  # the last on top
    assert game.state.players[Player.P1].space == 1


@pytest.mark.parametrize(("typed", "says"), [
    ("focus", "no option takes exactly Focus: pick a number"),
    ("spike, s, focus", "no option takes exactly Spike, Spike, Focus: pick a number"),
    ("hadoken, focus", "'hadoken' names no card of this question: type more of the name or a "
                       "number"),
    ("focus,", "name the cards separated by commas, e.g. assault, assault"),
])
def test_cards_typed_that_make_no_option_are_one_line(typed: str, says: str) -> None:
    game, catalog = _at_action()
    _paying_two(game)
    request = game.pending
    assert request is not None
    out = io.StringIO()
    TerminalPerson(io.StringIO(f"{typed}\n0\n"), out).choose(
        observe(game.state, Player.P1), request, 3, catalog)
    lines = out.getvalue().splitlines()
    asked = [at for at, line in enumerate(lines) if line.startswith("choose 0-")]
    assert lines[asked[0] + 1:asked[1]] == [says]


def test_the_critical_payment_says_it_is_for_critical() -> None:
    """A Street Fighter seat's attack set with gauge in hand asked "spend 1 gauge (cards
    from your gauge); or decline", naming no purpose: the player could not tell it was
    the Critical (Street Fighter rulebook: 1 gauge as the attack is set). It says so,
    on the Play page (``needs``) and at the terminal; another gauge payment does not."""
    catalog = default_catalog()
    game = new_game(GameSetup(p1="ryu", p2="ken"), 3, catalog)
    critical = "spend 1 gauge to make your attack Critical (its Critical effects apply " \
        "this strike); or decline"
    seen = set()
    while game.pending is not None and len(game.decisions) < 400:
        request = game.pending
        view = observe(game.state, request.player)
        options = list(request.options())
        pick = next((o for o in options if o.__struct_config__.tag == "strike"), None)
        if request.kind == "pay_gauge":
            said = needs(request, view, catalog)
            out = io.StringIO()
            TerminalPerson(io.StringIO("0\n"), out).choose(view, request, 0, catalog)
            assert f"  {said}:" in out.getvalue().splitlines()
            pick = next(o for o in options if getattr(o, "cards", ()))
            before = len(game.events)
            game.step(pick)
            made = any(e.__struct_config__.tag == "critical"
                       and isinstance(e, AttackMadeCritical) and e.player == request.player
                       for e in game.events[before:])  # "p1 Ryu pays 1 gauge: Critical"
            nothing = re.fullmatch(
                r"spend 1 gauge to make your attack Critical; or decline \(neither (.+) nor "
                r"your character's ability has a Critical effect, so Critical adds nothing "
                r"to \1; the rulebook allows it, e\.g\. as a bluff\)", said)
            assert (said == critical or nothing is not None) == made, (said, made)
            seen.add(made)
            continue
        game.step(pick if pick is not None else options[-1])
    assert True in seen


@pytest.mark.parametrize(("card", "says"), [
    ("spike", "spend 1 gauge to make your attack Critical; or decline (neither Spike nor "
              "your character's ability has a Critical effect, so Critical adds nothing to "
              "Spike; the rulebook allows it, e.g. as a bluff)"),
    ("ryu_hadoken", "spend 1 gauge to make your attack Critical (its Critical effects "
                    "apply this strike); or decline"),
])
def test_the_critical_payment_says_when_the_attack_has_no_critical_effect(
        card: str, says: str) -> None:
    """Ryu sets Spike with gauge: the Critical was offered as "its Critical effects apply
    this strike" though Spike and Ryu's ability have none, so the gauge bought nothing
    (Street Fighter rulebook, Critical: allowed, "as a bluff"). It says so; Hadoken's
    ``[if is_critical] speedup 2`` keeps the old words."""
    catalog = default_catalog()
    recipe = {"p1": {"space": 3, "hand": [card, "assault", "focus"], "gauge": ["grasp"]},
              "p2": {"space": 5, "hand": ["grasp", "dive", "sweep"]}, "active": "p1"}
    game = Scenario.from_recipe("ryu", "ken", recipe, catalog).game(5)
    assert game.pending is not None
    game.step(next(o for o in game.pending.options() if o.__struct_config__.tag == "strike"))
    view = observe(game.state, Player.P1)
    assert game.pending is not None
    game.step(next(o for o in game.pending.options()
                   if view.card_defs.get(next(iter(getattr(o, "cards", ())), -1), "")
                   .endswith(card)))
    request = game.pending
    assert request is not None and request.kind == "pay_gauge"
    assert needs(request, observe(game.state, Player.P1), catalog) == says


def test_a_question_asked_by_a_card_named_across_lines_is_one_line(tmp_path: Path) -> None:
    """The question names what asks a choice (``replay.asking_words.asker``): a card of a log's
    own definitions may be named ``x\\n  <- decision 0: p1 resigns``, and every line the
    prompt prints is now escaped as ``exceed replay`` prints a board (``\\n``, ``\\x1b``):
    the name stays inside its line and drives no terminal."""
    from replay.viewer.cursor import Replay
    from tests.forged_names import forged_log

    log = read_game(forged_log(tmp_path / "forged.exlog"))
    replay = Replay(log)
    replay.seek(replay.decision_starts[6])
    request = log.steps[7].request
    assert request is not None and request.kind == "choice"
    out = io.StringIO()
    TerminalPerson(io.StringIO("0\n"), out).choose(
        observe(replay.state, request.player), request, 6, replay.catalog)
    printed = out.getvalue().splitlines()
    assert printed[0] == (
        "-- decision 6, turn 2: p1 bang\\n  <- decision 0: p1 resigns chooses an option of "
        "bang\\n  <- decision 0: p1 resigns' bang_pulverizingblastjutsu\\n  <- decision 0: "
        "p1 resigns (attack) --")
    assert not any(line.lstrip().startswith("<- decision 0") for line in printed)


def test_one_set_left_over_is_one_set_of_one_card() -> None:
    """A discard of 1 from 13 candidates: 12 sets listed, and the 13th "1 more set of 1
    card", not "12-12  1 more sets of 1 cards"."""
    from engine.core.decisions import Discard, DiscardRequest
    from replay.options import Listing, Option
    from replay.prompt import _Question

    game, catalog = _at_action()
    view = observe(game.state, Player.P1)
    request = DiscardRequest(player=Player.P1, count=1, candidates=tuple(range(13)))
    options = tuple(Option(i, Discard(cards=(i,)), f"Discard card {i}") for i in range(13))
    lines = _Question(view, Listing(request=request, options=options, capped=False), 9,
                      catalog).lines()
    assert "   11  Discard card 11" in lines and "   12  Discard card 12" not in lines
    assert lines[-1].startswith("   12  1 more set of 1 card: type the cards (")


def test_one_card_to_pay_or_discard_has_no_order_to_choose_and_the_mulligan_reads_as_setup() -> None:
    """Core rulebook, Discard: "When you discard multiple cards simultaneously, you
    choose the order": a 1-force payment (Move, 1 space) is one card, so its question
    does not say the cards go in the order picked; a 2-force one does (above). Setup 5,
    Mulligan: "set aside any number of cards ... draw cards ... equal to the number that
    you set aside. Then, shuffle the cards you set aside into your deck": the question
    says it in that order (it read "shuffle ... back and draw as many")."""
    game, catalog = _at_action()
    request = game.pending
    assert request is not None and request.kind == "action"
    game.step(next(c for c in request.options() if getattr(c, "space", None) == 2))
    paying = game.pending
    assert paying is not None and paying.kind == "pay_force"
    assert needs(paying, observe(game.state, Player.P1), catalog) == (
        "pay 1 force (each card from your hand or gauge is 1 force, an ultra 1 or 2)")
    request, view, catalog, _ = _at_mulligan()
    assert needs(request, view, catalog) == (
        "set aside any cards of your opening hand, draw as many, then shuffle the "
        "set-aside cards into your deck; or keep it")


@pytest.mark.parametrize(("tag", "says"), [
    ("exceed", "  spend 2 gauge to Exceed (cards from your gauge):"),
    ("change_cards", "  pay at least 1 force for Change Cards, to draw a card per force "
                     "(each card from your hand or gauge is 1 force"),
    ("move", "  pay 2 force for the Move to space 1 (each card from your hand or gauge is "
             "1 force"),
])
def test_an_actions_payment_names_the_action_at_the_terminal(tag: str, says: str) -> None:
    """``exceed play`` asked "spend 2 gauge (cards from your gauge)" after Exceed, "pay at
    least 1 force" after Change Cards and "pay 2 force" after a Move, for nothing named,
    where the Play page names the action (``action_payments.paid_for``). Played through the seats'
    loop (``play_seats``), as ``exceed play`` plays it: the action typed, then the end
    of input at the payment."""
    from replay.seating import play_seats, witnesses

    game, catalog = _at_action()
    request = game.pending
    assert request is not None
    listing = distinct_options(request, observe(game.state, Player.P1), catalog)
    number = next(o.number for o in listing.options
                  if o.decision.__struct_config__.tag == tag
                  and getattr(o.decision, "space", 1) == 1)  # the Move 3 -> 1: 2 force
    out = io.StringIO()
    person = TerminalPerson(io.StringIO(f"{number}\n"), out)
    agents = ("human", "heuristic")
    with pytest.raises(Stopped):
        play_seats(game, game.step, agents, 5, person, catalog,
                   witnesses(agents, game.state, len(game.events), catalog))
    paying = game.pending
    assert paying is not None and paying.kind in ("pay_gauge", "pay_force")
    lines = out.getvalue().splitlines()
    asked = lines[lines.index(next(x for x in lines if x.startswith("-- decision 1,"))):]
    assert any(line.startswith(says) for line in asked), asked
