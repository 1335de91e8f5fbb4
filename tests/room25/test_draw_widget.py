"""Room 25 drawn as plain SVG (boardlib.svg): one id scheme, named elements, the palette,
no hidden room shown (R25-I4), and the board widget's clicks (every legal move by clicks)."""
import random
import re
import subprocess
import sys

import pytest

import boardlib
from boardlib.core.bots import RandomBot
from boardlib.room25.draw import (ICONS, SHORT, draw_svg, label_size, room_colour, room_fill)
from boardlib.room25.rules import POS_INDEX as P
from boardlib.room25.rooms import KINDS
from boardlib.room25.scenarios import position
from boardlib.room25.widget import Room25Board, Room25Controller
from boardlib.svg import SURFACES, parse_id, seat
from boardlib.widgets.testing import check_every_move_by_clicks, widget_count

from .helpers import play, program_all


def ids(svg):
    return set(re.findall(r'id="([a-z]+(?:_[0-9]+)*)"', svg))


def test_draw_has_stable_clickable_ids_in_the_one_scheme_and_is_deterministic():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = position(g, rooms={"b2": "empty"}, chars={0: "b2", 3: None})
    svg = draw_svg(s, 0, targets=[1, 5])
    assert svg == draw_svg(s, 0, targets=[1, 5])
    found = ids(svg)
    assert all(parse_id(i) is not None for i in found)
    assert set(svg.clickable) == found            # every id is a named clickable element
    assert {f"room_{p}" for p in range(25)} <= found
    assert {"char_0", "char_1", "char_2"} <= found and "char_3" not in found  # the dead
    assert {f"slide_{k}_{d}" for k in (0, 1, 3, 4, 5, 6, 8, 9) for d in (0, 1)} <= found
    assert "slide_2_0" not in found and "slide_7_1" not in found  # central lines (R25-18)
    assert 'class="click room target"' in svg and svg.count('room target"') == 2
    assert "matplotlib" not in svg


def test_every_clickable_element_has_a_title_and_an_aria_label_in_words():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = position(g, rooms={"b2": "empty"}, chars={0: "b2"}, face_up=["b2"])
    svg = draw_svg(s, 0)
    for element_id, words in svg.clickable.items():
        assert len(words.split()) >= 3, (element_id, words)
        assert f'id="{element_id}"' in svg and f'aria-label="{words}"' in svg
        assert f"<title>{words}</title>" in svg
    assert svg.clickable["room_6"].startswith("b2: Empty Room (safe), face up")
    assert "Scientist (Red) in b2" in svg.clickable["char_0"]
    assert svg.clickable["slide_0_0"] == "slide row 1 left (Control, R25-17)"
    assert svg.clickable["slide_9_1"] == "slide column e down (Control, R25-17)"
    marked = play(position(g, rooms={"b3": "empty"}), "remind b3")
    assert "reminder marker of Red" in draw_svg(marked, 1).clickable["room_11"]   # R25-20


def test_seat_n_has_palette_colour_n_with_its_shape_and_a_letter():
    g = boardlib.load("room25", mode="competition", players=3, seed=0)
    svg = draw_svg(g.new_initial_state(), 0)
    for c in range(g.num_chars):
        look = seat(g.owner[c])
        start = svg.index(f'id="char_{c}"')
        piece = svg[start:svg.index("</g>", start)]
        assert look.color in piece
        assert ("<circle" in piece) == (look.shape == "circle")
        assert f">{g.names[c][0]}</text>" in piece


def test_rooms_use_the_palette_surfaces_and_have_names_and_icons():
    """The palette test (tests/widgets/test_palette.py) checks every seat colour against
    SURFACES["room25"] under three colour-vision simulations; the rooms are drawn in exactly
    those colours, and each kind has a name and an icon too (colour is never the only cue)."""
    surfaces = set(SURFACES["room25"].values())
    for kind in KINDS:
        assert room_fill(kind) in surfaces and room_colour(kind) in ("green", "yellow", "red",
                                                                     "blue")
        assert SHORT[kind] and ICONS[kind]
    assert room_fill(None) == SURFACES["room25"]["hidden room"]
    assert len(set(ICONS.values())) == len(ICONS)


