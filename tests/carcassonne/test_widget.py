"""The playable Carcassonne board driven from Python with simulated clicks and keys: the map in
its zoomable view, the hand beside it, every legal move by clicks, the overlay, score track,
events, undo/redo and bots (issue 17)."""
import gc
import re
import xml.etree.ElementTree as ET

import networkx as nx

import boardlib
from boardlib.carcassonne.draw import GRAPH_COLORS, UNIT, VIEW_COLUMNS
from boardlib.carcassonne.features import feature_graph
from boardlib.carcassonne.rules import END_TURN
from boardlib.carcassonne.widget import CarcassonneBoard, CarcassonneController
from boardlib.core.bots import RandomBot
from boardlib.widgets.testing import check_every_move_by_clicks, widget_count

from cc_helpers import play, position


def overlay(svg):
    """The feature-graph group's SVG (None: no overlay drawn)."""
    ET.register_namespace("", "http://www.w3.org/2000/svg")
    for g in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g"):
        if g.get("class") == "overlay featuregraph":
            return "".join(ET.tostring(child, encoding="unicode") for child in g)
    return None


def log_text(board):
    return re.sub("<[^>]+>", "", board.event_log.value)


def test_CB_04_CB_06_TU_03_a_whole_turn_by_clicks_and_refusals_name_the_rule():
    board = CarcassonneBoard(state=position("TU2", board=[[-1, 0, "L", 2]], deck=["B", "B"]))
    board.click("place_0_1")  # TU2's field side against D's city
    assert board.last_refusal is not None and board.last_refusal.rule == "CB-04"
    assert "CB-04" in board.message and board.match.moves == ()
    board.click("hand_0")
    assert board.selection == 1
    board.click("hand_0"), board.click("hand_0"), board.click("hand_0")
    assert board.selection == 0
    board.click("place_1_0")
    assert board.state.board[(1, 0)] == ("TU2", 0)
    board.click("spot_1_0_1")
    assert board.state.followers == {((1, 0), 1): 0}
    board.click("opening_1_0_3")
    assert board.state.tokens == {(1, 0, "W"): "blue"}
    board.click("opening_1_0_1")  # a second token in the same turn
    assert board.last_refusal.rule == "TU-03"
    assert board.controller.button_moves(board.state) == [("End turn", END_TURN)]
    board.try_move(END_TURN)
    assert board.state.current_player == 1
    assert "Blue" in board.controller.localize("player 1 wins")


def test_R_and_shift_R_turn_the_tile_and_the_rotate_buttons_too():
    board = CarcassonneBoard(state=position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]))
    board.view.press("r")
    assert board.selection == 1
    board.view.press("R"), board.view.press("R")
    assert board.selection == 3
    board.click("turn_1")
    assert board.selection == 0
    board.click("turn_3")
    assert board.selection == 3 and "turned 270°" in board.status_line.value
    board.hand.press("r")                       # keys on the hand view work the same
    assert board.selection == 0
    board.click("place_1_0")
    assert "turn_1" not in board.hand.drawn     # no hand tile after laying it
    board.view.press("r")
    assert "nothing to turn" in board.message


def test_U_undoes_and_H_hints_from_the_keyboard():
    board = CarcassonneBoard(players=2, seed=3)
    move = next(iter(board.state.legal_moves()))
    board.enter(move)
    assert len(board.match.moves) == 1
    board.view.press("u")
    assert len(board.match.moves) == 0
    board.view.press("h")
    assert "Hint" in board.message and ' hint"' in board.view.svg


def test_an_unknown_id_is_ignored_with_a_message():
    board = CarcassonneBoard(players=2, seed=1)
    before = board.state
    for junk in ("tile_99_99", "place_1", "colour_77", "opening_0_0_9", "<script>", "x" * 90):
        board.click(junk)
        assert board.state is before
    assert "click it again" in board.message
    assert board.controller.click(before, "opening_0_0_9", None) is None
    assert board.controller.click(before, "colour_77", None) is None


def test_every_legal_move_can_be_entered_by_clicks_from_every_selection():
    """Random games with The Tunnel: every legal move of many positions, from every selection
    reachable by clicks (and every rotation of the tile in hand)."""
    states = []
    for seed in (1, 2):
        game = boardlib.load("carcassonne", players=3, seed=seed)
        state, bot = game.new_initial_state(), RandomBot(seed)
        for turn in range(120):
            if turn % 9 == 0 and not state.is_terminal():
                states.append(state)
            if state.is_terminal():
                break
            state = state.apply(bot.choose(state))
    board = CarcassonneBoard(state=states[0])
    entered = check_every_move_by_clicks(board, states)
    controller = board.controller
    for state in states:                       # the tile in hand already turned, too
        if state.phase != "tile":
            continue
        for rotation in (1, 2, 3):
            for move in state.legal_moves():
                board.start_from(state, rotation)
                assert board.enter(move) == controller.clicks_for(state, move, rotation)
                entered += 1
    assert entered > 300


