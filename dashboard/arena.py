"""The table as a picture: the arena's nine spaces, both fighters, and every card as a chip.

``html(frame)`` draws one ``replay.query.Frame`` (the table at one position as one
perspective sees it) as an HTML block (``st.html`` in the replay viewer,
``viewer_panel.html_block``; ``st.markdown`` on the Play page):

- the nine spaces in a row (``aria-label="arena"``), each fighter on its space as a
  token in its seat's colour with its name, life and Exceed state, and what the season
  mechanics keep on the spaces (▲ a Trap boost, ◆ a buddy, ⚡ a lightning rod) as small
  chips in the owner's colour;
- the strike in progress between them: two cards facing each other, the attacker's on
  the left, each face down (its back, or its name greyed when this perspective may see
  it) until the reveal step, then face up with its stats and the outcome so far;
- each player's zones as card chips: boosts in play, gauge, the hand (face down, its
  count shown, when the perspective may not see it), the deck and discard counts and a
  season's open areas. The player seen from sits at the bottom (p1 under ``all`` and
  under ``public``, a spectator's: both hands face down, ``table as spectator``).

Everything hidden is already hidden in the frame (``engine.knowledge.views``): this module only
draws names and counts, and never sees a card a perspective may not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from dashboard.literal import html as escape
from dashboard.review import seen_as
from dashboard.timeline import COLOURS
from replay.query import Frame, PlayerFrame, SideFrame

SPACES = range(1, 10)
OBJECT_MARKS = {"trap": "▲", "lightning_rod": "⚡", "buddy": "◆"}
"""The mark of each kind of object on a space (``engine.SpaceObject.kind``)."""
BACK = "#5b4a8a"
"""The colour of a card's back."""


def _colour(seat: str) -> str:
    return COLOURS[0 if seat == "p1" else 1]


def hover(text: str) -> str:
    """``text`` for a ``title`` attribute: escaped line by line, its line breaks kept as
    ``&#10;`` (``escape`` makes a line break a space)."""
    return "&#10;".join(escape(line) for line in text.split("\n"))


def chip(name: str, seat: str, title: str | None = None) -> str:
    """One face-up card chip; hovered, it shows ``title`` (a card's text), else its name.
    At most as wide as its zone, a longer name cut with an ellipsis (a log's own
    definitions may name a card with 200 characters, whose chip ran out of the board over
    the column beside it); the hover shows it whole."""
    return (f'<span data-face="up" title="{hover(title or name)}" style="display:inline-block;'
            f"border:1px solid {_colour(seat)};border-radius:4px;padding:0 4px;margin:1px;"
            f"font-size:0.72em;background:#fff;color:#222;white-space:nowrap;max-width:100%;"
            f'box-sizing:border-box;overflow:hidden;text-overflow:ellipsis;vertical-align:bottom">'
            f"{escape(name)}</span>")


def back(count: int, what: str) -> str:
    """``count`` face-down card chips, their count written on the last."""
    if count <= 0:
        return ""
    one = (f'<span data-face="down" style="display:inline-block;width:0.9em;height:1.25em;'
           f"border-radius:3px;margin:1px;background:{BACK};border:1px solid #3a2f5c;"
           'vertical-align:middle"></span>')
    return (f'<span title="{count} {escape(what)} face down">{one * count}'
            f'<span style="font-size:0.72em;color:#555;margin-left:3px">'
            f"{count} face down</span></span>")


Titles = Mapping[str, Mapping[str, str]]
"""Seat -> card name -> the card's text, shown when a face-up card is hovered
(``dashboard.card_texts.hover_texts``)."""


def _zone(label: str, cards: Sequence[str], seat: str, aria: str,
          titles: Mapping[str, str]) -> str:
    chips = ("".join(chip(c, seat, titles.get(c)) for c in cards)
             or '<span style="color:#999">none</span>')
    return (f'<div aria-label="{escape(aria)}" style="margin:1px 0">'
            f'<span style="font-size:0.72em;color:#666;margin-right:4px">{escape(label)}'
            f"</span>{chips}</div>")


TURN_PLAYER_HELP = ("It is this player's turn: they choose its one action (prepare, move, "
                    "change cards, exceed, boost, strike...).")
"""The hover help of a header's ``turn player`` (core rulebook, Actions)."""
COUNTER_HELP = {
    "critical available": (
        "1 while this player's gauge holds a card, 0 when it is empty. Street Fighter "
        "rulebook, Critical: as you set your attack you may spend 1 gauge to make it "
        "Critical, which turns on the Critical effects of your attack and character "
        "ability for this strike."),
}
"""The hover help of a season counter in a header, by its name (``PlayerFrame.counters``:
``engine.mechanics.critical``'s ``critical available``)."""


