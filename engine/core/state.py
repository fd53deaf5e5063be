"""The game state: everything on the table, derived only by folding events.

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
  mechanic's name). It is no struct field, so the core encoding leaves it out: it is
  appended to the canonical bytes only when present, and the hash of every game without
  one (every game recorded so far) is unchanged. ``State.copy`` copies it.
"""


from __future__ import annotations

import enum
import hashlib
from typing import TYPE_CHECKING, TypeVar

import msgspec

from engine.cards.schema import Effect
from engine.core.ids import Player

if TYPE_CHECKING:
    from engine.cards.catalog import Catalog
    from engine.core.rng import Rng


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

    @property
    def card(self) -> int | None:
        """The card whose attack this is. It keeps defining the attack's stats for the
        rest of the strike even if an effect moves it out of play (Hadoken's return)."""
        return self.attack

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


LIGHTNING_ROD = "lightning_rod"
"""The ``SpaceObject.kind`` of a lightning rod (BlazBlue, Rachel): a card lying on a
space, which ``set_strike_x lightningrods_in_opponent_space`` counts."""


class SpaceObject(msgspec.Struct, frozen=True, kw_only=True):
    """Something a season mechanic keeps on an arena space, for boards and views: a Trap
    boost played onto a space (``card``: its reference; UNI rulebook, Trap Boosts), a
    buddy token (``name``) or a lightning rod (``card`` and ``name``). Every one is open
    to both players."""

    space: int
    owner: Player
    kind: str
    """``trap``, ``buddy`` or ``lightning_rod`` (``LIGHTNING_ROD``)."""
    card: int | None = None
    name: str = ""


class MechanicState(msgspec.Struct, kw_only=True):
    """Base of a season mechanic's own state (kept in ``State.mechanics``); a subclass
    holds msgpack-encodable fields only, and is changed only by the mechanic's folds.

    Boards read a mechanic's areas and arena objects only through ``named_areas`` and
    ``space_objects`` (gathered for every mechanic by ``engine.knowledge.views``), so a new
    season's areas and objects show in every viewer with no change there."""

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s areas beyond the core zones, by name (Under Night's set-aside and
        character areas), each with its card references; none by default."""
        return {}

    def area_cards(self, who: int) -> list[int]:
        """The card references this state holds in ``who``'s areas beyond the core zones;
        the invariants and views count them as somewhere, and open."""
        return [card for cards in self.named_areas(who).values() for card in cards]

    def space_objects(self, state: State) -> list[SpaceObject]:
        """What this mechanic keeps on arena spaces (traps, buddies); none by default."""
        return []

    def attack_origin(self, state: State, who: int) -> str | None:
        """Where ``who``'s attack in the strike in progress measures its range from, when
        this state moves it off the fighter (a buddy's id or a placed boost's name);
        None by default."""
        return None

    def hide_from(self, view: State, viewer: int) -> None:
        """Hide in ``view`` (a copy of the state, this record one of its own) what
        ``viewer`` may not see of what this record keeps; ``engine.knowledge.views.observe`` calls it
        for every record. Nothing is hidden by default (Hazama's face-down Ouroboros:
        ``FaceDownBuddies``)."""
        return None

    def redraw(self, world: State, viewer: int, rng: Rng, catalog: Catalog) -> None:
        """In ``world`` (a determinization for ``viewer``: a copy, this record one of its
        own), draw again what ``viewer`` cannot see of what this record keeps, as
        ``engine.knowledge.infoset.determinize`` does for hidden cards. Nothing by default
        (Hazama's face-down Ouroboros: ``FaceDownBuddies``)."""
        return None


class StrikeRecord(MechanicState, kw_only=True):
    """Base of a record that lasts one strike: ``strike`` is the number of the strike it
    belongs to, and a record of an earlier strike counts as none (``strike_record``)."""

    strike: int = 0


POSITION = "position"
"""The ``State.mechanics`` key of a built position's record (``PositionState``)."""


class PositionState(MechanicState, kw_only=True):
    """What a built position added beyond the rules, kept beside the core fields (as a
    mechanic's state is) so that a game without one hashes as before: the card
    references created beyond the deck lists (``engine.core.events.position.CardsCreated``)."""

    created: list[int] = msgspec.field(default_factory=list)


DISCARD_RECORD = "discard_record"
"""The ``State.mechanics`` key of the strike's recorded discards (``DiscardRecordState``)."""


class DiscardRecordState(StrikeRecord, kw_only=True):
    """The cards each player discarded with ``record_discarded_amount`` in strike number
    ``strike`` (Morathi's Neck Snapper). Kept beside the core fields, as a mechanic's
    state is, so that a game that never records hashes as before; a record of an earlier
    strike counts as none."""

    discarded: list[int] = msgspec.field(default_factory=lambda: [0, 0])


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


_MECHANICS = "mechanics"


_hash_encoder = msgspec.msgpack.Encoder()
_state_decoder = msgspec.msgpack.Decoder(State)


def canonical_bytes(state: State) -> bytes:
    """The canonical encoding of a state: struct fields in declaration order, ints only,
    with ``card_defs`` encoded as an empty map.

    ``card_defs`` never changes after setup and the log header already fixes it (the
    decks), so hashing it after every decision would only cost time.

    A mechanic's own state (``State.mechanics``) is not a struct field: when there is
    any, the encoding of its ``[name, state]`` pairs in name order is appended.
    """
    defs = state.card_defs
    state.card_defs = {}
    try:
        core = _hash_encoder.encode(state)
    finally:
        state.card_defs = defs
    mechanics: dict[str, MechanicState] | None = state.__dict__.get(_MECHANICS)
    if not mechanics:
        return core
    return core + _hash_encoder.encode(sorted(mechanics.items()))


def state_hash(state: State) -> bytes:
    """A stable 16-byte digest of the canonical encoding (BLAKE2b-128)."""
    return hashlib.blake2b(canonical_bytes(state), digest_size=16).digest()


class Passive(enum.IntEnum):
    """A lasting bonus a player holds outside any one strike, until an effect removes it."""

    IGNORE_PUSH_AND_PULL = 0
    """The opponent's pushes and pulls do not move this player (Vincent's Foundation)."""
    BLOCKS_OPPONENT_MOVE = 1
    """This player's opponent cannot move themselves (Enkidu's Thunder Stomp)."""


SET_ASIDE = "set_aside"
"""The ``State.mechanics`` key of the cards set aside at setup (``SetAsideState``)."""


class SetAsideState(MechanicState, kw_only=True):
    """Per player, the cards set aside at setup (a character's ``set_aside`` cards:
    BlazBlue's Astral Heats) and still there. Kept beside the core fields, as a
    mechanic's state is, so that a game without set-aside cards hashes as before."""

    cards: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])

    def named_areas(self, who: int) -> dict[str, list[int]]:
        """``who``'s set-aside cards as the ``set aside`` area (when it holds any)."""
        return {"set_aside": list(self.cards[who])} if self.cards[who] else {}


