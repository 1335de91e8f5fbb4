"""The pictures of the Section X lesson (notebooks/20-section-x.ipynb), one call per cell.

Every picture is a static SVG (no widget): a long lesson page under Voila stays light. A
board the learner should click is a card (:func:`board_card`): its picture, and a button
that builds the live board in its place.

* :func:`game_in_progress`: a mid-game position with its parts labelled (SX-01, SX-03);
* :func:`one_turn` and :func:`phases_diagram`: a whole turn, from the engine's phases (SX-05);
* :func:`setup_picture`: the set-up drawn and counted (SX-02, SX-04);
* :func:`tunnel_picture`, :func:`door_claims`, :func:`collapse_picture`: the graph chapter
  (SX-I4, SX-I5, SX-13, SX-20) drawn on the board;
* :func:`board_card`: a prepared position to try on a live board.

Drawing only: the facts come from the engine (``tunnels``, ``PHASES``, the state).
"""
from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from boardlib.core.teaching import Mark, plural
from boardlib.svg import EXPLAIN, INK, MarkLayer, SVGPicture, Step, seat, turn_diagram
from boardlib.svg.marks import NEUTRAL, seat_ink

from . import tunnels
from .board import ISLAND
from .draw import PLAYER_NAMES, draw_svg
from .phases import PHASES
from .positions import EAST, SOUTH_EAST, act
from boardlib.grids.hex import Hex
from .rules import SectionXState

RED, BLUE = 0, 1


def labelled(state: SectionXState, parts: Sequence[tuple[Any, int | None, str]], title: str,
             **kwargs: Any) -> SVGPicture:
    """``state`` drawn with a numbered badge on each of ``parts`` (place, seat or ``None``,
    words) and, under the board, a legend that says what each number is."""
    marks = tuple(Mark("count", at, who, str(number))
                  for number, (at, who, _) in enumerate(parts, 1))
    board = str(draw_svg(state, marks=MarkLayer(marks, EXPLAIN), **kwargs))
    width = float(re.search(r'<svg[^>]*\swidth="([0-9.]+)"', board).group(1))  # type: ignore[union-attr]
    height = float(re.search(r'<svg[^>]*\sheight="([0-9.]+)"', board).group(1))  # type: ignore[union-attr]
    rows = []
    for number, (_, who, words) in enumerate(parts, 1):
        y = height + 8 + 24 * number
        color = NEUTRAL if who is None else seat(who).color
        ink = seat_ink(color)
        rows.append(f'<circle cx="24" cy="{y - 5:.1f}" r="10" fill="{color}" stroke="{INK}" />'
                    f'<text x="24" y="{y - 1:.1f}" font-size="12" text-anchor="middle" '
                    f'font-weight="bold" fill="{ink}">{number}</text>'
                    f'<text x="42" y="{y:.1f}" font-size="15" fill="{INK}">'
                    f"{html.escape(words)}</text>")
    total = height + 24 * len(parts) + 24
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {total:.0f}" '
           f'width="{width:.0f}" height="{total:.0f}" role="img" aria-label="{html.escape(title)}">'
           f"<title>{html.escape(title)}</title>"
           f'<rect x="0" y="0" width="{width:.0f}" height="{total:.0f}" fill="#fdfcf8" />'
           f"{board}<g font-family=\"'DejaVu Sans', Verdana, Arial, sans-serif\">"
           f"{''.join(rows)}</g></svg>")
    return SVGPicture(svg, title)


def mid_game() -> SectionXState:
    """A typical position half-way through a round: Red's tunnel east with a door and a
    prisoner already in zone 0, Blue's tunnel south-east, a hiding place west."""
    return act(tiles={**EAST, **SOUTH_EAST, "-2,0": ("hiding", 0)},
               prisoners={RED: ["zone 0", "3,0/0", "-2,0/0"], BLUE: ["0,2/0"]},
               doors={RED: ["2,0/0"], BLUE: ["0,3/0"]}, hands={RED: ["fork"]}, seed=1)


def game_in_progress() -> SVGPicture:
    """SX-01, SX-03: the mid-game position with its parts named on the board."""
    return labelled(mid_game(), [
        ("island", None, "the island, where every player's prisoners start"),
        ("zone 0", RED, "a free zone: Red's prisoner got out there first, so it is Red's"),
        ("2,0/0", RED, "Red's door: the whole tunnel east is Red's"),
        ("0,3/0", BLUE, "Blue's tunnel, with Blue's door and a prisoner on its way"),
        ("-2,0/0", RED, "a hiding place (room for two) with a Red prisoner"),
    ], "Section X in progress")