def test_seen_room_names_fit_across_a_room():
    for name in SHORT.values():
        for text in (name, f"({name})"):
            assert label_size(text) * 0.64 * len(text) <= 0.9 * 100, text
    assert label_size("Dark") > label_size("(Illusion)")


def test_R25_I4_picture_shows_only_what_the_viewer_knows():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = play(program_all(position(g, rooms={"b3": "deadly"}), {0: "look"}), "look b3")
    assert "(Deadly)" in draw_svg(s, 0)
    assert "Deadly" not in draw_svg(s, 1) and "Deadly" not in draw_svg(s, None)
    assert "Deadly" not in draw_svg(s, 0, cover="Pass the screen to Blue")


def test_the_board_and_widget_never_import_matplotlib():
    code = ("import sys, boardlib.room25.widget, boardlib.room25.draw; "
            "sys.exit(1 if any(m.split('.')[0] == 'matplotlib' for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# --- the widget -----------------------------------------------------------------------------

def test_board_clicks_play_moves_and_explain_refusals():
    board = Room25Board(mode="cooperative", players=4, seed=0)
    for place in ("room_11", "room_7", "room_7", "room_13"):   # four first clues (R25-05)
        board.view.click(place)
    assert board.state.phase == "program"
    labels = [b.description for b in board.actions.children]
    assert "move → look" in labels and "push (one only)" in labels
    for _ in range(4):
        board.try_move(board.state.game.parse_move(
            f"program {board.state.current_character}: move, look"))
    assert board.state.phase == "exec"
    board.view.click("room_0")                                   # a1: not adjacent
    assert board.last_refusal is not None and board.last_refusal.rule == "R25-13"
    board.view.click("room_11")                                  # b3: a legal move
    assert board.state.position(0) in (11, 12) or not board.state.alive(0)
    # The move list keeps programs secret (the teacher's words, issue 18).
    text = board.move_list.value
    assert "programmed Scientist with 2 actions, face down" in text
    assert "then look" not in text and "move, look" not in text


def test_R25_16_push_by_clicking_the_character_then_the_room_and_R25_17_slides():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = position(g, rooms={"b2": "empty", "a2": "empty"}, chars={0: "b2", 1: "b2"},
                 face_up=["a2"])
    s = program_all(s, {0: "push, control"})
    board = Room25Board(state=s)
    board.view.click("char_1")
    assert board.selection == 1 and 'class="click char selected"' in board.svg
    pushes = sorted(P[n] for n in ("a2", "b1", "b3", "c2"))
    assert board.controller.targets(board.state, 1) == pushes
    board.view.click("room_5")                                   # push the Nerd to a2
    assert board.state.position(1) == 5
    assert "slide_2_0" not in board.view.drawn                   # the centre's row (R25-18)
    result = board.controller.click(board.state, "slide_2_0", board.selection)
    assert board.state.why_illegal(result.move).rule == "R25-18"
    board.view.click("slide_6_0")                                # column b up
    assert board.state.position(0) == 1


def test_R25_I5_on_the_spot_a_chip_chooses_look_instead_of_move():
    board = Room25Board(mode="solo", seed=1)
    board.view.click("room_7")                                   # the first clue
    assert {"action_1", "action_2", "action_6"} <= set(board.view.drawn)  # move, look, marker
    board.view.click("action_2")                                 # Look
    assert "✓ Look" in board.svg and "a room click: look" in board.status_line.value
    board.view.click("room_11")
    assert str(board.match.moves[-1]) == "look b3"


def test_an_unknown_id_is_ignored_with_a_message():
    board = Room25Board(mode="cooperative", players=2, seed=0)
    before = board.state
    for junk in ("room_99", "nonsense", "char_7", "slide_x", "action_42", "cover"):
        board.click(junk)
        assert board.state is before
    assert board.message        # the board said it did not draw that


def test_new_game_leaves_the_widget_count_flat():
    board = Room25Board(mode="cooperative", players=2)
    board.new_game()
    start = widget_count()
    for _ in range(30):
        board.new_game()
    assert widget_count() <= start + 2


def random_positions(mode, players, games, seed):
    rng = random.Random(seed)
    out = []
    for k in range(games):
        game = boardlib.load("room25", mode=mode, players=players, seed=seed + k)
        state, bot = game.new_initial_state(), RandomBot(seed + k)
        path = []
        while not state.is_terminal():
            path.append(state)
            state = state.apply(bot.choose(state))
        out += rng.sample(path, min(6, len(path)))
    return out


@pytest.mark.parametrize("mode, players", [("solo", 1), ("cooperative", 2), ("suspicion", 4),
                                           ("competition", 2)])
def test_every_legal_move_can_be_entered_by_clicks_from_any_selection(mode, players):
    board = Room25Board(mode=mode, players=players, seats=["human"] * players, seed=0)
    entered = check_every_move_by_clicks(board, random_positions(mode, players, 6, 10),
                                         depth=1)
    assert entered > 100, entered


def test_controller_targets_follow_the_legal_moves():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = program_all(position(g), {0: "move"})
    assert Room25Controller().targets(s, None) == [7, 11, 13, 17]


def test_kept_pieces_give_the_same_bytes_as_a_drawing_from_scratch():
    """The rooms, characters, slide arrows, countdown track and chips are kept as drawn
    pieces (``draw.PIECES``, keyed by everything each shows); a picture made of kept pieces
    is the picture drawn afresh, whatever was drawn before."""
    from boardlib.room25 import draw
    states = random_positions("suspicion", 5, 3, 40) + random_positions("solo", 1, 2, 50)
    rng = random.Random(3)
    calls = []
    for state in states:
        legal = state.legal_moves()
        calls.append((state, dict(viewer=rng.choice([None, 0, state.game.num_players - 1]),
                                  selection=rng.choice([None, 0]),
                                  targets=rng.sample(range(25), 3),
                                  hint=rng.choice(legal) if legal else None,
                                  caption=rng.random() < 0.5)))
    warm = [draw_svg(s, **kw) for s, kw in calls]
    again = [draw_svg(s, **kw) for s, kw in calls]
    assert again == warm
    cold = []
    for s, kw in reversed(calls):
        draw.PIECES.clear()                        # forget every kept piece
        cold.append(draw_svg(s, **kw))
    cold.reverse()
    assert cold == warm
    assert [p.clickable for p in cold] == [p.clickable for p in warm]
    assert len({str(p) for p in warm}) > len(states) // 2     # the pictures differ


def test_kept_pictures_are_the_pictures_drawn_afresh():
    """``draw_svg`` keeps whole pictures (``draw.PICTURES``) by the game, the position's
    content and every argument; each is the picture ``draw_svg_afresh`` draws, with its own
    copy of the clickable ids."""
    from boardlib.room25 import draw
    states = random_positions("competition", 3, 2, 60)
    rng = random.Random(5)
    for state in states:
        legal = state.legal_moves()
        for _ in range(3):
            kw = dict(selection=rng.choice([None, 0, 1]), targets=rng.sample(range(25), 2),
                      hint=rng.choice(legal) if legal else None, caption=rng.random() < 0.5,
                      reveal_all=rng.random() < 0.2)
            viewer = rng.choice([None, 0, 2])
            first, kept = draw_svg(state, viewer, **kw), draw_svg(state, viewer, **kw)
            assert kept == first == draw.draw_svg_afresh(state, viewer, **kw)
            assert kept.clickable == first.clickable and kept.clickable is not first.clickable
    twin = state.game.state_from_dict(state.to_dict())    # another object, the same content
    assert draw_svg(twin, 0) == draw.draw_svg_afresh(twin, 0)
    other = boardlib.load("room25", mode="competition", players=3, seed=61).new_initial_state()
    assert draw_svg(other, 0) == draw.draw_svg_afresh(other, 0)   # another game: its own key
