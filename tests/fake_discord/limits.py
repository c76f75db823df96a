"""Discord's documented size limits, checked on everything the bot sends.

Each checker returns a list of human-readable problems (empty when the
payload is fine). The routes turn a non-empty list into a 400 "Invalid Form
Body" response *and* a recorded violation, so the bot sees the same
``discord.HTTPException`` it would get in production and the test fails.
"""

from __future__ import annotations

import re
from typing import Any

from .state import COMPONENTS_V2, JSON, iter_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR = 256
MAX_EMBED_TOTAL = 6000
MAX_ACTION_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_V2_COMPONENTS = 40
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
MAX_FILES = 10
MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_THREAD_NAME = 100
MAX_MODAL_TITLE = 45
MAX_COMMAND_NAME = 32
MAX_COMMAND_DESCRIPTION = 100
MAX_COMMAND_OPTIONS = 25
# application-commands, "Limits": "Combined sum of characters for name, description, and
# value properties of a command, its options (including subcommands and groups), and
# choices" (the longest localization of each counted; dipgm gives none).
MAX_COMMAND_CHARACTERS = 4000
MAX_OPTION_STRING = 6000

EMPTY = "Cannot send an empty message"
SELECT_TYPES = (3, 5, 6, 7, 8)
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def _too_long(problems: list[str], what: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems.append(f"{what} is {len(value)} chars, limit {limit}")


def check_message(payload: JSON, *, n_files: int = 0, editing: bool = False) -> list[str]:
    """Problems with a message create/edit payload (content, embeds, components)."""
    problems: list[str] = []
    content = payload.get("content")
    _too_long(problems, "content", content, MAX_CONTENT)
    embeds = payload.get("embeds") or []
    problems += check_embeds(embeds)
    components = payload.get("components") or []
    problems += check_components(components, v2=bool((payload.get("flags") or 0) & COMPONENTS_V2))
    attachments = payload.get("attachments") or []
    if not editing and not (content or embeds or components or attachments or n_files):
        problems.append(EMPTY)
    return problems


def check_embeds(embeds: list[JSON]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"{len(embeds)} embeds, limit {MAX_EMBEDS}")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds[{i}]"
        title = embed.get("title") or ""
        description = embed.get("description") or ""
        footer = (embed.get("footer") or {}).get("text") or ""
        author = (embed.get("author") or {}).get("name") or ""
        _too_long(problems, f"{where}.title", title, MAX_EMBED_TITLE)
        _too_long(problems, f"{where}.description", description, MAX_EMBED_DESCRIPTION)
        _too_long(problems, f"{where}.footer.text", footer, MAX_FOOTER)
        _too_long(problems, f"{where}.author.name", author, MAX_AUTHOR)
        total += len(title) + len(description) + len(footer) + len(author)
        fields = embed.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            problems.append(f"{where} has {len(fields)} fields, limit {MAX_EMBED_FIELDS}")
        for j, fld in enumerate(fields):
            name, value = fld.get("name") or "", fld.get("value") or ""
            if not name or not value:
                problems.append(f"{where}.fields[{j}] needs a non-empty name and value")
            _too_long(problems, f"{where}.fields[{j}].name", name, MAX_FIELD_NAME)
            _too_long(problems, f"{where}.fields[{j}].value", value, MAX_FIELD_VALUE)
            total += len(name) + len(value)
    if total > MAX_EMBED_TOTAL:
        problems.append(f"embeds total {total} chars, limit {MAX_EMBED_TOTAL}")
    return problems


def check_components(components: list[JSON], *, v2: bool = False) -> list[str]:
    """Action rows, buttons, selects and custom ids (classic and Components V2)."""
    problems: list[str] = []
    flat = iter_components(components)
    if v2:
        if len(flat) > MAX_V2_COMPONENTS:
            problems.append(f"{len(flat)} components, limit {MAX_V2_COMPONENTS}")
    elif len(components) > MAX_ACTION_ROWS:
        problems.append(f"{len(components)} action rows, limit {MAX_ACTION_ROWS}")
    seen: set[str] = set()
    for comp in flat:
        ctype = comp.get("type")
        if ctype == 1:
            children = comp.get("components") or []
            buttons = [c for c in children if c.get("type") == 2]
            selects = [c for c in children if c.get("type") in SELECT_TYPES]
            if len(buttons) > MAX_ROW_BUTTONS:
                problems.append(f"action row with {len(buttons)} buttons, limit {MAX_ROW_BUTTONS}")
            if selects and len(children) > 1:
                problems.append("a select menu must be alone in its action row")
            if not children:
                problems.append("empty action row")
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            _too_long(problems, f"custom_id {custom_id[:20]!r}…", custom_id, MAX_CUSTOM_ID)
            if custom_id in seen:
                problems.append(f"duplicate custom_id {custom_id!r}")
            seen.add(custom_id)
        if ctype == 2:
            _too_long(problems, "button label", comp.get("label"), MAX_BUTTON_LABEL)
            if comp.get("style") == 5:
                if not comp.get("url"):
                    problems.append("link button without url")
            elif comp.get("style") != 6 and not custom_id:
                problems.append("button without custom_id")
        if ctype in SELECT_TYPES:
            _too_long(problems, "select placeholder", comp.get("placeholder"), MAX_PLACEHOLDER)
        if ctype == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                problems.append(
                    f"select with {len(options)} options, must be 1..{MAX_SELECT_OPTIONS}"
                )
            for opt in options:
                _too_long(problems, "select option label", opt.get("label"), MAX_OPTION_TEXT)
                _too_long(problems, "select option value", opt.get("value"), MAX_OPTION_TEXT)
    return problems


def check_choices(payload: JSON) -> list[str]:
    """Autocomplete result (callback type 8)."""
    choices = payload.get("choices")
    if choices is None:
        return ["autocomplete result without choices"]
    problems: list[str] = []
    if len(choices) > MAX_CHOICES:
        problems.append(f"{len(choices)} autocomplete choices, limit {MAX_CHOICES}")
    for choice in choices:
        name = choice.get("name") or ""
        if not name:
            problems.append("autocomplete choice with empty name")
        _too_long(problems, "choice name", name, MAX_CHOICE_TEXT)
        _too_long(problems, "choice value", choice.get("value"), MAX_CHOICE_TEXT)
    return problems


def check_modal(payload: JSON) -> list[str]:
    problems: list[str] = []
    _too_long(problems, "modal title", payload.get("title"), MAX_MODAL_TITLE)
    _too_long(problems, "modal custom_id", payload.get("custom_id"), MAX_CUSTOM_ID)
    if not 1 <= len(payload.get("components") or []) <= 5:
        problems.append("a modal needs 1..5 top-level components")
    return problems


def check_files(
    attachments: list[JSON], files: dict[str, tuple[str, bytes, str | None]]
) -> list[str]:
    """Every new attachment entry must have its ``files[n]`` part, and vice versa."""
    problems: list[str] = []
    if len(files) > MAX_FILES:
        problems.append(f"{len(files)} files, limit {MAX_FILES}")
    new_ids = {str(a.get("id")) for a in attachments if str(a.get("id")) in files}
    for key, (filename, data, _ctype) in files.items():
        if key not in new_ids:
            problems.append(f"file part files[{key}] ({filename}) has no attachments[] entry")
        if len(data) > MAX_FILE_BYTES:
            problems.append(f"file {filename} is {len(data)} bytes, limit {MAX_FILE_BYTES}")
        if not data:
            problems.append(f"file {filename} is empty")
    return problems


def check_thread_name(name: Any) -> list[str]:
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_THREAD_NAME:
        return [f"thread name must be 1..{MAX_THREAD_NAME} chars"]
    return []


def check_commands(commands: list[JSON]) -> list[str]:
    """Application command definitions as synced by ``tree.sync()``."""
    problems: list[str] = []
    names = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(names) != len(set(names)):
        problems.append("duplicate command names")
    for cmd in commands:
        problems += _check_command(cmd, cmd.get("name", "?"), top=True)
        total = _characters(cmd)
        if cmd.get("type", 1) == 1 and total > MAX_COMMAND_CHARACTERS:
            problems.append(
                f"{cmd.get('name', '?')}: {total} characters in names, descriptions and "
                f"values, limit {MAX_COMMAND_CHARACTERS}"
            )
    return problems


def _characters(node: JSON) -> int:
    """A command's (or option's) characters as Discord counts them against the limit."""
    total = len(node.get("name") or "") + len(node.get("description") or "")
    for choice in node.get("choices") or []:
        total += len(str(choice.get("name") or "")) + len(str(choice.get("value", "")))
    return total + sum(_characters(option) for option in node.get("options") or [])


def _check_command(cmd: JSON, path: str, *, top: bool) -> list[str]:
    problems: list[str] = []
    chat_input = cmd.get("type", 1) == 1
    name = cmd.get("name") or ""
    if chat_input and (not COMMAND_NAME.match(name) or name != name.lower()):
        problems.append(f"{path}: invalid name {name!r} (1-32 lowercase chars)")
    description = cmd.get("description") or ""
    if chat_input and not 1 <= len(description) <= MAX_COMMAND_DESCRIPTION:
        problems.append(f"{path}: description must be 1..{MAX_COMMAND_DESCRIPTION} chars")
    options = cmd.get("options") or []
    if len(options) > MAX_COMMAND_OPTIONS:
        problems.append(f"{path}: {len(options)} options, limit {MAX_COMMAND_OPTIONS}")
    seen_optional = False
    for opt in options:
        sub = f"{path} {opt.get('name')}"
        if opt.get("type") in (1, 2):
            problems += _check_command(opt, sub, top=False)
            continue
        problems += _check_command({**opt, "options": []}, sub, top=False)
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{sub}: required option after an optional one")
        else:
            seen_optional = True
        if len(opt.get("choices") or []) > MAX_CHOICES:
            problems.append(f"{sub}: more than {MAX_CHOICES} choices")
        problems += _check_option_bounds(opt, sub)
    return problems


def _check_option_bounds(opt: JSON, sub: str) -> list[str]:
    """application-commands, Application Command Option Structure: min_length "(minimum
    of 0, maximum of 6000)", max_length "(minimum of 1, maximum of 6000)", and
    "autocomplete may not be set to true if choices are present"."""
    problems: list[str] = []
    low, high = opt.get("min_length"), opt.get("max_length")
    if low is not None and not 0 <= low <= MAX_OPTION_STRING:
        problems.append(f"{sub}: min_length {low} outside 0..{MAX_OPTION_STRING}")
    if high is not None and not 1 <= high <= MAX_OPTION_STRING:
        problems.append(f"{sub}: max_length {high} outside 1..{MAX_OPTION_STRING}")
    lo_value, hi_value = opt.get("min_value"), opt.get("max_value")
    if lo_value is not None and hi_value is not None and lo_value > hi_value:
        problems.append(f"{sub}: min_value {lo_value} above max_value {hi_value}")
    if opt.get("autocomplete") and opt.get("choices"):
        problems.append(f"{sub}: autocomplete with choices")
    return problems
