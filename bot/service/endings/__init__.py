"""How games end and count: the end of a game (`Endings`), draw and deadline votes
(`Votes`), scoring systems and ratings (rules/004)."""

from bot.service.endings._endings import Endings as Endings
from bot.service.endings._ratings import Leaderboard as Leaderboard
from bot.service.endings._ratings import PlayerRating as PlayerRating
from bot.service.endings._ratings import RatingsDesk as RatingsDesk
from bot.service.endings._votes import Votes as Votes

__all__ = ["Endings", "Leaderboard", "PlayerRating", "RatingsDesk", "Votes"]
