"""The core events' folds, one small function per event type, grouped by what they change:

- ``zones``: cards moving between zones (and the zone helpers mechanics' folds share);
- ``turn``: the game and turn flow;
- ``player``: a player's position, Exceed, life, passives and saved amounts;
- ``strike``: the strike in progress and its attack sides;
- ``strike_records``: the per-strike, per-player records beside the attacks;
- ``position``: a built position's referee facts.

Each module files its folds in its ``FOLDS`` table; ``engine.core.apply`` gathers them
into the one table ``apply`` reads. Nothing here runs a rule or makes a choice (an
import-linter contract).
"""