def named_area(state: State, who: int, name: str) -> list[int]:
    """The cards in ``who``'s area ``name`` beyond the core zones (BlazBlue's
    ``overdrive``), gathered from every mechanic's ``named_areas``; empty if none.
    Reads only."""
    return [card for mechanic in state.mechanics.values()
            for card in mechanic.named_areas(who).get(name, [])]


def set_aside_cards(state: State, who: int) -> list[int]:
    """The cards ``who`` has set aside now (empty if none). Reads only."""
    record = kept_record(state, SET_ASIDE, SetAsideState)
    return [] if record is None else list(record.cards[who])


PASSIVES = "passives"
"""The ``State.mechanics`` key of the passive bonuses held (``PassiveState``)."""


class PassiveState(MechanicState, kw_only=True):
    """The passive bonuses each player holds, one entry per bonus gained and not yet
    removed (two boosts granting the same one: two entries). Kept beside the core fields,
    as a mechanic's state is, so that a game that never grants one hashes as before."""

    held: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


def holds_passive(state: State, who: int, passive: Passive) -> bool:
    """``who`` holds ``passive`` now."""
    record = kept_record(state, PASSIVES, PassiveState)
    return record is not None and passive in record.held[who]


CHARACTER_ACTIONS = "character_actions"
"""The ``State.mechanics`` key of the character actions taken (``CharacterActionState``)."""


class CharacterActionState(MechanicState, kw_only=True):
    """The character action each player took in turn number ``turn``, as
    ``[exceeded (0/1), index]`` (empty: none), for ``used_character_action``. Kept beside
    the core fields, as a mechanic's state is, so that a game that never records one
    hashes as before; a record of an earlier turn counts as none."""

    turn: int = 0
    used: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