def _explained(text: str, help_text: str) -> str:
    """``text`` (already HTML) underlined with dots, ``help_text`` shown when hovered."""
    return (f'<span title="{hover(help_text)}" style="text-decoration:underline dotted;'
            f'cursor:help">{text}</span>')


def player(p: PlayerFrame, titles: Mapping[str, str] | None = None) -> str:
    """One player's zones: a header line, then boosts, gauge and hand as chips; a chip
    hovered shows its card's text from ``titles`` (card name -> text), else its name."""
    titles = titles or {}
    badges = [f"life <b>{p.life}</b>", f"space {p.space}"]
    if p.exceeded:
        badges.append('<b style="color:#b8860b">EXCEEDED</b>')
    if p.turn_player:
        badges.append(_explained("turn player", TURN_PLAYER_HELP))
    badges += [escape(n) for n in p.notes]
    badges += [_explained(f"{escape(name)} <b>{value}</b>", COUNTER_HELP[name])
               if name in COUNTER_HELP else f"{escape(name)} <b>{value}</b>"
               for name, value in p.counters]
    top = f", top {escape(p.discard_top)}" if p.discard_top else ""
    badges.append(f"deck {p.deck} · discard {p.discard}{top}")
    head = (f'<div style="font-size:0.8em"><b style="color:{_colour(p.seat)}">'
            f"{escape(p.seat)} {escape(p.character)}</b> · {' · '.join(badges)}</div>")
    if p.hand is None:
        hand = (f'<div aria-label="{p.seat} hand" style="margin:1px 0">'
                f'<span style="font-size:0.72em;color:#666;margin-right:4px">'
                f"hand ({p.hand_count})</span>{back(p.hand_count, 'cards in hand')}</div>")
    else:
        hand = _zone(f"hand ({p.hand_count})", p.hand, p.seat, f"{p.seat} hand", titles)
    rows = [head, _zone(f"boosts ({len(p.boosts)})", p.boosts, p.seat, f"{p.seat} boosts",
                        titles),
            _zone(f"gauge ({len(p.gauge)})", p.gauge, p.seat, f"{p.seat} gauge", titles), hand]
    if p.sealed:
        rows.append(_zone(f"sealed ({len(p.sealed)})", p.sealed, p.seat, f"{p.seat} sealed",
                          titles))
    for area, cards in p.areas:
        rows.append(_zone(f"{area} ({len(cards)})", cards, p.seat, f"{p.seat} {area}",
                          titles))
    return (f'<div aria-label="{p.seat} zones" style="border-left:3px solid '
            f'{_colour(p.seat)};padding:2px 6px;margin:3px 0">{"".join(rows)}</div>')


def _fighter(p: PlayerFrame) -> str:
    name = p.character.split(" + ")[0]
    # Nothing is cut or spills out of the token, however narrow its space: the name and
    # EXCEED wrap (between words, else anywhere) instead of ending in "…". Before a word
    # is broken in two ("Londre|kia"), its font shrinks with the token (a container:
    # ``cqi`` is 1% of its width) down to a size still read (``_fits``).
    mode = (f'<div data-mode="exceed" style="font-size:{_fits("EXCEED", 0.5)};'
            'font-weight:700;color:#ffd54f;letter-spacing:-0.02em;overflow-wrap:anywhere">'
            'EXCEED</div>' if p.exceeded else "")
    return (f'<div title="{escape(p.seat)} {escape(p.character)}, life {p.life}" '
            f'style="background:{_colour(p.seat)};color:#fff;border-radius:6px;'
            f'padding:1px 2px;margin:1px;line-height:1.1;container-type:inline-size">'
            f'<div style="font-size:0.75em;font-weight:700">{escape(p.seat)} ♥{p.life}</div>'
            f'<div data-name style="font-size:{_fits(name, 0.62)};white-space:normal;'
            f'overflow-wrap:anywhere">{escape(name)}</div>{mode}</div>')


GLYPH_EM = 0.72
"""The widest an average letter of a name runs in the page's sans-serif, in em (bold
capitals); a word of n letters takes at most n × this."""
SMALLEST_PX = 8
"""The smallest font a name shrinks to; a word that does not fit even so wraps."""


def _fits(text: str, size: float) -> str:
    """A CSS font size of ``size`` em, or less so that the longest word of ``text`` fits
    the width of the token it is in, but not under ``SMALLEST_PX``."""
    longest = max((len(word) for word in text.split()), default=1)
    return f"clamp({SMALLEST_PX}px, {100 / (GLYPH_EM * longest):.2f}cqi, {size}em)"


