"""What each kind of option on the Play page does, in rulebook words, for a player new
to EXCEED: the buttons read "Prepare", "Change Cards", "Reshuffle", "Move to space 5",
"Wild swing", and said nothing of what they do or that a Move costs force. The page
shows the line under each kind's heading (``play_table.controls``), and a boost's or an
attack's button holds its card's text (``card_help``): "Boost Dive (Tech)" said nothing
of what Tech does, and the card texts were a toggle at the foot of the page. The words
a Play tab's title opens with live here too: ``tab_words`` for a game in play and
``waiting_tab_words`` for one waiting for its players, and a waiting game's row in the
list of unfinished games (``waiting_row_words``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from dashboard.literal import markdown as md
from replay import query as q

CARD_TEXTS = "Card texts, at the foot of the page"

KIND_WORDS = {
    "strike": "A strike: each player sets an attack card from their hand face down, then "
              "both are revealed; the faster attack hits first, if the other fighter stands "
              "within its range, for its power less their armor; a fighter hit for more "
              "than their guard is stunned and does not hit back. An Ultra costs gauge: "
              "one you cannot pay is invalid, and you wild swing instead. Set as EX (both "
              "copies): power, speed, armor and guard 1 higher. Wild swing: the top card "
              "of your deck is your attack, unseen.",
    "boost": "Play a card from your hand face up for its boost, the lower text of the card "
             f"({CARD_TEXTS}): an immediate boost acts at once, a continuous one stays in "
             "play, as its text says; a boost's force cost is paid next.",
    "move": "Move your fighter to that space: 1 force per space travelled (the other "
            "fighter's space not counted), and 1 more to move over them, paid next with "
            "cards you pick from your hand or gauge (they go to your discard pile).",
    "change cards": "Spend at least 1 force, cards from your hand or gauge (you pick them "
                    "next), then draw a card per force spent.",
    "prepare": "Draw a card.",
    "exceed": "Spend your fighter's exceed cost in gauge to turn its character card to "
              f"its Exceed side, with stronger abilities ({CARD_TEXTS}).",
    "reshuffle": "Shuffle your discard pile into your deck now. A fighter reshuffles once "
                 "a game: after that, a deck that runs out loses the game.",
    "character actions": "An action of your own fighter, as its character card says "
                         f"({CARD_TEXTS}).",
    "tag team actions": "Switch Characters: your tag partner comes in.",
}
"""Kind of option (``q.GROUPS``) -> one line of what it does; none for ``prompt`` (the
answers to any other question: the question says what they answer)."""


def card_help(texts: Mapping[str, q.CardText], card_defs: Mapping[int, str],
              decision: object) -> str | None:
    """The text of the cards ``decision`` boosts or sets (``texts``: card id -> its text,
    ``q.live_cards``; ``card_defs``: the seat's view's card ids by ref), as Markdown,
    each line escaped; None for any other decision, or a card the view does not name."""
    refs = getattr(decision, "cards", None)
    if refs is None:
        card = getattr(decision, "card", None)
        refs = () if card is None else (card,)
    if not isinstance(refs, tuple):
        return None
    ids = dict.fromkeys(card_defs[ref] for ref in refs if ref in card_defs)
    blocks = ["  \n".join([md(texts[i].name), *(md(line.strip()) for line in texts[i].lines)])
              for i in ids if i in texts]
    return "\n\n".join(blocks) or None


def action_help(actions: Sequence[str], decision: object) -> str | None:
    """What the character action ``decision`` takes does (``SeatPicture.actions``, by
    its index), escaped; None if unknown. Only for an option of the character actions'
    group: another decision's ``index`` (a choice's) is not an action's."""
    index = getattr(decision, "index", None)
    return md(actions[index]) if isinstance(index, int) and 0 <= index < len(actions) else None


def action_words(actions: Sequence[str], group: q.Group) -> str:
    """Each offered character action and what it does, a line each (``Ryu's step:
    choose: advance 1 / retreat 1``), escaped; "" when nothing is known."""
    lines = []
    for option in group.options:
        said = action_help(actions, option.decision)
        if said is not None:
            name = option.label.removeprefix("Character action: ")
            lines.append(f"{md(name)}: {said}")
    return "  \n".join(lines)


OPTION_CARDS = "What these cards do"
"""The expander above the options holding the texts of the cards they set or boost."""


def option_cards(texts: Mapping[str, q.CardText], card_defs: Mapping[int, str],
                 groups: Sequence[q.Group]) -> list[str]:
    """The texts (``card_help``) of the cards the strike and boost options set or
    boost, each card once, in the options' order. A button holds its card's text only
    as hover help, which a touch screen never shows: on a phone the texts were a toggle
    at the foot of the page, a screen and more below the options."""
    blocks: dict[str, None] = {}
    for group in groups:
        if group.kind in ("strike", "boost"):
            for option in group.options:
                said = card_help(texts, card_defs, option.decision)
                if said is not None:
                    blocks.setdefault(said)
    return list(blocks)


_GAUGE_COST = re.compile(r"\bgauge cost (\d+)\b")