STRIKE_MODS = "strike_mods"
"""The ``State.mechanics`` key of the strike-long modifiers below (``StrikeModsState``)."""


class StrikeModsState(StrikeRecord, kw_only=True):
    """Per player, modifiers of strike number ``strike`` beyond ``AttackSide`` (kept
    beside the core fields so that a game that never uses them hashes as before; a record
    of an earlier strike counts as none): ``printed_power`` replaces the attack's printed
    power; ``dodge_speed`` makes attacks at least that fast miss (-1: faster than yours);
    ``movement_bonus`` is added to your advance, close and retreat amounts."""

    printed_power: list[int | None] = msgspec.field(default_factory=lambda: [None, None])
    dodge_speed: list[int | None] = msgspec.field(default_factory=lambda: [None, None])
    movement_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def strike_mods(state: State) -> StrikeModsState | None:
    """The strike in progress's ``StrikeModsState``, None if it has none. Reads only."""
    return strike_record(state, STRIKE_MODS, StrikeModsState)


EFFECT_BONUSES = "effect_bonuses"
"""The ``State.mechanics`` key of the strike-long effect bonuses below
(``EffectBonusState``)."""


class EffectBonusState(StrikeRecord, kw_only=True):
    """Per player, bonuses to effect amounts in strike number ``strike`` (a record of an
    earlier strike counts as none; kept apart from ``StrikeModsState`` so that games that
    never use them hash as before): ``push_pull_bonus`` is added to your push and pull
    amounts, ``draw_bonus`` to your draw amounts."""

    push_pull_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    draw_bonus: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def effect_bonuses(state: State) -> EffectBonusState | None:
    """The strike in progress's ``EffectBonusState``, None if it has none. Reads only."""
    return strike_record(state, EFFECT_BONUSES, EffectBonusState)


SELF_MOVES = "self_moves"
"""The ``State.mechanics`` key of the self-moves noted this strike (``SelfMoveState``)."""


class SelfMoveState(StrikeRecord, kw_only=True):
    """Which players moved themselves in strike number ``strike`` (``SelfMoveNoted``).
    Kept beside the core fields, as a mechanic's state is, so a game that never notes a
    self-move hashes as before; a record of an earlier strike counts as none."""

    moved: list[bool] = msgspec.field(default_factory=lambda: [False, False])


MOVES = "moves"
"""The ``State.mechanics`` key of the moves noted this strike (``MoveState``)."""


class MoveState(StrikeRecord, kw_only=True):
    """Which players moved (themselves, or pushed or pulled) in strike number ``strike``
    (``MoveNoted``); absent in games that never note one, so they hash as before."""

    moved: list[bool] = msgspec.field(default_factory=lambda: [False, False])


def moved_this_strike(state: State, who: int) -> bool:
    """``who`` moved (or was moved) during the strike in progress, as noted."""
    record = strike_record(state, MOVES, MoveState)
    return record is not None and record.moved[who]


def moved_self_this_strike(state: State, who: int) -> bool:
    """``who`` moved themselves during the strike in progress."""
    record = strike_record(state, SELF_MOVES, SelfMoveState)
    return record is not None and record.moved[who]


M = TypeVar("M", bound=MechanicState)


def kept_record(state: State, key: str, kind: type[M]) -> M | None:
    """The ``kind`` record kept under ``key`` (None if there is none). Reads only: the
    mechanics dict is not created."""
    kept = state.__dict__.get(_MECHANICS)
    if not kept:
        return None
    found = kept.get(key)
    return found if isinstance(found, kind) else None


def game_record(state: State, key: str, kind: type[M]) -> M:
    """The ``kind`` record kept under ``key``, created empty on first use (for a fold to
    write to)."""
    found = state.mechanics.get(key)
    if not isinstance(found, kind):
        found = state.mechanics[key] = kind()
    return found


R = TypeVar("R", bound=StrikeRecord)


def strike_record(state: State, key: str, kind: type[R]) -> R | None:
    """The ``kind`` record under ``key`` of the strike in progress; None outside a strike
    or if it has none (an earlier strike's record counts as none). Reads only: the
    mechanics dict is not created."""
    found = (state.__dict__.get(_MECHANICS) or {}).get(key)
    if state.strike is None or not isinstance(found, kind) or found.strike != state.strikes:
        return None
    return found


