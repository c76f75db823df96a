"""Issue 31 through the fake Discord, as a player uses it: `/notes add|show|clear`,
each reply only to the one who asked; the cap stated, a note past it refused; long
notes shown as a file within Discord's limits; the notes in the writer's own
`/game export` after the end, nobody else's."""

from __future__ import annotations

from bot.service.kernel import Caller
from tests.cogs.conftest import PLAYERS, start_game
from tests.fake_discord import Driver

NOTE = "Bob swore he would not enter Munich."


async def test_issue31_notes_private_capped_shown_as_a_file_and_exported(
    driver: Driver, clock
) -> None:
    await start_game(driver, PLAYERS[:3])
    gm, channel = driver.fake.gm, driver.fake.game_channel
    alice, bob, outsider = driver.user("alice"), driver.user("bob"), driver.user("outsider")

    added = await (await driver.slash(alice, channel, "notes add", {"text": NOTE})).reply()
    assert added.ephemeral and "20,000" in added.content and "only you" in added.content

    # Another player, the GM and a member watching read nothing of them.
    theirs = await (await driver.slash(bob, channel, "notes show")).reply()
    assert theirs.ephemeral and "no notes" in theirs.content and "Munich" not in theirs.content
    for other in (gm, outsider):
        refused = await (await driver.slash(other, channel, "notes show")).reply()
        assert refused.ephemeral and "play or played a power" in refused.content
        assert "Munich" not in refused.content
    mine = await (await driver.slash(alice, driver.dm(alice), "notes show")).reply()
    assert mine.ephemeral and NOTE in mine.content and mine.attachments == []

    # Long notes: shown as a file, the message within Discord's 2000 characters.
    for _ in range(10):
        await (await driver.slash(alice, channel, "notes add", {"text": "x" * 1900})).reply()
    long = await (await driver.slash(alice, channel, "notes show")).reply()
    (attached,) = long.attachments
    assert long.ephemeral and len(long.content) <= 2000 and "attached" in long.content
    assert attached.filename == "notes-1.txt" and NOTE in attached.data.decode()

    # Past the cap, whatever was typed: a clear reply, and nothing kept.
    for text, unchecked in (("y" * 1000, False), ("z" * 6000, True)):
        handle = await driver.slash(
            alice, channel, "notes add", {"text": text}, unchecked=unchecked
        )
        past = await handle.reply()
        assert past.ephemeral and "20,000" in past.content and "Nothing was added" in past.content
    kept = await driver.bot.service.notes.read_notes(1, Caller(alice.id))
    assert kept.used == len(NOTE) + 10 * 1900

    # After the end, the writer's own export carries them; nobody else's does.
    clock.advance(hours=97)  # Spring 1901 is played at its deadline
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)
    ask = await (await driver.slash(gm, channel, "gm end", {"draw": True})).reply()
    await driver.click(gm, ask, "dipgm:confirm")
    await driver.wait_for_message(lambda m: "Scores" in m.content, channel=channel)
    # Shared with the channel, the game goes to all and the notes to their writer alone.
    handle = await driver.slash(alice, channel, "game export", {"share": True})
    game_file, own_notes = await handle.replies(2)
    assert not game_file.ephemeral and [a.filename for a in game_file.attachments] == [
        "game-1.jsonl"
    ]
    (attached,) = own_notes.attachments
    assert own_notes.ephemeral and attached.filename == "notes-1.txt"
    assert NOTE in attached.data.decode() and "notes" in own_notes.content
    others = [await driver.slash(other, channel, "game export") for other in (bob, gm)]
    for handle in others:
        export = await handle.reply()
        assert [a.filename for a in export.attachments] == ["game-1.jsonl"]

    # Clearing gives the notes back as a file, once, and leaves none.
    cleared = await (await driver.slash(alice, channel, "notes clear")).reply()
    (copy,) = cleared.attachments
    assert cleared.ephemeral and NOTE in copy.data.decode()
    after = await (await driver.slash(alice, channel, "notes show")).reply()
    assert "no notes" in after.content
    # By now the others' exports are long done: nothing followed them, no notes of anyone.
    assert [len(handle.messages) for handle in others] == [1, 1]