def test_the_map_follows_the_last_laid_tile_and_fit_shows_it_all():
    board = CarcassonneBoard(players=2, seed=5)
    assert board.view.zoomable and board.view.window == []   # a small map, all of it
    bot = RandomBot(4)
    while len(board.state.board) < 60:
        board.play(bot.choose(board.state))
    window = board.view.window
    assert len(window) == 4 and window[2] == VIEW_COLUMNS * UNIT
    x, y = board.last_laid()
    cx, cy = x * UNIT, -y * UNIT
    inside = window[0] <= cx <= window[0] + window[2] and window[1] <= cy <= window[1] + window[3]
    assert inside, (window, (x, y))
    board.fit_map()
    assert board.view.window == []
    while board.last_laid() == (x, y):
        board.play(bot.choose(board.state))
    assert len(board.view.window) == 4          # back to a readable zoom, on the new tile


def test_graph_box_overlays_the_graph_and_keeps_click_ids():
    s = position("TU2", board=[[-1, 0, "L", 2], [0, -1, "TU3", 0]],
                 followers=[[0, -1, "road:E", 1]], tokens=[[0, -1, "E", "blue"]], deck=["B"])
    board = CarcassonneBoard(state=s)
    off = board.view.svg
    assert overlay(off) is None and board.graph_box.description == "Feature graph"
    board.graph_box.value = True
    on = board.view.svg
    assert board.view.drawn.keys() == CarcassonneBoard(state=s).view.drawn.keys()  # no new clicks
    graph = feature_graph(board.state)
    drawn = overlay(on)
    assert drawn.count("<circle") == graph.number_of_nodes()
    comps = nx.number_connected_components(graph)
    assert comps <= len(GRAPH_COLORS)
    assert len(set(re.findall(r'<g [^>]*fill="(#[0-9a-f]{6})"', drawn))) == comps
    segments = sum(p.count(" L") for p in re.findall(r'<path [^>]*d="([^"]*)"', drawn))
    assert segments == graph.number_of_edges() and "stroke-dasharray" not in drawn
    # The second blue token finishes the tunnel (TU-05): a dashed arc joins the two openings.
    board.click("place_1_0")
    board.click("opening_1_0_1")
    assert board.state.tokens[(1, 0, "E")] == "blue"
    drawn = overlay(board.view.svg)
    arcs = re.findall(r'<path [^>]*d="(M[^"]*Q[^"]*)"[^>]*stroke-dasharray', drawn)
    assert len(arcs) == 1 and arcs[0].count("Q") == 1
    board.graph_box.value = False
    assert overlay(board.view.svg) is None


def test_CB_09_completed_city_is_announced_and_the_score_track_shows_it():
    board = CarcassonneBoard(state=position("M", deck=["E"]))
    assert ">Red 0<" in board.hand.svg and ">Blue 0<" in board.hand.svg
    board.click("hand_0"), board.click("hand_0")  # M turned 180° so its city faces D's
    board.click("place_0_1")
    board.click(f"spot_0_1_{board.state.oriented_at((0, 1)).label_index['city:E+S']}")
    board.try_move(END_TURN)
    board.click("turn_3")  # anticlockwise: 270°
    assert board.selection == 3
    board.click("place_1_1")
    board.try_move(END_TURN)
    assert board.state.scores == (8, 0)
    log = log_text(board)
    assert "city of 3 tile(s) with 1 pennant(s) completed: +8 Red (CB-09)" in log
    assert "follower(s) return to supply (CB-07)" in log
    assert ">Red 8<" in board.hand.svg and 'class="bar"' in board.hand.svg


def test_TU_02_token_words_name_the_owners_seat_in_the_log_and_refusals():
    s = play(position("TU2", board=[[-1, 0, "L", 2]], deck=["B", "B"]), "tile 1,0 rot 0")
    board = CarcassonneBoard(state=s)
    board.click("colour_4")                     # Red's third pair ("black" in the rules)
    assert board.selection == "black"
    board.click("opening_1_0_3")
    assert board.state.tokens == {(1, 0, "W"): "black"}
    assert ("Red put a Red 3 tunnel token on the tunnel opening on the west edge of 1,0"
            in re.sub("<[^>]+>", "", board.move_list.value))
    assert "Red 3 token" in log_text(board) and "black" not in log_text(board)


