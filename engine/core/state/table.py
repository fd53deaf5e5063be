"""The table itself: both players' sides, the strike in progress and the turn, as struct
fields in the order the state hash has always encoded them.

``State`` is a mutable struct, and ``engine.core.apply.apply`` is the only code that changes
it. Everything the replayer, the views and the state hash need is here; the rules'
own bookkeeping (the pending request, the PRNG) lives in ``engine.play.api.Game``.

Season mechanics (``engine.mechanics``) own parts of the state:

- **Critical**: ``AttackSide.critical`` (written by ``engine.mechanics.critical``).
- **Tag Team**: the flat ``partner``, ``partner_life``, ``partner_exceeded``,
  ``partner_draw_from_bottom`` and ``switch_locked_until`` fields of ``PlayerState``
  (written by ``engine.mechanics.tag_team``). They predate the seam and stay where the
  state hash has always encoded them.
- **Any later mechanic**: a ``MechanicState`` struct in ``State.mechanics`` (keyed by the
  mechanic's name; ``engine.core.state.mechanic``). It is no struct field, so the core
  encoding leaves it out: it is appended to the canonical bytes only when present
  (``engine.core.state.encoding``), and the hash of every game without one (every game
  recorded so far) is unchanged. ``State.copy`` copies it.
"""


from __future__ import annotations

import enum
from typing import Final

import msgspec

from engine.cards.schema import Effect
from engine.core.ids import Player
from engine.core.state.mechanic import MECHANICS_ATTR, MechanicState, kept_record


class Phase(enum.IntEnum):
    """Where the game is, at the coarsest level."""

    SETUP = 0
    PLAYING = 1
    OVER = 2


class EndReason(enum.IntEnum):
    LIFE = 0
    DECKED = 1
    RESIGNED = 2
    """The loser resigned (a ``Resign`` decision, format 5)."""
    TIME = 3
    """The loser's clock ran out (a ``FlagFall`` decision, format 5)."""
    LEFT = 4
    """The loser left a game between people and the other claimed the win (a
    ``LeftGame`` decision, format 7)."""


class AttackFlag(enum.IntFlag):
    """Boolean properties an attack can gain during a strike."""

    IGNORE_ARMOR = 1
    IGNORE_GUARD = 2
    STUN_IMMUNE = 4
    DODGE_ATTACKS = 8
    IGNORE_PUSH_PULL = 16
    DOES_NOT_HIT = 32
    TO_GAUGE_AFTER_CLEANUP = 64
    FORCE_FOR_ARMOR = 128
    RETURNED_TO_DECK = 256
    RANGE_IF_MOVED_PAST = 512
    CANNOT_STUN = 1024
    NONLETHAL = 2048
    SEALED_AFTER_CLEANUP = 4096
    RANGE_FROM_CENTER = 8192
    SET_FROM_BOOSTS = 16384
    """The attack was set from the boost area (``set_from_boost`` card rule); cleared if
    it becomes invalid (a wild swing replaces it)."""
    FROM_GAUGE = 32768
    INVERT_RANGE = 2097152


class AttackBit:
    """``AttackFlag``'s values as plain ints, to test ``AttackSide.flags`` in hot code:
    ``flags & AttackFlag.X`` goes through the IntFlag's ``__rand__`` and builds an
    ``AttackFlag`` (about 2 µs), ``flags & AttackBit.X`` is one int operation (60 ns).
    Same names and values (``tests/engine/core/test_state.py`` checks)."""

    IGNORE_ARMOR: Final = 1
    IGNORE_GUARD: Final = 2
    STUN_IMMUNE: Final = 4
    DODGE_ATTACKS: Final = 8
    IGNORE_PUSH_PULL: Final = 16
    DOES_NOT_HIT: Final = 32
    TO_GAUGE_AFTER_CLEANUP: Final = 64
    FORCE_FOR_ARMOR: Final = 128
    RETURNED_TO_DECK: Final = 256
    RANGE_IF_MOVED_PAST: Final = 512
    CANNOT_STUN: Final = 1024
    NONLETHAL: Final = 2048
    SEALED_AFTER_CLEANUP: Final = 4096
    RANGE_FROM_CENTER: Final = 8192
    SET_FROM_BOOSTS: Final = 16384
    FROM_GAUGE: Final = 32768
    INVERT_RANGE: Final = 2097152


