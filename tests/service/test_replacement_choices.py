"""rules/000 §14.3: "It is probably more desirable … to allow a person who has not
previously had a country (or failing that, whose country has already been eliminated
from play) to replace any player who has left the game." `/gm replace` offers the
incoming player in that order."""

from __future__ import annotations

from bot.service.kernel import Caller
from storage.models import PowerRow
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, owner, started_game

STANDBY = 5555  # named standby for France: never had a country in the game
ELSEWHERE = 7777  # plays another game of the server, never this one
INCOMING = 6666  # replaced Italy's player: has a country now


async def _eliminate(service, game_id: int, power: str) -> None:
    """Test set-up: `power` out of the game, as the adjudicator leaves it."""
    from sqlalchemy import select

    async with service.store.transaction() as session:
        rows = await session.execute(
            select(PowerRow).where(PowerRow.game_id == game_id, PowerRow.power == power)
        )
        rows.scalars().one().eliminated_year = 1902


async def test_rules000_14_3_a_person_who_never_had_a_country_first_then_the_eliminated(
    service,
):
    info = await started_game(service)
    other = await service.lobby.create_game(GUILD, CHANNEL + 1, GM, "Other game", T0)
    await service.lobby.join(other.id, Caller(ELSEWHERE, GUILD), T0, (), display_name="Zoe")
    gm = Caller(GM, GUILD)
    await service.gm.gm_call_standby(info.id, gm, "FRANCE", STANDBY, T0)
    italy = owner(info, "ITALY")
    await service.gm.gm_replace_player(info.id, gm, "ITALY", INCOMING, T0)
    await _eliminate(service, info.id, "AUSTRIA")
    austria = owner(info, "AUSTRIA")

    offered = await service.replacements.replacement_choices(info.id, gm, "")
    ids = [user for user, _ in offered]
    # Never had a country here: the named standby, then the server's other players;
    # failing that, a player whose country was eliminated. Nobody holding a country,
    # nor a replaced player whose country is still in play.
    assert ids == [STANDBY, ELSEWHERE, austria]
    labels = dict(offered)
    assert "never had a country" in labels[STANDBY] and "standby for France" in labels[STANDBY]
    assert labels[ELSEWHERE].startswith("Zoe") and "never had a country" in labels[ELSEWHERE]
    assert "eliminated" in labels[austria]
    assert italy not in ids and INCOMING not in ids and GM not in ids
    # What the GM types narrows the list (by name or by number).
    assert [u for u, _ in await service.replacements.replacement_choices(info.id, gm, "zo")] == [
        ELSEWHERE
    ]
    assert [u for u, _ in await service.replacements.replacement_choices(info.id, gm, "555")] == [
        STANDBY
    ]
    # Only the GM is shown anyone.
    assert await service.replacements.replacement_choices(info.id, Caller(austria, GUILD), "") == ()
