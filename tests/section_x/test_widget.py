"""SectionXBoard driven from Python: clicks arrive as element ids, as the browser sends them."""
from __future__ import annotations

import re

from boardlib.core.bots import RandomBot
from boardlib.section_x.draw import draw_svg
from boardlib.section_x.positions import EAST, H, act, position
from boardlib.section_x.rules import (Door, EndTurn, MoveTile, PlaceTile, RotateTile, Step,
                                      SwapTiles)
from boardlib.section_x.widget import SectionXBoard


def ids(svg: str, prefix: str) -> set[str]:
    """The clickable ids of the picture of one kind (``field``, ``part``, ``hand`` ...)."""
    return {i for i in re.findall(r'<g id="([^"]+)" class="click', svg)
            if i.split("_")[0] == prefix}


def marked(svg: str, mark: str) -> set[str]:
    """The clickable ids whose class says ``mark`` (``target``, ``selected``, ``hint`` ...)."""
    return set(re.findall(rf'<g id="([a-z]+[^"]*)" class="click [^"]*\b{mark}\b', svg))


def test_SX_07_place_from_hand_by_clicks_and_refusal_shows_rule():
    board = SectionXBoard(state=position(tiles={"2,0": ("straight", 0)},
                                         hands={0: ["straight"]}))
    board.click("hand_0")
    assert board.selection == ("hand", 0, 0)
    assert "field_3_0" in marked(board.svg, "target")
    board.click("hand_0")                           # turn it: now it does not fit on 3,0
    assert board.selection == ("hand", 0, 1)
    board.click("field_3_0")
    assert board.last_refusal is not None and board.last_refusal.rule == "SX-07"
    assert "SX-07" in board.why_line.value and board.match.moves == ()
    board.click("hand_0")
    board.click("hand_0")                           # a straight has 3 rotations: back to r0
    assert board.selection == ("hand", 0, 0)
    board.click("field_3_0")
    assert board.match.moves == (PlaceTile("straight", H("3,0"), 0),)


def test_SX_08_move_swap_and_rotate_by_clicks():
    for clicks, move in [(["field_2_0", "field_2_-1"], MoveTile(H("2,0"), H("2,-1"))),
                         (["field_2_0", "field_-2_0"], SwapTiles(H("2,0"), H("-2,0"))),
                         (["field_2_0", "field_2_0"], RotateTile(H("2,0"), 1))]:
        board = SectionXBoard(state=position(tiles={"2,0": ("straight", 0),
                                                    "-2,0": ("fork", 0)}))
        for c in clicks:
            board.click(c)
        assert board.match.moves == (move,), (clicks, board.message)


def test_SX_08_a_picked_tile_can_be_put_down_or_exchanged_for_another():
    board = SectionXBoard(state=position(tiles={"2,0": ("straight", 0), "-2,0": ("fork", 0)},
                                         hands={0: ["straight"]}))
    board.click("hand_0")
    board.click("field_-2_0")        # a tile on the board: pick it instead of placing there
    assert board.selection == ("tile", H("-2,0")) and board.last_refusal is None
    board.click("island")
    assert board.selection is None
    board.click("field_2_0")
    board.click("hand_0")
    assert board.selection == ("hand", 0, 0)
    board.click("island")
    assert board.selection is None and board.match.moves == ()


def test_SX_09_SX_10_a_refusal_puts_down_a_tile_that_cannot_move_at_all():
    board = SectionXBoard(state=position(tiles=EAST, prisoners={1: ["2,0/0"]},
                                         doors={1: ["3,0/0"]}))
    board.click("field_2_0")         # Blue's prisoner: no move, swap or turn is possible
    assert board.selection == ("tile", H("2,0"))
    board.click("field_2_-1")
    assert board.last_refusal.rule == "SX-10" and board.selection is None
    assert marked(board.svg, "target") == set()
    free = SectionXBoard(state=position(tiles={**EAST, "-2,0": ("fork", 0)},
                                        prisoners={1: ["2,0/0"]}))
    free.click("field_-2_0")         # this one may move: it stays picked for another try
    free.click("field_2_0")
    assert free.last_refusal.rule == "SX-10" and free.selection == ("tile", H("-2,0"))
    free.click("field_-2_-1")
    assert free.match.moves == (MoveTile(H("-2,0"), H("-2,-1")),)


