"""The Masters Rules (rules/003) in the service: who may write for whom and how
many orders (MR2), the Winter's choices (MR3, MR4, MR6), lines judged when sent, what
each player is told of the outcomes, and the export's extra fields; its part of the
service (`part_of`: the hooks `bot.service.variants.ServicePart` names)."""

from bot.service.variants.masters._checks import conditional_text as conditional_text
from bot.service.variants.masters._checks import written_refusal as written_refusal
from bot.service.variants.masters._export import MastersExport as MastersExport
from bot.service.variants.masters._export import masters_export as masters_export
from bot.service.variants.masters._news import masters_results as masters_results
from bot.service.variants.masters._news import news_for as news_for
from bot.service.variants.masters._news import own_masters_news as own_masters_news
from bot.service.variants.masters._news import written_for as written_for
from bot.service.variants.masters._news import written_record as written_record
from bot.service.variants.masters._orders import Rewritten as Rewritten
from bot.service.variants.masters._orders import is_written_slot as is_written_slot
from bot.service.variants.masters._orders import masters_of as masters_of
from bot.service.variants.masters._orders import masters_option as masters_option
from bot.service.variants.masters._orders import orderable as orderable
from bot.service.variants.masters._orders import orderable_text as orderable_text
from bot.service.variants.masters._orders import own_orders as own_orders
from bot.service.variants.masters._orders import play_phase as play_phase
from bot.service.variants.masters._orders import reader as reader
from bot.service.variants.masters._orders import report_of as report_of
from bot.service.variants.masters._orders import retreat_writers as retreat_writers
from bot.service.variants.masters._orders import with_written_lines as with_written_lines
from bot.service.variants.masters._orders import written_count as written_count
from bot.service.variants.masters._orders import written_for_others as written_for_others
from bot.service.variants.masters._part import part_of as part_of
from bot.service.variants.masters._winter import awaited as awaited
from bot.service.variants.masters._winter import awaited_progress as awaited_progress
from bot.service.variants.masters._winter import build_limit as build_limit
from bot.service.variants.masters._winter import builds_used as builds_used
from bot.service.variants.masters._winter import last_winter_code as last_winter_code
from bot.service.variants.masters._winter import may_use_a_winter as may_use_a_winter
from bot.service.variants.masters._winter import removal_limit as removal_limit
from bot.service.variants.masters._winter import winter_choices as winter_choices

__all__ = [
    "MastersExport",
    "Rewritten",
    "awaited",
    "awaited_progress",
    "build_limit",
    "builds_used",
    "conditional_text",
    "is_written_slot",
    "last_winter_code",
    "masters_export",
    "masters_of",
    "masters_option",
    "masters_results",
    "may_use_a_winter",
    "news_for",
    "orderable",
    "orderable_text",
    "own_masters_news",
    "own_orders",
    "part_of",
    "play_phase",
    "reader",
    "removal_limit",
    "report_of",
    "retreat_writers",
    "winter_choices",
    "with_written_lines",
    "written_count",
    "written_for",
    "written_for_others",
    "written_record",
    "written_refusal",
]
