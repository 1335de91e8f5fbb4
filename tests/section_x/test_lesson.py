"""The pictures of the Section X lesson (boardlib/section_x/lesson.py): what each one names
comes from the engine, and a board to click is a light card that builds the live board."""
from __future__ import annotations

import html

import boardlib
from boardlib.section_x import lesson
from boardlib.section_x.moves import PlaceTile, Step
from boardlib.section_x.phases import PHASES
from boardlib.section_x.positions import EAST, SOUTH_EAST, H, act, position


def svg(picture) -> str:
    """The picture's SVG, its words unescaped."""
    return html.unescape(picture._repr_svg_())


def test_SX_01_SX_03_the_game_in_progress_names_its_parts():
    drawn = svg(lesson.game_in_progress())
    for words in ("the island", "a free zone", "Red's door", "Blue's tunnel", "a hiding place"):
        assert words in drawn
    assert drawn.count("<text") >= 3


def test_SX_05_one_turn_and_the_phases_cite_their_rules():
    turn = svg(lesson.one_turn())
    assert all(rule in turn for rule in ("SX-06", "SX-07", "SX-12", "SX-05"))
    phases = svg(lesson.phases_diagram())
    for phase in PHASES:
        if phase.then:
            assert phase.rule in phases and f"the {phase.name} phase" in phases


def test_SX_02_SX_04_the_set_up_is_counted_from_the_state():
    start = boardlib.load("section_x", players=3, seed=1).new_initial_state()
    drawn = svg(lesson.setup_picture(start))
    assert "Red 8, Blue 8, Yellow 8" in drawn       # SX-02: eight prisoners each, SX-04
    assert "54 tiles" in drawn


def test_SX_I5_the_tunnel_picture_numbers_each_component():
    row = {"0,-3": ("straight", 0), "1,-3": ("straight", 0), "3,-3": ("straight", 0)}
    join = position(tiles=row, doors={0: ["0,-3/0"], 1: ["3,-3/0"]}, player=1,
                    hands={1: ["straight"]})
    assert "tunnel 2" in svg(lesson.tunnel_picture(join))
    joined = join.apply(PlaceTile("straight", H("2,-3"), 0))
    drawn = svg(lesson.tunnel_picture(joined))
    assert "tunnel 1: 4 parts" in drawn and "tunnel 2" not in drawn


def test_SX_13_door_claims_label_every_part_with_its_owner():
    corridors = act(tiles={**EAST, **SOUTH_EAST}, doors={1: ["2,0/0"]})
    drawn = svg(lesson.door_claims(corridors, "3,0/0"))
    assert "3,0/0: owner Blue" in drawn and "2,0/0: owner Blue (the door of Blue" in drawn
    assert "0,2/0" not in drawn.split("</svg>")[-2]      # the other corridor is not labelled


def test_SX_20_after_a_collapse_only_the_hiding_place_is_labelled():
    before = act(tiles={**EAST, "-2,0": ("hiding", 0)},
                 prisoners={0: ["zone 5", "3,0/0", "-2,0/0"], 1: ["2,0/0"]},
                 doors={1: ["2,0/0"]}, seed=1)
    drawn = svg(lesson.collapse_picture(before.apply(Step("3,0/0", "zone 0"))))
    assert "-2,0/0: a hiding place, kept with 1 prisoner" in drawn
    assert "2,0/0: a hiding" not in drawn.replace("-2,0/0", "")


def test_a_board_card_is_light_and_opens_the_position_on_a_live_board():
    from boardlib.section_x.widget import SectionXBoard
    from boardlib.widgets.testing import widget_count

    state = act(tiles=EAST)
    lesson.board_card(state).show_board()           # shared layouts exist from here on
    before = widget_count()
    card = lesson.board_card(state, show_coordinates=True)
    assert widget_count() - before <= 3
    assert 'id="island"' in card.intro.value and "2,0" in card.intro.value
    card.open_button.click()
    assert isinstance(card.board, SectionXBoard) and card.board.state is state
    assert "boardlib-card-open" in card._dom_classes