def spaces(shown: Frame) -> str:
    """The nine spaces with the fighters and the objects on them."""
    cells = []
    for space in SPACES:
        here = "".join(_fighter(p) for p in shown.players if p.space == space)
        # An object's name is written whole, as a fighter's (``_fighter``): it wraps, in
        # a font that first shrinks to fit its longest word. It was cut: "◆ Nirvan…".
        objects = "".join(
            f'<div title="{escape(o.seat)}\'s {escape(o.kind.replace("_", " "))}: {escape(o.name)}'
            f'{f" ({escape(o.card)})" if o.card else ""}" '
            f'style="color:{_colour(o.seat)};border:1px dashed currentColor;'
            f'border-radius:3px;margin-top:2px;container-type:inline-size">'
            f'<div data-object style="font-size:{_fits(o.name, 0.6)};line-height:1.1;'
            f'overflow-wrap:anywhere">{OBJECT_MARKS.get(o.kind, "◆")} {escape(o.name)}</div>'
            "</div>"
            for o in shown.objects if o.space == space)
        cells.append(f'<div aria-label="space {space}" style="flex:1;min-width:0;'
                     f'border:1px solid #999;border-radius:4px;min-height:3.4em;'
                     f'text-align:center;padding:1px;background:#fafafa">'
                     f'<div style="font-size:0.6em;color:#888">{space}</div>{here}{objects}'
                     "</div>")
    return (f'<div aria-label="arena" style="display:flex;gap:2px;margin:4px 0">'
            f"{''.join(cells)}</div>")


def _card(side: SideFrame, role: str, hidden_until_reveal: bool,
          titles: Titles | None = None) -> str:
    """One attack of the strike in progress as a card: not set, face down, or face up."""
    frame = ("display:inline-block;width:44%;vertical-align:top;border-radius:6px;"
             "padding:3px 5px;min-height:3.6em;font-size:0.75em;")
    who = f"<b>{escape(side.seat)}</b> {role}"
    if side.cards == "not set yet":
        return (f'<div aria-label="{side.seat} attack" data-face="none" style="{frame}'
                f'border:1px dashed #999;color:#777">{who}<br>not set yet</div>')
    if side.cards == "face-down" or (hidden_until_reveal and not side.revealed):
        known = "" if side.cards == "face-down" else (
            f'<br><span style="opacity:0.75">{escape(side.cards)}</span>')
        return (f'<div aria-label="{side.seat} attack" data-face="down" style="{frame}'
                f'background:{BACK};color:#fff;border:2px solid #3a2f5c">{who}<br>'
                f"face down{known}</div>")
    flags = [label for label, on in (("EX", side.ex), ("wild swing", side.wild),
                                     ("Critical", side.critical), ("hit", side.hit),
                                     ("stunned", side.stunned)) if on]
    if side.damage_taken:
        flags.append(f"took {side.damage_taken}")
    stats = f'<br><span style="color:#555">{escape(side.stats)}</span>' if side.stats else ""
    extra = f"<br>{escape(' · '.join(flags))}" if flags else ""
    text = (titles or {}).get(side.seat, {}).get(side.cards.split(" + ")[0])
    title = f' title="{hover(text)}"' if text else ""
    return (f'<div aria-label="{side.seat} attack" data-face="up"{title} style="{frame}'
            f'background:#fff;border:2px solid {_colour(side.seat)}">{who}<br>'
            f"<b>{escape(side.cards)}</b>{stats}{extra}</div>")


def strike(shown: Frame, titles: Titles | None = None) -> str:
    """The strike in progress as two facing cards (attacker left), or nothing; a face-up
    attack hovered shows its card's text from ``titles``."""
    s = shown.strike_in_progress
    if s is None:
        return ""
    first = f" · {escape(s.first)} acts first" if s.first else ""
    return (f'<div aria-label="strike in progress" style="margin:4px 0;text-align:center">'
            f'<div style="font-size:0.72em;color:#555">strike {s.number}: '
            f"{escape(s.attacker)} {escape(s.attacker_name)} attacks{first}</div>"
            f"{_card(s.attack, 'attacks', True, titles)}"
            '<span style="display:inline-block;width:8%;font-size:0.9em">⟷</span>'
            f"{_card(s.defence, 'defends', True, titles)}</div>")


def html(shown: Frame, titles: Titles | None = None) -> str:
    """The whole table at ``shown``: the far player's zones, the arena, the strike in
    progress, the near player's zones (the perspective's own seat nearest, p1 for all);
    a face-up card hovered shows its text from ``titles``."""
    titles = titles or {}
    near, far = (shown.p2, shown.p1) if shown.perspective == "p2" else (shown.p1, shown.p2)
    return (f'<div aria-label="table as {seen_as(shown.perspective)}" '
            f'style="line-height:1.25">'
            f"{player(far, titles.get(far.seat))}{spaces(shown)}{strike(shown, titles)}"
            f"{player(near, titles.get(near.seat))}</div>")
