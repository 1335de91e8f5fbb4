"""Room 25 board widget driven from Python: countdown track and Control markers on the
picture, hot-seat "pass the screen" (R25-I4), narration with rule IDs, Look shown only
to the looker, solo play on the spot (R25-49, R25-I5) and bots filling seats."""
import re

import boardlib
from boardlib.core.teaching import history
from boardlib.room25.draw import SHORT, draw_svg, track_looks
from boardlib.room25.rules import POS_INDEX as P
from boardlib.room25.rules import ACTION_NAMES
from boardlib.room25.scenarios import position
from boardlib.room25.teaching import program_words
from boardlib.room25.widget import Room25Board
from boardlib.svg.marks import LAST_MOVE, MarkLayer

from .helpers import play, program_all


def ids(svg):
    return set(re.findall(r'id="([a-z]+(?:_[0-9]+)*)"', svg))


def group(svg, gid):
    """The text of the SVG group with id ``gid`` (up to the next group)."""
    start = svg.index(f'id="{gid}"')
    return svg[start:svg.index("</g>", start)]


def turn_boxes(svg):
    """The countdown track's boxes, in order: their look (past, now, next, cut)."""
    return re.findall(r'<g class="turn (\w+)">', svg)


def test_R25_10_countdown_track_marks_the_current_turn():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = position(g, turn=3)
    assert track_looks(s) == ["past", "past", "now"] + ["next"] * 5
    assert turn_boxes(draw_svg(s, 0)) == track_looks(s)
    ten = position(boardlib.load("room25", mode="suspicion", players=4, seed=0))
    assert len(turn_boxes(draw_svg(ten, 0))) == 10
    # The current turn's box is filled dark and its number is bold, the others are not.
    svg = draw_svg(s, 0)
    now = svg.split('<g class="turn now">')[1].split("</g>")[0]
    assert 'fill="#111827"' in now and 'font-weight="bold"' in now
    assert "6 turns left" in svg


def test_R25_12_alarm_cuts_the_track_on_the_picture():
    g = boardlib.load("room25", mode="suspicion", players=4, seed=0)
    s = position(g, rooms={"b3": "room25"}, turn=2)
    before = draw_svg(s, 0)
    s = play(program_all(s, {0: "move, look"}), "move b3")
    assert s.alarm and s.last_turn == 6
    assert track_looks(s) == ["past", "now", "next", "next", "next", "next",
                              "cut", "cut", "cut", "cut"]
    after = draw_svg(s, 0)
    assert "ALARM" in after and "ALARM" not in before
    assert turn_boxes(after)[6:] == ["cut"] * 4 and "cut" not in turn_boxes(before)
    cut = after.split('<g class="turn cut">')[1].split("</g>")[0]
    assert "#fecaca" in cut and "<line" in cut            # crossed out, not only coloured


def test_R25_17_and_R25_19_control_marker_on_the_picture():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = position(g, rooms={"b2": "empty", "b4": "empty"}, chars={0: "b2", 1: "b4"})
    s = program_all(s, {0: "control, look", 1: "control, look"})
    assert ">C</text>" not in draw_svg(s, 0)
    s = play(s, "control col b up")
    svg = draw_svg(s, 0)
    assert ">C</text>" in group(svg, "slide_6_0")          # column b, slid up (towards row 1)
    assert "slid this way this turn" in svg.clickable["slide_6_0"]
    assert "click slide blocked" in svg and "R25-19" in svg.clickable["slide_6_1"]
    assert "#9ca3af" in group(svg, "slide_6_1")            # the way back is greyed (R25-19)
    assert "#9ca3af" not in group(svg, "slide_6_0")
    # A click on the marker is a click on its arrow: slide the same way again.
    board = Room25Board(state=s, seats=["human"] * 4)
    board.view.click("slide_6_0")
    assert board.state.position(1) == P["b2"] and board.state.shifts[6] == -1