def test_refusals_name_players_by_colour_at_the_start_of_a_sentence_too():
    board = SectionXBoard(state=act(tiles={**EAST, "-2,0": ("straight", 0)},
                                    doors={0: ["2,0/0"]}, player=1, keys=False))
    board.click("island")
    board.click("part_2_0_0")
    assert board.last_refusal.reason.startswith("Player 0's door")
    assert "Red's door" in board.message and "layer 0" not in board.message


def test_SX_16_steps_by_clicks_and_end_turn_button():
    board = SectionXBoard(state=act(tiles=EAST))
    board.click("island")
    assert board.selection == ("from", -1) and marked(board.svg, "target") == {"part_2_0_0"}
    assert "this prisoner: 2 more steps; 5 steps left" in board.status_line.value
    board.click("part_2_0_0")
    board.click("part_2_0_0")
    assert "this prisoner: 1 more step; 4 steps left" in board.status_line.value
    board.click("part_3_0_0")
    assert board.match.moves == (Step("island", "2,0/0"), Step("2,0/0", "3,0/0"))
    board.click("part_3_0_0")
    board.click("zone_0")                           # that prisoner took two steps
    assert board.last_refusal.rule == "SX-16"
    assert board.controller.button_moves(board.state) == [("End turn", EndTurn())]


def test_SX_13_door_by_clicks():
    board = SectionXBoard(state=act(tiles=EAST))
    board.click("doorpile_0")
    board.click("part_3_0_0")
    assert board.match.moves == (Door("3,0/0"),)


def test_scripted_clicks_play_exactly_the_bots_moves():
    board = SectionXBoard(state=act(tiles=EAST, hands={0: ["fork"]}, max_turns=4))
    bot = RandomBot(5)
    played = 0
    while not board.state.is_terminal() and played < 12:
        board.enter(bot.choose(board.state))   # raises unless the clicks play that move
        played += 1
    assert played >= 4


def test_mimebundle_and_greedy_seat():
    board = SectionXBoard(players=2, seats=["human", "greedy"])
    data = board._repr_mimebundle_()
    data = data[0] if isinstance(data, tuple) else data
    assert "image/svg+xml" in data
    assert board.seats[1] == "greedy" and type(board._bot_for(1)).__name__ == "EscapeBot"


def test_mcts_seat_cuts_play_outs_short_and_judges_them():
    board = SectionXBoard(players=2, seats=["human", "mcts"])
    bot = board._bots[1]
    assert bot.rollout_limit == 40 and bot.cutoff_scale == 10.0


def overlay(svg: str) -> str | None:
    m = re.search(r'<g class="overlay tunnelgraph">(.*?</text>)</g>', svg, re.S)
    return None if m is None else m.group(1)


DOTS = re.compile(r'<g fill="(#[0-9A-Fa-f]{6})" stroke="#ffffff" stroke-width="1" '
                  r'class="dots">((?:<circle[^>]*/>)+)</g>')
EDGES = re.compile(r'<path d="([^"]*)" fill="none" stroke="#[0-9A-Fa-f]{6}" '
                   r'stroke-width="[\d.]+" stroke-opacity="0.9" class="edge" />')