def one_turn() -> SVGPicture:
    """SX-05: one whole turn, from the engine's phases, and the next player after it."""
    return turn_diagram([
        Step("Draw a tile", "The engine draws for you, unless you hold three (SX-06).",
             "SX-06"),
        Step("Lay or rearrange", "Lay a tile that fits, or swap, move or turn one.",
             "SX-07"),
        Step("Steps or a door", "Up to five prisoner steps, or place one door; then End turn.",
             "SX-12"),
    ], title="One turn of Section X", loop="then the next player, clockwise (SX-05)")


def phases_diagram() -> SVGPicture:
    """SX-05: the three phases as the engine declares them (``PHASES``)."""
    steps = [Step(f"the {phase.name} phase", f"{phase.title} ({phase.acts.split(';')[0]})",
                  phase.rule) for phase in PHASES if phase.then]
    return turn_diagram(steps, title="The phases of a turn (the engine's PHASES)",
                        loop="next player (SX-05)")


def setup_picture(state: SectionXState) -> SVGPicture:
    """SX-02, SX-04: the start of a game, its material counted on the board."""
    players = state.game.num_players
    on_island = [state.prisoners_of(s).count(ISLAND) for s in range(players)]
    tiles = len(state.stack) + sum(map(len, state.hands))
    words = ", ".join(f"{PLAYER_NAMES[s]} {n}" for s, n in enumerate(on_island))
    return labelled(state, [
        ("island", None, f"all prisoners start on the island: {words}"),
        (Hex(1, 0), None, "the ocean: 48 empty fields for tiles (SX-03)"),
        ("zone 0", None, "six free zones: the way out (SX-01)"),
    ], f"Section X set-up: {tiles} tiles, shuffled, in the stack or in hand; two doors and a "
       "key each beside the board", show_coordinates=True)


def tunnel_picture(state: SectionXState) -> SVGPicture:
    """SX-I4, SX-I5: the tunnel graph over the board, each tunnel (component) numbered."""
    graph = tunnels.tunnel_graph(state)
    parts = [(sorted(tunnel)[0], None, f"tunnel {number}: {plural(len(tunnel), 'part')} "
              f"({', '.join(sorted(tunnel))})")
             for number, tunnel in enumerate(tunnels.tunnels(graph), 1)]
    return labelled(state, parts, "The tunnel graph", show_graph=True, show_coordinates=True)


def door_claims(state: SectionXState, part: str) -> SVGPicture:
    """SX-13: every part of the tunnel through ``part`` labelled with its owner."""
    graph = tunnels.tunnel_graph(state)
    parts: list[tuple[Any, int | None, str]] = []
    for node in sorted(tunnels.tunnel_of(graph, part)):
        owner = graph.nodes[node]["owner"]
        door = graph.nodes[node]["door"]
        who = "nobody" if owner is None else PLAYER_NAMES[owner]
        here = "" if door is None else f" (the door of {PLAYER_NAMES[door]} stands here)"
        parts.append((node, owner, f"{node}: owner {who}{here}"))
    return labelled(state, parts, "Who owns the tunnel", show_graph=True,
                    show_coordinates=True)


def collapse_picture(state: SectionXState) -> SVGPicture:
    """SX-20: after a collapse, only hiding places with prisoners stay; each labelled."""
    graph = tunnels.tunnel_graph(state)
    parts = [(node, None, f"{node}: a hiding place, kept with "
              f"{plural(len(data['prisoners']), 'prisoner')} on it")
             for node, data in graph.nodes(data=True) if data["kind"] == "part"]
    return labelled(state, parts, "After the collapse", show_graph=True,
                    show_coordinates=True)


def board_card(state: SectionXState, **board: Any) -> Any:
    """A card: ``state``'s picture and a button that opens it on a live board
    (``SectionXBoard(state=state, **board)``; no set-up form, no move list unless asked)."""
    from boardlib.widgets.puzzle import BoardCard

    from .widget import SectionXBoard

    board.setdefault("show_setup", False)
    board.setdefault("show_history", False)
    picture = draw_svg(state, show_coordinates=board.get("show_coordinates", False),
                       show_graph=board.get("show_graph", False))
    return BoardCard("", picture, lambda: SectionXBoard(state=state, **board),
                     "Try it on the board", "The position on a live board: click to play")


__all__ = ["game_in_progress", "mid_game", "one_turn", "phases_diagram", "setup_picture",
           "tunnel_picture", "door_claims", "collapse_picture", "board_card", "labelled"]