class Stat(enum.IntEnum):
    """Attack statistics that strike effects modify."""

    POWER = 0
    SPEED = 1
    ARMOR = 2
    GUARD = 3
    MIN_RANGE = 4
    MAX_RANGE = 5


class PlayerState(msgspec.Struct, kw_only=True):
    """One player's side of the table. Lists run bottom to top except ``deck`` (top first)."""

    character: str
    life: int
    space: int
    deck: list[int] = msgspec.field(default_factory=list)
    hand: list[int] = msgspec.field(default_factory=list)
    discard: list[int] = msgspec.field(default_factory=list)
    gauge: list[int] = msgspec.field(default_factory=list)
    boosts: list[int] = msgspec.field(default_factory=list)
    sealed: list[int] = msgspec.field(default_factory=list)
    exceeded: bool = False
    reshuffled: bool = False
    sustained: list[int] = msgspec.field(default_factory=list)
    boosts_to_gauge: list[int] = msgspec.field(default_factory=list)
    reading: str | None = None
    blocks_passing: bool = False
    used_character_bonus: bool = False
    """The once-per-turn character bonus was used this turn (Vega's Repel Leap)."""
    skip_end_of_turn_draw: bool = False
    """This turn ends without the end-of-turn draw and hand-size check."""
    draw_from_bottom: bool = False
    """End-of-turn draws may come from the bottom of the deck (Dan, exceeded)."""
    delayed_boosts: list[int] = msgspec.field(default_factory=list)
    """Boosts in play whose ``end_of_turn`` effects skip the next end of turn."""
    # Tag Team (``engine.cards.team``): ``character``/``life``/``exceeded``/``draw_from_bottom``
    # above are the fighter in play; the tagged-out one's are below. A switch swaps them.
    partner: str | None = None
    """The tagged-out fighter of a Tag Team (None: a single fighter)."""
    partner_life: int = 0
    partner_exceeded: bool = False
    partner_draw_from_bottom: bool = False
    switch_locked_until: int = 0
    """Ejected: no switching until strike number N has ended (0: free to switch)."""

    def may_sustain(self, boost: int) -> bool:
        """Whether a sustain can still keep ``boost`` (in play) at this strike's cleanup:
        it is not sustained yet and not marked for the gauge
        (``add_boost_to_gauge_on_strike_cleanup``: it leaves play for the gauge, and a
        sustain only prevents a boost being discarded)."""
        return boost not in self.sustained and boost not in self.boosts_to_gauge


class AttackSide(msgspec.Struct, kw_only=True):
    """One player's attack in the strike in progress, with its strike-long modifiers."""

    cards: list[int] = msgspec.field(default_factory=list)
    attack: int | None = None
    wild: bool = False
    revealed: bool = False
    ex: bool = False
    critical: bool = False
    power: int = 0
    speed: int = 0
    armor: int = 0
    guard: int = 0
    min_range: int = 0
    max_range: int = 0
    set_power: int | None = None
    flags: int = 0
    added: list[Effect] = msgspec.field(default_factory=list)
    armor_used: int = 0
    damage_taken: int = 0
    activated: bool = False
    hit: bool = False
    stunned: bool = False
    power_positive: int = 0
    power_multiplier: int = 1
    dodge_ranges: list[tuple[int, int]] = msgspec.field(default_factory=list)
    range_per_boost: tuple[int, int] = (0, 0)
    moved_past: bool = False
    strike_x: int = 0
    """X for this strike (``set_strike_x``)."""
    extra_cards: list[int] = msgspec.field(default_factory=list)
    """Cards in ``cards`` that were extra attacks (``play_attack_from_hand``)."""
    extra_to_gauge: list[int] = msgspec.field(default_factory=list)
    """The extra attacks that go to gauge at cleanup (they hit)."""
    main: AttackSide | None = None
    """During an extra attack: the main attack, set aside until the extra one is over."""
    extra_hit: bool | msgspec.UnsetType = msgspec.UNSET
    """True: another attack of this player's hit the opponent this strike: on the main
    attack, an extra attack made from it; on an extra attack, one made before it (the
    opponent ``was_hit``; ``hit`` stays this attack's own). UNSET otherwise, never False:
    UNSET is not encoded, so the state's hash (recorded in every log) stays as it was
    wherever no extra attack hit."""

    @property
    def card(self) -> int | None:
        """The card whose attack this is. It stays the attack's card (its name, type and
        effects) for the rest of the strike even if an effect moves it out of play
        (Hadoken's return); its stats then no longer count (``left_strike``)."""
        return self.attack

    @property
    def left_strike(self) -> bool:
        """The attack's card has left the strike before the strike is over (returned to
        the deck or hand, made a boost...): effects.md, ``boost_this_then_sustain``, "Your
        current attack leaves the strike (its stats become invalid)". As the reference
        client does (``change_stats_when_attack_leaves_play``): its total power and speed
        are 0, it has no range, its printed armor and guard no longer count (its armor
        and guard bonuses, EX's +1 included, still do), and its ``ignore_push_and_pull``,
        ``when_hit_force_for_armor`` and ``higher_speed_misses`` end
        (``engine.core.attack_totals``)."""
        return self.attack is not None and self.attack not in self.cards

    @property
    def positive_power_bonus(self) -> int:
        """The attack's positive power bonuses (EX's +1 included) times its multiplier."""
        return (self.power_positive + (1 if self.ex else 0)) * self.power_multiplier


