"""What players read about variants (issue 11, "Discord"): the choices of `/game
create variant:`, the variant and its changed options in `/game status`, how the
lobby's players will share the powers (rules/000 §14.2), and `/help variants`.

Pure functions of the registry (`adjudication.variants.VARIANTS`) and a game's
settings, so cogs import them without touching the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from urllib.parse import urljoin

from adjudication.variants import VARIANTS, Grouping, UnknownGrouping, Variant
from bot.service.kernel import (
    GameSettings,
    InvalidSetting,
    VariantName,
    WrongState,
    count,
    power_name,
)
from bot.service.lobby._assignment import MIN_PLAYERS, power_groups, variant_played
from bot.service.variants import parts_for

# Discord: at most 25 autocomplete choices, each name and value at most 100 characters.
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
VARIANTS_DOC = "docs/VARIANTS.md"


# Variants the engine plays but Discord may not start yet, with why (none today: every
# registered variant reaches Discord; a new one is listed here until it does).
NOT_YET_PLAYABLE: dict[VariantName, str] = {}
PLAYABLE_VARIANTS = {n: v for n, v in VARIANTS.items() if n not in NOT_YET_PLAYABLE}


def _cut(text: str, limit: int = MAX_CHOICE_TEXT) -> str:
    """`text` within `limit` characters, cut at a word with an ellipsis if need be."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:—- ") + "…"


def variant_label(variant: Variant) -> str:
    """A variant as a choice of `/game create`: its title, then what it is."""
    return _cut(f"{variant.title} — {variant.summary}")


def variant_choices(typed: str) -> list[tuple[str, str]]:
    """(label, registry name) of each variant whose name or label holds `typed`."""
    wanted = typed.strip().lower()
    found = [
        (variant_label(v), name)
        for name, v in PLAYABLE_VARIANTS.items()
        if wanted in name.lower() or wanted in variant_label(v).lower()
    ]
    return found[:MAX_CHOICES]


def read_variant(text: str) -> VariantName:
    """The variant a GM typed at `/game create` (autocomplete offers them, but Discord
    lets anything be typed)."""
    names = ", ".join(PLAYABLE_VARIANTS)
    try:
        chosen = VariantName(text.strip().lower())
    except ValueError:
        raise InvalidSetting(
            f"There is no variant {text[:40]!r}; choose one of: {names}."
        ) from None
    why = NOT_YET_PLAYABLE.get(chosen)
    if why is not None:
        raise InvalidSetting(
            f"{VARIANTS[chosen].title} is not yet playable here: {why}. Choose one of: {names}."
        )
    return chosen


def grouping_choices(variant: Variant) -> tuple[str, ...]:
    """The groupings a GM may choose: those where the rulebook gives alternatives for
    one number of players (rules/000 §14.2, three players: "3a" and "3b")."""
    keys: list[str] = []
    for players in variant.player_counts:
        same = [g.key for g in variant.groupings if g.players == players]
        if len(same) > 1:
            keys += same
    return tuple(keys)


def choose_grouping(settings: GameSettings, text: str) -> GameSettings:
    """`/gm settings set grouping`: one of the variant's alternatives, or `default`
    (the first for the number who join)."""
    variant = VARIANTS[settings.variant]
    word = text.strip().lower()
    if word in {"default", "none"}:
        key = None
    else:
        keys = grouping_choices(variant)
        if not keys:
            raise InvalidSetting(f"{variant.title} has no choice of how powers are grouped.")
        if word not in keys:
            raise InvalidSetting(f"Choose one of: {', '.join(keys)} (or default).")
        key = word
    return settings.changed(rules=replace(settings.rules, grouping=key))


def _holdings(grouping: Grouping) -> str:
    return "; ".join("+".join(power_name(p) for p in held) for held in grouping.holdings)


def _players_range(variant: Variant) -> str:
    counts = variant.player_counts
    if variant.name == VariantName.STANDARD:
        # A standard game of two is World War I (bot/service/lobby/_assignment.py).
        return f"{MIN_PLAYERS} to {max(counts)} players (2 play World War I)"
    if len(counts) == 1:
        return count(counts[0], "player")
    return f"{min(counts)} to {max(counts)} players"


def players_wanted(settings: GameSettings) -> str:
    """How many players the game's variant is played by: "2 to 7 players (…)"."""
    return _players_range(VARIANTS[settings.variant])


def lobby_grouping_text(settings: GameSettings, players: int) -> str:
    """How the powers will be shared if the game starts with `players` players
    (rules/000 §14.2), or how many the variant needs."""
    chosen = VARIANTS[settings.variant]
    try:
        played = variant_played(players, chosen)
        if players not in played.player_counts:
            raise UnknownGrouping(players)
        grouping = power_groups(players, chosen, settings.rules.grouping)
    except (UnknownGrouping, WrongState):
        joined = (
            "nobody has joined yet"
            if players == 0
            else f"{count(players, 'player')} {'has' if players == 1 else 'have'} joined so far"
        )
        return f"Played by {_players_range(chosen)}; {joined}."
    head = f"{count(players, 'player')}: "
    if played is not chosen:
        head += f"{played.title}: "
    if all(len(held) == 1 for held in grouping.holdings):
        said = head + "one power each"
        out = sorted(grouping.dummies)
        if out:
            names = " and ".join(power_name(p) for p in out)
            verb, its = ("is", "its") if len(out) == 1 else ("are", "their")
            said += f"; {names} {verb} out of play ({its} units hold)"
        return said + "."
    said = head + _holdings(grouping)
    if played.join is not None:
        said += f"; {power_name(played.join.power)} joins one side in {played.join.at.year}"
    return said + "."