def test_R25_I4_hot_seat_pass_the_screen_between_human_players():
    board = Room25Board(mode="cooperative", players=2, pass_screen=True)
    assert board.hot_seat and board.screened                # Red first gets the screen
    assert "cover" in ids(board.svg) and "Pass the screen to Red" in board.svg
    assert [b.description for b in board.actions.children] == [
        "Pass the screen to Red — click when ready"]
    board.view.click("room_7")                              # a click only says "ready"
    assert board.state.phase == "clue" and not board.match.moves and not board.screened
    board.view.click("room_7")                              # Red's secret first clue (R25-05)
    kind = SHORT[board.state.kind_at(7)]
    assert board.state.current_player == 1 and board.screened
    assert f"({kind})" not in board.svg and "Pass the screen to Blue" in board.svg
    # While the cover is up nothing can be played, and the state stays as it was.
    before = board.state
    assert not board.try_move(board.state.legal_moves()[0]) and board.state is before
    assert "pass the screen" in board.message.lower()
    board.bot_move()
    assert board.hint() is None and board.state is before
    board.actions.children[0].click()                       # Blue is ready
    assert board.state is before and not board.screened
    assert f"({kind})" not in board.svg                     # Blue never saw Red's room
    board.view.click("room_13")
    board.ready()
    # Programming alternates the players; each commit hides the program behind the cover.
    assert board.state.phase == "program"
    mover = board.state.current_player
    labels = [b.description for b in board.actions.children]
    assert "move → look" in labels
    board.actions.children[labels.index("move → look")].click()
    assert board.state.current_player != mover and board.screened
    assert [b.description for b in board.actions.children] == [
        f"Pass the screen to {board._player(board.state.current_player)} — click when ready"]
    assert "programs 2 actions" in board.narration.value and "move" not in \
        board.narration.value.split("programs")[1]
    # Switching the step off shows the board again at once.
    board.pass_screen.value = False
    assert not board.screened and "cover" not in ids(board.svg)


def test_R25_I4_look_is_shown_only_to_the_looking_player():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = program_all(position(g, rooms={"b3": "deadly"}),
                    {0: "look, move", 1: "look, move"})
    board = Room25Board(state=s, pass_screen=True)
    board.ready()
    board.view.click("room_11")                             # Red looks at b3 (R25-14)
    assert "(Deadly)" not in board.svg                      # Blue's turn: the cover is up
    assert any("R25-14" in line for line in board.narration_lines())
    assert "Deadly" not in board.narration.value            # the narration keeps it secret
    board.ready()
    assert board.state.current_player == 1 and "Deadly" not in board.svg
    board.view.click("room_13")                             # Blue looks elsewhere
    board.ready()
    assert board.state.current_player == 0 and "(Deadly)" in board.svg


def test_R25_08_narration_names_every_effect_with_its_rule():
    g = boardlib.load("room25", mode="cooperative", players=4, seed=0)
    s = program_all(position(g, rooms={"b3": "vortex"}), {0: "move, look"})
    board = Room25Board(state=s)
    board.view.click("room_11")
    lines = board.narration_lines()
    assert lines[0].startswith("Last step — Red: Scientist: move b3")
    assert any("R25-15" in line and "b3" in line for line in lines)        # the room turns up
    assert any("(R25-23)" in line for line in lines)                       # the Vortex
    assert any("(R25-09)" in line for line in lines)                       # lost bystanders
    assert "R25-23" in board.narration.value


def test_R25_49_solo_plays_on_the_spot_without_programming():
    board = Room25Board(mode="solo", players=1, pass_screen=True, seed=1)
    assert not board.hot_seat and not board.screened        # one human: nothing to hide
    board.view.click("room_7")                              # the first clue
    assert board.state.phase == "exec"
    labels = [b.description for b in board.actions.children]
    assert not any("→" in label for label in labels)        # no programming buttons
    c = board.state.current_character
    board.view.click("room_11")                             # move b3 at once (R25-I5)
    assert str(board.match.moves[-1]) == "move b3"          # (a Vortex there sends it back)
    assert board.state.position(c) == P["b3"] or not board.state.alive(c)
    assert "R25-15" in board.narration.value


