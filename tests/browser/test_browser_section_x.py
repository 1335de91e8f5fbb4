"""The Section X board in a real browser (headless Chromium), as a class meets it: plain SVG,
at 1366x768, by mouse and by keyboard, read aloud.

One JupyterLab notebook and one Voila app (generated into the served folder) show four
boards: a new 2-player game (phase 2, a fixed deal), a late position of a seeded random
4-player game, a prepared phase-3 position (Red's prisoner on 2,0/0 can step to 3,0/0) and
a second copy of it, with a crossing on 0,2, for the keyboard. Checked: board, controls and
why-not line fit the screen (the board uses the width it has); every clickable SVG element
is named in words; clicks AND keys play moves (SX-07, SX-16), R turns the hand tile (SX-08);
arrow keys reach both parts of a crossing, whose middles coincide (SX-I4); the overlay and
the coordinate labels let clicks through. Screenshots of the early and late boards go to
``BOARDLIB_SCREENSHOTS`` (default: a temp dir).
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.core.teaching import teacher
from boardlib.grids.hex import Hex
from boardlib.section_x.positions import act
from boardlib.section_x.rules import Door, PlaceTile, Step
from boardlib.section_x.tiles import TILE_KINDS
from boardlib.svg import seat

NAME = "section_x_board_fixture.ipynb"
NEW, LATE, STEP, KEYBOARD = 0, 1, 2, 3
STEP_TILES = {"2,0": ("straight", 0), "3,0": ("straight", 0)}
STEP_PRISONERS = {0: ["2,0/0"]}
# The keyboard board also has a crossing: two straight parts whose channels share the middle.
KEYBOARD_TILES = {**STEP_TILES, "0,2": ("crossing", 0)}
CROSSING_PARTS = ("part_0_2_0", "part_0_2_1")
LEFT_OF_CROSSING = "field_-1_2"   # an empty ocean field in the crossing's row
PLACE_AT = Hex(2, 0)  # an ocean field next to the island
COORDINATE_LABEL = re.compile("^\N{MINUS SIGN}?\\d,\N{MINUS SIGN}?\\d$")  # a field label: q,r
HIT_JS = ("([x, y]) => { const e = document.elementFromPoint(x, y);"
          " const g = e && e.closest('.click'); return g ? g.id : null; }")


def move_words(state, move) -> str:
    """The move list's words for ``move``: the teacher's, seats named as the board names them."""
    return teacher(state.game, lambda n: seat(n).name).move_words(state, move)


def step_words() -> str:
    """The words of the prisoner's step on the STEP and KEYBOARD boards."""
    return move_words(act(tiles=STEP_TILES, prisoners=STEP_PRISONERS), Step("2,0/0", "3,0/0"))


def late_source() -> str:
    return ("import boardlib, random\n"
            "late = boardlib.load('section_x', players=4, seed=3).new_initial_state()\n"
            "rng = random.Random(3)\n"
            "for _ in range(150):\n"
            "    late = late.apply(late.random_move(rng))\n"
            "SectionXBoard(state=late)  # late in round 1, every seat human")


SOURCES = [
    "from boardlib.section_x.positions import act\n"
    "from boardlib.section_x.widget import SectionXBoard",
    "SectionXBoard(seed=0)  # a new 2-player game: phase 2 (a fixed deal)",
    late_source(),
    f"SectionXBoard(state=act(tiles={STEP_TILES!r}, prisoners={STEP_PRISONERS!r}))"
    "  # phase 3: a prisoner can step",
    f"SectionXBoard(state=act(tiles={KEYBOARD_TILES!r}, prisoners={STEP_PRISONERS!r}))"
    "  # the same and a crossing on 0,2, played by keyboard",
]


@pytest.fixture(scope="module")
def notebook_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Section X board", SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    expect(page.locator(".boardlib-panel .boardlib-board svg")).to_have_count(4)
    yield page
    jupyterlab.close(page)


def panel_of(page, index):
    return page.locator(".boardlib-panel").nth(index)


