"""rules/004's results notation through the bot (issue 10): the Fall 1902 example of the
document played in a game whose channel shows the judge notation, compared whole with
the text written out below from the document.

The expected text is the document's, with the four misprints test_report.py proves
impossible corrected ("A Nor" is Norway, "F Edi-NthS*" moved, Italy's centres in
alphabetical order, Turkey's "+Rum").
"""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from tests.adjudication.test_report import CODE, EXAMPLE_ORDERS, OWNERSHIP_BEFORE
from tests.cogs.conftest import dm_orders, start_game
from tests.fake_discord import Driver, FakeMessage
from tests.service.conftest import force_position

# After the movement phase the retreats are not known yet: a dislodged unit that may
# retreat is marked so, one that may not is disbanded at once.
AFTER_MOVEMENT = """\
Results for Fall 1902:

Austria:        F Gre* H, A Ser* S Tur A Bul-Rum, A Tri-Bud*, A Vie*-Gal
England:        F BarS* S A Nwy-StP, F Edi-NthS*, A Nwy-StP*, F NthS-Nwy*
France:         A Bur-Bel [dislodged], F Mar* S A Spa, F Pic* S A Bur-Bel,
                A Spa* S F Mar
Germany:        A Bel* S A Rur-Bur, F Den*-Swe, F Hol* S A Bel,
                A Mun* S A Rur-Bur, A Rur-Bur*
Italy:          A Pie*-Mar, F TyrS-GLyo*, A Ven*-Pie, F WMed-MAtl*
Russia:         F Rum S A Sev [d*], A Sev* S F Rum, A StP-Nwy [dislodged],
                F Swe* S A StP-Nwy, A Gal* S F Rum, A Ukr* S A Sev
Turkey:         A Arm*-Sev, F BlaS* S A Bul-Rum, A Bul-Rum*, A Con-Bul*"""

# rules/004: "the results of Fall 1902 in the sample game ... would be given as follows".
RESULTS_FOR_FALL_1902 = """\
Results for Fall 1902:

Austria:        F Gre* H, A Ser* S Tur A Bul-Rum, A Tri-Bud*, A Vie*-Gal
England:        F BarS* S A Nwy-StP, F Edi-NthS*, A Nwy-StP*, F NthS-Nwy*
France:         A Bur-Bel [r-Gas*], F Mar* S A Spa, F Pic* S A Bur-Bel,
                A Spa* S F Mar
Germany:        A Bel* S A Rur-Bur, F Den*-Swe, F Hol* S A Bel,
                A Mun* S A Rur-Bur, A Rur-Bur*
Italy:          A Pie*-Mar, F TyrS-GLyo*, A Ven*-Pie, F WMed-MAtl*
Russia:         F Rum S A Sev [d*], A Sev* S F Rum, A StP-Nwy [r-Mos*],
                F Swe* S A StP-Nwy, A Gal* S F Rum, A Ukr* S A Sev
Turkey:         A Arm*-Sev, F BlaS* S A Bul-Rum, A Bul-Rum*, A Con-Bul*"""

RETREATS_FOR_FALL_1902 = """\
Retreats for Fall 1902:

France:         A Bur [r-Gas*]
Russia:         A StP [r-Mos*]"""


def _sample_position() -> Position:
    """The rulebook's sample game before Fall 1902, as rules/004's example implies it."""
    units = []
    for power, orders in EXAMPLE_ORDERS.items():
        for text in orders:
            kind, where = text.split("-")[0].split()[:2]
            units.append(Unit.parse(power, f"{kind} {CODE[where]}"))
    ownership = {
        CODE[abbr]: power for power, names in OWNERSHIP_BEFORE.items() for abbr in names.split()
    }
    return Position(Phase.parse("F1902M"), tuple(units), ownership)


def _judge_file(post: FakeMessage) -> str:
    (judge,) = [a for a in post.attachments if a.filename.endswith("-judge.txt")]
    return judge.data.decode()


async def _results_post(driver: Driver, title: str, since: int) -> FakeMessage:
    return await driver.wait_for_message(
        lambda m: f"results of {title}**" in m.content,
        channel=driver.fake.game_channel,
        since=since,
        timeout=10,
    )


async def _play_fall_1902(driver: Driver, clock) -> tuple[FakeMessage, FakeMessage]:
    """The example's movement phase and its retreats, in a game showing the judge
    notation in the channel: the two results posts."""
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    setting = {"setting": "results_notation", "value": "judge"}
    await (await driver.slash(gm, channel, "gm settings set", setting)).reply()
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    await force_position(driver.bot.service, info.id, _sample_position())
    assert set(EXAMPLE_ORDERS) == set(STANDARD.powers)
    for power, orders in EXAMPLE_ORDERS.items():
        echo = await dm_orders(driver, powers[power], "\n".join(orders))
        assert "Every unit has an order." in echo
    mark = len(driver.world.bot_messages)
    clock.advance(days=5)
    movement = await _results_post(driver, "Fall 1902", mark)
    mark = len(driver.world.bot_messages)
    await dm_orders(driver, powers["FRANCE"], "A Bur R Gas")
    await dm_orders(driver, powers["RUSSIA"], "A StP R Mos")
    return movement, await _results_post(driver, "Fall 1902 Retreats", mark)


async def test_fall_1902_of_rules_004_is_posted_as_the_document_writes_it(
    driver: Driver, clock
) -> None:
    movement, retreats = await _play_fall_1902(driver, clock)
    assert f"```\n{AFTER_MOVEMENT}\n```" in movement.content
    assert _judge_file(movement) == AFTER_MOVEMENT
    # The retreat phase in its own notes; the movement results, now complete, follow.
    whole = f"{RETREATS_FOR_FALL_1902}\n\n{RESULTS_FOR_FALL_1902}"
    assert f"```\n{whole}\n```" in retreats.content
    assert _judge_file(retreats) == whole


async def test_game_history_shows_fall_1902_as_the_document_writes_it(
    driver: Driver, clock
) -> None:
    await _play_fall_1902(driver, clock)
    history = await (
        await driver.slash(
            driver.user("bob"), driver.fake.game_channel, "game history", {"phase": "F1902M"}
        )
    ).reply()
    assert f"```\n{RESULTS_FOR_FALL_1902}\n```" in history.content
