"""rules/000 §14.2, the two-player game, as the `world_war_i` variant.

"One player plays England/France/Russia and the other plays Austria/Germany/Turkey.
Italy is neutral and Italian territory may not be entered. The game begins in 1914.
Before the Fall 1914 adjustments, a coin is flipped. Italy joins the winner of the toss
in Spring 1915. The victory criterion is 24 units actually on the board."

Each test is named after the sentence it pins; the readings (W1-W4) are in
docs/VARIANTS.md.
"""

from __future__ import annotations

from adjudication.io.serialize import (
    adjudication_from_json,
    adjudication_to_json,
    rules_from_json,
    rules_to_json,
)
from adjudication.model.orders import Build, Convoy, Hold, Move, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.model.result import CoinToss, EndKind
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.phases import adjudicate
from adjudication.play.validate import validate
from adjudication.replay import replay_record
from adjudication.text.parse import parse_orders
from adjudication.variants import VARIANTS, WORLD_WAR_I, PowerStatus

EFR = ("ENGLAND", "FRANCE", "RUSSIA")
AGT = ("AUSTRIA", "GERMANY", "TURKEY")
ITALIAN_LAND = ("PIE", "VEN", "TUS", "ROM", "APU", "NAP")


def unit(text: str) -> Unit:
    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


def position(phase: str, texts: list[str], centres: dict[str, list[str]] | None = None) -> Position:
    ownership = {c: p for p, cs in (centres or {}).items() for c in cs}
    return Position(
        Phase.parse(phase), [unit(t) for t in texts], ownership, variant=WORLD_WAR_I.name
    )


def outcome_of(result, order):
    return next(o for o in result.outcomes if o.order == order)


def seed_won_by(side: tuple[str, ...]) -> Rules:
    """Rules whose seeded toss `side` wins (the first seed that does)."""
    for seed in range(100):
        rules = Rules(grouping="2", toss_seed=seed)
        if WORLD_WAR_I.toss_winner(rules) == side:
            return rules
    raise AssertionError(f"no seed below 100 gives the toss to {side}")


def test_rules000_14_2_two_players_is_a_registered_variant() -> None:
    assert VARIANTS["world_war_i"] is WORLD_WAR_I
    assert WORLD_WAR_I.player_counts == (2,)


def test_rules000_14_2_two_players_one_plays_efr_the_other_agt() -> None:
    grouping = WORLD_WAR_I.grouping_for(2)
    assert grouping.holdings == (EFR, AGT)


def test_rules000_14_2_two_players_italy_is_neutral() -> None:
    rules = Rules(grouping="2")
    assert WORLD_WAR_I.statuses(rules, Phase.parse("S1914M")) == {"ITALY": PowerStatus.NEUTRAL}
    start = Position.initial(WORLD_WAR_I, rules)
    move = Move(unit("ITALY A VEN"), Location("TRI"))
    result = adjudicate(start, [move], WORLD_WAR_I, rules)
    assert outcome_of(result, move).reason is Reason.ILLEGAL
    assert unit("ITALY A VEN") in result.position.units


def test_rules000_14_2_two_players_begins_1914() -> None:
    start = Position.initial(WORLD_WAR_I, Rules(grouping="2"))
    assert start.phase == Phase.parse("S1914M")
    assert start.variant == "world_war_i"
    # Every power's opening units, Italy's three included.
    assert len(start.units) == 22 and len(start.units_of("ITALY")) == 3


def test_rules000_14_2_italian_territory_may_not_be_entered() -> None:
    """W1: no move, convoy or support into Italian land; its seas stay open."""
    rules = Rules(grouping="2")
    spring = position(
        "S1914M",
        [
            "AUSTRIA A TRI",
            "AUSTRIA A TYR",
            "FRANCE A MAR",
            "FRANCE F LYO",
            "TURKEY F ION",
            "TURKEY A ALB",
            "ENGLAND F WES",
        ],
    )
    into_venice = Move(unit("AUSTRIA A TRI"), Location("VEN"))
    support_into_venice = Support(unit("AUSTRIA A TYR"), Location("TRI"), Location("VEN"))
    into_piedmont = Move(unit("FRANCE A MAR"), Location("PIE"))
    fleet_to_tuscany = Move(unit("FRANCE F LYO"), Location("TUS"))
    convoyed_to_apulia = Move(unit("TURKEY A ALB"), Location("APU"), via_convoy=True)
    convoy_to_apulia = Convoy(unit("TURKEY F ION"), Location("ALB"), Location("APU"))
    open_sea = Move(unit("ENGLAND F WES"), Location("TYS"))
    orders = [
        into_venice,
        support_into_venice,
        into_piedmont,
        fleet_to_tuscany,
        convoyed_to_apulia,
        convoy_to_apulia,
        open_sea,
    ]
    result = adjudicate(spring, orders, WORLD_WAR_I, rules)
    for refused in orders[:-1]:
        assert outcome_of(result, refused).reason is Reason.ILLEGAL, refused
    assert outcome_of(result, open_sea).succeeded
    assert not any(u.location.province in ITALIAN_LAND for u in result.position.units)


