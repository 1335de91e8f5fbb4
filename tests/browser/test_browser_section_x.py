"""Real clicks on a Section X board in JupyterLab (headless Chromium).

One generated notebook (written into the served folder, independent of the prose notebooks)
shows two boards: a new 2-player game (phase 2: place a tile) and a prepared phase-3 position
from ``boardlib.section_x.positions`` where Red's prisoner on 2,0/0 can step to 3,0/0. Each
test clicks its own board like a person (mouse at screen coordinates), waits for the kernel's
new picture (the old <svg> leaves the page), and checks what the engine changed as the
page shows it: ids of tiles and prisoners, the status line and the move list.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.grids.hex import Hex
from boardlib.section_x.positions import act
from boardlib.section_x.rules import PlaceTile, Step
from boardlib.section_x.tiles import TILE_KINDS

NAME = "section_x_board_fixture.ipynb"
NEW_GAME_PANEL, STEP_PANEL = 0, 1
STEP_TILES = {"2,0": ("straight", 0), "3,0": ("straight", 0)}
STEP_PRISONERS = {0: ["2,0/0"]}
PLACE_AT = Hex(2, 0)  # an ocean field next to the island
COORDINATE_LABEL = re.compile("^\N{MINUS SIGN}?\\d,\N{MINUS SIGN}?\\d$")  # a field label: q,r


@pytest.fixture(scope="module")
def notebook_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Section X board", [
        "from boardlib.section_x.positions import act\n"
        "from boardlib.section_x.widget import SectionXBoard",
        "SectionXBoard(seed=0)  # a new 2-player game: phase 2 (a fixed deal)",
        f"SectionXBoard(state=act(tiles={STEP_TILES!r}, prisoners={STEP_PRISONERS!r}))"
        "  # phase 3: a prisoner can step",
    ])
    yield from jupyterlab.boards_page(NAME, panels=2)


def panel_of(page, index):
    return page.locator(".boardlib-panel").nth(index)


def test_a_click_places_a_tile(notebook_page, ui):
    page, panel = notebook_page, panel_of(notebook_page, NEW_GAME_PANEL)
    board = panel.locator(".boardlib-board")
    # What the engine expects: Red's only hand tile, unturned, on PLACE_AT (SX-07).
    state = boardlib.load("section_x", players=2, seed=0).new_initial_state()
    kind = TILE_KINDS[state.hands[0][0]]
    after = state.apply(PlaceTile(kind.name, PLACE_AT, 0))
    expected_parts = {f"part_{PLACE_AT.q}_{PLACE_AT.r}_{i}" for i in range(len(kind.parts))}

    assert ui.board_ids(board, "tilebody_") == set(), "a new game has no tile on the board"
    assert ui.board_ids(board, "hand_") == {"hand_0"}
    expect(panel.locator(".boardlib-status")).to_contain_text("Red to move — phase 2")

    ui.real_click(page, board, "hand_0")  # pick the hand tile: legal fields get outlined
    target = f"targetfield_{PLACE_AT.q}_{PLACE_AT.r}"
    expect(board.locator(f'[id="{target}"]')).to_have_count(1)
    legal = {f"targetfield_{m.field.q}_{m.field.r}" for m in state.legal_moves()
             if isinstance(m, PlaceTile) and m.rotation == 0}
    assert ui.board_ids(board, "targetfield_") == legal
    expect(panel.locator(".boardlib-status")).to_contain_text("click an outlined field")

    ui.real_click(page, board, target)
    expect(board.locator(f'[id="tilebody_{PLACE_AT.q}_{PLACE_AT.r}"]')).to_have_count(1)
    assert ui.board_ids(board, "part_") == expected_parts
    assert ui.board_ids(board, "tilebody_") == {f"tilebody_{PLACE_AT.q}_{PLACE_AT.r}"}
    assert ui.board_ids(board, "targetfield_") == set()
    assert ui.board_ids(board, "hand_") == set(), "Red's only hand tile is now on the board"
    # The engine moved on to phase 3 (SX-12) for Red, and the move list shows the placement.
    assert after.phase == "act" and after.player == 0
    expect(panel.locator(".boardlib-status")).to_contain_text("Red to move — phase 3")
    expect(panel.locator(".boardlib-moves")).to_contain_text(
        f"place {kind.name} at {PLACE_AT.q},{PLACE_AT.r}")
    expect(panel.locator(".boardlib-why")).to_have_text("")


def test_a_prisoner_steps(notebook_page, ui):
    page, panel = notebook_page, panel_of(notebook_page, STEP_PANEL)
    board = panel.locator(".boardlib-board")
    state = act(tiles=STEP_TILES, prisoners=STEP_PRISONERS)
    step = Step("2,0/0", "3,0/0")
    assert state.why_illegal(step) is None  # the prepared position offers this step (SX-12)

    assert ui.board_ids(board, "prisoner_") == {"prisoner_2_0_0_0"}
    expect(panel.locator(".boardlib-status")).to_contain_text("5 steps left")
    ui.real_click(page, board, "prisoner_2_0_0_0")  # select Red's prisoner: its steps get outlined
    expect(board.locator('[id="target_3_0_0"]')).to_have_count(1)
    expect(panel.locator(".boardlib-status")).to_contain_text("click an outlined place")

    ui.real_click(page, board, "target_3_0_0")
    expect(board.locator('[id="prisoner_3_0_0_0"]')).to_have_count(1)
    assert ui.board_ids(board, "prisoner_") == {"prisoner_3_0_0_0"}
    assert ui.board_ids(board, "target_") == set()
    after = state.apply(step)
    left = 5 - after.used_total
    assert left == 4
    expect(panel.locator(".boardlib-status")).to_contain_text(f"{left} steps left")
    expect(panel.locator(".boardlib-moves")).to_contain_text("step 2,0/0 to 3,0/0")
    expect(panel.locator(".boardlib-why")).to_have_text("")


def test_the_tunnel_graph_box_draws_the_graph_and_clicks_pass_through_it(notebook_page):
    """Ticking "Tunnel graph" draws the networkx graph over the tiles (a dot per part, Red's
    dashed way out); what lies under a dot still takes the click (SX-I4 places stay clickable)."""
    page, panel = notebook_page, panel_of(notebook_page, STEP_PANEL)
    board = panel.locator(".boardlib-board")
    expect(board.locator("#tunnelgraph")).to_have_count(0)
    panel.get_by_label("Tunnel graph").check()
    expect(board.locator("#tunnelgraph")).to_have_count(1)
    dots = board.locator("#tunnelgraph circle")
    expect(dots).to_have_count(2)                                   # the parts on 2,0 and 3,0
    expect(board.locator("#escaperoute0")).to_have_count(1)
    for k in range(2):
        dots.nth(k).scroll_into_view_if_needed()     # ticking the box may scroll the board
        box = dots.nth(k).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                            " const g = e && e.closest('[id]'); return g ? g.id : null; }", [x, y])
        assert hit is not None and hit.split("_")[0] in {"part", "prisoner", "door"}, hit
    panel.get_by_label("Tunnel graph").uncheck()
    expect(board.locator("#tunnelgraph")).to_have_count(0)


def test_the_coordinates_box_labels_the_fields_and_a_label_clicks_as_its_field(notebook_page):
    """Ticking "Coordinates" writes q,r on the 48 ocean fields (SX-I1), as the notebook's
    texts name them; the mouse on a label reaches the field (or tile) under it."""
    page, panel = notebook_page, panel_of(notebook_page, STEP_PANEL)
    board = panel.locator(".boardlib-board")
    labels = board.locator("svg text").filter(has_text=COORDINATE_LABEL)
    expect(labels).to_have_count(0)
    panel.get_by_label("Coordinates").check()
    expect(labels).to_have_count(48)
    for text, field in (("3,0", "tilebody_3_0"), ("1,1", "field_1_1")):
        label = labels.filter(has_text=re.compile(f"^{text}$"))
        label.scroll_into_view_if_needed()          # ticking the box may scroll the board
        box = label.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        hit = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                            " const g = e && e.closest('[id]'); return g ? g.id : null; }", [x, y])
        assert hit == field, (text, hit)
    panel.get_by_label("Coordinates").uncheck()
    expect(labels).to_have_count(0)
