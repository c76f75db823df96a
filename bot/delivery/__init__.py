"""The outbox's delivery to Discord: the loop that drives the scheduler and sends each
due event (`Delivery`, paced by `Allowance` under Discord's global limit), and its
posters, composed rather than inherited: one `Sender` knows where messages go, and the
posters (a game's phases, the notices between them, a Spy or a hidden-information
game's own posts) each hold it and offer the loop their handlers by event kind.

Above the shared Discord pieces (bot/ui) and below the client, which builds one
`Delivery` and hands it what it needs."""

from bot.delivery._loop import Allowance as Allowance
from bot.delivery._loop import Delivery as Delivery
from bot.delivery._notice_posts import deadline_changed_text as deadline_changed_text
from bot.delivery._phase_posts import results_post as results_post

__all__ = ["Allowance", "Delivery", "deadline_changed_text", "results_post"]