def test_undo_redo_and_bots_in_any_seat():
    board = CarcassonneBoard(players=3, seed=4, seats=["human", "greedy", "random"], delay=0)
    first = board.state
    move = next(iter(first.legal_moves()))
    board.enter(move)
    board.try_move(END_TURN)
    assert board.state.current_player == 0 and len(board.match) >= 4
    moves = board.match.moves
    board.undo()   # the bots turned up tiles the human now knows (issue 15)
    assert board.match.moves == moves and "Undo is not possible" in board.message
    board.click("hand_0")                      # a human seat again: the hand turns
    board = CarcassonneBoard(players=3, seed=4, delay=0)
    first = board.state
    board.enter(move)
    placed = board.state
    board.try_move(END_TURN)
    board.undo()
    assert board.state.to_dict() == placed.to_dict()
    board.undo()
    assert board.state.to_dict() == first.to_dict() and "hand_0" in board.hand.drawn
    board.redo()
    assert board.state.to_dict() == placed.to_dict()
    bots = CarcassonneBoard(players=2, seed=2, seats=["random", "greedy"], delay=0)
    for _ in range(6):
        bots.bot_move()
    assert len(bots.match) >= 6
    while bots.state.phase != "tile":
        bots.bot_move()
    bots.click("hand_0")
    assert "bot" in bots.message


def test_a_saved_notebook_gets_a_static_picture_without_controls():
    board = CarcassonneBoard(players=2, seed=3)
    bundle = board._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "place_" not in data["image/svg+xml"] and "Red lays a tile" in data["image/svg+xml"]


def test_overlay_off_never_builds_the_graph(monkeypatch):
    import boardlib.carcassonne.features as features

    def fail(state):
        raise AssertionError("feature_graph built while the overlay is off")

    monkeypatch.setattr(features, "feature_graph", fail)
    board = CarcassonneBoard(state=position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]))
    board.click("turn_1"), board.click("turn_3"), board.click("place_1_0")
    assert board.state.board[(1, 0)] == ("TU2", 0)


def test_200_new_games_leave_the_widget_count_flat():
    board = CarcassonneBoard(players=2, seed=1)

    def press(times):
        for _ in range(times):
            board.new_game_button.click()
            board.click("hand_0")
            board.click("place_0_1")
    press(5)
    gc.collect()
    before = widget_count()
    press(200)
    gc.collect()
    assert widget_count() == before


def test_CB_04_lesson_turning_L_twice_makes_the_place_by_the_city_fit():
    """The notebook's CB-04 Try-this: L's road meets the start tile's city above it (refused);
    turned twice, L's city continues the start tile's city."""
    board = CarcassonneBoard(state=position("L", deck=["U", "V"]))
    board.click("place_0_1")
    assert board.last_refusal.rule == "CB-04" and board.match.moves == ()
    board.click("hand_0")
    board.click("hand_0")
    board.click("place_0_1")
    assert [str(m) for m in board.match.moves] == ["tile 0,1 rot 180"]


def test_CB_10_lesson_the_last_tile_turned_completes_the_cloister():
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
    board.try_move(END_TURN)
    assert "cloister completed: +9 Red (CB-10)" in log_text(board)


def test_the_controller_scripts_every_move_kind():
    controller = CarcassonneController()
    s = play(position("TU2", board=[[-1, 0, "L", 2]], deck=["B"]), "tile 1,0 rot 0")
    for move in s.legal_moves():
        if move == END_TURN:
            assert controller.clicks_for(s, move) == []
            continue
        selection, result = None, None
        for element in controller.clicks_for(s, move):
            result = controller.click(s, element, selection)
            if hasattr(result, "selection"):
                selection = result.selection
        assert result.move == move


def marked(svg, layer="last-move"):
    """``(kind, data-at, seat)`` of every mark group of ``layer`` in the map's SVG."""
    ET.register_namespace("", "http://www.w3.org/2000/svg")
    found = []
    for g in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g"):
        if layer in (g.get("class") or "").split() and g.get("data-mark"):
            found.append((g.get("data-mark"), g.get("data-at"), int(g.get("data-seat"))))
    return found


def expected_marks(board):
    """The teacher's marks since seat 0 last moved, as the map should draw them."""
    from boardlib.carcassonne.draw import mark_spot
    from boardlib.core.teaching import history

    marks = board.teacher.recent_marks(history(board.match), 0)
    spots = [(m, mark_spot(board.state, m.at)) for m in marks]
    return [(m.kind, spot.ref, m.seat) for m, spot in spots if spot is not None]


def test_CB_04_CB_06_after_a_bots_whole_turn_the_map_marks_it_as_the_teacher_says():
    board = CarcassonneBoard(players=2, seed=3, seats=["human", "greedy"], delay=0)
    board.enter(next(iter(board.state.legal_moves())))
    board.try_move(END_TURN)              # the greedy bot answers with a whole turn
    assert board.state.current_player == 0 and len(board.match.moves) >= 4
    expected = expected_marks(board)
    kinds = [kind for kind, _, _ in expected]
    assert kinds[0] == "placed" and set(kinds) <= {"placed", "follower", "token", "feature",
                                                    "points", "removed"}
    assert all(seat == 1 for kind, _, seat in expected if kind in ("placed", "follower"))
    assert marked(board.svg) == expected
    x, y = board.last_laid()
    assert ("placed", f"tile_{x}_{y}", 1) in marked(board.svg)   # the bot's laid tile


