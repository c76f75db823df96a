"""Issue 17: the audit log's actions are `AuditAction`s, written and read back as the
members, and `/gm audit` says each in the same words as when they were plain strings."""

from __future__ import annotations

from bot.service.gm import audit_text
from bot.service.kernel import Caller
from bot.service.records import AuditEntry, AuditPage
from storage.enums import AuditAction
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, started_game

A = AuditAction
WHO = PLAYERS[0]
# Each action with the details its writer keeps, and what `/gm audit` says of it.
SAID = {
    A.ADJUDICATE: ({"phase": "S1901M"}, "played S1901M at once"),
    A.SET_DEADLINE: ({"new": None}, "moved the deadline to none"),
    A.PAUSE: ({}, "paused the game"),
    A.RESUME: ({"paused_seconds": 60}, "resumed the game"),
    A.REPLACE: (
        {"power": "FRANCE", "old": WHO, "new": None},
        f"gave France to nobody (was <@{WHO}>)",
    ),
    A.STANDBY: ({"power": "ITALY", "standby": WHO}, f"named <@{WHO}> standby for Italy"),
    A.CIVIL_DISORDER: ({"power": "ITALY"}, "put Italy in civil disorder"),
    A.CHOSE_CIVIL_DISORDER: ({"power": "ITALY"}, "gave up Italy (civil disorder, by its player)"),
    A.KICK: ({"user": WHO, "powers": []}, f"removed <@{WHO}> from the game"),
    A.ROLLBACK: ({"to": "F1901M"}, "rolled the game back to F1901M"),
    A.VIEW_ORDERS: ({"phase": "S1901M"}, "looked at everyone's orders (S1901M)"),
    A.SETTING: ({"name": "press", "value": "none"}, "set press to none"),
    A.END: ({"kind": "draw"}, "ended the game (draw)"),
    A.CANCEL: ({}, "cancelled the game"),
    A.CANCEL_ABSENCE: ({"power": "ITALY"}, "cancel absence"),
    A.ANONYMOUS_PRESS: ({"phase": "S1901M"}, "posted the anonymous press of S1901M"),
    A.SCORE_OWNER: (
        {"power": "ITALY", "counts_for": WHO},
        f"chose that Italy's score counts for <@{WHO}>",
    ),
    # Issue 31: the GM's answer to a member who asked to watch a hidden game.
    A.SPECTATOR: (
        {"user": WHO, "answer": "behind"},
        f"let <@{WHO}> watch the whole board, one phase behind the players",
    ),
}


async def test_issue17_gm_audit_says_every_action_in_the_same_words(service) -> None:
    info = await started_game(service)
    entries = tuple(AuditEntry(T0, GM, action, details) for action, (details, _) in SAID.items())
    lines = audit_text(info, AuditPage(entries, 1, 1, len(entries))).splitlines()[1:]
    assert set(SAID) == set(AuditAction)
    for line, (_, said) in zip(lines, SAID.values(), strict=True):
        assert line.endswith(f"<@{GM}> {said}")


async def test_issue17_the_audit_log_reads_back_its_actions_as_audit_actions(service) -> None:
    info = await started_game(service)
    await service.gm.gm_pause(info.id, Caller(GM, GUILD), T0)
    audit = await service.history.gm_audit(info.id, Caller(GM, GUILD))
    assert [type(e.action) for e in audit.entries] == [AuditAction]
    assert [type(a) for _, a, _ in await service.history.audit_log(info.id)] == [AuditAction]
