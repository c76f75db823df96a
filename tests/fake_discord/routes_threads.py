"""REST routes for threads and their members."""

from __future__ import annotations

import time

from aiohttp import web

from . import limits
from .permissions import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
)
from .rest import (
    INVALID_FORM_BODY,
    THREAD_ARCHIVED,
    UNKNOWN_MEMBER,
    Body,
    DiscordError,
    json_response,
    not_found,
    read_body,
)
from .routes_base import THREAD_ONLY, RouteBase
from .state import (
    ANNOUNCEMENT_THREAD,
    DM,
    GUILD_ANNOUNCEMENT,
    GUILD_TEXT,
    JSON,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    iso,
)

THREAD_ALREADY_CREATED = 160004


def _now() -> str:
    return iso(time.time())


class ThreadRoutes(RouteBase):
    """Threads: creating them, listing archived ones, and their members."""

    def register(self, r: web.RouteTableDef, base: str) -> None:
        add = [
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread),
            (
                "GET",
                "/channels/{channel_id}/users/@me/threads/archived/private",
                self.joined_archived_private_threads,
            ),
            ("GET", "/channels/{channel_id}/thread-members", self.thread_members),
            ("GET", "/channels/{channel_id}/thread-members/{user_id}", self.thread_member),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member),
            (
                "DELETE",
                "/channels/{channel_id}/thread-members/{user_id}",
                self.remove_thread_member,
            ),
        ]
        for method, path, handler in add:
            r.route(method, base + path)(handler)

    # -- threads ----------------------------------------------------------------

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self.api.channel(request.match_info["channel_id"])
        body = await read_body(request)
        payload = body.payload
        from_message = "message_id" in request.match_info
        if parent.type == DM or parent.is_thread:
            self._wrong_type(request, "start a thread", parent)
        if parent.type in THREAD_ONLY:
            return await self._create_forum_post(request, parent, body)
        if from_message:
            # Start Thread from Message: "When called on a GUILD_TEXT channel, creates a
            # PUBLIC_THREAD. When called on a GUILD_ANNOUNCEMENT channel, creates a
            # ANNOUNCEMENT_THREAD." CREATE_PUBLIC_THREADS: "Allows for creating public and
            # announcement threads".
            if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
                self._wrong_type(request, "start a thread from a message", parent)
            kind = PUBLIC_THREAD if parent.type == GUILD_TEXT else ANNOUNCEMENT_THREAD
            self.api.require(request, parent, CREATE_PUBLIC_THREADS, doing="start a thread")
            source = self.api.message(parent, request.match_info["message_id"])
            if source.id in self.world.channels:
                # "a message can only have a single thread created from it" (160004)
                self.api.deny(
                    request,
                    400,
                    THREAD_ALREADY_CREATED,
                    "A thread has already been created for this message",
                    bug=True,
                )
        else:
            kind = int(payload.get("type") or PRIVATE_THREAD)
            if kind == PRIVATE_THREAD and parent.type != GUILD_TEXT:
                # topics/threads: "Private threads [...] can only be created in GUILD_TEXT
                # channels." The docs give no code; 50024 "Cannot execute action on this
                # channel type" is the one that describes it.
                self._wrong_type(request, "create a private thread", parent)
            expected = {GUILD_TEXT: PUBLIC_THREAD, GUILD_ANNOUNCEMENT: ANNOUNCEMENT_THREAD}
            if kind != PRIVATE_THREAD and expected.get(parent.type) != kind:
                self._wrong_type(request, f"create a thread of type {kind}", parent)
            # CREATE_PRIVATE_THREADS "Allows for creating private threads";
            # CREATE_PUBLIC_THREADS "Allows for creating public and announcement threads".
            needed = CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
            self.api.require(request, parent, needed, doing="create a thread")
        self.api.refuse(request, limits.check_thread_name(payload.get("name")))
        thread = self._new_thread(
            parent,
            # A thread started from a message shares the message's id.
            int(request.match_info["message_id"]) if from_message else self.world.ids.next(),
            kind,
            payload,
        )
        data = thread.payload(me_id=self.world.bot_user.id)
        await self.api.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        return json_response(data, status=201)

    def _new_thread(
        self, parent: FakeChannel, thread_id: int, kind: int, payload: JSON
    ) -> FakeChannel:
        thread = FakeChannel(
            thread_id,
            kind,
            name=payload["name"],
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot_user.id,
            invitable=bool(payload.get("invitable", True)),
            auto_archive_duration=int(payload.get("auto_archive_duration") or 10080),
            member_ids={self.world.bot_user.id},
        )
        guild = self.world.guild_of(parent)
        assert guild is not None
        guild.channels[thread.id] = thread
        self.world.channels[thread.id] = thread
        self.world.changes.notify()
        return thread

    async def _create_forum_post(
        self, request: web.Request, forum: FakeChannel, body: Body
    ) -> web.Response:
        """Start Thread in Forum or Media Channel: a PUBLIC_THREAD with a first message.
        SEND_MESSAGES "Allows for sending messages in a channel and creating threads in a
        forum"; the ``message`` param is required."""
        payload = body.payload
        if not isinstance(payload.get("message"), dict):
            self.api.refuse(request, ["message: required to start a thread in a forum"])
        self.api.require(request, forum, SEND_MESSAGES, doing="create a forum post")
        self.api.refuse(request, limits.check_thread_name(payload.get("name")))
        thread = self._new_thread(forum, self.world.ids.next(), PUBLIC_THREAD, payload)
        data = thread.payload(me_id=self.world.bot_user.id)
        await self.api.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        message = await self.api.create_bot_message(
            request, thread, Body(payload["message"], body.files)
        )
        data = thread.payload(me_id=self.world.bot_user.id)
        data["message"] = self.world.message_payload(message)
        return json_response(data, status=201)

    async def joined_archived_private_threads(self, request: web.Request) -> web.Response:
        """Archived private threads under a channel that the bot is a member of, newest
        first, paged by ``before`` (a thread id) and ``limit`` (2 to 100), as Discord."""
        parent = self.api.channel(request.match_info["channel_id"])
        # List Joined Private Archived Threads: "Requires the READ_MESSAGE_HISTORY
        # permission."
        self.api.require(
            request, parent, READ_MESSAGE_HISTORY, doing="list joined archived private threads"
        )
        me = self.world.bot_user.id
        limit = int(request.query.get("limit", 50))
        if not 2 <= limit <= 100:
            raise DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body: limit")
        before = int(request.query.get("before", 1 << 63))
        found = sorted(
            (
                c
                for c in self.world.channels.values()
                if c.is_thread
                and c.type == PRIVATE_THREAD
                and c.archived
                and c.parent_id == parent.id
                and me in c.member_ids
                and c.id < before
            ),
            key=lambda c: c.id,
            reverse=True,
        )
        page = found[:limit]
        return json_response(
            {
                "threads": [t.payload(me_id=me) for t in page],
                "members": [t.thread_member_payload(me) for t in page],
                "has_more": len(found) > limit,
            }
        )

    def thread(self, request: web.Request) -> FakeChannel:
        thread = self.api.channel(request.match_info["channel_id"])
        if not thread.is_thread:
            self._wrong_type(request, "manage thread members", thread)
        return thread

    async def thread_members(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        # List Thread Members: "This endpoint is restricted according to whether the
        # GUILD_MEMBERS Privileged Intent is enabled for your application." topics/threads,
        # Syncing for other users: "These require the GUILD_MEMBERS Gateway Intent".
        self.require_members_intent(request, "List Thread Members")
        self.api.require(request, thread, doing="list the thread's members")
        with_member = request.query.get("with_member") in ("true", "True", "1")
        ids = sorted(thread.member_ids)
        if with_member:
            # "When with_member is set to true, the results will be paginated" (after,
            # limit 1-100, default 100).
            limit = int(request.query.get("limit", 100))
            if not 1 <= limit <= 100:
                self.api.refuse(request, ["limit must be 1..100"])
            after = int(request.query.get("after", 0))
            ids = [u for u in ids if u > after][:limit]
        return json_response([self._thread_member(thread, u, with_member) for u in ids])

    def _thread_member(self, thread: FakeChannel, user_id: int, with_member: bool) -> JSON:
        data = thread.thread_member_payload(user_id)
        member = self.world.member(thread.guild_id, user_id)
        if with_member and member is not None:
            data["member"] = member.payload()
        return data

    async def thread_member(self, request: web.Request) -> web.Response:
        """Get Thread Member: "Returns a thread member object for the specified user if
        they are a member of the thread, returns a 404 response otherwise." Not among the
        endpoints the GUILD_MEMBERS intent restricts."""
        thread = self.thread(request)
        self.api.require(request, thread, doing="get a thread member")
        user_id = self.user_id(request.match_info["user_id"])
        if user_id not in thread.member_ids:
            raise not_found(UNKNOWN_MEMBER, "Member")
        with_member = request.query.get("with_member") in ("true", "True", "1")
        return json_response(self._thread_member(thread, user_id, with_member))

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        user_id = self.user_id(request.match_info["user_id"])
        me = self.world.bot_user.id
        if user_id == me:
            # Join Thread: "Also requires the thread is not archived."
            self.api.require(request, thread, doing="join the thread")
        else:
            # Add Thread Member: "Requires the ability to send messages in the thread."
            self.api.require(
                request, thread, SEND_MESSAGES_IN_THREADS, doing="add a member to the thread"
            )
            if thread.type == PRIVATE_THREAD and not thread.invitable:
                # invitable: "whether non-moderators can add other non-moderators to a
                # thread; only available on private threads" (moderator: MANAGE_THREADS).
                self.api.require(
                    request, thread, MANAGE_THREADS, doing="add a member to a non-invitable thread"
                )
        if thread.archived:
            self.api.deny(
                request,
                400,
                THREAD_ARCHIVED,
                "Thread is archived",
                f"adding a member to archived thread #{thread.name}",
                bug=False,
            )
        guild = self.world.guild_of(thread)
        member = None if guild is None else guild.members.get(user_id)
        if member is None:
            raise not_found(UNKNOWN_MEMBER, "Member")
        if user_id not in thread.member_ids:
            thread.member_ids.add(user_id)
            self.world.changes.notify()
            added = {
                **thread.thread_member_payload(user_id),
                "join_timestamp": _now(),
                "member": member.payload(),
                "presence": None,
            }
            await self._members_update(thread, added=[added])
        return json_response(None)

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        user_id = self.user_id(request.match_info["user_id"])
        me = self.world.bot_user.id
        if user_id == me:
            # Leave Thread: no permission, "Also requires the thread is not archived."
            self.api.require(request, thread, doing="leave the thread")
        else:
            # Remove Thread Member: "Requires the MANAGE_THREADS permission, or the creator
            # of the thread if it is a PRIVATE_THREAD."
            creator = thread.type == PRIVATE_THREAD and thread.owner_id == me
            self.api.require(
                request,
                thread,
                MANAGE_THREADS,
                doing="remove a member from the thread",
                waived=creator,
            )
        if thread.archived:
            self.api.deny(
                request,
                400,
                THREAD_ARCHIVED,
                "Thread is archived",
                f"removing a member from archived thread #{thread.name}",
                bug=False,
            )
        if user_id not in thread.member_ids:
            raise not_found(UNKNOWN_MEMBER, "Member")
        thread.member_ids.discard(user_id)
        self.world.changes.notify()
        await self._members_update(thread, removed=[str(user_id)])
        return json_response(None)

    async def _members_update(
        self,
        thread: FakeChannel,
        *,
        added: list[JSON] | None = None,
        removed: list[str] | None = None,
    ) -> None:
        event: JSON = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": len(thread.member_ids),
        }
        if added:
            event["added_members"] = added
        if removed:
            event["removed_member_ids"] = removed
        await self.api.gateway.dispatch("THREAD_MEMBERS_UPDATE", event)
