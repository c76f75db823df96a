"""The game service, apart from Discord: lobby, orders, adjudication, endings, votes,
GM actions, history, the outbox and the scheduler, over the rules engine
(`adjudication`), the database (`storage`) and the maps (`render`).

Nothing in this package imports `discord` (tests/test_layers.py checks it): the
Discord side (bot/client.py, bot/delivery/_loop.py, cogs/) calls the service with ids, text
and times and reads back plain values (views.py) and outbox events (events.py).
See docs/ARCHITECTURE.md.
"""

from bot.service.app import GameService, open_service

__all__ = ["GameService", "open_service"]