def test_lab_board_and_controls_fit_1366x768(notebook_page, ui):
    for index, name in ((NEW, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel_of(notebook_page, index))
        assert found["board_width"] >= 560, found          # the board uses the room it has
        notebook_page.screenshot(path=str(ui.screenshot_dir() / f"section-x-lab-{name}.png"))
        print(name, found)


def test_every_clickable_is_named_in_words(notebook_page):
    board = panel_of(notebook_page, LATE).locator(".boardlib-board")
    named = board.evaluate("""b => Array.from(b.querySelectorAll('svg .click'), n => ({
        id: n.id, role: n.getAttribute('role'), label: n.getAttribute('aria-label'),
        title: n.querySelector(':scope > title') && n.querySelector(':scope > title').textContent
    }))""")
    assert len(named) >= 48 + 6 + 1 + 3          # phase 2: fields, zones, island, hand
    for item in named:
        assert item["role"] == "button" and item["label"] and item["label"] == item["title"], item
        assert "_" not in item["label"], item
    labels = " ".join(item["label"] for item in named)
    assert "tile (1 tunnel part) with 1 " in labels and "'s door" in labels
    assert "the island: Red 8 prisoners" in labels and "free zone 0: empty" in labels
    live = panel_of(notebook_page, LATE).locator('[aria-live="polite"]')
    expect(live).to_have_count(2)                          # status and why-not lines


def test_a_click_places_a_tile(notebook_page, ui):
    page, panel = notebook_page, panel_of(notebook_page, NEW)
    board = panel.locator(".boardlib-board")
    # What the engine expects: Red's only hand tile, unturned, on PLACE_AT (SX-07).
    state = boardlib.load("section_x", players=2, seed=0).new_initial_state()
    kind = TILE_KINDS[state.hands[0][0]]
    after = state.apply(PlaceTile(kind.name, PLACE_AT, 0))
    expected_parts = {f"part_{PLACE_AT.q}_{PLACE_AT.r}_{i}" for i in range(len(kind.parts))}

    assert ui.marked_ids(board, "tile") == set(), "a new game has no tile on the board"
    assert ui.board_ids(board, "hand_") == {"hand_0"}
    expect(panel.locator(".boardlib-status")).to_contain_text("Red to move — phase 2")

    ui.real_click(page, board, "hand_0")  # pick the hand tile: legal fields get outlined
    legal = {f"field_{m.field.q}_{m.field.r}" for m in state.legal_moves()
             if isinstance(m, PlaceTile) and m.rotation == 0}
    assert ui.marked_ids(board, "target") == legal
    expect(panel.locator(".boardlib-status")).to_contain_text("click an outlined field")

    ui.real_click(page, board, f"field_{PLACE_AT.q}_{PLACE_AT.r}")
    expect(board.locator("svg .tile")).to_have_count(1)
    assert ui.board_ids(board, "part_") == expected_parts      # phase 3: its parts are clicked
    assert ui.marked_ids(board, "target") == set()
    assert ui.board_ids(board, "hand_") == set(), "Red's only hand tile is now on the board"
    assert after.phase == "act" and after.player == 0
    expect(panel.locator(".boardlib-status")).to_contain_text("Red to move — phase 3")
    expect(panel.locator(".boardlib-moves")).to_contain_text(
        move_words(state, PlaceTile(kind.name, PLACE_AT, 0)))
    expect(panel.locator(".boardlib-why")).to_have_text("")


def test_a_prisoner_steps_by_clicks(notebook_page, ui):
    page, panel = notebook_page, panel_of(notebook_page, STEP)
    board = panel.locator(".boardlib-board")
    state = act(tiles=STEP_TILES, prisoners=STEP_PRISONERS)
    assert state.why_illegal(Step("2,0/0", "3,0/0")) is None   # the position offers it

    assert ui.marked_ids(board, "occupied") == {"part_2_0_0"}
    expect(panel.locator(".boardlib-status")).to_contain_text("5 steps left")
    ui.real_click(page, board, "part_2_0_0")   # pick Red's prisoner: its steps get outlined
    assert ui.marked_ids(board, "target") == {"part_3_0_0", "island"}   # on, or back
    expect(panel.locator(".boardlib-status")).to_contain_text("click an outlined place")
    ui.real_click(page, board, "part_3_0_0")
    expect(board.locator("svg .click.occupied")).to_have_count(1)
    assert ui.marked_ids(board, "occupied") == {"part_3_0_0"}
    expect(panel.locator(".boardlib-status")).to_contain_text("4 steps left")
    expect(panel.locator(".boardlib-moves")).to_contain_text(step_words())
    expect(panel.locator(".boardlib-why")).to_have_text("")


def enter_by_keyboard(page, board, ui, element_id: str) -> None:
    """Arrow keys to ``element_id``, then Enter; waits for the new picture."""
    ui.key_to(page, board, element_id)
    before = ui.version(board)
    page.keyboard.press("Enter")
    page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                           arg=[board.element_handle(), before], timeout=60_000)
    assert ui.focused_id(board) == element_id, "the focus stays on the element after a redraw"


