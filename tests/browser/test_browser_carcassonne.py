"""Real clicks on a Carcassonne board in JupyterLab (headless Chromium).

One generated notebook (written into the served folder, independent of the prose notebooks)
shows a new 2-player game with The Tunnel (seed 0). The test plays Blue's first turn the way
a person does: turns the tile beside the board twice, lays it where it closes the start
tile's city, puts a follower on that city, and presses "End turn". After each mouse click it
waits for the kernel's new picture (the old <svg> leaves the page) and checks what the
engine changed as the page shows it: ids of places, tiles, spots and followers, the status
line, the move list and the event log (the closed city scores, the follower comes home).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.carcassonne.rules import END_TURN, PlaceFollower, PlaceTile
from boardlib.carcassonne.widget import CarcassonneController

NAME = "carcassonne_board_fixture.ipynb"
AT, ROTATION = (0, 1), 2  # under the start tile, turned 180°: its city closes the start city


@pytest.fixture(scope="module")
def notebook_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Carcassonne board", [
        "from boardlib.carcassonne.widget import CarcassonneBoard",
        "CarcassonneBoard(players=2, seed=0)  # a new game: Blue lays",
    ])
    yield from jupyterlab.boards_page(NAME, panels=1)


def panel_of(page, index):
    return page.locator(".boardlib-panel").nth(index)


def test_a_click_lays_a_tile_then_a_follower(notebook_page, ui):
    page, panel = notebook_page, panel_of(notebook_page, 0)
    board = panel.locator(".boardlib-board")
    status, moves, log = (panel.locator(c) for c in
                          (".boardlib-status", ".boardlib-moves", ".boardlib-log"))
    # The engine's view of the same turn.
    start = boardlib.load("carcassonne", players=2, seed=0).new_initial_state()
    tile = start.tile
    laid = start.apply(PlaceTile(AT, ROTATION))
    feature = next(m for m in laid.legal_moves() if isinstance(m, PlaceFollower)).feature
    spot = laid.oriented_at(AT).label_index[feature]
    with_follower = laid.apply(PlaceFollower(feature))
    ended = with_follower.apply(END_TURN)
    x, y = AT

    def fits(rotation):
        return {f"fit_{m.position[0]}_{m.position[1]}" for m in start.legal_moves()
                if m.rotation == rotation}

    assert ui.board_ids(board, "tile_") == {"tile_0_0"}
    assert ui.board_ids(board, "fit_") == fits(0)
    expect(status).to_contain_text(f"Blue to move — lay tile {tile} (CB-04): turned 0°")

    # A click inside a place where the tile does not fit as turned is refused (CB-04): the
    # whole place takes the click, not only its dashed border.
    ui.real_click(page, board, f"place_{x}_{y}", redraw=False)
    expect(panel.locator(".boardlib-why")).to_contain_text("CB-04")
    assert ui.board_ids(board, "tile_") == {"tile_0_0"}

    # Turn the tile in hand twice: the yellow places follow the rotation (CB-04).
    ui.real_click(page, board, "hand_0")
    ui.real_click(page, board, "hand_0")
    expect(status).to_contain_text("turned 180°")
    assert ui.board_ids(board, "fit_") == fits(ROTATION)
    assert f"fit_{x}_{y}" in fits(ROTATION) and f"fit_{x}_{y}" not in fits(0)

    # Lay it: the tile is on the board, its follower spots appear, no places are left.
    ui.real_click(page, board, f"place_{x}_{y}")
    expect(board.locator(f'[id="tile_{x}_{y}"]')).to_have_count(1)
    assert ui.board_ids(board, "tile_") == {"tile_0_0", f"tile_{x}_{y}"}
    assert ui.board_ids(board, "new_") == {f"new_{x}_{y}"}
    assert ui.board_ids(board, "place_") == set() and ui.board_ids(board, "hand_") == set()
    legal_spots = {f"spot_{x}_{y}_{laid.oriented_at(AT).label_index[m.feature]}"
                   for m in laid.legal_moves() if isinstance(m, PlaceFollower)}
    assert ui.board_ids(board, "spot_") == legal_spots
    expect(moves).to_contain_text(f"{tile} tile {x},{y} rot 180")
    expect(status).to_contain_text(f"supply {laid.supply[0]}")

    # A follower on the city (CB-06).
    ui.real_click(page, board, f"spot_{x}_{y}_{spot}")
    expect(board.locator(f'[id="follower_{x}_{y}_{spot}"]')).to_have_count(1)
    assert ui.board_ids(board, "follower_") == {f"follower_{x}_{y}_{spot}"}
    assert ui.board_ids(board, "spot_") == set()
    assert with_follower.supply[0] == laid.supply[0] - 1
    expect(status).to_contain_text(f"supply {with_follower.supply[0]}")
    expect(moves).to_contain_text(f"follower {feature}")
    expect(log).to_contain_text("places a follower")
    expect(panel.locator(".boardlib-why")).to_have_text("")

    # End turn (a real button): the closed city scores and the follower comes home (CB-09).
    old_svg = board.locator("svg").element_handle()
    panel.get_by_role("button", name="End turn").click()
    page.wait_for_function("svg => !svg.isConnected", arg=old_svg, timeout=60_000)
    expect(status).to_contain_text(f"Red to move — lay tile {ended.tile}")
    expect(board.locator('[id^="follower_"]')).to_have_count(0)
    expect(board.locator('[id="hand_0"]')).to_have_count(1)
    localize = CarcassonneController().localize
    scored = [localize(str(e)) for e in ended.events if e.rule == "CB-09"]
    assert scored, "closing the start city scores (CB-09)"
    for line in scored:
        expect(log).to_contain_text(line)
    expect(moves).to_contain_text("end turn")
