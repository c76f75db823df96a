"""Unit tests of the fake Discord's limit checks (no bot, no network)."""

from __future__ import annotations

from tests.fake_discord import limits


def button(custom_id: str) -> dict:
    return {"type": 2, "style": 1, "label": "ok", "custom_id": custom_id}


def test_message_within_limits_passes() -> None:
    embed = {"title": "t" * 256, "description": "d" * 4096, "fields": [{"name": "n", "value": "v"}]}
    payload = {
        "content": "c" * 2000,
        "embeds": [embed],
        "components": [{"type": 1, "components": [button("a")]}],
    }
    assert limits.check_message(payload) == []


def test_content_and_embed_limits() -> None:
    fields = [{"name": "n" * 257, "value": "v" * 1025}] + [{"name": "n", "value": "v"}] * 25
    embed = {"title": "t" * 257, "description": "d" * 4097, "fields": fields}
    problems = " | ".join(limits.check_message({"content": "c" * 2001, "embeds": [embed] * 11}))
    for expected in (
        "content is 2001 chars",
        "11 embeds",
        "title is 257",
        "description is 4097",
        "26 fields",
        "name is 257",
        "value is 1025",
        "embeds total",
    ):
        assert expected in problems


def test_embed_total_6000() -> None:
    embeds = [{"description": "d" * 3001}, {"description": "d" * 3000}]
    assert limits.check_embeds(embeds) == ["embeds total 6001 chars, limit 6000"]


def test_component_limits() -> None:
    rows = [{"type": 1, "components": [button(f"b{r}{i}") for i in range(6)]} for r in range(6)]
    problems = " | ".join(limits.check_components(rows))
    assert "6 action rows" in problems and "6 buttons" in problems
    assert limits.check_components([{"type": 1, "components": [button("x" * 101)]}])
    assert limits.check_components([{"type": 1, "components": [button("a"), button("a")]}])
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    select = {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]}
    assert "26 options" in limits.check_components([select])[0]


def test_autocomplete_choice_limits() -> None:
    ok = {"choices": [{"name": "n", "value": "v"}] * 25}
    assert limits.check_choices(ok) == []
    too_many = {"choices": [{"name": "n", "value": "v"}] * 26}
    assert limits.check_choices(too_many) == ["26 autocomplete choices, limit 25"]
    too_long = {"choices": [{"name": "n" * 101, "value": "v" * 101}]}
    assert len(limits.check_choices(too_long)) == 2


def test_empty_message_and_files() -> None:
    assert limits.check_message({}) == [limits.EMPTY]
    assert limits.check_message({}, editing=True) == []
    files = {"0": ("map.png", b"\x89PNG", "image/png")}
    assert limits.check_files([{"id": 0, "filename": "map.png"}], files) == []
    assert limits.check_files([], files)  # a file part without its attachments[] entry


def test_command_definitions() -> None:
    good = {"name": "game", "description": "Game", "options": []}
    assert limits.check_commands([good]) == []
    assert limits.check_commands([{**good, "name": "Game"}])
    assert limits.check_commands([{**good, "description": ""}])
    assert limits.check_commands([good, good]) == ["duplicate command names"]


def test_option_bounds_in_command_definitions() -> None:
    def command(**option) -> dict:
        opt = {"name": "text", "description": "Text", "type": 3, **option}
        return {"name": "say", "description": "Say", "options": [opt]}

    assert limits.check_commands([command(min_length=0, max_length=6000)]) == []
    assert limits.check_commands([command(max_length=6001)])
    assert limits.check_commands([command(max_length=0)])
    assert limits.check_commands([command(type=4, min_value=5, max_value=1)])
    choices = [{"name": "a", "value": "a"}]
    assert limits.check_commands([command(autocomplete=True, choices=choices)])


def test_a_command_of_more_than_4000_characters_in_all_is_refused() -> None:
    # application-commands, "Limits": the combined sum of characters of the name,
    # description and value properties of a command, its options (subcommands and
    # groups included) and choices is at most 4000 (issue 31 grew /game and /gm).
    def command(subcommands: int) -> dict:
        choice = {"name": "c" * 50, "value": "v" * 50}
        option = {"name": "o" * 10, "description": "d" * 90, "type": 3, "choices": [choice]}
        sub = {"name": "s" * 10, "description": "d" * 90, "type": 1, "options": [option]}
        named = [{**sub, "name": f"{'s' * 8}{i:02}"} for i in range(subcommands)]
        return {"name": "game", "description": "Game", "options": named}

    assert limits.check_commands([command(13)]) == []  # 8 + 13 × 300 = 3908
    assert limits.check_commands([command(14)]) == [
        "game: 4208 characters in names, descriptions and values, limit 4000"
    ]