class StrikeState(msgspec.Struct, kw_only=True):
    """The strike in progress: who attacks, both attacks, and who went first."""

    attacker: Player
    sides: list[AttackSide]
    first: Player | None = None

    @property
    def defender(self) -> Player:
        return self.attacker.other



POSITION = "position"
"""The ``State.mechanics`` key of a built position's record (``PositionState``)."""


class PositionState(MechanicState, kw_only=True):
    """What a built position added beyond the rules, kept beside the core fields (as a
    mechanic's state is) so that a game without one hashes as before: the card
    references created beyond the deck lists (``engine.core.events.position.CardsCreated``)."""

    created: list[int] = msgspec.field(default_factory=list)



class State(msgspec.Struct, kw_only=True, dict=True):
    """The whole table. ``card_defs`` maps every card reference to its card id.

    ``mechanics`` (outside the struct's fields, see the module docstring) holds the
    mechanics' own state by mechanic name."""

    players: list[PlayerState]
    card_defs: dict[int, str]
    phase: Phase = Phase.SETUP
    first_player: Player = Player.P1
    turn: int = 0
    active: Player = Player.P1
    next_player: Player | None = None
    strike: StrikeState | None = None
    strikes: int = 0
    bonus_actions: int = 0
    winner: Player | None = None
    end_reason: EndReason | None = None

    def player(self, who: Player) -> PlayerState:
        return self.players[who]

    def __eq__(self, other: object) -> bool:
        """Field by field, and the mechanics' state (which is no struct field)."""
        if not isinstance(other, State):
            return NotImplemented
        return msgspec.structs.astuple(self) == msgspec.structs.astuple(other) and (
            self.__dict__.get(_MECHANICS) or {}) == (other.__dict__.get(_MECHANICS) or {})

    @property
    def mechanics(self) -> dict[str, MechanicState]:
        """Mechanic name -> its state (empty until a mechanic's fold adds one)."""
        found: dict[str, MechanicState] | None = self.__dict__.get(_MECHANICS)
        if found is None:
            found = self.__dict__[_MECHANICS] = {}
        return found

    def created_cards(self) -> list[int]:
        """The card references created beyond the deck lists (a built position's)."""
        record = kept_record(self, POSITION, PositionState)
        return [] if record is None else record.created

    def copy(self) -> State:
        """A deep copy, for keyframes, views and what-if forks.

        ``card_defs`` is shared, not copied: no event changes it after setup, and it is
        most of the state's bytes.
        """
        defs = self.card_defs
        self.card_defs = {}
        try:
            clone = _state_decoder.decode(_hash_encoder.encode(self))
        finally:
            self.card_defs = defs
        clone.card_defs = defs
        mechanics: dict[str, MechanicState] | None = self.__dict__.get(_MECHANICS)
        if mechanics:
            clone.__dict__[_MECHANICS] = {
                name: msgspec.msgpack.decode(_hash_encoder.encode(st), type=type(st))
                for name, st in mechanics.items()
            }
        return clone


_MECHANICS = MECHANICS_ATTR
_hash_encoder = msgspec.msgpack.Encoder()
_state_decoder = msgspec.msgpack.Decoder(State)