def test_SX_13_tunnel_graph_box_overlays_owners_and_escape_routes():
    """The "Tunnel graph" box draws tunnel_graph over the tiles: one dot per part, one line
    per edge, each tunnel in its owner's colour (SX-13), dashed shortest escape routes."""
    from boardlib.section_x import tunnels
    from boardlib.section_x.draw import PLAYER_COLORS, UNOWNED

    s = act(tiles={**EAST, "0,2": ("straight", 2), "0,3": ("straight", 2), "-2,0": ("hiding", 0)},
            prisoners={0: ["3,0/0"], 1: ["-2,0/0"]}, doors={1: ["2,0/0"]})
    board = SectionXBoard(state=s, show_setup=False, show_history=False)
    off = board.svg
    assert overlay(off) is None and board.graph_box.description == "Tunnel graph"
    board.graph_box.value = True
    on = board.svg
    assert re.findall(r'id="([^"]+)"', on) == re.findall(r'id="([^"]+)"', off)   # no clicks
    drawn = overlay(on)
    graph = tunnels.tunnel_graph(s)
    parts = [n for n, kind in graph.nodes(data="kind") if kind == "part"]
    assert drawn.count("<circle") == len(parts) == 5
    segments = sum(d.count(" L") for d in EDGES.findall(drawn))
    assert segments == graph.number_of_edges()
    # Blue's door on 2,0/0 makes the east tunnel Blue's; the others have no door.
    dots = dict(DOTS.findall(drawn))
    assert dots[PLAYER_COLORS[1]].count("<circle") == len(tunnels.tunnel_of(graph, "2,0/0")) == 2
    assert dots[UNOWNED].count("<circle") == 3
    # Each player's dashed route: Red's from 3,0/0 into zone 0 (one step); Blue's from the
    # island through its own tunnel (Red may not pass Blue's door, Blue may).
    lengths = []
    for p in (0, 1):
        route = re.search(rf'<path d="M([^"]*)" fill="none" stroke="{PLAYER_COLORS[p]}" '
                          rf'[^>]*class="escaperoute p{p}"', drawn).group(1)
        best = min((r for r in tunnels.escape_routes(s, p).values() if r), key=len)
        assert route.count(" L") + 1 == len(best)      # a point per place on the route
        lengths.append(len(best))
    assert lengths == [2, 4]
    board.graph_box.value = False
    assert overlay(board.svg) is None and board.svg == off


def channels(svg: str, gid: str) -> list[str]:
    """The channel paths drawn in the clickable ``gid`` (how its tile lies)."""
    group = re.search(rf'<g id="{gid}".*?</g>', svg, re.S).group(0)
    return re.findall(r'<path d="[^"]*"[^>]*class="channel" />', group)


def test_SX_08_rotate_buttons_turn_the_hand_tile_and_a_board_tile():
    board = SectionXBoard(state=position(tiles={"2,0": ("tight-curve", 0)},
                                         hands={0: ["straight"]}))
    assert ids(board.svg, "turn") == {"turn_1", "turn_5"}
    seen = []
    for button in ("turn_1", "turn_1", "turn_1", "turn_5"):   # nothing picked: the hand tile
        board.click(button)
        seen.append(board.selection)
    # a straight has three distinct rotations: a half turn is no turn
    assert seen == [("hand", 0, 1), ("hand", 0, 2), ("hand", 0, 0), ("hand", 0, 2)]
    board.click("field_2_0")                        # picks the board tile instead
    for _ in range(3):
        board.click("turn_1")
    assert board.selection == ("tile", H("2,0"), 3)
    # the board shows the tile as it would lie after the turn
    turned = draw_svg(position(tiles={"2,0": ("tight-curve", 3)}))
    assert channels(board.svg, "field_2_0") == channels(turned, "field_2_0") != channels(
        draw_svg(position(tiles={"2,0": ("tight-curve", 0)})), "field_2_0")
    board.click("field_2_0")
    assert board.match.moves == (RotateTile(H("2,0"), 3),)


def test_turn_buttons_with_nothing_picked_turn_the_first_hand_tile_or_explain_themselves():
    # in phase 2 the hand always holds a tile (each turn begins with a draw, SX-06)
    board = SectionXBoard(state=position(tiles={"2,0": ("straight", 0)}))
    board.click("turn_1")
    assert board.selection == ("hand", 0, 1)
    late = SectionXBoard(state=act(tiles=EAST))      # a click left over from phase 2
    late.click("turn_5")                             # is not on this board: ignored, said so
    assert "turn_5" not in late.view.drawn and late.last_refusal is None
    assert "redrawn" in late.message and late.selection is None and late.match.moves == ()