def current_strike_record(state: State, key: str, kind: type[R]) -> R:
    """The ``kind`` record under ``key`` for the strike in progress, a fresh one if the
    one kept belongs to an earlier strike (for a fold to write to)."""
    found = state.mechanics.get(key)
    if not isinstance(found, kind) or found.strike != state.strikes:
        found = kind(strike=state.strikes)
        state.mechanics[key] = found
    return found


CLEANUP_DISCARDS = "cleanup_discards"
"""The ``State.mechanics`` key of the attacks sent to discard at cleanup this strike
(``CleanupDiscardState``)."""


class CleanupDiscardState(StrikeRecord, kw_only=True):
    """Per player, whether their attack in strike number ``strike`` goes to the discard
    pile at cleanup even if it hit (``discard_strike_after_cleanup``). Kept beside the
    core fields, as a mechanic's state is, so that a game that never uses it hashes as
    before; a record of an earlier strike counts as none."""

    to_discard: list[bool] = msgspec.field(default_factory=lambda: [False, False])


def discards_attack_at_cleanup(state: State, who: int) -> bool:
    """``who``'s attack in the strike in progress goes to discard at cleanup."""
    record = strike_record(state, CLEANUP_DISCARDS, CleanupDiscardState)
    return record is not None and record.to_discard[who]


ATTACK_TRADES = "attack_trades"
"""The ``State.mechanics`` key of the strike-long stat trades below (``AttackTradeState``)."""


class AttackTradeState(StrikeRecord, kw_only=True):
    """Per player, in strike number ``strike``: ``power_speed_swapped`` (``swap_power_speed``:
    total power and total speed trade places) and ``gauge_spent`` (the gauge cards spent on
    the attack's cost, noted only when the attack reads them). Kept beside the core fields
    so that games that never use them hash as before."""

    power_speed_swapped: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    gauge_spent: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


def attack_trades(state: State) -> AttackTradeState | None:
    """The strike in progress's ``AttackTradeState``, None if it has none. Reads only."""
    return strike_record(state, ATTACK_TRADES, AttackTradeState)


SAVED_POWER = "saved_power"
"""The ``State.mechanics`` key of the powers saved for a later attack (``SavedPowerState``)."""


class SavedPowerState(MechanicState, kw_only=True):
    """Per player, the power ``save_power_of_card_from_hand`` saved (None: none), read by
    ``use_saved_power_as_printed_power``. Kept beside the core fields, as a mechanic's
    state is, so that a game that never saves a power hashes as before."""

    power: list[int | None] = msgspec.field(default_factory=lambda: [None, None])


def saved_power(state: State, who: int) -> int | None:
    """The power ``who`` saved last (None if none). Reads only."""
    found = kept_record(state, SAVED_POWER, SavedPowerState)
    return None if found is None else found.power[who]


NO_STRIKE_BONUS = "no_strike_bonus"
"""The ``State.mechanics`` key of the turn whose bonus actions cannot strike
(``NoStrikeBonusState``)."""


class NoStrikeBonusState(MechanicState, kw_only=True):
    """The turn number ``turn`` in which the active player's pending bonus actions cannot
    be the Strike action (kept beside the core fields so that a game that never records
    one hashes as before; a record of an earlier turn counts as none)."""

    turn: int = 0


def bonus_strike_forbidden(state: State, who: Player) -> bool:
    """``who`` is taking a bonus action this turn that cannot be the Strike action."""
    found = state.mechanics.get(NO_STRIKE_BONUS)
    return (
        isinstance(found, NoStrikeBonusState) and found.turn == state.turn
        and who == state.active and state.bonus_actions > 0
    )


INCLUDED_RANGES = "included_ranges"
"""The ``State.mechanics`` key of the distances attacks also reach this strike
(``IncludedRangeState``)."""


class IncludedRangeState(StrikeRecord, kw_only=True):
    """Per player, the distances their attack in strike number ``strike`` also hits at,
    whatever its range (``attack_includes_range``). Kept beside the core fields, as a
    mechanic's state is, so that a game that never uses it hashes as before; a record of
    an earlier strike counts as none."""

    distances: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


def included_ranges(state: State, who: int) -> list[int]:
    """The distances ``who``'s attack in the strike in progress also hits at."""
    record = strike_record(state, INCLUDED_RANGES, IncludedRangeState)
    return [] if record is None else record.distances[who]


