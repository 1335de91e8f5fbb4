"""The Carcassonne board as a class meets it: at 1366x768, by mouse and by keyboard alone.

One generated notebook (independent of the prose notebooks) shows a new 2-player game with
The Tunnel (seed 0), a 3-player game after 60 tiles, and a second new game for the keyboard.
Checked (issue 17, items 3, 4, 6, 8): the board with its controls and why-not line fits the
screen in JupyterLab and Voila; the map of 60 tiles shows tiles >= 48 px, followers >= 14 px
and visible roads, while the tile in hand and the score track keep their size beside it;
*Fit* shows the whole map; every clickable SVG element is named in words; one turn (tile,
rotation, follower, end turn) is played with the mouse, and one with the keyboard only.
Screenshots are kept in ``BOARDLIB_SCREENSHOTS`` (default: a temp dir).
"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

import boardlib
from boardlib.carcassonne.rules import END_TURN, PlaceFollower, PlaceTile
from boardlib.carcassonne.widget import CarcassonneController
from boardlib.core.teaching import teacher
from boardlib.svg import seat

NAME = "carcassonne_board_fixture.ipynb"
AT, ROTATION = (0, 1), 2  # under the start tile, turned 180°: its city closes the start city
NEW, LATE, KEYBOARD = 0, 1, 2
LATE_SOURCE = ("import boardlib\nfrom boardlib.core.bots import RandomBot\n"
               "late = boardlib.load('carcassonne', players=3, seed=2).new_initial_state()\n"
               "bot = RandomBot(7)\n"
               "while len(late.board) < 60:\n"
               "    late = late.apply(bot.choose(late))\n"
               "late_board = CarcassonneBoard(state=late)\n"
               "late_board  # 60 tiles")
SOURCES = ["from boardlib.carcassonne.widget import CarcassonneBoard",
           "CarcassonneBoard(players=2, seed=0)  # a new game: Red lays", LATE_SOURCE,
           "CarcassonneBoard(players=2, seed=0)  # played by keyboard"]
MAP = ".boardlib-view:not(.boardlib-hand) .boardlib-board"
HAND = ".boardlib-hand .boardlib-board"


@pytest.fixture(scope="module")
def lab_page(jupyterlab, ui):
    ui.write_board_notebook(jupyterlab.server.root, NAME, "Carcassonne board", SOURCES)
    page = jupyterlab.open(NAME, viewport=ui.SCREEN)
    assert jupyterlab.run_all(page, NAME), "the fixture notebook failed to run"
    expect(page.locator(f".boardlib-panel {MAP} svg")).to_have_count(3)
    expect(page.locator(f".boardlib-panel {HAND} svg")).to_have_count(3)
    yield page
    jupyterlab.close(page)


def panel(page, index):
    return page.locator(".boardlib-panel").nth(index)


def sizes(page, p) -> dict:
    """Sizes in CSS pixels as shown: tiles, followers, road strokes, texts beside the map."""
    return p.evaluate("""(p, map) => {
      const board = p.querySelector(map), svg = board.querySelector('svg');
      const view = svg.getBoundingClientRect();
      const seen = r => r.right > view.left && r.left < view.right && r.bottom > view.top
                        && r.top < view.bottom;
      const boxes = sel => Array.from(board.querySelectorAll(sel),
                                      n => n.getBoundingClientRect()).filter(seen);
      const scale = view.width / svg.viewBox.baseVal.width;
      const road = Array.from(svg.querySelectorAll('.tile path[stroke="#fafafa"]'))
        .map(n => parseFloat(n.getAttribute('stroke-width') || 0));
      const hand = p.querySelector('.boardlib-hand svg');
      const texts = Array.from(hand.querySelectorAll('text'),
                               n => n.getBoundingClientRect().height).filter(h => h > 0);
      return {tiles: boxes('.tile').map(r => Math.min(r.width, r.height)),
              followers: boxes('.follower').map(r => Math.max(r.width, r.height)),
              road_px: Math.min(...road) * scale, map_width: view.width,
              hand_width: hand.getBoundingClientRect().width,
              hand_text: Math.min(...texts), viewbox: svg.getAttribute('viewBox')};
    }""", MAP)


def test_lab_board_and_controls_fit_1366x768(lab_page, ui):
    for index, name in ((NEW, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel(lab_page, index))
        assert found["board_width"] >= 400, found          # the board uses the room it has
        lab_page.screenshot(path=str(ui.screenshot_dir() / f"carcassonne-lab-{name}.png"))
        print(name, found)


def test_the_map_after_60_tiles_is_readable_and_fit_shows_it_all(lab_page, ui):
    page, p = lab_page, panel(lab_page, LATE)
    found = sizes(page, p)
    print("late", {k: v for k, v in found.items() if k not in ("tiles", "followers")},
          "tiles", min(found["tiles"]), "followers", min(found["followers"] or [0]))
    assert len(found["tiles"]) >= 12 and min(found["tiles"]) >= 48, found
    assert found["followers"] and min(found["followers"]) >= 14, found
    assert found["road_px"] >= 3, found                     # roads visible
    assert found["hand_text"] >= 11, found                  # the hand's words readable
    early = sizes(page, panel(page, NEW))
    assert early["hand_width"] == found["hand_width"]      # the hand keeps its size
    p.get_by_role("button", name="show the whole board (0)").click()
    page.wait_for_function("([b, v]) => b.querySelector('svg').getAttribute('viewBox') !== v",
                           arg=[p.locator(MAP).element_handle(), found["viewbox"]])
    whole = sizes(page, p)
    assert len(whole["tiles"]) == 60 and min(whole["tiles"]) < min(found["tiles"])
    page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-lab-late-fit.png"))


RUN_IN_KERNEL_JS = """async code => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  await kernel.requestExecute({code}).done;
}"""

LINES_JS = """(p, map) => {
  const box = sel => p.querySelector(sel).getBoundingClientRect();
  const status = p.querySelector('.boardlib-status'), why = p.querySelector('.boardlib-why');
  const svg = box(map + ' svg');
  return {status: box('.boardlib-status').height, why: box('.boardlib-why').height,
          svg_top: svg.top, svg_height: svg.height, svg_width: svg.width,
          panel: p.getBoundingClientRect().height,
          status_lines: status.scrollHeight / parseFloat(getComputedStyle(status).lineHeight),
          why_lines: why.scrollHeight / parseFloat(getComputedStyle(why).lineHeight)};
}"""
LONG = ("Blue laid tile D at 3,4 turned 90° and placed a knight on the city north of the "
        "road; Green laid tile K at 2,4 and closed the road for 4 points; Yellow laid tile "
        "V at 1,5 and placed a farmer on the field south of the road")


def test_nothing_jumps_when_the_status_and_why_not_lines_grow_to_three_lines(lab_page, ui):
    """Issue 17, item 3: the status line and the why-not line keep their height (a longer
    text scrolls in its box), so the map neither moves nor changes size."""
    page, p = lab_page, panel(lab_page, LATE)
    before = p.evaluate(LINES_JS, MAP)
    page.evaluate(RUN_IN_KERNEL_JS, (
        f"late_board.status_line.value = late_board.status_html() + "
        f"'<div class=\"boardlib-recent\">Last: {LONG}.</div>'\n"
        f"late_board.say('{LONG}. ' * 2)"))
    expect(p.locator(".boardlib-why").first).to_contain_text("Yellow laid tile V", timeout=30_000)
    expect(p.locator(".boardlib-status").first).to_contain_text("Yellow laid tile V")
    after = p.evaluate(LINES_JS, MAP)
    print("before", before, "after", after)
    assert after["status_lines"] >= 3 and after["why_lines"] >= 3, after   # long texts
    for key in ("status", "why", "svg_top", "svg_height", "svg_width", "panel"):
        assert abs(after[key] - before[key]) < 0.5, (key, before, after)
    page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-lab-long-lines.png"))
    page.evaluate(RUN_IN_KERNEL_JS, "late_board.why_line.clear()\nlate_board.refresh()")


def test_every_clickable_is_named_in_words(lab_page):
    p = panel(lab_page, NEW)
    named = p.evaluate("""p => Array.from(p.querySelectorAll('.boardlib-board svg .click'),
      n => ({id: n.id, role: n.getAttribute('role'), label: n.getAttribute('aria-label'),
             title: n.querySelector(':scope > title') &&
                    n.querySelector(':scope > title').textContent}))""")
    ids = {item["id"] for item in named}
    assert {"hand_0", "turn_1", "turn_3", "place_0_1"} <= ids
    for item in named:
        assert item["role"] == "button" and item["label"] and item["label"] == item["title"]
        assert len(item["label"].split()) >= 4, item
    assert any("the tile fits here" in item["label"] for item in named)


def test_a_turn_by_clicks(lab_page, ui):
    page, p = lab_page, panel(lab_page, NEW)
    board, hand = p.locator(MAP), p.locator(HAND)
    status, moves, log = (p.locator(c).first for c in
                          (".boardlib-status", ".boardlib-moves", ".boardlib-log"))
    start = boardlib.load("carcassonne", players=2, seed=0).new_initial_state()
    laid = start.apply(PlaceTile(AT, ROTATION))
    feature = next(m for m in laid.legal_moves() if isinstance(m, PlaceFollower)).feature
    spot = laid.oriented_at(AT).label_index[feature]
    ended = laid.apply(PlaceFollower(feature)).apply(END_TURN)
    x, y = AT
    expect(status).to_contain_text(f"Red to move — lay tile {start.tile} (CB-04): turned 0°")
    ui.real_click(page, board, f"place_{x}_{y}", redraw=False)   # does not fit unturned
    expect(p.locator(".boardlib-why").first).to_contain_text("CB-04")
    ui.real_click(page, hand, "hand_0")
    ui.real_click(page, hand, "turn_1")
    expect(status).to_contain_text("turned 180°")
    fits = {f"place_{m.position[0]}_{m.position[1]}" for m in start.legal_moves()
            if m.rotation == ROTATION}
    assert ui.marked_ids(board, "fit") == fits
    ui.real_click(page, board, f"place_{x}_{y}")
    expect(board.locator(f'[id="tile_{x}_{y}"]')).to_have_count(1)
    # The move list speaks the teacher's words ("Red laid ... at 0,1, turned 180°").
    words = teacher(start.game, lambda n: seat(n).name).move_words(start, PlaceTile(AT, ROTATION))
    expect(moves).to_contain_text(words)
    ui.real_click(page, board, f"spot_{x}_{y}_{spot}")
    expect(board.locator(f'[id="follower_{x}_{y}_{spot}"]')).to_have_count(1)
    expect(log).to_contain_text("places a follower")
    old_svg = board.locator("svg").element_handle()
    p.get_by_role("button", name="End turn").click()
    page.wait_for_function("svg => !svg.isConnected", arg=old_svg, timeout=60_000)
    expect(status).to_contain_text(f"Blue to move — lay tile {ended.tile}")
    expect(board.locator('[id^="follower_"]')).to_have_count(0)
    localize = CarcassonneController().localize
    for line in (localize(str(e)) for e in ended.events if e.rule == "CB-09"):
        expect(log).to_contain_text(line)


WHERE_JS = """([b, target]) => {
  const centre = n => { const r = n.getBoundingClientRect();
                        return [r.left + r.width / 2, r.top + r.height / 2]; };
  const a = document.activeElement;
  const at = a && b.contains(a) && a.id ? a : null;
  const goal = Array.from(b.querySelectorAll('[id]')).filter(n => n.id === target).pop();
  return [at ? at.id : null, at ? centre(at) : null, goal ? centre(goal) : null];
}"""


def key_to(page, board, element_id: str, limit: int = 30) -> int:
    """Arrow keys to ``element_id``, as a person would: the way the target lies (the larger
    offset first, up or down on a tie: the places around a tile form a diamond); when a
    press brought the focus no nearer, the other axis. Returns the number of presses."""
    handle = board.element_handle()
    best, switch = None, False
    for presses in range(limit):
        current, here, there = page.evaluate(WHERE_JS, [handle, element_id])
        if current == element_id:
            return presses
        assert current is not None and there is not None, (current, element_id)
        dx, dy = there[0] - here[0], there[1] - here[1]
        distance = abs(dx) + abs(dy)
        if best is not None and distance >= best - 1:
            switch = not switch
        best = distance if best is None else min(best, distance)
        vertical = abs(dy) >= abs(dx)
        if switch:
            vertical = not vertical
        if vertical and dy == 0 or not vertical and dx == 0:
            vertical = not vertical
        key = (("ArrowDown" if dy > 0 else "ArrowUp") if vertical
               else ("ArrowRight" if dx > 0 else "ArrowLeft"))
        page.keyboard.press(key)
    raise AssertionError(f"{limit} arrow presses did not reach {element_id}")


def press_and_wait(page, board, ui, key: str) -> None:
    before = ui.version(board)
    page.keyboard.press(key)
    page.wait_for_function("([b, v]) => Number(b.dataset.version) > v",
                           arg=[board.element_handle(), before], timeout=60_000)


def play_a_turn_by_keyboard(page, p, ui) -> None:
    """R twice, arrows to the place, Enter; arrows to the spot, Enter; Tab to End turn."""
    board = p.locator(MAP)
    status = p.locator(".boardlib-status").first
    start = boardlib.load("carcassonne", players=2, seed=0).new_initial_state()
    laid = start.apply(PlaceTile(AT, ROTATION))
    feature = next(m for m in laid.legal_moves() if isinstance(m, PlaceFollower)).feature
    spot = f"spot_{AT[0]}_{AT[1]}_{laid.oriented_at(AT).label_index[feature]}"
    board.locator('[tabindex="0"]').focus()
    press_and_wait(page, board, ui, "r")
    press_and_wait(page, board, ui, "r")
    expect(status).to_contain_text("turned 180°")
    key_to(page, board, f"place_{AT[0]}_{AT[1]}")
    press_and_wait(page, board, ui, "Enter")
    expect(board.locator(f'[id="tile_{AT[0]}_{AT[1]}"]')).to_have_count(1)
    key_to(page, board, spot)
    press_and_wait(page, board, ui, "Enter")
    expect(board.locator('[id^="follower_"]')).to_have_count(1)
    button = p.get_by_role("button", name="End turn")
    for _ in range(40):
        page.keyboard.press("Tab")
        if button.evaluate("b => b === document.activeElement"):
            break
    page.keyboard.press("Enter")
    expect(status).to_contain_text("Blue to move")


def test_a_whole_turn_by_keyboard_only(lab_page, ui):
    p = panel(lab_page, KEYBOARD)
    play_a_turn_by_keyboard(lab_page, p, ui)
    found = ui.assert_fits_one_screen(p)                  # with a move list and an event log
    print("after a turn", found)
    lab_page.screenshot(path=str(ui.screenshot_dir() / "carcassonne-lab-keyboard.png"))


# --- the same board under Voila ---------------------------------------------------------------

@pytest.fixture(scope="module")
def voila_page(voila, browser, ui):
    with ui.voila_board_page(voila, browser, NAME, "Carcassonne board", SOURCES, boards=3,
                             board=MAP) as opened:
        yield opened


def test_voila_board_and_controls_fit_1366x768_and_play_by_keyboard(voila_page, ui):
    page, errors = voila_page
    for index, name in ((NEW, "early"), (LATE, "late")):
        found = ui.assert_fits_one_screen(panel(page, index))
        assert found["board_width"] >= 400, found
        page.screenshot(path=str(ui.screenshot_dir() / f"carcassonne-voila-{name}.png"))
        print(name, found)
    late = sizes(page, panel(page, LATE))
    assert min(late["tiles"]) >= 48 and min(late["followers"]) >= 14, late
    play_a_turn_by_keyboard(page, panel(page, KEYBOARD), ui)
    assert not errors, errors

