"""Issue 10: "Every game setting … changeable by the GM with `/gm settings set` while
the rules allow it, each change in the audit log and announced in the channel": each
setting the issue names, set through Discord in a game's lobby, is announced in the
game's channel with what it now says, and audited."""

from __future__ import annotations

from tests.cogs.conftest import channel_posts, create_game
from tests.fake_discord import Driver

# (setting, a value other than the default, what the channel is told)
EVERY_SETTING = [
    ("movement_hours", "72", "Moves: 3 days"),
    ("retreat_hours", "12", "Retreats: 12 hours"),
    ("adjustment_hours", "36", "Builds and removals: 36 hours"),
    ("reminders", "12", "Reminders: 12 hours before each deadline"),
    ("press", "public_only", "Press: "),
    ("anonymous_press", "yes", "Unsigned public press: allowed"),
    ("copy_gm", "yes", "GM added to private threads: yes"),
    ("secret_ballots", "no", "Ballots: open"),
    ("draw_silence_counts_yes", "no", "Draw votes: silence counts as no"),
    ("end_when_ready", "no", "Moves end early when every player is ready: no"),
    ("civil_disorder_after", "2", "Civil disorder: after 2 missed movement phases"),
    ("results_notation", "judge", "Results in the channel: rules/004's judge notation"),
    ("map_palette", "colorblind", "Map colours in the channel: colorblind"),
    ("scoring", "draw_size", "Scoring: "),
    ("assignment", "lots", "Powers given out: "),
    ("year_limit", "1910", "Short game: the game ends with 1910"),
    ("short_game_winner", "centres", "the most supply centres wins"),
    ("stalemate_winters", "3", "Stalemate rule: a draw when every supply centre"),
    ("paradox_rule", "rulebook_1982", "Convoy paradoxes: "),
    ("grouping", "3b", "grouping: 3b"),
    ("roll_call", "yes", "Roll-call before the start: 24 hours to answer"),
    ("roll_call_hours", "12", "Roll-call before the start: 12 hours to answer"),
]


async def test_every_setting_is_announced_in_the_channel_and_audited(driver: Driver) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await create_game(driver)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    for setting, value, said in EVERY_SETTING:
        before = len(channel_posts(driver))
        reply = await (
            await driver.slash(gm, channel, "gm settings set", {"setting": setting, "value": value})
        ).reply()
        assert reply.ephemeral and reply.content.startswith("Changed."), (setting, reply.content)
        post = await driver.wait_for_message(
            lambda m: not m.ephemeral and "The GM changed" in m.content, channel=channel
        )
        assert len(channel_posts(driver)) == before + 1, setting
        assert said in post.content, (setting, post.content)
    audited = [d["name"] for _, a, d in await driver.bot.service.history.audit_log(info.id)]
    assert audited == [s for s, _, _ in EVERY_SETTING]
