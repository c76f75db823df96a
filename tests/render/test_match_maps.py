"""One-on-one's maps (rules/004; issue 33, "Maps"): "each map says which board it shows;
the key marks civil disorder for every power in it." Read from what the renderer
records (the words of its panels, the shapes it placed) and from the PNG decoded."""

from __future__ import annotations

from dataclasses import replace

from adjudication.model.position import Position
from adjudication.model.units import Phase
from adjudication.model.variant import PowerStatus
from adjudication.variants import ONE_ON_ONE, WORLD_WAR_I
from render import render_map, render_results
from render.layout import LABEL_SIZE, NATIVE_WIDTH, PHONE_WIDTH
from render.map import render_map_image
from render.request import MapRequest, ResultsRequest
from render.results import render_results_image
from render.scene import Scene, Text
from tests.render.helpers import decode
from tests.render.test_layout import assert_clear

PHONE_TYPE = LABEL_SIZE * PHONE_WIDTH / NATIVE_WIDTH  # the names' type, on a phone
SECOND = "Second board of Friday duel"
# Italy "in permanent Civil Disorder", and a player's three countries fallen into it.
DISORDER = dict.fromkeys(("ITALY", "ENGLAND", "FRANCE", "RUSSIA"), PowerStatus.DUMMY)


def _start() -> Position:
    return Position.initial(ONE_ON_ONE)


def _winter() -> Position:
    """An adjustment phase: the key's widest (a column of builds)."""
    return replace(_start(), phase=Phase.parse("W1901A"))


def _small(scene: Scene) -> list[tuple[str, float]]:
    return [
        (t.words, round(t.size * PHONE_WIDTH / NATIVE_WIDTH, 1))
        for t in scene.texts
        if t.size * PHONE_WIDTH / NATIVE_WIDTH < PHONE_TYPE
    ]


def _same_line(a: Text, b: Text) -> bool:
    return a.box[1] < b.box[3] and b.box[1] < a.box[3]


def _name(scene: Scene, power: str) -> Text:
    (found,) = [t for t in scene.texts if t.words == power.title()]
    return found


def _marks_after(scene: Scene, words: Text) -> set[str]:
    """The marks written right of `words` on its line, before any other word."""
    right = sorted(
        (t for t in scene.texts if _same_line(t, words) and t.box[0] >= words.box[2]),
        key=lambda t: t.box[0],
    )
    marks = []
    for t in right:
        if t.words.strip("*†°#+"):
            break
        marks.append(t.words)
    return set(marks)


def _marks_before(scene: Scene, words: Text) -> list[Text]:
    return [
        t
        for t in scene.texts
        if _same_line(t, words) and t.box[2] <= words.box[0] and not t.words.strip("*†°#+")
    ]


def test_issue33_one_on_one_each_map_says_which_board_it_shows() -> None:
    for position in (_start(), _winter()):
        scene = Scene()
        render_map_image(MapRequest(position, statuses=DISORDER, subtitle=SECOND), scene)
        said = [t.words for t in scene.texts]
        assert position.phase.title in said and SECOND in said, said
        assert not _small(scene), _small(scene)
        assert_clear(scene)  # the taller title covers no name, unit or marker
    after = replace(_start(), phase=Phase.parse("F1901M"))
    scene = Scene()
    render_results_image(ResultsRequest(_start(), after, subtitle=SECOND, statuses=DISORDER), scene)
    assert {"After Spring 1901", SECOND} <= {t.words for t in scene.texts}
    assert_clear(scene)
    # The PNGs the bot posts: a board's map differs from the other board's.
    first = render_map(MapRequest(_start(), subtitle="First board of Friday duel"))
    assert first != render_map(MapRequest(_start(), subtitle=SECOND))
    assert decode(first).size == decode(render_map(MapRequest(_start()))).size


def test_issue33_one_on_one_the_key_marks_civil_disorder_for_every_power_in_it() -> None:
    """Each power in civil disorder is marked on its row of the key, and the mark is
    explained in words, all as legible on a phone as the spaces' names."""
    for position in (_start(), _winter()):
        scene = Scene()
        render_map_image(MapRequest(position, statuses=DISORDER, subtitle=SECOND), scene)
        assert not _small(scene), _small(scene)
        notes = [t for t in scene.texts if t.words == "civil disorder"]
        assert len(notes) == 1, [t.words for t in scene.texts]  # one note, for all
        (mark,) = {t.words for t in _marks_before(scene, notes[0])}
        for power in ("ITALY", "ENGLAND", "FRANCE", "RUSSIA"):
            assert mark in _marks_after(scene, _name(scene, power)), power
        for power in ("AUSTRIA", "GERMANY", "TURKEY"):
            assert not _marks_after(scene, _name(scene, power)), power
        assert_clear(scene)
    # The results map's key says it too.
    scene = Scene()
    render_results_image(ResultsRequest(_start(), _winter(), statuses=DISORDER), scene)
    assert any(t.words == "civil disorder" for t in scene.texts)
    assert render_results(ResultsRequest(_start(), _winter(), statuses=DISORDER)) != render_results(
        ResultsRequest(_start(), _winter())
    )


def test_world_war_i_italy_is_still_marked_neutral_legibly() -> None:
    start = Position.initial(WORLD_WAR_I)
    scene = Scene()
    render_map_image(MapRequest(start, statuses=WORLD_WAR_I.statuses(_rules())), scene)
    said = [t.words for t in scene.texts]
    assert "neutral" in said and "Italy" in said, said
    assert not _small(scene), _small(scene)
    assert_clear(scene)


def _rules():
    from adjudication.model.rules import Rules

    return Rules()


def test_a_long_game_name_is_cut_short_and_the_board_still_said() -> None:
    """A game's name is up to 100 characters: the title's second line is cut short with
    an ellipsis, which board it is kept (it comes first), and the title covers nothing."""
    long = "Second board of " + "The Grand Friday Night Diplomacy League " * 3
    scene = Scene()
    render_map_image(MapRequest(_start(), statuses=DISORDER, subtitle=long), scene)
    (line,) = [t for t in scene.texts if t.words.startswith("Second board of")]
    assert line.words.endswith("…") and len(line.words) < len(long)
    assert_clear(scene)
