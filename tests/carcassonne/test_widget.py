"""The playable board driven from Python with simulated clicks: overlay, score track, events,
rotate buttons, undo/redo and bots (issue item 3)."""
import re

import networkx as nx

from boardlib.carcassonne.draw import GRAPH_COLORS, draw_svg
from boardlib.carcassonne.features import feature_graph
from boardlib.carcassonne.widget import CarcassonneBoard

from cc_helpers import play, position


def clickable(svg):
    return sorted(re.findall(r'id="([a-z]+_[^"]*)"', svg))


def overlay(svg):
    m = re.search(r'<g id="featuregraph" style="pointer-events:none">(.*?)\n</g>\n', svg, re.S)
    return None if m is None else m.group(1)


def test_graph_box_overlays_the_graph_and_keeps_click_ids():
    s = position("TU2", board=[[-1, 0, "L", 2], [0, -1, "TU3", 0]],
                 followers=[[0, -1, "road:E", 1]], tokens=[[0, -1, "E", "blue"]], deck=["B"])
    board = CarcassonneBoard(state=s)
    off = board.view.svg
    assert overlay(off) is None and board.graph_box.description == "Feature graph"
    board.graph_box.value = True
    on = board.view.svg
    assert clickable(on) == clickable(off)  # the overlay adds nothing clickable
    graph = feature_graph(board.state)
    drawn = overlay(on)
    assert drawn.count("<circle") == graph.number_of_nodes()
    # One colour per connected feature (the palette has 12; this board has fewer features).
    comps = nx.number_connected_components(graph)
    assert comps <= len(GRAPH_COLORS)
    assert len(set(re.findall(r'<g fill="(#[0-9a-f]{6})"', drawn))) == comps
    # Lines: one per edge across a tile edge; no tunnel is finished yet, so no dashed arc.
    segments = sum(p.count(" L") for p in re.findall(r'<path d="([^"]*)"', drawn))
    assert segments == graph.number_of_edges() and "stroke-dasharray" not in drawn
    # The second blue token finishes the tunnel (TU-05): a dashed arc joins the two openings.
    board.click("place_1_0")
    board.click("opening_1_0_E")
    assert board.state.tokens[(1, 0, "E")] == "blue"
    drawn = overlay(board.view.svg)
    arcs = re.findall(r'<path d="(M[^"]*Q[^"]*)"[^>]*stroke-dasharray', drawn)
    assert len(arcs) == 1 and arcs[0].count("Q") == 1
    # Roads joined by the tunnel: the thief's road and the new east road share a colour.
    graph = feature_graph(board.state)
    assert nx.has_path(graph, ((0, -1), 2), ((1, 0), 2)) or any(
        d["via"] == "tunnel" for *_, d in graph.edges(data=True))
    board.graph_box.value = False
    assert overlay(board.view.svg) is None


def test_score_track_shows_every_player_in_colour_with_the_score():
    s = position("M", deck=["E"], players=3)
    svg = draw_svg(s)
    for p, name in enumerate(("Blue", "Red", "Green")):
        assert f'id="scoretrack-{p}"' in svg and f">{name} 0<" in svg
    assert 'id="scoretrack-0-bar"' not in svg  # nothing scored: empty bars
    s = play(s, "tile 0,1 rot 180", "follower city:E+S", "end turn",
             "tile 1,1 rot 270", "end turn")
    svg = draw_svg(s)
    assert s.scores == (8, 0, 0) and ">Blue 8<" in svg and 'id="scoretrack-0-bar"' in svg
    assert 'id="scoretrack-1-bar"' not in svg
    # A bar is its share of a 50-point lap of the track: 8 points of 50 on a 0.7-tile lap.
    bar = re.search(r'<g id="scoretrack-0-bar"><rect [^>]*width="([\d.]+)"', svg)
    lap = re.search(r'<g id="scoretrack-0-lap"><rect [^>]*width="([\d.]+)"', svg)
    assert abs(float(bar[1]) - 0.7 * 50.4 * 8 / 50) < 0.1 and float(lap[1]) == 35.3


def test_completed_city_is_announced_with_points_colour_and_rule():
    board = CarcassonneBoard(state=position("M", deck=["E"]))
    board.click("hand_0"), board.click("hand_0")  # M turned 180° so its city faces D's
    board.click("place_0_1")
    board.click(f"spot_0_1_{board.state.oriented_at((0, 1)).label_index['city:E+S']}")
    board.try_move(board.game.parse_move("end turn"))
    board.click("turn_3")  # anticlockwise: 270°
    assert board.selection == 3
    board.click("place_1_1")
    board.try_move(board.game.parse_move("end turn"))
    assert board.state.scores == (8, 0)
    log = re.sub("<[^>]+>", "", board.event_log.value)
    assert "city of 3 tile(s) with 1 pennant(s) completed: +8 Blue (CB-09)" in log
    assert "follower(s) return to supply (CB-07)" in log
    assert ">Blue 8<" in board.view.svg