def test_CB_07_CB_09_a_scored_city_is_marked_segment_by_segment_in_the_winners_colour():
    # CB-09 lesson position: laying E at 0,1 turned 180° closes the city with the start tile
    board = CarcassonneBoard(state=position("E", deck=["B"]))
    board.enter(next(m for m in board.state.legal_moves() if m.position == (0, 1)
                     and m.rotation == 2))
    board.enter(next(m for m in board.state.legal_moves() if "city" in str(m)))
    board.try_move(END_TURN)
    features = [(at, seat) for kind, at, seat in marked(board.svg) if kind == "feature"]
    assert {at for at, _ in features} == {"follower_0_0_0", "follower_0_1_0"}
    assert {seat for _, seat in features} == {0}
    assert ("removed", "follower_0_1_0", 0) in marked(board.svg)   # the knight comes home


def test_a_long_game_keeps_following_the_last_tile_with_marks_on():
    board = CarcassonneBoard(players=2, seed=5, seats=["greedy", "greedy"], delay=0)
    while len(board.state.board) < 50:
        board.bot_move()
    window = board.view.window
    x, y = board.last_laid()
    assert len(window) == 4
    assert window[0] <= x * UNIT <= window[0] + window[2]
    assert window[1] <= -y * UNIT <= window[1] + window[3]
    assert any(kind == "placed" and at == f"tile_{x}_{y}" for kind, at, _ in marked(board.svg))


def test_CB_16_the_standings_tab_shows_the_teachers_standings_and_points_by_feature():
    board = CarcassonneBoard(players=2, seed=11, seats=["human", "random"], delay=0)
    board.tabs.show("standings")
    board.enter(next(iter(board.state.legal_moves())))
    board.try_move(END_TURN)
    text = re.sub("<[^>]+>", " ", board.standings_view.value)
    scores = board.state.scores
    assert "Scores" in text and "CB-16" in text
    assert f"{scores[0]}" in text and f"{scores[1]}" in text
    assert board.hand in board.toolbar.children         # in sight, not hidden in a tab
    assert board.hand not in board.standings.children
    bot = RandomBot(7)
    while not board.state.is_terminal():
        board.play(bot.choose(board.state))
    board.refresh()
    html = board.standings_view.value
    # points by feature: a row per feature, a column per seat (it fits the side column)
    stacked = html[html.index("Points by feature"):]
    rows = re.findall(r'<th scope="row"[^>]*>([^<]+)</th>', stacked)
    assert rows[:4] == ["Roads", "Cities", "Cloisters", "Farms"]
    heads = re.findall(r'<th scope="col" data-seat="\d"[^>]*>([^<]+)</th>', stacked)
    assert heads == (["Red", "★ Blue"] if board.state.scores[1] > board.state.scores[0]
                     else ["★ Red", "Blue"])
    for k in range(2):
        points = re.findall(rf'<td data-key="\w+" data-seat="{k}"[^>]*>(\d+)</td>', stacked)
        assert sum(int(v) for v in points) == board.state.scores[k]
    assert 'class="boardlib-chart"' in html


def sent_pictures(monkeypatch, board):
    """The order in which the map's and the hand's pictures go to the browser (each entry
    "map" or "hand", one per message that carries a new ``svg``)."""
    import ipywidgets

    sent = []
    real = ipywidgets.Widget._send

    def send(widget, msg, buffers=None):
        if "svg" in msg.get("state", {}):
            sent.append("map" if widget is board.view else
                        "hand" if widget is board.hand else "other")
        return real(widget, msg, buffers)

    monkeypatch.setattr(ipywidgets.Widget, "_send", send)
    return sent


def test_CB_04_the_picture_clicked_goes_to_the_browser_first(monkeypatch):
    """Issue 17 (click to picture): a click on the map sends the map (with its status line)
    before the hand beside it; a click on the hand sends the turned tile first."""
    board = CarcassonneBoard(players=2, seed=0)
    sent = sent_pictures(monkeypatch, board)
    board.click("hand_0")                              # turn the tile in hand
    assert sent == ["hand", "map"], sent               # the hand is not sent twice
    sent.clear()
    move = next(m for m in board.state.legal_moves())
    clicks = board.controller.clicks_for(board.state, move, board.selection)
    for element_id in clicks[:-1]:
        board.click(element_id)
    sent.clear()
    board.click(clicks[-1])                            # the place on the map: a move
    assert board.match.moves == (move,)
    assert sent[0] == "map" and "hand" in sent, sent