def test_bots_fill_the_other_seats_and_the_view_stays_the_humans():
    board = Room25Board(mode="suspicion", players=4,
                        seats=["human", "guard", "prisoner", "prisoner"], pass_screen=True)
    assert not board.hot_seat                               # bots need no pass-the-screen step
    board.view.click("room_7")                              # the human's first clue
    state = board.state
    assert state.current_player == 0 or state.is_terminal()
    assert len(board.match.moves) > 1                       # the bots replied on their own
    # The picture is always the human's view (R25-I4), even while a bot is to move.
    assert board.controller.viewer == 0
    # ... with the bots' moves marked (the teacher's marks since the human moved).
    marks = MarkLayer(board.teacher.recent_marks(history(board.match), 0), LAST_MOVE, True)
    assert board.svg == board.controller.draw(state, None, marks=marks)
    assert board.svg == draw_svg(state, 0, targets=board.controller.targets(state, None),
                                 caption=False, action=board.controller.action(state, None),
                                 marks=marks)
    assert board.controller._viewer(board.match.states[2]) == 0   # a state where a bot moves
    assert board.match.states[2].current_player != 0


def test_R25_07_program_buttons_program_whoever_is_next_by_the_same_labels():
    """The next character's buttons read the same ("move → look" …) but are other moves:
    pressing them programs that character, not the one before (who is refused, R25-07)."""
    board = Room25Board(mode="cooperative", players=2)
    board.view.click("room_7")                              # the first clues (R25-05)
    board.view.click("room_13")
    programmed = []
    for _ in range(4):                                      # all four characters in turn
        state = board.state
        assert state.phase == "program"
        labels = [b.description for b in board.actions.children]
        board.actions.children[labels.index("move → look")].click()
        assert board.last_refusal is None, board.why_line.value
        assert board.state is not state
        programmed.append(board.match.moves[-1])
    assert len(set(programmed)) == 4 and board.state.phase != "program"


def test_R25_38_the_suspicion_seat_is_told_its_own_role_and_no_other():
    board = Room25Board(mode="suspicion", players=5, viewer=0, seed=2,
                        seats=["human", "role", "role", "role", "role"])
    roles = board.state.roles
    names = board.state.game.names
    status = board.status_line.value
    assert f"you: {names[0]}, {roles[0]}" in status and "revealed" not in status
    assert all(names[c] not in status for c in range(1, 5))
    cooperative = Room25Board(mode="cooperative", players=2)
    assert "you:" not in cooperative.status_line.value      # no hidden roles there


def test_R25_I4_undo_behind_the_cover_does_not_show_the_last_players_secrets():
    """Found in Voila: Undo on Blue's "pass the screen" cover showed Red's view again,
    with the room only Red had seen."""
    board = Room25Board(mode="cooperative", players=2, pass_screen=True)
    board.ready()
    board.view.click("room_7")                              # Red's secret first clue
    kind = SHORT[board.state.kind_at(7)]
    assert board.screened and "Pass the screen to Blue" in board.svg
    board.undo()
    assert board.state.current_player == 0 and board.screened
    assert "Pass the screen to Red" in board.svg and f"({kind})" not in board.svg
    board.redo()
    assert board.screened and "Pass the screen to Blue" in board.svg


def test_R25_07_a_hint_while_programming_names_the_program():
    board = Room25Board(mode="cooperative", players=2, seed=1)
    board.view.click("room_7")
    board.view.click("room_13")
    assert board.state.phase == "program"
    move = board.hint()
    # The hint is the teacher's words (issue 18), and a button plays that programme.
    words = board.teacher.hint_words(board.state, move, 0)
    assert words == f"program Scientist to {program_words(move)}"
    assert board.message.endswith(words), board.message
    labels = [b.description for b in board.actions.children]
    assert " → ".join(ACTION_NAMES[a] for a in move.first + move.second) in labels, labels
    assert board.state.why_illegal(move) is None