SPENT_GAUGE = "spent_gauge"
"""The ``State.mechanics`` key of the gauge each player last spent with
``spend_all_gauge_and_save_amount`` (``SpentGaugeState``)."""


class SpentGaugeState(MechanicState, kw_only=True):
    """Per player, the number of gauge cards last spent with
    ``spend_all_gauge_and_save_amount`` (Londrekia), read by ``set_strike_x
    gauge_spent_before_strike``. Kept beside the core fields, as a mechanic's state is,
    so that a game that never saves it hashes as before."""

    spent: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def spent_gauge(state: State, who: int) -> int:
    """The gauge ``who`` last spent and saved (0 if never). Reads only."""
    found = kept_record(state, SPENT_GAUGE, SpentGaugeState)
    return 0 if found is None else found.spent[who]


GAUGE_COST_REDUCTIONS = "gauge_cost_reductions"
"""The ``State.mechanics`` key of the lasting gauge-cost reductions
(``GaugeCostReductionState``)."""


class GaugeCostReductionState(MechanicState, kw_only=True):
    """Per player, how much lower their gauge costs are now (``gauge_costs_reduced_passive``:
    Hakumen's Exceed, 99 = free). Kept beside the core fields, as a mechanic's state is,
    so that a game that never reduces a cost hashes as before."""

    reduction: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def gauge_cost_reduction(state: State, who: int) -> int:
    """How much lower ``who``'s gauge costs are now (0 if never reduced). Reads only."""
    found = kept_record(state, GAUGE_COST_REDUCTIONS, GaugeCostReductionState)
    return 0 if found is None else max(0, found.reduction[who])


LIFE_FLOORS = "life_floors"
"""The ``State.mechanics`` key of this strike's life floors (``LifeFloorState``)."""


class LifeFloorState(StrikeRecord, kw_only=True):
    """Per player, the life that attack damage cannot take them below in strike number
    ``strike`` (``cannot_go_below_life``; 0: none). A record of an earlier strike counts
    as none."""

    floor: list[int] = msgspec.field(default_factory=lambda: [0, 0])


def life_floor(state: State, who: int) -> int:
    """The life attack damage cannot take ``who`` below this strike (0: none)."""
    found = strike_record(state, LIFE_FLOORS, LifeFloorState)
    return 0 if found is None else found.floor[who]
COST_MODS = "cost_mods"
"""The ``State.mechanics`` key of the strike's payment rules (``CostModsState``)."""


class CostModsState(StrikeRecord, kw_only=True):
    """Per player, in strike number ``strike``: gauge costs are paid with force
    (``force_for_gauge``: ``may_generate_gauge_with_force``), and a revealed Ultra's cost
    may be declined (``invalidate_ultras``: ``may_invalidate_ultras``). Kept beside the
    core fields, as a mechanic's state is, so a game that never uses them hashes as
    before."""

    force_for_gauge: list[bool] = msgspec.field(default_factory=lambda: [False, False])
    invalidate_ultras: list[bool] = msgspec.field(default_factory=lambda: [False, False])


def force_pays_gauge(state: State, who: int) -> bool:
    """``who``'s gauge costs are paid with force in the strike in progress."""
    record = strike_record(state, COST_MODS, CostModsState)
    return record is not None and record.force_for_gauge[who]


def ultras_may_be_invalidated(state: State, who: int) -> bool:
    """``who`` may decline to pay for their revealed Ultra in the strike in progress."""
    record = strike_record(state, COST_MODS, CostModsState)
    return record is not None and record.invalidate_ultras[who]


SECRET_SEALED = "secret_sealed"
"""The ``State.mechanics`` key of the cards sealed face down (``SecretSealedState``)."""


class SecretSealedState(MechanicState, kw_only=True):
    """Per player, the cards put into their secret sealed area face down
    (``CardSealedFaceDown``: Arakune's); the views hide them from the opponent while they
    stay sealed. Kept beside the core fields so that other games hash as before."""

    cards: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])


def secret_sealed(state: State, who: int) -> list[int]:
    """The cards of ``who``'s sealed area that lie face down (a copy). Reads only."""
    found = kept_record(state, SECRET_SEALED, SecretSealedState)
    if found is None:
        return []
    sealed = state.players[who].sealed
    return [card for card in found.cards[who] if card in sealed]
