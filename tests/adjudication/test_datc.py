"""DATC v3.1 chapter 6, run from data: one test per case in tests/datc/6A.toml … 6J.toml.

Each case gives a start position, then one or more phases played in sequence. Every
phase's order lines (the DATC's own text) go through the order parser, the orders it
reads go to `adjudicate`, and the result is compared with the case's expectations:

- `results`: province of the ordered unit (of the build or removal) -> verdict.
  "illegal": the parser or the validator refused the line (outcome ILLEGAL or
  NO_SUCH_UNIT). "succeeds": the outcome succeeded. "fails": it did not succeed,
  for whatever reason, an illegal order included; the DATC often says only that an
  order fails, so "fails" asks no more than that. When two lines name the same
  province the province succeeds if one of them did.
- `reasons`: province -> why its order fails (an `adjudication.model.outcomes.Reason`
  value: "bounced", "cut", "void", "no_convoy", …), where the DATC's text says why
  ("the two units bounce", "the support of Tyrolia is cut"), so that a support cut
  turned into a bounce, say, does not pass as a failure like any other.
- `dislodged`: exactly the units dislodged in that phase ("F MAO"), when given.
- `units`: exactly the units on the board after that phase, when given.

A phase after the first may say which phase it plays (`phase = "S1901R"`); the test
fails if the position reached is another one (say, no retreat phase because nothing
was dislodged).

A case id with a suffix ("6.J.9-b", "6.F.17-1982") is an extra situation or rule
option of the DATC case before the dash; the section count test ignores the suffix.
Where dipgm's expectation differs from the DATC's preference the case has a `note`,
and docs/RULES.md gives the reason.
"""

from __future__ import annotations

import importlib
import os
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from adjudication.maps import STANDARD
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rules import ParadoxRule, Rules
from adjudication.model.units import Phase, Unit
from adjudication.variants import STANDARD_GAME
from tests.shared_files import DATC_TEXT

DATA_DIR = Path(__file__).resolve().parent.parent / "datc"
# The DATC's test-case headings (tests/datc/DATC_v3_1_headings.txt, taken from the
# shared reference text); DIPGM_DATC_TEXT may name the whole text instead.
DATC_TEXT = Path(os.environ.get("DIPGM_DATC_TEXT", str(DATC_TEXT)))
SECTIONS = "ABCDEFGHIJ"
VERDICTS = ("succeeds", "fails", "illegal")
# The DATC writes "6.J.5 TEST CASE" once without the final dot; accept both.
HEADING = re.compile(r"^6\.([A-J])\.(\d+)\.?\s+TEST CASE,\s*(.*?)\s*$", re.MULTILINE)


def _load_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for section in SECTIONS:
        path = DATA_DIR / f"6{section}.toml"
        with path.open("rb") as f:
            cases.extend(tomllib.load(f)["case"])
    return cases


CASES = _load_cases()


def _base_id(case_id: str) -> str:
    return case_id.split("-")[0]


# --------------------------------------------------------------------------- data checks


def test_every_datc_case_is_transcribed() -> None:
    """As many cases per section as the DATC text has headings, with the same numbers
    and titles."""
    if not DATC_TEXT.is_file():
        pytest.skip(f"DATC text not found at {DATC_TEXT} (set DIPGM_DATC_TEXT)")
    in_text: dict[str, set[int]] = {s: set() for s in SECTIONS}
    titles: dict[str, str] = {}
    for section, number, title in HEADING.findall(DATC_TEXT.read_text(encoding="utf-8")):
        in_text[section].add(int(number))
        titles[f"6.{section}.{number}"] = title.lower()
    misnamed = [
        c["id"] for c in CASES if c["id"] in titles and c["title"].lower() != titles[c["id"]]
    ]
    assert misnamed == [], "titles differ from the DATC headings"
    in_data: dict[str, set[int]] = {s: set() for s in SECTIONS}
    for case in CASES:
        _, section, number = _base_id(case["id"]).split(".")
        in_data[section].add(int(number))
    for section in SECTIONS:
        assert in_text[section], f"no headings found for 6.{section} in {DATC_TEXT}"
        assert len(in_data[section]) == len(in_text[section]), (
            f"6.{section}: {len(in_data[section])} cases in the data, "
            f"{len(in_text[section])} in the DATC; missing "
            f"{sorted(in_text[section] - in_data[section])}, "
            f"extra {sorted(in_data[section] - in_text[section])}"
        )
        assert in_data[section] == in_text[section]


