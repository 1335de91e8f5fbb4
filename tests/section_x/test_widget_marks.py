"""The Section X board draws the teacher's marks (boardlib.svg.marks): after a bot's reply
the ``last-move`` marks on the board are exactly Teacher.recent_marks, on the places the
moves name (fields, tunnel parts, the island, the free zones)."""
from __future__ import annotations

import html
import re

from boardlib.core.teaching import Mark, history
from boardlib.grids.hex import Hex
from boardlib.section_x.draw import draw_svg, mark_spot
from boardlib.section_x.moves import END_TURN, PlaceTile, Step
from boardlib.section_x.positions import EAST, H, act, position
from boardlib.section_x.widget import SectionXBoard
from boardlib.svg.marks import MarkLayer


def marks_of(svg: str) -> list[tuple[str, str, str]]:
    """(kind, place id, seat) of every last-move mark (the flight arrows left out)."""
    return [m for m in re.findall(r'<g class="last-move mark-[a-z-]+(?: mark-flight)?" '
                                  r'data-mark="(\w+)" data-at="([\w-]+)" data-seat="(\d*)"', svg)
            if m[0] != "flight"]


def test_after_the_bots_reply_the_board_marks_its_moves():
    board = SectionXBoard(state=act(tiles=EAST, prisoners={0: ["2,0/0"]}),
                          seats=["human", "random"])
    board.enter(END_TURN)                       # Red ends the turn; Blue (random) replies
    played = history(board.match)
    assert len(played) >= 3 and played[-1].mover == 1      # a tile action, ..., end turn
    expected = board.teacher.recent_marks(played, 0)
    assert expected, "the bot's turn touched nothing"
    spots = [(m, mark_spot(board.state, m.at)) for m in expected]
    assert sorted(marks_of(board.svg)) == sorted(
        (m.kind, spot.ref, str(m.seat)) for m, spot in spots if spot is not None)
    assert all(m.seat == 1 for m in expected)       # all the bot's, in its colour
    # the status line says the same moves in the teacher's words
    words = board.teacher.recent_words(played, 0)
    status = html.unescape(re.sub(r"<[^>]+>", "", board.status_line.value))
    assert words and all(w in status for w in words), status


def test_SX_23_the_standings_tab_shows_freed_prisoners_first():
    board = SectionXBoard(state=act(tiles=EAST, prisoners={0: ["zone 5", "2,0/0"]}))
    page = html.unescape(re.sub(r"<[^>]+>", " ", board.standings_html()))
    cells = page.split()
    assert cells.index("Freed") < cells.index("Buried")
    assert "Red leads with 1 prisoner freed (SX-23)." in " ".join(cells)
    assert "Free zones claimed: 1 of 6 (SX-18)." in " ".join(cells)


def test_SX_16_a_step_is_marked_from_the_island_to_the_part():
    s = act(tiles=EAST)
    layer = MarkLayer((Mark("from", "island", 0), Mark("to", "2,0/0", 0)))
    after = s.apply(Step("island", "2,0/0"))
    found = marks_of(draw_svg(after, marks=layer))
    assert sorted(found) == [("from", "island", "0"), ("to", "part_2_0_0", "0")]


def test_SX_07_a_placed_tile_and_a_zone_are_marked_on_their_fields():
    s = position(tiles=EAST, hands={0: ["straight"]})
    after = s.apply(PlaceTile("straight", H("0,2"), 0))
    layer = MarkLayer((Mark("placed", Hex(0, 2), 0), Mark("to", "zone 0", 1),
                       Mark("to", "buried", 1)))              # buried: not on the board
    assert sorted(marks_of(draw_svg(after, marks=layer))) == [
        ("placed", "field_0_2", "0"), ("to", "zone_0", "1")]
