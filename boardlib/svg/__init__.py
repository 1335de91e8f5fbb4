"""The board layer every game draws through: plain SVG, one id scheme, one palette.

No matplotlib here or in anything a board imports, so boards also run in a browser-only
Python (JupyterLite). matplotlib stays for notebook figures (primer graphs, statistics).

How a game draws and composes its board
---------------------------------------
1. **Draw** (``boardlib/<game>/draw.py``, a pure function of the state)::

       from boardlib.grids.hexdraw import HexLayout
       from boardlib.svg import Drawing, element_id, seat

       def draw_svg(state, selection=None) -> BoardSVG:
           layout = HexLayout(size=22)
           d = Drawing(width, height, title="Zyrcan board", kind="zyrcan", css=CSS,
                       pixel_width=900)
           for h in state.game.hexes:
               ship = state.ship_at(h)
               words = f"{h}: empty hex" if ship is None else \\
                   f"{h}: {seat(ship.owner).name} ship with {ship.engines} engines"
               g = d.clickable(None, element_id("hex", h.q, h.r), words)
               d.polygon(g, layout.corners(h), cls="hex")
               if ship is not None:
                   d.seat_token(g, seat(ship.owner), *layout.center(h), r=12,
                                label=str(ship.engines))
           return d.to_svg()

   * Everything a person can click is a :meth:`Drawing.clickable` group: an id from
     :func:`element_id` (``hex_3_-1``), a ``<title>`` and an ``aria-label`` in words. The
     keyboard reaches exactly these elements; the widget ignores ids it did not draw.
   * Colours come from :mod:`boardlib.svg.palette`: ``seat(n)`` (colour, ink, name,
     letter, shape) and the game's ``SURFACES``. A piece is a :meth:`Drawing.seat_token`:
     shape and letter (or a digit) as well as colour.
   * Styles go in ``css`` scoped by ``.bl-<kind>`` (inline SVG styles apply page-wide).
   * Same state and arguments, same bytes: no dates, no counters, no random ids.
   * ``picture(state)`` returns :class:`SVGPicture` for notebook cells.

2. **Click** (``boardlib/<game>/widget.py``): a controller (:class:`boardlib.widgets.
   BaseController`) draws with ``draw`` and turns a clicked id (:func:`parse_id`) into
   ``Play(move)``, ``Select(selection)`` or an ``Illegal``; ``clicks_for(state, move,
   selection)`` lists the ids a person clicks for a move (tests enter every legal move
   that way: :func:`boardlib.widgets.testing.check_every_move_by_clicks`).

   * **Marks** (:mod:`boardlib.svg.marks`): ``draw_svg(state, ..., marks=None)`` takes a
     ``MarkLayer`` (the teacher's marks of the last moves, or of an Explain step) and
     draws it with ``draw_marks(d, marks, spot)``, ``spot(place) -> Spot`` saying where
     one of the game's places is (its centre, outline and element id). Every element gets
     class ``last-move`` (or ``explain``), ``data-mark`` and ``data-at``.

3. **Compose** (the same module): ``class MyBoard(GamePanel)`` passes the game and the
   controller to :class:`boardlib.widgets.GamePanel` and uses only its public hooks and
   parts (see that class: ``status_html``, ``narration_lines``, ``move_buttons``,
   ``gate``, ``update_view``, ``option_widget``, ``add_control``, ``standings`` ...).
"""
from .builder import FONT, BoardSVG, Drawing, SVGPicture, num, points_text, shape_points
from .ids import CLICKABLE_CLASS, ElementId, element_id, parse_id
from .palette import HINT, INK, SEATS, SELECTED, SURFACES, Seat, seat, seat_colors, seat_names

__all__ = ["Drawing", "BoardSVG", "SVGPicture", "FONT", "num", "points_text", "shape_points",
           "CLICKABLE_CLASS", "ElementId", "element_id", "parse_id",
           "Seat", "SEATS", "SURFACES", "INK", "HINT", "SELECTED", "seat", "seat_colors",
           "seat_names"]

# Marks of the last moves and of Explain steps, and the score chart (issue 18).
from .chart import score_chart  # noqa: E402
from .marks import EXPLAIN, LAST_MOVE, MarkLayer, Spot, draw_marks  # noqa: E402

__all__ += ["score_chart", "EXPLAIN", "LAST_MOVE", "MarkLayer", "Spot", "draw_marks"]
from .diagram import Step, turn_diagram  # noqa: E402

__all__ += ["Step", "turn_diagram"]