def test_every_legal_rotation_has_a_click_path():
    import random

    import boardlib

    state = boardlib.load("section_x", players=3, seed=4).new_initial_state()
    rng = random.Random(4)
    while sum(c is not None for c in state.board) < 12 or state.phase != "tile":
        state = state.apply(state.random_move(rng))
    rotations = [m for m in state.legal_moves() if isinstance(m, RotateTile)]
    assert len(rotations) > 12
    far = 0
    for move in rotations:
        board = SectionXBoard(state=state)
        clicks = board.enter(move)            # raises unless the clicks play exactly this move
        assert clicks[0] == clicks[-1] == f"field_{move.field.q}_{move.field.r}"
        assert board.match.moves == (move,)
        far += clicks.count("turn_1") > 1
    assert far > 0                            # turns of more than one sixth, too


def test_tunnel_graph_overlay_matches_the_graph_through_random_games():
    """Dots, lines and routes of the overlay for states of random games, the last included."""
    import random

    import boardlib
    from boardlib.section_x import tunnels
    from boardlib.section_x.board import place_text
    from boardlib.section_x.draw import tunnel_graph_svg

    starts = [boardlib.load("section_x", players=2 + seed, seed=seed, max_turns=60,
                            round_target=1).new_initial_state() for seed in range(3)]
    # random tiles seldom reach a zone: one start with open corridors, for the routes
    starts.append(act(tiles={**EAST, "0,2": ("straight", 2), "0,3": ("straight", 2)},
                      doors={1: ["2,0/0"]}, prisoners={0: ["0,2/0"]}, max_turns=12, keys=True))
    checked = routed = 0
    for seed, state in enumerate(starts):
        rng = random.Random(seed)
        n = 0
        while True:
            if n % 7 == 0 or state.is_terminal():
                drawn = tunnel_graph_svg(state)
                graph = tunnels.tunnel_graph(state)
                parts = sum(1 for _, kind in graph.nodes(data="kind") if kind == "part")
                assert drawn.count("<circle") == parts
                lines = EDGES.findall(drawn)
                assert sum(d.count(" L") for d in lines) == graph.number_of_edges()
                for p in range(state.num_players):
                    has_route = f'class="escaperoute p{p}"' in drawn
                    routes = [r for c in set(state.prisoners_of(p)) if c >= 0 or c == -1
                              for r in [tunnels.escape_route(graph, p, place_text(c))]
                              if r is not None]
                    assert has_route == bool(routes)
                    routed += has_route
                checked += 1
            if state.is_terminal():
                break
            state = state.apply(state.random_move(rng))
            n += 1
    assert checked > 50 and routed > 3


def test_any_click_in_any_position_is_a_selection_a_move_or_a_refusal_with_a_rule():
    """Every clickable id of the picture, clicked with nothing or with something selected,
    in positions of random games: the controller never fails, and the engine judges every
    move it proposes (a refusal always names an SX rule)."""
    import random

    from hypothesis import given, settings, strategies as st

    import boardlib
    from boardlib.core.api import Illegal
    from boardlib.section_x.widget import SectionXController
    from boardlib.widgets import Play, Select

    controller = SectionXController()

    @settings(max_examples=20, deadline=None)
    @given(seed=st.integers(0, 10_000), moves=st.integers(0, 120))
    def check(seed, moves):
        state = boardlib.load("section_x", players=2 + seed % 3, seed=seed).new_initial_state()
        rng = random.Random(seed)
        for _ in range(moves):
            if state.is_terminal():
                break
            state = state.apply(state.random_move(rng))
        clickable = sorted(draw_svg(state).clickable)
        selections = [None]
        for element_id in clickable:
            for selection in selections[:3]:
                result = controller.click(state, element_id, selection)
                if isinstance(result, Select):
                    selections.append(result.selection)
                elif isinstance(result, Play):
                    problem = state.why_illegal(result.move)
                    assert problem is None or problem.rule.startswith("SX-"), problem
                elif isinstance(result, Illegal):
                    assert result.rule.startswith("SX-"), result
                else:
                    assert result is None

    check()


