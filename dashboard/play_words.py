"""What each kind of option on the Play page does, in rulebook words, for a player new
to EXCEED: the buttons read "Prepare", "Change Cards", "Reshuffle", "Move to space 5",
"Wild swing", and said nothing of what they do or that a Move costs force. The page
shows the line under each kind's heading (``play_table.controls``)."""

from __future__ import annotations

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
    "move": "Move your fighter to that space: 1 force per space travelled, paid next with "
            "cards you pick from your hand or gauge (they go to your discard pile).",
    "change cards": "Spend cards from your hand or gauge as force (you pick them next), "
                    "then draw a card per force spent.",
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
