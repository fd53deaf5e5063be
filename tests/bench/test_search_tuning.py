"""The search constants' tuning bench (issue 32: search strength): its positions, each
move's chance there, and a variant's choice, on one sample game."""

from __future__ import annotations

from bench import search_tuning as tune
from engine.core.decisions import ActionRequest, SetAttackRequest


def test_positions_truth_and_choice_on_one_sample() -> None:
    where = tune.positions(1, 10)
    assert where and all(name.endswith(".exlog") for name, _ in where)
    name, index = where[0]
    point = tune._points(name)[index]
    assert isinstance(point.request, ActionRequest | SetAttackRequest)
    position, chances, played = tune.truth(((name, index), 4))
    assert position == (name, index) and len(chances) > 1 and played in chances
    assert all(0.0 <= c <= 1.0 for c in chances.values())
    key = tune.choose(((name, index), 4, "1/0.3", 0))
    assert key in chances
    # a seed and the constants reproduce the choice
    assert tune.choose(((name, index), 4, "1/0.3", 0)) == key
    halved = tune.choose(((name, index), 4, tune.HALVING, 0))
    assert halved in chances and tune.choose(((name, index), 4, tune.HALVING, 0)) == halved
    # at the real table: the sample's true hidden cards, decks reshuffled
    at, table, played_there = tune.table_truth(((name, index), 4))
    assert at == (name, index) and set(table) == set(chances) and played_there == played
    assert all(0.0 <= c <= 1.0 for c in table.values())
    assert tune.table_truth(((name, index), 4))[1] == table


def test_variant_names_match_the_choices_cache() -> None:
    assert tune._name("2.0/0.3") == "2/0.3" and tune._name("sh") == "sh"
    assert tune._constants("1/0.6") == (1.0, 0.6)


def test_the_paired_difference() -> None:
    mean, se = tune._paired([3.0, 1.0, 2.0], [1.0, 1.0, 1.0])
    assert mean == 1.0 and abs(se - (1.0 / 3) ** 0.5) < 1e-9
