"""Issue 31's roll-call through the fake Discord, as players use it: the GM turns it on at
`/game create`, `/game start` sends each player a DM with an "I'm in" button and the time
to answer; two click it, `/game status` shows who has; the third lets the time pass, is
told privately and refused when clicking late; the GM is told who, gives the place to
a standby with `/gm replace`, and the game begins."""

from __future__ import annotations

from tests.cogs.conftest import PLAYERS, channel_posts, create_game, join_all, visible_text
from tests.fake_discord import Driver, FakeMessage

THREE = PLAYERS[:3]
UPDATE_MESSAGE = 7  # the interaction's answer edits the message clicked


def answer_button(message: FakeMessage) -> dict:
    (button,) = [c for row in message.components for c in row.get("components", [])]
    return button


async def test_issue31_roll_call_dm_button_click_late_answer_and_a_standby(
    driver: Driver, clock
) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    created = await create_game(driver, roll_call_hours=12)
    assert "Roll-call before the start: 12 hours to answer" in created.content
    await join_all(driver, THREE)
    mark = len(driver.world.bot_messages)
    started = await (await driver.slash(gm, channel, "game start")).reply()
    assert not started.ephemeral and "roll-call" in started.content
    assert "<t:" in started.content and "I'm in" in started.content
    asked: dict[str, FakeMessage] = {}
    for name in THREE:
        asked[name] = await driver.wait_for_message(
            lambda m: bool(m.custom_ids()), channel=driver.dm(driver.user(name)), since=mark
        )
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    for dm in asked.values():
        button = answer_button(dm)
        assert button["label"] == "I'm in" and button["custom_id"] == f"dipgm:rollcall:{info.id}"
        assert "Test Game" in dm.content and "<t:" in dm.content and "standby" in dm.content
    mine = next(p for p in info.roll_call.places if p.user_id == driver.user("alice").id)
    assert f"**{mine.powers[0].title()}" in asked["alice"].content
    carol_place = next(p for p in info.roll_call.places if p.user_id == driver.user("carol").id)

    # Two players answer; the message they clicked says so and its button greys out.
    for name in ("alice", "bob"):
        click = await driver.click(
            driver.user(name), asked[name], answer_button(asked[name])["custom_id"]
        )
        response = await click.response()
        assert response.callback_type == UPDATE_MESSAGE
        assert "You're in" in asked[name].content and answer_button(asked[name])["disabled"]
    assert "Waiting for 1 more player" in asked["bob"].content
    status = await (await driver.slash(driver.user("carol"), channel, "game status")).reply()
    text = visible_text(status)
    assert "Roll-call" in text and "not yet" in text
    carol_line = next(line for line in text.splitlines() if str(driver.user("carol").id) in line)
    assert "not yet" in carol_line

    # Carol lets the time pass: she is told privately, the GM is told who.
    carol = driver.user("carol")
    mark = len(driver.world.bot_messages)
    clock.advance(hours=12, minutes=1)
    missed = await driver.wait_for_message(
        lambda m: "roll-call" in m.content, channel=driver.dm(carol), since=mark
    )
    assert "standby" in missed.content and "GM" in missed.content
    told_gm = await driver.wait_for_message(
        lambda m: "without an answer from" in m.content, channel=driver.dm(gm), since=mark
    )
    assert str(carol.id) in told_gm.content and "/gm replace" in told_gm.content
    assert not any(
        "roll-call" in p.content and str(carol.id) in p.content for p in channel_posts(driver)
    )
    # Her late click is refused, privately, and changes nothing.
    late = await driver.click(carol, asked["carol"], answer_button(asked["carol"])["custom_id"])
    refused = await late.reply()
    assert refused.ephemeral and "has closed" in refused.content
    assert (await driver.bot.service.lobby.game_in_channel(channel.id)).roll_call.empty

    # The GM gives her place (each of its powers) to a standby, who takes it: the game begins.
    empty = (await driver.bot.service.lobby.game_info(info.id)).roll_call.empty
    assert set(empty) == set(carol_place.powers)
    standby = driver.user("standby")
    for power in empty:
        reply = await (
            await driver.slash(gm, channel, "gm replace", {"power": power, "player": standby})
        ).reply()
        assert reply.ephemeral and "now plays" in reply.content
    await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
    await driver.wait_for_message(
        lambda m: "You play" in m.content and "Test Game" in m.content, channel=driver.dm(standby)
    )
    begun = await driver.bot.service.lobby.game_info(info.id)
    assert begun.status == "active" and standby.id in {p.user_id for p in begun.powers}
