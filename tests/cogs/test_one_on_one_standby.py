"""`/gm standby` in a one-on-one match (O6 in docs/VARIANTS.md): the standby stands for
the player's whole side on both boards, and the GM's answer says so, naming the other
board's channel."""

from __future__ import annotations

from tests.cogs.test_one_on_one_members import _boards, _start_match
from tests.fake_discord import Driver


async def test_rules004_one_on_one_the_gm_is_told_the_standby_stands_for_the_side_on_both_boards(
    driver: Driver,
) -> None:
    here, there = await _start_match(driver)
    standby = driver.user("standby")
    reply = await (
        await driver.slash(
            driver.fake.gm, here, "gm standby", {"power": "FRANCE", "player": standby}
        )
    ).reply()
    assert reply.ephemeral
    assert "England, France and Russia here" in reply.content, reply.content
    assert f"Austria, Germany and Turkey in {there.mention}" in reply.content, reply.content
    board_a, board_b = await _boards(driver, here, there)
    stood = {
        (b.channel_id, p.power)
        for b in (board_a, board_b)
        for p in b.powers
        if p.standby_user_id == standby.id
    }
    assert stood == {
        *((here.id, p) for p in ("ENGLAND", "FRANCE", "RUSSIA")),
        *((there.id, p) for p in ("AUSTRIA", "GERMANY", "TURKEY")),
    }