def test_SX_I1_coordinates_box_labels_every_ocean_field_and_keeps_clicks():
    """The "Coordinates" box writes ``q,r`` on each of the 48 ocean fields (SX-I1), the
    names the notebook's "Try this" texts use; a click on a label is a click on its field."""
    s = position(tiles={"2,0": ("straight", 0)}, hands={0: ["straight"]})
    board = SectionXBoard(state=s, show_setup=False, show_history=False)
    off = board.svg
    assert "\N{MINUS SIGN}" not in off and board.coordinates_box.description == "Coordinates"
    board.coordinates_box.value = True
    on = board.svg
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", on)
    minus = "\N{MINUS SIGN}"
    coordinates = {t for t in labels if re.fullmatch(rf"{minus}?\d,{minus}?\d", t)}
    assert len(coordinates) == 48 and {"2,0", "3,0", f"{minus}2,{minus}2"} <= coordinates
    assert "0,0" not in coordinates and "4,\N{MINUS SIGN}4" not in coordinates  # island, gate
    # the label of an empty field is part of the field's clickable group
    assert re.search(r'<g id="field_1_1" [^>]*>(?:(?!</g>).)*>1,1</text>', on, re.S)
    board.click("hand_0")
    board.click("field_3_0")
    assert board.match.moves == (PlaceTile("straight", H("3,0"), 0),)
    # on a tile it lies over the channels and lets the click through to the tile under it
    assert re.search(r'<g class="overlay"><rect[^>]*/><text[^>]*>3,0</text></g>', board.svg)
    board.coordinates_box.value = False
    assert "\N{MINUS SIGN}" not in board.svg
    assert SectionXBoard(state=s, show_coordinates=True).coordinates_box.value


def test_SX_I4_a_one_part_tile_is_its_part_and_crossing_parts_are_clicked_on_their_channel():
    """Learners click the tile, not its thin channel: in phase 3 a one-part tile is one
    clickable, its part, slab and all; a tile with more parts has a clickable per channel and
    no field to click (SX-I4, SX-I5)."""
    s = act(tiles={**EAST, "0,2": ("crossing", 0)}, prisoners={0: ["2,0/0"]})
    board = SectionXBoard(state=s)
    drawn = set(board.view.drawn)
    assert {"part_3_0_0", "part_0_2_0", "part_0_2_1"} <= drawn
    assert not {"field_3_0", "field_0_2"} & drawn
    assert board.view.drawn["part_3_0_0"] == "3,0 part 0: straight tunnel"
    board.click("part_2_0_0")
    board.click("part_3_0_0")
    assert board.match.moves == (Step("2,0/0", "3,0/0"),)
    board.undo()
    board.click("doorpile_0")
    board.click("field_1_1")                         # no tile at all
    assert board.last_refusal.rule == "SX-I5" and "1,1 has no tile" in board.message
    board.click("part_0_2_1")                        # the crossing's second channel
    assert board.match.moves == (Door("0,2/1"),)


def test_SX_16_status_says_when_the_picked_prisoner_has_no_step_left():
    s = act(tiles=EAST, prisoners={0: ["island"]})
    board = SectionXBoard(state=s)
    for src, dst in (("island", "part_2_0_0"), ("part_2_0_0", "part_3_0_0")):
        board.click(src)
        board.click(dst)
    board.click("part_3_0_0")
    assert "this prisoner has no step left" in board.status_line.value
    assert "3 left this turn" in board.status_line.value


def test_SX_I4_status_says_when_the_picked_prisoner_cannot_step_anywhere():
    board = SectionXBoard(state=act(tiles={"3,0": ("straight", 0)}, prisoners={0: ["island"]}))
    board.click("island")                    # no tile touches the island: nowhere to go
    assert board.selection[0] == "from"
    assert "cannot step anywhere now" in board.status_line.value
    assert marked(board.svg, "target") == set()
