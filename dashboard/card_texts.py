"""The card texts of a game's fighters, on the Game and Play pages.

A toggle, "Card texts" (off: nothing is built, as the Game page's strikes table; an
expander's content would be built and sent on every run even while closed), showing a
tab per fighter: its character card (abilities,
actions, Exceed), then each card of its deck list with its copies, stats, costs, effects
and boost, in the words of the terminal's ``c NAME`` (``replay.query.card_reference``),
and a box that keeps the cards whose name holds what is typed. Every text comes from the
game's catalog (a log's own definitions), so every one is escaped (``data.plain``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from dashboard import data
from replay.query import CardText, FighterCards, Frame

TAGGED_OUT = "tagged out: "
"""A Tag Team seat's note naming its partner (``PlayerFrame.notes``)."""
INDENT = "\u2003"
"""An em space: a boost's effects sit under the boost line (Markdown drops plain spaces)."""


def hover_text(card: CardText) -> str:
    """A card's text as a chip's hover text: ``Grasp (normal): power 3 · ...``, then its
    effect and boost lines (plain text: the chip's ``title``, escaped there)."""
    return "\n".join([f"{card.name} ({card.kind}): {card.lines[0] if card.lines else ''}",
                       *card.lines[1:]])


def hover_texts(fighters: Sequence[FighterCards], shown: Frame) -> dict[str, dict[str, str]]:
    """Seat -> card name -> hover text, for ``dashboard.arena.html``: each seat's cards
    are its own fighters' (Ryu's and Ken's Shoryuken differ), a Tag Team's both, its
    specials and ultras also as the table names them (``Hosenka (Chun-Li)``)."""
    by_name = {f.name: f for f in fighters}
    texts: dict[str, dict[str, str]] = {}
    for p in shown.players:
        names = [*p.character.split(" + "),  # a Tag Team's partner, tagged out, too
                 *(n.removeprefix(TAGGED_OUT).split(",")[0] for n in p.notes
                   if n.startswith(TAGGED_OUT))]
        own = [by_name[name] for name in names if name in by_name]
        seat: dict[str, str] = {}
        for f in own:
            for card in f.cards:
                seat[card.name] = seat[f"{card.name} ({f.name})"] = hover_text(card)
        texts[p.seat] = seat  # a team's card by its fighter too: "Hosenka (Chun-Li)"
    return texts


def card_block(card: CardText) -> str:
    """One card as Markdown: its name in bold with kind, copies and where it starts, then
    one line per stats, effect and boost line, each escaped."""
    where = "" if card.starts == "deck" else f", starts {card.starts}"
    head = (f"**{data.plain(card.name)}** · {data.plain(card.kind)} · "
            f"{card.copies} {'copy' if card.copies == 1 else 'copies'}{data.plain(where)}")
    return "  \n".join([head, *(_line(line) for line in card.lines)])


def fighter_block(fighter: FighterCards) -> str:
    """The character card as Markdown: its first line in bold, the others under it."""
    head, *rest = fighter.lines or (fighter.name,)
    return "  \n".join([f"**{data.plain(head)}**", *(_line(line) for line in rest)])


def _line(line: str) -> str:
    depth = len(line) - len(line.lstrip(" "))
    return INDENT * (depth // 2) + data.plain(line.strip())


def matching(cards: Sequence[CardText], typed: str) -> list[CardText]:
    """The cards whose name holds ``typed`` (any case); all of them when it is blank."""
    wanted = typed.strip().casefold()
    return [c for c in cards if wanted in c.name.casefold()] if wanted else list(cards)


def render(load: Callable[[], Sequence[FighterCards]], key: str, source: str = "",
           whose: str = "the fighters of this game") -> None:
    """The toggle and, when on, the texts of the fighters ``load()`` gives (read only
    then), under ``source`` (a caption saying where the texts come from, when they are
    not the game's own); ``key`` prefixes the widgets' keys; ``whose`` ends the toggle's
    help ("every card of ...")."""
    if not st.toggle("Card texts", key=f"{key}.show", help=f"every card of {whose}"):
        return
    fighters = load()
    if source:
        st.caption(source)
    if not fighters:
        st.caption("No card texts to show.")
        return
    with st.container(border=True):
        typed = st.text_input("Find a card", key=f"{key}.find", placeholder="a card's name",
                              help="keeps the cards whose name holds this text")
        tabs = st.tabs([data.plain(f.name) for f in fighters])
        for tab, fighter in zip(tabs, fighters, strict=True):
            with tab:
                if not typed.strip():
                    st.markdown(fighter_block(fighter))
                shown = matching(fighter.cards, typed)
                if not shown:
                    st.caption(f"No card of {data.plain(fighter.name)} is called "
                               f"{data.plain(repr(typed.strip()[:40]))}.")
                for card in shown:
                    st.markdown(card_block(card))