def test_rules000_14_2_italian_territory_is_no_retreat() -> None:
    rules = Rules(grouping="2")
    spring = position("S1914M", ["AUSTRIA A TRI", "TURKEY A ALB", "TURKEY A SER", "FRANCE A TYR"])
    attack = Move(unit("TURKEY A ALB"), Location("TRI"))
    backing = Support(unit("TURKEY A SER"), Location("ALB"), Location("TRI"))
    result = adjudicate(spring, [attack, backing], WORLD_WAR_I, rules)
    (dislodged,) = result.dislodged
    # Trieste borders Venice, Tyrolia (occupied), Vienna, Budapest, Serbia, Albania
    # (the attacker's origin) and the Adriatic: Venice is Italian.
    assert Location("VEN") not in dislodged.retreats
    assert Location("VIE") in dislodged.retreats


def test_rules000_14_2_coin_before_fall_1914_adjustments() -> None:
    """W2: the toss is made when the Fall 1914 season ends, recorded in the phase's
    result, before the Winter 1914 adjustments."""
    rules = seed_won_by(AGT)
    fall = position(
        "F1914M",
        ["AUSTRIA A BUD", "RUSSIA A WAR"],
        {"AUSTRIA": ["BUD", "VIE"], "RUSSIA": ["WAR"]},
    )
    result = adjudicate(fall, [], WORLD_WAR_I, rules)
    assert result.position.phase == Phase.parse("W1914A")  # Austria builds
    assert result.events == (CoinToss("ITALY", AGT, Phase.parse("S1915M")),)
    # The result's record keeps the toss.
    assert adjudication_from_json(adjudication_to_json(result)) == result


def test_rules000_14_2_coin_flipped_when_winter_1914_is_skipped() -> None:
    rules = seed_won_by(EFR)
    fall = position("F1914M", ["AUSTRIA A BUD", "RUSSIA A WAR"], {"AUSTRIA": ["BUD"]})
    result = adjudicate(fall, [], WORLD_WAR_I, rules)
    assert result.position.phase == Phase.parse("S1915M")
    assert result.events == (CoinToss("ITALY", EFR, Phase.parse("S1915M")),)


def test_rules000_14_2_coin_flipped_after_fall_1914_retreats() -> None:
    rules = seed_won_by(EFR)
    fall = position("F1914M", ["AUSTRIA A TRI", "TURKEY A ALB", "TURKEY A SER"])
    attack = Move(unit("TURKEY A ALB"), Location("TRI"))
    backing = Support(unit("TURKEY A SER"), Location("ALB"), Location("TRI"))
    moved = adjudicate(fall, [attack, backing], WORLD_WAR_I, rules)
    assert moved.position.phase == Phase.parse("F1914R")
    assert moved.events == ()  # the season is not over: its retreats come first
    retreated = adjudicate(moved.position, [], WORLD_WAR_I, rules)
    assert retreated.events == (CoinToss("ITALY", EFR, Phase.parse("S1915M")),)


def test_rules000_14_2_no_coin_in_other_seasons() -> None:
    rules = Rules(grouping="2")
    for code in ("S1914M", "F1915M"):
        result = adjudicate(position(code, ["AUSTRIA A BUD"]), [], WORLD_WAR_I, rules)
        assert result.events == ()


