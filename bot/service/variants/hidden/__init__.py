"""Hidden-information games (Kriegsplomacy, rules/004): each power's view of a phase,
the words it is told in, and what `/game status` may show whom; its part of the
service (`part_of`: the hooks `bot.service.variants.ServicePart` names)."""

from bot.service.variants.hidden._part import part_of as part_of
from bot.service.variants.hidden._power_views import SeenPhase as SeenPhase
from bot.service.variants.hidden._power_views import is_hidden as is_hidden
from bot.service.variants.hidden._power_views import known_now as known_now
from bot.service.variants.hidden._power_views import learned_in as learned_in
from bot.service.variants.hidden._power_views import offered as offered
from bot.service.variants.hidden._power_views import own_position as own_position
from bot.service.variants.hidden._power_views import public_results as public_results
from bot.service.variants.hidden._power_views import retreats_kept_from as retreats_kept_from
from bot.service.variants.hidden._power_views import seen_phase as seen_phase
from bot.service.variants.hidden._power_views import unknown_places as unknown_places
from bot.service.variants.hidden._power_views import view_news as view_news
from bot.service.variants.hidden._power_views import view_notices as view_notices
from bot.service.variants.hidden._power_views import view_report as view_report
from bot.service.variants.hidden._power_views import view_words as view_words
from bot.service.variants.hidden._power_views import with_retreats as with_retreats
from bot.service.variants.hidden._status import KeptStatus as KeptStatus
from bot.service.variants.hidden._status import kept_status as kept_status
from bot.service.variants.hidden._status import refuse_in_kept_retreats as refuse_in_kept_retreats
from bot.service.variants.hidden._status import status_private_to as status_private_to

__all__ = [
    "KeptStatus",
    "SeenPhase",
    "is_hidden",
    "kept_status",
    "known_now",
    "learned_in",
    "offered",
    "own_position",
    "part_of",
    "public_results",
    "refuse_in_kept_retreats",
    "retreats_kept_from",
    "seen_phase",
    "status_private_to",
    "unknown_places",
    "view_news",
    "view_notices",
    "view_report",
    "view_words",
    "with_retreats",
]