# rules/003, for `/help topic:variants`: the options any game may add.
MASTERS_HELP = (
    "Six optional rules any game may add (`/game create masters:` 1 2 5, or all): minor "
    "powers (MR1) whose units the Great Powers may order (MR2: name the power first, "
    "`Portugal A Por - Spa`; your own orders and these together count against your "
    "supply centres), rebellion (MR3), annexation (MR4), disarmament (MR5) and foreign "
    "aid (MR6). Your DMs say what you may write each turn."
)


def rules_in_force(settings: GameSettings) -> list[str]:
    """The rules a game is played by, as every post that announces it says them (issue
    33): the variant and its summary, the Masters Rules in force by name, then each
    other setting that differs from a new game's of the same variant, as `/gm settings
    show` words it (seeds and other internals never show). The schedule is not here:
    where it is said, it is said once, apart."""
    lines = variant_lines(settings)
    usual = set(GameSettings(variant=settings.variant).describe())
    schedule = set(settings.schedule.describe())
    return lines + [line for line in settings.describe() if line not in usual | schedule]


def variant_lines(settings: GameSettings) -> list[str]:
    """The variant a game plays, in a line, and the Masters Rules in force by name (as
    the game's parts say them)."""
    variant = VARIANTS[settings.variant]
    lines = [f"**{variant.title}**: {variant.summary}"]
    return parts_for(settings.variant, settings.rules.masters).rules_lines(lines, variant)


def player_notes(settings: GameSettings) -> list[str]:
    """What every player of the game must be told at the start and in the DM help,
    beyond the usual: how to write the variant's own orders, what a spy may do to them,
    how to write for a minor power (rules/003 MR2): the variant's, then its parts'."""
    variant = VARIANTS[settings.variant]
    notes = [f"How to order here: {variant.orders_help}"] if variant.orders_help else []
    return notes + list(parts_for(settings.variant, settings.rules.masters).player_notes)


def unheld_power_text(settings: GameSettings, power: str, units: Sequence[str]) -> str:
    """What a power no player holds is, for the start post: neutral until it joins a
    side (World War I's Italy, rules/000 §14.2), or out of play; its units hold."""
    variant = VARIANTS[settings.variant]
    held = f"its units hold: {', '.join(units)}" if units else "it has no units"
    join = variant.join
    if join is not None and join.power == power:
        return f"neutral until {join.at.year} ({held})"
    return f"out of play ({held})"


def status_variant_lines(settings: GameSettings) -> list[str]:
    """`/game status`: the rules in force (`rules_in_force`); its schedule is a field of
    its own."""
    return rules_in_force(settings)


def variants_help(readme_url: str | None) -> list[tuple[str, str]]:
    """`/help topic:variants`: (title, a few lines) per variant, and where to read more."""
    parts = [(v.title, _help_text(v)) for v in PLAYABLE_VARIANTS.values()]
    where = (
        f"[{VARIANTS_DOC}]({urljoin(readme_url, VARIANTS_DOC)})"
        if readme_url
        else f"{VARIANTS_DOC} in dipgm's repository"
    )
    parts.append(("Masters Rules", MASTERS_HELP))
    parts.append(
        (
            "Choosing",
            "The GM picks one with `/game create variant:`; `/game status` shows it and, "
            "in the lobby, how the players who joined will share the powers. Every "
            f"reading of the rules is in {where}.",
        )
    )
    return parts


def _help_text(variant: Variant) -> str:
    lines = [variant.summary, f"Played by {_players_range(variant)}."]
    alternatives = grouping_choices(variant)
    if variant.name == VariantName.STANDARD:
        lines.append(
            "Fewer than seven (rules/000 §14.2): six leave Italy out, five Italy and "
            "Germany; four play England, Austria+France, Germany+Turkey, Italy+Russia."
        )
    if alternatives:
        first, *others = (variant.grouping_named(k) for k in alternatives)
        lines.append(
            f"{count(first.players, 'player')}: {first.key} ({_holdings(first)}) unless the "
            "GM sets "
            + " or ".join(f"{g.key} ({_holdings(g)})" for g in others)
            + " with `/gm settings set` grouping before the start."
        )
    if any(len(held) > 1 for g in variant.groupings for held in g.holdings):
        lines.append("A player holding several powers orders them all in one DM.")
    if variant.orders_help:
        lines.append(f"How to order: {variant.orders_help}")
    lines += parts_for(variant.name).player_notes  # a spy's warning
    return " ".join(lines)


def grouping_form(variants: Sequence[Variant] = tuple(PLAYABLE_VARIANTS.values())) -> str:
    """The form of the `grouping` setting's value, from the registry."""
    keys = sorted({k for v in variants for k in grouping_choices(v)})
    return f"{' or '.join(keys)} (three players), or default"