def unpaid_ultras(texts: Mapping[str, q.CardText], card_defs: Mapping[int, str],
                  groups: Sequence[q.Group], gauge: int) -> str:
    """One line naming the Ultras the attack options offer whose printed gauge cost is
    more than the ``gauge`` held, "" when none: set, such an Ultra is invalid at the
    reveal and the seat wild swings. The options offered it as any other attack ("Set
    Metsu Shoryuken"), the rule was in the strike's one general line, and a newcomer
    read "p1 Ryu's Metsu Shoryuken is invalid (its cost is 4 gauge; p1 has 3)" after
    the click. The printed cost, as the transcript's line of it reads: an effect may
    lower it, which the line allows for."""
    costs: dict[str, int] = {}
    for group in groups:
        if group.kind != "strike":
            continue
        for option in group.options:
            refs = getattr(option.decision, "cards", None)
            for ref in refs if isinstance(refs, tuple) else ():
                text = texts.get(card_defs.get(ref, ""))
                found = _GAUGE_COST.search(text.lines[0]) if text and text.lines else None
                if text is not None and text.kind == "ultra" and found \
                        and int(found.group(1)) > gauge:
                    costs[text.name] = int(found.group(1))
    if not costs:
        return ""
    named = ", ".join(f"{name} ({cost})" for name, cost in costs.items())
    return (f"You hold {gauge} gauge, less than the cost of {named}: set, "
            f"{'it is' if len(costs) == 1 else 'each is'} invalid and you wild swing "
            "instead (unless an effect lowers the cost).")


MOVE_WORDS = {
    "advance": "advance: you move toward the opponent, past them if you reach them (their "
               "space not counted)",
    "retreat": "retreat: you move away from the opponent",
    "close": "close: you move toward the opponent, stopping next to them",
    "push": "push: the opponent moves away from you",
    "pull": "pull: the opponent moves toward you, past you if they reach you (your space "
            "not counted)",
    "advantage": "gain advantage: you take the next turn after this one",
}
"""The rulebook's words of movement (and advantage) in an answer, for a player new to
them: Grasp's hit asked "push 1 / push 2 / pull 1 / pull 2", saying nothing of who moves
where (core rulebook, Movement)."""
_WORD = re.compile(r"\b(advance|retreat|close|push|pull|advantage)\b")


def answer_words(group: q.Group) -> str:
    """What the movement words in ``group``'s answers do, each once, in ``MOVE_WORDS``'
    order, as one line; "" when none is used (or for a group that is not ``prompt``)."""
    if group.kind != "prompt":
        return ""
    used = {m.group(1) for o in group.options for m in _WORD.finditer(o.label)}
    return "; ".join(words for verb, words in MOVE_WORDS.items() if verb in used)


NONE_REFUSED = "paying nothing is not an answer here"


def must_pick_words(kind: str, amount: object) -> str:
    """Why the card picker's button waits for a pick (the request, of ``kind``, asking
    ``amount`` of force or None for any, refuses no card): said above it, not only in
    its hover help (none on a phone). Change Cards' payment read "pay any amount of
    force", and a newcomer who picked nothing met a disabled button with no word why:
    the rulebook's Change Cards spends "1 or more Force"."""
    if kind == "pay_force" and amount is None:
        return f"Pick at least one card first: this spends at least 1 force ({NONE_REFUSED})."
    return f"Pick the cards first: {NONE_REFUSED}."


def tab_words(pic: q.SeatPicture) -> str:
    """What the browser tab of a seat's page says first (``routes.tab_title``): whose
    move it is, so a player waiting in another tab sees their move come (the page looks
    every second while it waits). Fixed words only: no name reaches the title."""
    if pic.over or pic.abandoned:
        return "Game over"
    if pic.seat == q.SPECTATOR:
        return "Watching"
    if pic.request is None:
        return "Their move"
    if pic.seat == "both" and pic.viewer is not None:  # hotseat: the seat on move
        return f"{pic.viewer.label} to move"
    return "Your move"


def waiting_tab_words(seat: str, waiting: q.Waiting) -> str:
    """What the browser tab of a waiting game's page says first (fixed words only)."""
    if waiting.cancelled:
        return "Not played"
    if seat == q.SPECTATOR:
        return "Waiting to start"
    return "Join the game" if seat == waiting.seat else "Waiting for your friend"


def waiting_row_words(rematch: bool, hosts: bool) -> tuple[str, str]:
    """What a waiting game's row says, and its link's words: to its host (or a rematch's
    offerer), or to the person it waits for. The person it waits for read "waiting for a
    friend to join" and a [watch] link to a page with no join form (a friend who opened
    their link, or was offered a rematch, and came back to the list); a rematch offer's
    page has no new link (they hold theirs) and no cancel."""
    if hosts:
        return (("waiting for the other player to accept the rematch", "open your seat")
                if rematch else ("waiting for your friend to join",
                                 "open: a new link for your friend, or cancel"))
    return (("a rematch offered to you, waiting for you to accept it", "open it to accept")
            if rematch else ("waiting for you to join", "open it to join"))
