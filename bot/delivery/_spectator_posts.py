"""What spectators are sent on Discord (issue 31), by DM: in a game that hides nothing,
the channel's results post of each phase, copied word for word (`PhasePosts` makes it);
in Kriegsplomacy and Spy, the whole board of each played phase as its GM sees it (the
judge notation with every spy's orders, and the map with every unit), at the pace the
GM chose; and a request to watch, to the GM, with the GM's answer, to the member."""

from __future__ import annotations

from adjudication.variants import VARIANTS
from bot.delivery._phase_posts import PhasePosts
from bot.delivery._sender import NO_PINGS, Handler, Sender, png_file, text_file
from bot.service.events import Event, EventKind
from bot.service.events import payloads as ev
from bot.service.kernel import code_blocks
from bot.service.records import GameLookups
from bot.service.spectators import spectating_text, watched_board_heading, watching_note
from bot.service.variants.spy import with_spy_orders


class SpectatorPosts:
    """The spectators' DMs, sent through the delivery's `Sender`; the copy of a results
    post is made by the phases' poster (`PhasePosts.public_results`), so that it is
    the channel's own."""

    def __init__(self, sender: Sender, lookups: GameLookups, phases: PhasePosts) -> None:
        self.sender = sender
        self.lookups = lookups
        self.phases = phases

    def handlers(self) -> dict[EventKind, Handler]:
        return {
            EventKind.WATCHED_RESULTS: self._watched_results,
            EventKind.WATCHED_BOARD: self._watched_board,
            EventKind.SPECTATING: self._spectating,
        }

    async def _watched_results(self, event: Event) -> None:
        p = event.payload_as(ev.WatchedResults)
        assert event.game_id is not None and event.user_id is not None
        post = await self.phases.public_results(event.game_id, p, event.created_at)
        if post is None:
            return  # rolled back since: the phase is told again when played anew
        text, files = post
        await self.sender.to_user(
            event.user_id,
            f"{text}\n\n{watching_note(event.game_id)}",
            files=files,
            allowed_mentions=NO_PINGS,
        )

    async def _watched_board(self, event: Event) -> None:
        """The phase as `/game history` shows it to the GM: the judge notation with
        every spy's orders, and the map of every unit; a long report as a file."""
        p = event.payload_as(ev.WatchedBoard)
        assert event.game_id is not None and event.user_id is not None
        game_id, user_id = event.game_id, event.user_id
        history = self.sender.service.history
        record = await history.phase_record(game_id, p.phase)
        if record is None or record.id != p.phase_id or record.report is None:
            return  # rolled back since: the phase is told again when played anew
        judged = await history.judge_text(game_id, record.id) or record.report
        judged = await with_spy_orders(
            self.sender.service.store, record.id, judged, self.lookups.board
        )
        palette = await self.lookups.palette_for(game_id, user_id)
        picture = await self.lookups.record_map(record, palette, game_id=game_id, whole_board=True)
        name = await self.sender.game_name(event)
        heading = watched_board_heading(name, picture.title, p.behind)
        files = [png_file(picture.png, p.phase)]
        blocks = code_blocks(judged)
        note = watching_note(game_id)
        if len(blocks) == 1:
            text = f"{heading}\n{blocks[0]}\n{note}"
        else:
            text = f"{heading} (attached)\n{note}"
            files.insert(0, text_file(judged, f"results-{p.phase}.txt"))
        await self.sender.to_user(user_id, text, files=files, allowed_mentions=NO_PINGS)

    async def _spectating(self, event: Event) -> None:
        p = event.payload_as(ev.Spectating)
        assert event.game_id is not None and event.user_id is not None
        settings = await self.sender.service.lobby.game_settings(event.game_id)
        name = await self.sender.game_name(event)
        text = spectating_text(name, event.game_id, p, VARIANTS[settings.variant].title)
        await self.sender.to_user(event.user_id, text, allowed_mentions=NO_PINGS)