def test_keys_step_a_prisoner_undo_it_and_turn_a_hand_tile(notebook_page, ui):
    page, panel = notebook_page, panel_of(notebook_page, KEYBOARD)
    board = panel.locator(".boardlib-board")
    board.locator('[tabindex="0"]').focus()       # where Tab lands: the board's current element
    enter_by_keyboard(page, board, ui, "part_2_0_0")
    assert ui.marked_ids(board, "source") == {"part_2_0_0"}
    enter_by_keyboard(page, board, ui, "part_3_0_0")
    expect(panel.locator(".boardlib-moves")).to_contain_text(step_words())
    assert ui.marked_ids(board, "occupied") == {"part_3_0_0"}
    page.keyboard.press("u")                       # U undoes
    expect(board.locator("svg .click.occupied")).to_have_count(1)
    expect(board.locator('[id="part_2_0_0"].occupied')).to_have_count(1)
    page.keyboard.press("h")                       # H hints
    expect(panel.locator(".boardlib-why")).to_contain_text("Hint")
    # R on a phase-2 board (the late game's) turns Red's first hand tile (SX-08), as ↺ does
    new_board = panel_of(page, LATE).locator(".boardlib-board")
    new_board.locator('[tabindex="0"]').focus()
    before = ui.version(new_board)
    page.keyboard.press("r")
    page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                           arg=[new_board.element_handle(), before], timeout=60_000)
    assert ui.marked_ids(new_board, "selected") == {"hand_0"}
    expect(new_board.locator('[id="hand_0"]')).to_have_attribute(
        "aria-label", re.compile("picked, turned 1 sixth"))


def key_into_the_crossing(page, board, ui) -> None:
    """Keys to the field left of the crossing, then Right: onto its first part. (``key_to``
    aims by middles, and both parts have the same one.)"""
    ui.key_to(page, board, LEFT_OF_CROSSING)
    page.keyboard.press("ArrowRight")
    assert ui.focused_id(board) == CROSSING_PARTS[0], "from the left, Right enters the crossing"


def key_through_a_crossing(page, panel, ui, shots: str) -> None:
    """Arrow keys reach both straight parts of the crossing on 0,2 (one middle, two
    clickables: Left and Right step between them), and Enter clicks each by its own id:
    without a prisoner there each is refused, naming that part (SX-I4); after a door is
    picked, Enter on the second part puts the door there."""
    board = panel.locator(".boardlib-board")
    why = panel.locator(".boardlib-why")
    first, second = CROSSING_PARTS
    board.locator('[tabindex="0"]').focus()
    key_into_the_crossing(page, board, ui)
    page.keyboard.press("Enter")
    expect(why).to_contain_text("no prisoner on 0,2/0")
    expect(why).to_contain_text("SX-I4")
    board.screenshot(path=str(ui.screenshot_dir() / f"{shots}-crossing-part-0.png"))
    page.keyboard.press("ArrowRight")
    assert ui.focused_id(board) == second, "Right goes from one part of the crossing to the other"
    board.screenshot(path=str(ui.screenshot_dir() / f"{shots}-crossing-part-1.png"))
    page.keyboard.press("Enter")
    expect(why).to_contain_text("no prisoner on 0,2/1")
    page.keyboard.press("ArrowLeft")
    assert ui.focused_id(board) == first, "and Left goes back"
    enter_by_keyboard(page, board, ui, "doorpile_0")
    key_into_the_crossing(page, board, ui)
    page.keyboard.press("ArrowRight")
    before = ui.version(board)
    page.keyboard.press("Enter")
    page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                           arg=[board.element_handle(), before], timeout=60_000)
    state = act(tiles=KEYBOARD_TILES, prisoners=STEP_PRISONERS)
    door = move_words(state, Door("0,2/1"))         # "... on the second tunnel of the crossing"
    expect(panel.locator(".boardlib-moves")).to_contain_text(door)
    page.keyboard.press("u")                       # the board as it was
    expect(panel.locator(".boardlib-moves")).not_to_contain_text(door)


