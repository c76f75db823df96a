"""Issue 17: "No behaviour by method-resolution order … Compose explicit services over
one repository". The game service is desks held as attributes over one store; a desk
that needs another is given it, so what runs is what is called, not what a mixin
earlier in a class list happens to define."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from bot.service import GameService
from bot.service.kernel import ServiceCore, Store
from storage.db import create_engine

ROOT = Path(__file__).resolve().parents[2]


def _desks(service: GameService) -> dict[str, ServiceCore]:
    return {name: d for name, d in vars(service).items() if isinstance(d, ServiceCore)}


def _own_methods(cls: type) -> set[str]:
    return {name for name, value in vars(cls).items() if inspect.isfunction(value)}


async def _built() -> GameService:
    # Building opens no connection: the engine only names the database.
    return GameService(create_engine("sqlite+aiosqlite://"))


async def test_issue17_game_service_has_no_base_class_and_holds_its_desks() -> None:
    service = await _built()
    assert GameService.__bases__ == (object,)
    desks = _desks(service)
    assert {"lobby", "orders", "votes", "gm", "history", "outbox", "talk", "reach"} <= set(desks)
    assert isinstance(service.store, Store)
    # One store, shared: every desk sees the same database, board and positions.
    assert all(d.store is service.store for d in desks.values())
    await service.store.db.dispose()


async def test_issue17_no_desk_subclasses_another() -> None:
    service = await _built()
    classes = {type(d) for d in _desks(service).values()}
    for cls in classes:
        assert cls.__bases__ == (ServiceCore,), cls
        assert not [other for other in classes if other is not cls and issubclass(cls, other)]
    await service.store.db.dispose()


async def test_issue17_no_method_name_defined_in_two_desks() -> None:
    service = await _built()
    seen: dict[str, str] = {}
    twice = []
    for cls in {type(d) for d in _desks(service).values()}:
        for name in _own_methods(cls) - {"__init__"}:
            if name in seen:
                twice.append((name, seen[name], cls.__name__))
            seen[name] = cls.__name__
    assert twice == []
    await service.store.db.dispose()


async def test_issue17_no_desk_method_hidden_by_the_stores_helpers() -> None:
    # The common base only names the store's helpers; a desk method of the same name
    # would be shadowed by them (nothing is a hook to override).
    service = await _built()
    for desk in _desks(service).values():
        helpers = set(vars(desk)) - {"store"}
        assert not _own_methods(type(desk)) & helpers, type(desk).__name__
        assert not _own_methods(ServiceCore) - {"__init__"}
    await service.store.db.dispose()


def test_issue17_bot_and_cogs_call_no_private_name_of_the_service() -> None:
    # The scheduler and Discord's side use the service's public methods only.
    private = re.compile(r"\bservice\.(?:[a-z]\w*\.)*_[a-z]")
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("bot", "cogs")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        # Import lines name modules: a package's private modules are imported by its own
        # modules (tests/test_layers.py checks that no other package does).
        if private.search(line) and not line.lstrip().startswith(("from ", "import "))
    ]
    assert offenders == []


def test_issue17_a_desk_calls_only_public_names_of_another() -> None:
    # What one desk needs of another is that desk's public method, named for what it
    # does, not an underscored helper reached into from outside.
    desks = "|".join(("talk", "votes", "endings", "adjudicator", "rollback", "lobby", "gm"))
    private = re.compile(rf"\bself\.(?:{desks})\._[a-z]")
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "bot" / "service").rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if private.search(line)
    ]
    assert offenders == []
