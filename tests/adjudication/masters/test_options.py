"""rules/003's options: "may be used singly or in combination, with the proviso that
some of them presuppose the use of Minor Powers" (docs/VARIANTS.md M0), stored and
read like every other rule option."""

from __future__ import annotations

import itertools
import json

import pytest

from adjudication.io.serialize import (
    SerializeError,
    dumps,
    rules_from_json,
    rules_from_options,
    rules_to_json,
)
from adjudication.model.optional_rules import RULE_TITLES, MastersCombination, MastersRules
from adjudication.model.rules import Rules
from adjudication.replay import replay_record
from adjudication.variants import STANDARD_GAME

ALL_SUBSETS = [
    frozenset(names)
    for size in range(len(RULE_TITLES) + 1)
    for names in itertools.combinations(RULE_TITLES, size)
]


@pytest.mark.parametrize("names", ALL_SUBSETS, ids=lambda s: "+".join(sorted(s)) or "none")
def test_rules003_singly_or_in_combination_provided_minor_powers(names: frozenset[str]) -> None:
    masters = MastersRules(**dict.fromkeys(names, True))
    if "variable_control" in names and "minor_powers" not in names:
        with pytest.raises(MastersCombination, match="MR2 Variable Control needs MR1"):
            STANDARD_GAME.check(Rules(masters=masters))
    else:
        STANDARD_GAME.check(Rules(masters=masters))
        document = json.loads(dumps(rules_to_json(Rules(masters=masters))))
        assert rules_from_json(document).masters == masters


def test_rules003_no_masters_rules_store_the_same_json_as_before() -> None:
    assert "masters" not in rules_to_json(Rules())
    assert rules_from_json({"v": 1}).masters == MastersRules()
    assert not MastersRules().played


def test_rules003_masters_rules_are_read_from_replay_options() -> None:
    options = {"masters": ["minor_powers", "variable_control", "foreign_aid"]}
    masters = rules_from_options(options).masters
    assert masters == MastersRules(minor_powers=True, variable_control=True, foreign_aid=True)
    assert rules_from_options(options) == rules_from_json({"v": 1, **options})


@pytest.mark.parametrize("value", [["spies"], "minor_powers", [1], ["variable_control"]], ids=str)
def test_rules003_bad_masters_options_are_refused_with_the_reason(value: object) -> None:
    with pytest.raises(SerializeError, match=r"(?i)masters|MR2"):
        rules_from_options({"masters": value})


def test_rules003_a_replay_record_refusing_mr2_without_mr1_says_why() -> None:
    from tests.adjudication.test_replay import RECORDS

    result = replay_record(dict(RECORDS[0], options={"masters": ["variable_control"]}))
    assert "MR2 Variable Control needs MR1" in result["error"]