def test_SX_I4_arrow_keys_reach_both_parts_of_a_crossing(notebook_page, ui):
    key_through_a_crossing(notebook_page, panel_of(notebook_page, KEYBOARD), ui, "section-x-lab")


def test_the_tunnel_graph_box_draws_the_graph_and_clicks_pass_through_it(notebook_page):
    """Ticking "Tunnel graph" draws the networkx graph over the tiles (a dot per part, Red's
    dashed way out); what lies under a dot still takes the click (SX-I4 places)."""
    page, panel = notebook_page, panel_of(notebook_page, STEP)
    board = panel.locator(".boardlib-board")
    expect(board.locator(".tunnelgraph")).to_have_count(0)
    panel.get_by_label("Tunnel graph").check()
    expect(board.locator(".tunnelgraph")).to_have_count(1)
    dots = board.locator(".tunnelgraph circle")
    expect(dots).to_have_count(2)                                   # the parts on 2,0 and 3,0
    expect(board.locator(".escaperoute.p0")).to_have_count(1)
    for k in range(2):
        dots.nth(k).scroll_into_view_if_needed()
        box = dots.nth(k).bounding_box()
        hit = page.evaluate(HIT_JS, [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit is not None and hit.split("_")[0] in {"part", "door"}, hit
    panel.get_by_label("Tunnel graph").uncheck()
    expect(board.locator(".tunnelgraph")).to_have_count(0)


def test_the_coordinates_box_labels_the_fields_and_a_label_clicks_as_its_field(notebook_page):
    """Ticking "Coordinates" writes q,r on the 48 ocean fields (SX-I1); the mouse on a label
    reaches the field (or tile) under it."""
    page, panel = notebook_page, panel_of(notebook_page, STEP)
    board = panel.locator(".boardlib-board")
    labels = board.locator("svg text").filter(has_text=COORDINATE_LABEL)
    expect(labels).to_have_count(0)
    panel.get_by_label("Coordinates").check()
    expect(labels).to_have_count(48)
    for text, under in (("2,0", "part_2_0_0"), ("1,1", "field_1_1")):   # a tile, a field
        label = labels.filter(has_text=re.compile(f"^{text}$"))
        label.scroll_into_view_if_needed()
        box = label.bounding_box()
        hit = page.evaluate(HIT_JS, [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == under, (text, hit)
    panel.get_by_label("Coordinates").uncheck()
    expect(labels).to_have_count(0)


# --- the same boards under Voila --------------------------------------------------------------

@pytest.fixture(scope="module")
def voila_page(voila, browser, ui):
    with ui.voila_board_page(voila, browser, NAME, "Section X board", SOURCES, boards=4) as opened:
        yield opened


def test_voila_board_and_controls_fit_1366x768(voila_page, ui):
    page, errors = voila_page
    for index, name in ((NEW, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel_of(page, index))
        assert found["board_width"] >= 560, found
        page.screenshot(path=str(ui.screenshot_dir() / f"section-x-voila-{name}.png"))
        print(name, found)
    assert not errors, errors


def test_voila_steps_by_keyboard(voila_page, ui):
    page, errors = voila_page
    panel = panel_of(page, KEYBOARD)
    board = panel.locator(".boardlib-board")
    board.locator('[tabindex="0"]').focus()
    enter_by_keyboard(page, board, ui, "part_2_0_0")
    enter_by_keyboard(page, board, ui, "part_3_0_0")
    expect(panel.locator(".boardlib-moves")).to_contain_text(step_words())
    page.keyboard.press("u")
    key_through_a_crossing(page, panel, ui, "section-x-voila")
    assert not errors, errors