def test_rotate_buttons_turn_the_hand_tile_both_ways():
    board = CarcassonneBoard(state=position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]))
    svg = board.view.svg
    assert {"turn_1", "turn_3", "turnlabel_1", "turnlabel_3", "hand_0"} <= set(clickable(svg))
    assert "fit_1_0" in svg and "fit_0_1" not in svg
    board.click("turn_1")
    assert board.selection == 1
    board.click("turnlabel_3"), board.click("turn_3")
    assert board.selection == 3
    board.click("turn_1")
    assert board.selection == 0
    board.click("place_1_0")
    assert board.state.board[(1, 0)] == ("TU2", 0)
    assert "turn_1" not in board.view.svg  # no hand tile after laying it
    board.click("turn_1")  # ignored outside the tile phase
    assert board.selection is None or isinstance(board.selection, str)


def test_undo_redo_and_bots_in_any_seat():
    board = CarcassonneBoard(players=3, seed=4, seats=["human", "greedy", "random"], delay=0)
    first = board.state
    move = next(iter(first.legal_moves()))
    for element in board.controller.clicks_for(first, move, board.selection):
        board.click(element)
    assert board.state.board != first.board
    board.try_move(board.game.parse_move("end turn"))
    # Both bot seats replied (no event loop here: they play at once), back to the human.
    assert board.state.current_player == 0 and len(board.match) >= 4
    # The bots' turns turned up tiles from the face-down pile for the human: against bots,
    # undo would let the human lay their tile again knowing the next ones (issue 15).
    moves = board.match.moves
    board.undo()
    assert board.match.moves == moves and "Undo is not possible" in board.message
    # With every seat human, undo and redo go freely.
    board = CarcassonneBoard(players=3, seed=4, delay=0)
    first = board.state
    for element in board.controller.clicks_for(first, move, board.selection):
        board.click(element)
    placed = board.state
    board.try_move(board.game.parse_move("end turn"))
    board.undo()  # the "end turn"
    assert board.state.to_dict() == placed.to_dict() and board.state.phase == "after"
    board.undo()  # the tile itself
    assert board.state.to_dict() == first.to_dict() and "hand_0" in board.view.svg
    board.redo()
    assert board.state.to_dict() == placed.to_dict() and board.match.can_redo
    bots = CarcassonneBoard(players=2, seed=2, seats=["random", "greedy"], delay=0)
    for _ in range(6):
        bots.bot_move()
    assert len(bots.match) >= 6


def test_overlay_off_never_builds_the_graph(monkeypatch):
    import boardlib.carcassonne.features as features

    def fail(state):
        raise AssertionError("feature_graph built while the overlay is off")

    monkeypatch.setattr(features, "feature_graph", fail)
    board = CarcassonneBoard(state=position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]))
    board.click("turn_1"), board.click("turn_3"), board.click("place_1_0")
    assert board.state.board[(1, 0)] == ("TU2", 0) and overlay(board.view.svg) is None


def test_CB_04_lesson_turning_L_twice_makes_the_place_by_the_city_fit():
    """The notebook's CB-04 Try-this: L's road meets the start tile's city above it (refused);
    turned twice, L's city continues the start tile's city."""
    board = CarcassonneBoard(state=position("L", deck=["U", "V"]))
    board.click("place_0_1")
    assert board.last_refusal.rule == "CB-04" and board.match.moves == ()
    board.click("hand_0")
    board.click("hand_0")                           # turned twice: 180°
    board.click("place_0_1")
    assert [str(m) for m in board.match.moves] == ["tile 0,1 rot 180"]


def test_CB_10_lesson_the_last_tile_turned_completes_the_cloister():
    """The notebook's CB-10 Try-this: E unturned does not fit east of the bottom row; turned
    once by a click, it does, and the monk comes home with 9 points."""
    s = play(position("U", deck=["U", "B", "B", "B", "B", "A", "E"]),
             "tile 1,0 rot 0", "end turn", "tile -1,0 rot 0", "end turn",
             "tile 0,-1 rot 0", "follower cloister", "end turn",
             "tile -1,-1 rot 0", "end turn", "tile 1,-1 rot 0", "end turn",
             "tile 0,-2 rot 0", "end turn", "tile -1,-2 rot 0", "end turn")
    board = CarcassonneBoard(state=s)
    board.click("place_1_-2")
    assert board.last_refusal.rule == "CB-04"
    board.click("hand_0")
    board.click("place_1_-2")
    board.try_move(board.state.game.parse_move("end turn"))
    assert "cloister completed: +9 Blue (CB-10)" in re.sub("<[^>]+>", "", board.event_log.value)
