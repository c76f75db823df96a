"""The layers of DESIGN.md: imports point one way only."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# package -> the project packages and third-party libraries it must not import
FORBIDDEN = {
    "adjudication": {
        "bot",
        "cogs",
        "storage",
        "render",
        "discord",
        "sqlmodel",
        "sqlalchemy",
        "aiosqlite",
        "asyncpg",
        "PIL",
        "pydantic",
        "pydantic_settings",
    },
    "render": {"bot", "cogs", "storage", "discord", "sqlmodel", "sqlalchemy"},
    "storage": {"bot", "cogs", "render", "discord"},
    "cogs": {"storage", "adjudication", "render", "sqlmodel", "sqlalchemy"},
    # The service knows nothing of Discord: it takes ids, text and times and returns
    # values and outbox events (bot/service/__init__.py).
    "bot/service": {"discord", "cogs"},
}


def imported_modules(path: Path) -> set[str]:
    """Every module the file imports, at the top or inside a function or a
    TYPE_CHECKING block alike (`from bot import x` counts as `bot.x`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules


def imported_roots(path: Path) -> set[str]:
    return {module.split(".")[0] for module in imported_modules(path)}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_respect_layers(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no Python files"
    offenders = {
        str(f.relative_to(ROOT)): sorted(imported_roots(f) & FORBIDDEN[package]) for f in files
    }
    assert {f: bad for f, bad in offenders.items() if bad} == {}


def test_adjudication_uses_only_the_standard_library() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"adjudication", "__future__"}
    for f in sorted((ROOT / "adjudication").rglob("*.py")):
        extra = imported_roots(f) - allowed
        assert not extra, f"{f.relative_to(ROOT)} imports {sorted(extra)}"


def test_the_service_imports_nothing_of_the_discord_side() -> None:
    """bot/service/ may use the rest of bot/ only through itself: the Discord side
    (client, delivery, talk threads, vote buttons, settings…) calls it, never the
    other way round."""
    offenders = {}
    for f in sorted((ROOT / "bot" / "service").rglob("*.py")):
        outside = {
            m for m in imported_modules(f) if m.split(".")[0] == "bot" and not _in_service(m)
        }
        if outside:
            offenders[str(f.relative_to(ROOT))] = sorted(outside)
    assert offenders == {}


def _in_service(module: str) -> bool:
    # `from bot import service` names bot.service; `from bot.service import x` too.
    return module == "bot.service" or module.startswith("bot.service.")


def test_importing_the_service_loads_no_discord_module() -> None:
    """The check anyone can run: `python -c "import bot.service"` loads no part of
    discord.py (an import hidden in a function body would not show in the files)."""
    probe = (
        "import bot.service, sys; print(sorted(m for m in sys.modules if m.startswith('discord')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_no_part_imports_the_client() -> None:
    """The client builds the parts (delivery, talk threads, vote buttons, command sync)
    and hands them what they need; none imports it back, not even for a type (issue
    15's import circle). The launcher and the cogs, the client's extensions, may."""
    importers = sorted(
        str(f.relative_to(ROOT))
        for f in (ROOT / "bot").rglob("*.py")
        if f.name not in {"client.py", "__main__.py"} and "bot.client" in imported_modules(f)
    )
    assert importers == []


# --- the house (issue 30): feature packages with faces, one direction, no cycle ----------

# The service's packages, lowest first: each may import only packages before it, and
# only through their faces (`bot/service/<package>/__init__.py`). docs/ARCHITECTURE.md
# draws the same order.
SERVICE_LAYERS = (
    "events",
    "kernel",
    "talk",
    "variants",
    "orders",
    "timing",
    "spectators",
    "lobby",
    "endings",
    "deadlines",
    "records",
    "sandbox",
    "gm",
    "app",
)
PRODUCT = ("adjudication", "bot", "cogs", "render", "storage")
MAX_MODULES_PER_FOLDER = 20


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _product_files() -> list[Path]:
    return sorted(
        f for top in PRODUCT for f in (ROOT / top).rglob("*.py") if "migrations" not in f.parts
    )


def _service_package(module: str) -> str | None:
    """The top service package a module is in (`bot.service.orders._lines` → orders)."""
    parts = module.split(".")
    if parts[:2] != ["bot", "service"] or len(parts) < 3:
        return None
    return parts[2]


def test_issue30_the_service_packages_import_downwards_only() -> None:
    rank = {name: i for i, name in enumerate(SERVICE_LAYERS)}
    found = {p.name for p in (ROOT / "bot" / "service").iterdir() if (p / "__init__.py").exists()}
    assert found == set(SERVICE_LAYERS), "every service package has its place in the order"
    upward = []
    for f in sorted((ROOT / "bot" / "service").rglob("*.py")):
        mine = _service_package(_module(f))
        if mine is None:
            continue
        for target in imported_modules(f):
            theirs = _service_package(target)
            if theirs is not None and theirs != mine and rank[theirs] > rank[mine]:
                upward.append(f"{f.relative_to(ROOT)} imports {target}")
    assert upward == []


def _face_of(module: str) -> str | None:
    """The face a module outside bot.service.<pkg>[.<sub>] must import it through: the
    deepest package of the path, for a private (underscored) module or a package."""
    parts = module.split(".")
    for i, part in enumerate(parts):
        private = part.startswith("_") and not part.startswith("__")
        if private and ROOT.joinpath(*parts[: i + 1]).with_suffix(".py").exists():
            return ".".join(parts[:i])
    return None


def test_issue30_a_package_is_imported_only_through_its_face() -> None:
    """No product module imports another package's private (`_name`) module: what a
    package offers is what its `__init__` exports."""
    offenders = []
    for f in _product_files():
        mine = _module(f)
        for target in imported_modules(f):
            face = _face_of(target)
            if face and not (mine == face or mine.startswith(face + ".")):
                offenders.append(f"{f.relative_to(ROOT)} imports {target}")
    assert offenders == []


def _all_imports() -> dict[str, set[str]]:
    """Each product module and the product modules it imports (any import, function
    level and TYPE_CHECKING included), a package's face not counting its own modules."""
    modules = {_module(f): f for f in _product_files()}
    graph: dict[str, set[str]] = {}
    for name, f in modules.items():
        targets = set()
        for target in imported_modules(f):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        if f.name == "__init__.py":
            targets = {t for t in targets if not t.startswith(name + ".")}
        graph[name] = targets
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_issue30_no_import_cycle_in_the_service() -> None:
    graph = _all_imports()
    service = {
        m: {t for t in ts if t.startswith("bot.service")}
        for m, ts in graph.items()
        if m.startswith("bot.service")
    }
    assert _cycles(service) == []


def test_issue30_no_service_folder_holds_more_than_twenty_modules() -> None:
    crowded = {}
    for folder in [ROOT / "bot" / "service", *(ROOT / "bot" / "service").rglob("*")]:
        if folder.is_dir() and folder.name != "__pycache__":
            count = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
            if count > MAX_MODULES_PER_FOLDER:
                crowded[str(folder.relative_to(ROOT))] = count
    assert crowded == {}


# --- the Discord side (issue 30): delivery and ui in packages, cogs apart -----------------

# The parts of the Discord side, lowest first: a module may import only parts at or below
# its own (the service is one part here; its own order is SERVICE_LAYERS). The shared
# Discord pieces (bot/ui) sit below the delivery loop (bot/delivery), both below the
# client; the cogs, the client's extensions, sit above all of bot/, their shared helpers
# (cogs/_common) below every cog. docs/ARCHITECTURE.md draws the same order.
DISCORD_LAYERS = (
    "bot.service",
    "bot.settings",
    "bot.health",
    "bot.command_sync",
    "bot.ui",
    "bot.delivery",
    "bot.client",
    "bot.__main__",
    "cogs._common",
    "cogs",
)
# The Discord side's feature packages: a face, and private modules behind it.
DISCORD_PACKAGES = ("bot/ui", "bot/delivery", "cogs/_common")


def _discord_part(module: str) -> str | None:
    """The part of DISCORD_LAYERS a module of bot/ or cogs/ is in (`cogs.orders` →
    cogs, `bot.ui._errors` → bot.ui); None for the two bare packages."""
    for part in DISCORD_LAYERS:
        if part != "cogs" and (module == part or module.startswith(part + ".")):
            return part
    if module.startswith("cogs."):
        return "cogs"
    return None


def _discord_files() -> list[Path]:
    return sorted(
        f
        for top in ("bot", "cogs")
        for f in (ROOT / top).rglob("*.py")
        if not f.is_relative_to(ROOT / "bot" / "service")
    )


def test_issue30_the_discord_side_imports_downwards_only() -> None:
    rank = {name: i for i, name in enumerate(DISCORD_LAYERS)}
    unplaced, upward = [], []
    for f in _discord_files():
        mine = _discord_part(_module(f))
        if mine is None:
            # bot/__init__.py and cogs/__init__.py: empty, they import nothing of ours.
            if {m.split(".")[0] for m in imported_modules(f)} & set(PRODUCT):
                unplaced.append(str(f.relative_to(ROOT)))
            continue
        for target in imported_modules(f):
            theirs = _discord_part(target)
            if theirs is not None and rank[theirs] > rank[mine]:
                upward.append(f"{f.relative_to(ROOT)} imports {target}")
    assert unplaced == []
    assert upward == []


def test_issue30_every_discord_module_has_its_place_in_the_order() -> None:
    """A new module of bot/ is put in DISCORD_LAYERS (or in a package that is)."""
    placed = {str(f.relative_to(ROOT)) for f in _discord_files() if _discord_part(_module(f))}
    everything = {str(f.relative_to(ROOT)) for f in _discord_files()}
    assert everything - placed == {"bot/__init__.py", "cogs/__init__.py"}


def test_issue30_cogs_never_import_each_other() -> None:
    """Red-DiscordBot's rule: a cog imports no other cog; what several need is in
    cogs/_common, which imports no cog."""
    crossing = [
        f"{f.relative_to(ROOT)} imports {target}"
        for f in sorted((ROOT / "cogs").rglob("*.py"))
        for target in imported_modules(f)
        if target.startswith("cogs.") and _discord_part(target) != "cogs._common"
    ]
    assert crossing == []


@pytest.mark.parametrize("package", DISCORD_PACKAGES)
def test_issue30_a_discord_package_shows_only_its_face(package: str) -> None:
    """Everything of the package but its `__init__` is private (`_name.py`): what
    others use is what the face exports, and the face rule above holds every importer
    to it."""
    folder = ROOT / package
    assert (folder / "__init__.py").exists()
    public = sorted(
        p.name
        for p in folder.glob("*.py")
        if p.name != "__init__.py" and not p.name.startswith("_")
    )
    assert public == []


def test_issue30_no_import_cycle_on_the_discord_side() -> None:
    """No cycle among bot/ and cogs/ modules, function-level and TYPE_CHECKING imports
    included (the posters and their Spy and hidden-view helpers once made one)."""
    graph = _all_imports()
    discord_side = {
        m: {t for t in ts if t.split(".")[0] in {"bot", "cogs"}}
        for m, ts in graph.items()
        if m.split(".")[0] in {"bot", "cogs"}
    }
    assert _cycles(discord_side) == []


def test_issue30_the_delivery_composes_its_posters() -> None:
    """The delivery's posters hold the one `Sender` that knows where messages go; no
    class of bot/delivery inherits another's handlers (the loop was once a subclass of
    both kinds of posts, each a subclass of the posting base)."""
    trees = {
        f: ast.parse(f.read_text(encoding="utf-8"))
        for f in (ROOT / "bot" / "delivery").glob("*.py")
    }
    ours = {n.name for t in trees.values() for n in ast.walk(t) if isinstance(n, ast.ClassDef)}
    inherited = []
    for f, tree in sorted(trees.items()):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {ast.unparse(b).rpartition(".")[2] for b in node.bases}
                inherited += [f"{f.name}: {node.name}({b})" for b in sorted(bases & ours)]
    assert ours, "bot/delivery defines its posters"
    assert inherited == []