def test_case_data_is_well_formed() -> None:
    """Ids are unique; units and expectations use interchange codes the board knows."""
    ids = Counter(case["id"] for case in CASES)
    assert [i for i, n in ids.items() if n > 1] == []
    for case in CASES:
        where = case["id"]
        assert set(case) <= {"id", "title", "rules", "note", "start", "phase"}, where
        start = case["start"]
        Phase.parse(start.get("phase", "S1901M"))
        for power, units in start["units"].items():
            assert power in STANDARD.powers, (where, power)
            for text in units:
                _check_unit(where, power, text)
        for power, centres in start.get("centers", {}).items():
            assert power in STANDARD.powers, (where, power)
            assert set(centres) <= STANDARD.supply_centres, (where, centres)
        assert case["phase"], f"{where}: no phase"
        for phase in case["phase"]:
            assert set(phase) <= {"phase", "orders", "expect"}, where
            if "phase" in phase:
                Phase.parse(phase["phase"])
            assert set(phase["orders"]) <= set(STANDARD.powers), where
            expect = phase["expect"]
            assert set(expect) <= {"results", "reasons", "dislodged", "units"}, where
            for province, verdict in expect["results"].items():
                assert province in STANDARD.provinces, (where, province)
                assert verdict in VERDICTS, (where, verdict)
            for province, reason in expect.get("reasons", {}).items():
                assert expect["results"].get(province) == "fails", (where, province)
                Reason(reason)
            for text in expect.get("dislodged", []):
                _check_unit(where, "ENGLAND", text)
            for power, units in expect.get("units", {}).items():
                for text in units:
                    _check_unit(where, power, text)
        if "rules" in case:
            ParadoxRule(case["rules"]["paradox"])


def _check_unit(where: str, power: str, text: str) -> None:
    unit = Unit.parse(power, text)
    assert unit.location in STANDARD.unit_locations(unit.type, unit.province), (where, text)


# --------------------------------------------------------------------------- the cases


@dataclass(frozen=True)
class _Line:
    """One order line as the test saw it: its province and verdict."""

    power: str
    text: str
    province: str | None
    verdict: str  # "succeeds" | "fails" | "illegal" | "no outcome"
    detail: str
    reason: str | None = None  # the outcome's reason, when the order was played


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_datc(case: dict[str, Any]) -> None:
    # Imported here so that a missing engine module fails each case, never skips it.
    parse_orders = importlib.import_module("adjudication.text.parse").parse_orders
    adjudicate = importlib.import_module("adjudication.play.phases").adjudicate

    rules = Rules(paradox_rule=ParadoxRule(case.get("rules", {}).get("paradox", "szykman")))
    position = _start_position(case["start"])
    problems: list[str] = []
    for number, phase in enumerate(case["phase"], start=1):
        if phase.get("phase", position.phase.code) != position.phase.code:
            problems.append(
                f"phase {number}: expected to play {phase['phase']}, "
                f"the position is at {position.phase.code}"
            )
            break
        lines: list[tuple[str, Any]] = []
        for power, texts in phase["orders"].items():
            parsed = parse_orders("\n".join(texts), position, power, STANDARD)
            lines.extend((power, p) for p in parsed)
        orders = [p.order for _, p in lines if p.order is not None]
        result = adjudicate(position, orders, STANDARD_GAME, rules)
        seen = _verdicts(lines, result.outcomes)
        header = f"phase {number} ({position.phase.code}, {len(orders)} orders read):"
        found = _compare(phase["expect"], seen, position, result)
        if found:
            problems.append("\n".join([header, *found, *_show(seen)]))
        position = result.position
    if problems:
        pytest.fail(f"{case['id']} {case['title']}\n" + "\n".join(problems), pytrace=False)


def _start_position(start: dict[str, Any]) -> Position:
    units = [Unit.parse(p, text) for p, texts in start["units"].items() for text in texts]
    owners = {c: p for p, centres in start.get("centers", {}).items() for c in centres}
    return Position(Phase.parse(start.get("phase", "S1901M")), tuple(units), owners)