def test_rules000_14_2_the_toss_is_seeded_and_either_side_may_win() -> None:
    winners = {WORLD_WAR_I.toss_winner(Rules(grouping="2", toss_seed=s)) for s in range(20)}
    assert winners == {EFR, AGT}
    rules = Rules(grouping="2", toss_seed=123456789)
    assert WORLD_WAR_I.toss_winner(rules) == WORLD_WAR_I.toss_winner(rules)


def test_the_toss_seed_is_stored_with_the_rules_only_when_set() -> None:
    assert "toss_seed" not in rules_to_json(Rules())
    rules = Rules(grouping="2", toss_seed=2**61 + 5)
    assert rules_from_json(rules_to_json(rules)) == rules


def test_rules000_14_2_italy_joins_winner_spring_1915() -> None:
    """W3: from Spring 1915 Italy is ordered by the winner and its land is open."""
    rules = seed_won_by(EFR)
    spring = Phase.parse("S1915M")
    assert WORLD_WAR_I.statuses(rules, spring) == {}
    assert WORLD_WAR_I.holdings_at(rules, spring) == ((*EFR, "ITALY"), AGT)
    assert WORLD_WAR_I.holdings_at(rules, Phase.parse("W1914A")) == (EFR, AGT)
    units = ["ITALY A VEN", "ITALY A ROM", "AUSTRIA A TRI", "FRANCE A MAR"]
    start = position("S1915M", units)
    italian = Move(unit("ITALY A ROM"), Location("APU"))
    french = Move(unit("FRANCE A MAR"), Location("PIE"))
    austrian = Move(unit("AUSTRIA A TRI"), Location("VEN"))
    result = adjudicate(start, [italian, french, austrian], WORLD_WAR_I, rules)
    assert outcome_of(result, italian).succeeded
    assert outcome_of(result, french).succeeded
    assert not outcome_of(result, austrian).succeeded  # legal: it bounces off Venice
    assert outcome_of(result, austrian).reason is not Reason.ILLEGAL


def test_rules000_14_2_victory_24_units_on_the_board() -> None:
    """W4: a side's units, all its countries together, counted after every phase;
    Italy's count for the toss winner from Spring 1915."""
    agt = [f"AUSTRIA A {p}" for p in ("BUD", "VIE", "ALB", "GAL", "BOH", "SER", "RUM", "BUL")]
    agt += [f"GERMANY A {p}" for p in ("BER", "MUN", "KIE", "RUH", "HOL", "BEL", "DEN", "SIL")]
    agt += [f"TURKEY A {p}" for p in ("CON", "ANK", "SMY", "ARM", "SYR")]
    centres = {
        "AUSTRIA": ["BUD", "VIE", "TRI", "SER", "RUM", "BUL", "GRE", "WAR", "MOS"],
        "GERMANY": ["BER", "MUN", "KIE", "HOL", "BEL", "DEN", "SWE", "NWY"],
        "TURKEY": ["CON", "ANK", "SMY", "SEV", "STP"],
        "ITALY": ["VEN", "ROM", "NAP"],
    }
    winter = position("W1914A", [*agt, "ITALY A VEN", "ITALY A ROM", "ITALY F NAP"], centres)
    build = Build(unit("AUSTRIA A TRI"))
    # 21 units and one build: 22; with Italy's three from Spring 1915, 25.
    won = adjudicate(winter, [build], WORLD_WAR_I, seed_won_by(AGT))
    assert won.position.phase == Phase.parse("S1915M")
    assert won.game_end is not None
    assert won.game_end.kind is EndKind.SIDE_UNITS
    assert won.game_end.winners == tuple(sorted((*AGT, "ITALY")))
    # Italy joined the other side: 22 units are not 24.
    lost_toss = adjudicate(winter, [build], WORLD_WAR_I, seed_won_by(EFR))
    assert lost_toss.game_end is None


def test_rules000_14_2_24_units_not_18_centres() -> None:
    """No 18-centre solo: a power with 18 centres has not won; a side short of 24
    units has not won either."""
    rules = Rules(grouping="2")
    centres = [
        "BUD", "VIE", "TRI", "SER", "RUM", "BUL", "GRE", "WAR", "MOS",
        "SEV", "STP", "BER", "MUN", "KIE", "HOL", "BEL", "DEN", "SWE",
    ]  # fmt: skip
    fall = position("F1916M", ["AUSTRIA A BUD"], {"AUSTRIA": centres})
    result = adjudicate(fall, [Hold(unit("AUSTRIA A BUD"))], WORLD_WAR_I, rules)
    assert result.game_end is None
    standard = Position(fall.phase, fall.units, fall.ownership)
    assert adjudicate(standard, []).game_end is not None  # the standard game: a solo


