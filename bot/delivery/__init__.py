"""The outbox's delivery to Discord: the loop that drives the scheduler and sends each
due event (`Delivery`; of several processes on one database, the one that leads), and
its posters, composed rather than inherited: one `Sender` knows where messages go, and
the posters (a game's phases, the notices between them, a Spy or a hidden-information
game's own posts) each hold it and offer the loop their handlers by event kind.

Beside them, the bot's allowance under Discord's global limit, which every request of
the bot waits for whatever part makes it (`paced`: the HTTP session's trace), kept in
memory (`Allowance`) or, for processes sharing a PostgreSQL, in it (`SharedAllowance`).

Above the shared Discord pieces (bot/ui) and below the client, which builds one
`Delivery` and the allowance, and hands them what they need."""

from bot.delivery._allowance import Allowance as Allowance
from bot.delivery._allowance import SharedAllowance as SharedAllowance
from bot.delivery._allowance import paced as paced
from bot.delivery._loop import Delivery as Delivery
from bot.delivery._notice_posts import deadline_changed_text as deadline_changed_text
from bot.delivery._phase_posts import results_post as results_post

__all__ = [
    "Allowance",
    "Delivery",
    "SharedAllowance",
    "deadline_changed_text",
    "paced",
    "results_post",
]
