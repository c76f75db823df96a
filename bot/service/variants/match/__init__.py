"""One-on-one (rules/004): a match's two boards, its shared deadlines, its sides on
both boards, its end, its standbys, its rollback and its maps; its part of the service
(`part_of`: the hooks `bot.service.variants.ServicePart` names)."""

from bot.service.variants.match._deadlines import sharing_the_deadline as sharing_the_deadline
from bot.service.variants.match._matches import after_phase as after_phase
from bot.service.variants.match._matches import check_second_channel as check_second_channel
from bot.service.variants.match._matches import draw_match as draw_match
from bot.service.variants.match._matches import open_match as open_match
from bot.service.variants.match._matches import other_board as other_board
from bot.service.variants.match._matches import other_channel as other_channel
from bot.service.variants.match._matches import start_second_game as start_second_game
from bot.service.variants.match._part import part_of as part_of
from bot.service.variants.match._players import replaced_text as replaced_text
from bot.service.variants.match._players import side_taken as side_taken
from bot.service.variants.match._rollback import other_target as other_target
from bot.service.variants.match._rollback import reopen_match as reopen_match
from bot.service.variants.match._standby import side_follows_standby as side_follows_standby

__all__ = [
    "after_phase",
    "check_second_channel",
    "draw_match",
    "open_match",
    "other_board",
    "other_channel",
    "other_target",
    "part_of",
    "reopen_match",
    "replaced_text",
    "sharing_the_deadline",
    "side_follows_standby",
    "side_taken",
    "start_second_game",
]