def test_rules000_14_2_24_units_beat_the_year_limit() -> None:
    """A side's 24 units win even in the year the short game's limit (an option) ends
    it: the variant's victory ranks above the year limit, as a solo does."""
    agt = [f"AUSTRIA A {p}" for p in ("BUD", "VIE", "TRI", "GAL", "BOH", "SER", "RUM", "BUL")]
    agt += [f"GERMANY A {p}" for p in ("BER", "MUN", "KIE", "RUH", "HOL", "BEL", "DEN", "SIL")]
    agt += [f"TURKEY A {p}" for p in ("CON", "ANK", "SMY", "ARM", "SYR")]
    rules = Rules(grouping="2", year_limit=1915, toss_seed=seed_won_by(AGT).toss_seed)
    centres = {  # as many as units: Winter 1915 is skipped, and 1915 complete
        "AUSTRIA": ["BUD", "VIE", "TRI", "SER", "RUM", "BUL", "GRE", "WAR"],
        "GERMANY": ["BER", "MUN", "KIE", "HOL", "BEL", "DEN", "SWE", "NWY"],
        "TURKEY": ["CON", "ANK", "SMY", "SEV", "MOS"],
        "ITALY": ["VEN", "ROM", "NAP"],
    }
    fall = position("F1915M", [*agt, "ITALY A VEN", "ITALY A ROM", "ITALY F NAP"], centres)
    result = adjudicate(fall, [], WORLD_WAR_I, rules)
    assert result.position.phase == Phase.parse("S1916M")
    assert result.game_end is not None
    assert result.game_end.kind is EndKind.SIDE_UNITS


def test_issue33_a_move_into_closed_italy_is_refused_for_that_reason() -> None:
    """rules/000 §14.2: "Italy is neutral and Italian territory may not be entered": an
    order into Italian land before 1915 is refused saying so, not as if the space were
    unreachable ("no chain of fleets could convoy it", "not adjacent")."""
    rules = Rules(grouping="2")
    spring = position("S1914M", ["AUSTRIA F TRI", "AUSTRIA A TYR", "FRANCE A MAR"])
    board = WORLD_WAR_I.board_for(spring.phase)
    for order in (
        Move(unit("AUSTRIA F TRI"), Location("VEN")),
        Move(unit("FRANCE A MAR"), Location("PIE")),
        Support(unit("AUSTRIA A TYR"), Location("TRI"), Location("VEN")),
    ):
        rejection = validate(order, spring, board)
        assert rejection is not None and rejection.reason is RejectReason.CLOSED, order
        assert "Italian land is closed until 1915" in rejection.message, rejection.message
    (line,) = parse_orders("A Mar - Pie", spring, "FRANCE", board)
    assert line.rejection is not None and "closed until 1915" in line.rejection.message
    assert validate(Move(unit("AUSTRIA A TYR"), Location("VIE")), spring, board) is None
    assert rules.grouping == "2"


def test_queue_a_replayed_retreat_line_of_1914_never_enters_closed_italy() -> None:
    """QUEUE, "World War I's closure in replay": each line is read on the variant's
    board for its phase, as the service plays it, so a dislodged army may not retreat
    into Italian land ("a space to which it could ordinarily move", rules/000 §11)."""
    line = {
        "id": "wwi-retreat",
        "variant": "world_war_i",
        "options": {"grouping": "2"},
        "phase": "F1914R",
        "units": {"TURKEY": ["A TRI"], "FRANCE": ["A TYR"]},
        "centers": {"AUSTRIA": ["VIE", "BUD", "TRI"]},
        "dislodged": {"AUSTRIA": {"A TRI": {"by": "ALB"}}},
        "orders": {"AUSTRIA": ["A TRI R VEN"]},
    }
    result = replay_record(line)
    assert "error" not in result, result
    assert "A VEN" not in result["units"].get("AUSTRIA", []), result
    line["orders"] = {"AUSTRIA": ["A TRI R VIE"]}
    assert "A VIE" in replay_record(line)["units"]["AUSTRIA"]