def _verdicts(lines: list[tuple[str, Any]], outcomes: tuple[Any, ...]) -> list[_Line]:
    from adjudication.model.outcomes import Reason

    unused = list(outcomes)
    seen: list[_Line] = []
    for power, parsed in lines:
        order = parsed.order
        if order is None:
            why = parsed.rejection.reason if parsed.rejection else "unreadable"
            seen.append(
                _Line(
                    power, parsed.text, _named_province(parsed.text), "illegal", f"not read: {why}"
                )
            )
            continue
        province = _order_province(order)
        if parsed.rejection is not None:
            seen.append(
                _Line(
                    power,
                    parsed.text,
                    province,
                    "illegal",
                    f"{order} refused: {parsed.rejection.reason}",
                )
            )
            continue
        outcome = next((o for o in unused if o.order == order), None)
        if outcome is None:
            seen.append(_Line(power, parsed.text, province, "no outcome", f"{order}"))
            continue
        unused.remove(outcome)
        if outcome.reason in (Reason.ILLEGAL, Reason.NO_SUCH_UNIT):
            verdict = "illegal"
        else:
            verdict = "succeeds" if outcome.succeeded else "fails"
        reason = f" ({outcome.reason})" if outcome.reason else ""
        seen.append(
            _Line(power, parsed.text, province, verdict, f"{order}{reason}", outcome.reason)
        )
    return seen


def _order_province(order: Any) -> str | None:
    unit = getattr(order, "unit", None)
    return unit.province if unit is not None else None


def _named_province(text: str) -> str | None:
    """The first province an unreadable line names, so its verdict can be matched."""
    words = re.sub(r"[^a-z ]", " ", text.lower()).split()
    names = {p.name.lower(): code for code, p in STANDARD.provinces.items()}
    names |= {code.lower(): code for code in STANDARD.provinces}
    for start in range(len(words)):
        for end in range(len(words), start, -1):
            code = names.get(" ".join(words[start:end]))
            if code is not None:
                return code
    return None


def _province_verdict(verdicts: list[str]) -> str:
    if "succeeds" in verdicts:
        return "succeeds"
    if all(v == "illegal" for v in verdicts):
        return "illegal"
    return "fails" if "no outcome" not in verdicts else "no outcome"


def _matches(expected: str, actual: str) -> bool:
    return actual == expected or (expected == "fails" and actual == "illegal")


def _compare(expect: dict[str, Any], seen: list[_Line], before: Position, result: Any) -> list[str]:
    problems: list[str] = []
    by_province: dict[str, list[str]] = {}
    for line in seen:
        if line.province is not None:
            by_province.setdefault(line.province, []).append(line.verdict)
    for province, expected in sorted(expect["results"].items()):
        verdicts = by_province.get(province)
        actual = _province_verdict(verdicts) if verdicts else "no order seen"
        if not _matches(expected, actual):
            problems.append(f"  {province}: expected {expected}, got {actual}")
    for province, reason in sorted(expect.get("reasons", {}).items()):
        given = [line.reason for line in seen if line.province == province]
        if reason not in given:
            problems.append(f"  {province}: expected to fail as {reason}, got {given}")
    if "dislodged" in expect:
        actual_set = _dislodged(before, result)
        expected_set = Counter(expect["dislodged"])
        if actual_set != expected_set:
            problems.append(
                f"  dislodged: expected {sorted(expected_set.elements())}, "
                f"got {sorted(actual_set.elements())}"
            )
    if "units" in expect:
        expected_units = {(p, u) for p, texts in expect["units"].items() for u in texts}
        expected_units = {(p, str(Unit.parse(p, u))) for p, u in expected_units}
        actual_units = {(u.power, str(u)) for u in result.position.units}
        if expected_units != actual_units:
            problems.append(
                f"  units: missing {sorted(expected_units - actual_units)}, "
                f"unexpected {sorted(actual_units - expected_units)}"
            )
    return problems


def _dislodged(before: Position, result: Any) -> Counter[str]:
    """Units dislodged in the phase: from the result and the next position."""
    from adjudication.model.outcomes import Reason

    units = {d.unit for d in getattr(result, "dislodged", ())}
    units |= {d.unit for d in result.position.dislodged}
    for outcome in result.outcomes:
        if outcome.dislodged_by is not None or outcome.reason is Reason.DISLODGED:
            province = _order_province(outcome.order)
            unit = before.unit_in(province) if province else None
            if unit is not None:
                units.add(unit)
    return Counter(str(u) for u in units)


def _show(seen: list[_Line]) -> list[str]:
    return [f"    {line.power:8} {line.text!r} -> {line.verdict}: {line.detail}" for line in seen]
