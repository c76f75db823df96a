"""The GM's desk: adjudicate now, extend, pause, replace, civil disorder, rollback,
end, the orders view, the audit, who holds a power, and whom Discord will not let the
bot reach (`ReachDesk`)."""

from bot.service.gm._gm import GmDesk as GmDesk
from bot.service.gm._reach import ReachDesk as ReachDesk
from bot.service.gm._replacements import ReplacementsDesk as ReplacementsDesk
from bot.service.gm._resignation import power_to_give_up as power_to_give_up
from bot.service.gm._rollback import RollbackDesk as RollbackDesk
from bot.service.gm._text import adjudicate_question as adjudicate_question
from bot.service.gm._text import audit_text as audit_text
from bot.service.gm._text import end_question as end_question
from bot.service.gm._text import gm_status_text as gm_status_text
from bot.service.gm._text import orders_text as orders_text
from bot.service.gm._text import rollback_question as rollback_question
from bot.service.gm._text import settings_text as settings_text

__all__ = [
    "GmDesk",
    "ReachDesk",
    "ReplacementsDesk",
    "RollbackDesk",
    "adjudicate_question",
    "audit_text",
    "end_question",
    "gm_status_text",
    "orders_text",
    "power_to_give_up",
    "rollback_question",
    "settings_text",
]
