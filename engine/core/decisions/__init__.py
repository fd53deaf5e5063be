"""Decisions (a player's inputs) and requests (what the engine is waiting for).

The engine never calls an agent. When it needs input it exposes one typed *request*
naming the player and the legal options, and ``Game.step`` accepts only a decision
that the request allows; anything else raises ``IllegalDecision`` saying what was asked
and what is allowed. Requests either enumerate their options (actions, attacks,
choices) or state a constraint (payments: which cards, how much force or gauge).

The decisions are in ``inputs`` and the requests in ``requests``; this package gathers
both, so ``engine.core.decisions.X`` reads the same from everywhere.
"""

from __future__ import annotations

from engine.core.decisions.inputs import DECISION_TYPES as DECISION_TYPES
from engine.core.decisions.inputs import Boost as Boost
from engine.core.decisions.inputs import BoostAction as BoostAction
from engine.core.decisions.inputs import CardCreation as CardCreation
from engine.core.decisions.inputs import ChangeCards as ChangeCards
from engine.core.decisions.inputs import CharacterAction as CharacterAction
from engine.core.decisions.inputs import ChooseOption as ChooseOption
from engine.core.decisions.inputs import CrossBoost as CrossBoost
from engine.core.decisions.inputs import CrossExceed as CrossExceed
from engine.core.decisions.inputs import CrossStrike as CrossStrike
from engine.core.decisions.inputs import Decision as Decision
from engine.core.decisions.inputs import Discard as Discard
from engine.core.decisions.inputs import EditPosition as EditPosition
from engine.core.decisions.inputs import Exceed as Exceed
from engine.core.decisions.inputs import FlagFall as FlagFall
from engine.core.decisions.inputs import LeftGame as LeftGame
from engine.core.decisions.inputs import MoveTo as MoveTo
from engine.core.decisions.inputs import Mulligan as Mulligan
from engine.core.decisions.inputs import NameCard as NameCard
from engine.core.decisions.inputs import OrderEffects as OrderEffects
from engine.core.decisions.inputs import PayCards as PayCards
from engine.core.decisions.inputs import Prepare as Prepare
from engine.core.decisions.inputs import Reshuffle as Reshuffle
from engine.core.decisions.inputs import Resign as Resign
from engine.core.decisions.inputs import SeatEdit as SeatEdit
from engine.core.decisions.inputs import SelectCards as SelectCards
from engine.core.decisions.inputs import SetAttack as SetAttack
from engine.core.decisions.inputs import Strike as Strike
from engine.core.decisions.inputs import SwitchFighters as SwitchFighters
from engine.core.decisions.inputs import WildSwing as WildSwing
from engine.core.decisions.inputs import _Decision as _Decision
from engine.core.decisions.requests import MAX_PENDING as MAX_PENDING
from engine.core.decisions.requests import REQUEST_TYPES as REQUEST_TYPES
from engine.core.decisions.requests import SOURCED as SOURCED
from engine.core.decisions.requests import ActionRequest as ActionRequest
from engine.core.decisions.requests import CardPurpose as CardPurpose
from engine.core.decisions.requests import ChoiceOption as ChoiceOption
from engine.core.decisions.requests import ChoiceRequest as ChoiceRequest
from engine.core.decisions.requests import DiscardRequest as DiscardRequest
from engine.core.decisions.requests import EffectOrderRequest as EffectOrderRequest
from engine.core.decisions.requests import IllegalDecision as IllegalDecision
from engine.core.decisions.requests import MulliganRequest as MulliganRequest
from engine.core.decisions.requests import NameCardRequest as NameCardRequest
from engine.core.decisions.requests import OptionAmount as OptionAmount
from engine.core.decisions.requests import PayForceRequest as PayForceRequest
from engine.core.decisions.requests import PayGaugeRequest as PayGaugeRequest
from engine.core.decisions.requests import PendingEffect as PendingEffect
from engine.core.decisions.requests import Request as Request
from engine.core.decisions.requests import RuleOption as RuleOption
from engine.core.decisions.requests import SelectCardsRequest as SelectCardsRequest
from engine.core.decisions.requests import SetAttackRequest as SetAttackRequest
from engine.core.decisions.requests import SpaceRequest as SpaceRequest
from engine.core.decisions.requests import _Menu as _Menu
from engine.core.decisions.requests import _Request as _Request
from engine.core.decisions.requests import _short as _short
from engine.core.decisions.requests import forced_decision as forced_decision
from engine.core.decisions.requests import same_as_recorded as same_as_recorded
