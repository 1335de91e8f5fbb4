"""Secrets on the Room 25 board (issue 15 item 5, R25-I4): a bot seat's choices never show,
hints are for human seats, Undo against a bot never takes back a move that showed a human
something hidden (an all-human board undoes freely), and a programme stays with its owner."""
import boardlib
from boardlib.room25.scenarios import position
from boardlib.room25.widget import Room25Board



def guard_to_move():
    """Suspicion: seat 1 is a hidden guard (a bot) and is to program: Reveal is legal."""
    g = boardlib.load("room25", mode="suspicion", players=4, seed=0)
    s = position(g, roles=["prisoner", "guard", "prisoner", "prisoner"])
    while s.current_player != 1:
        s = s.apply(s.game.parse_move(f"program {s.current_character}: push, control"))
    assert any(str(m) == "reveal" for m in s.legal_moves())
    return s


def test_R25_I4_no_move_buttons_while_a_bot_is_to_act_and_hints_only_for_humans():
    s = guard_to_move()
    board = Room25Board(state=s.game.new_initial_state(), viewer=0,
                        seats=["human", "guard", "prisoner", "prisoner"])
    board.start_from(s)                            # a bot to act (no reply started yet)
    assert board.actions.labels == [] and board.move_buttons() == []
    assert "Reveal (guard)" not in board.actions.labels
    assert board.hint() is None and "Hints are for human seats" in board.message
    assert "(guard bot)" in board.status_line.value
    assert "guard" not in board.status_line.value.replace("(guard bot)", "")
    # The picture is seat 0's view, not the bot's.
    assert board.svg == board.controller.draw(s, None) and board.controller.viewer == 0
    # The same position with the seat human: the guard's own buttons and hints are there.
    human = Room25Board(state=s, viewer=1, seats=["human"] * 4)
    assert "Reveal (guard)" in human.actions.labels
    assert human.hint() in s.legal_moves()


def test_R25_I4_undo_against_a_bot_refuses_to_take_back_what_showed_a_human_a_room():
    board = Room25Board(mode="cooperative", players=2, seats=["human", "role"], seed=0)
    board.click("room_7")                          # Red's secret first clue: Red saw c2
    assert board.match.states[1].revealed_to(0)    # the clue showed Red a room
    moves, state = len(board.match.moves), board.state
    assert moves >= 2                              # the bot replied
    board.undo()
    assert "Undo is not possible" in board.message and "Red" in board.message
    assert board.state is state and len(board.match.moves) == moves
    # A move that showed nothing (a reminder marker, R25-20) is taken back.
    assert board.state.phase == "program" and board.state.current_player == 0
    board.click("room_0")
    assert str(board.match.moves[-1]) == "remind a1"
    board.undo()
    assert board.state is state


def test_R25_I4_an_all_human_board_undoes_freely():
    board = Room25Board(mode="cooperative", players=2, seed=0)
    board.click("room_7")
    board.click("room_13")
    assert len(board.match.moves) == 2
    board.undo()
    board.undo()
    assert len(board.match.moves) == 0 and board.state.phase == "clue"


def visible(board):
    """Everything the board shows at once: picture, status, why-not line, narration, buttons
    and move list."""
    return " | ".join([board.svg, board.status_line.value, board.message,
                       board.narration.value, " ".join(board.actions.labels),
                       board.move_list.value])


def test_R25_I4_a_programme_is_never_shown_to_another_seat_on_the_shared_screen():
    g = boardlib.load("room25", mode="cooperative", players=2, seed=0)
    s = g.new_initial_state()
    board = Room25Board(state=s, pass_screen=True)
    board.ready()
    board.click("room_7")
    board.ready()
    board.click("room_13")
    board.ready()
    assert board.state.phase == "program" and board.state.current_player == 0
    board.actions.children[board.actions.labels.index("look → move")].click()
    # Blue's turn: a hand-over cover first; nothing on screen says what Red programmed.
    assert board.screened and "Pass the screen to Blue" in board.svg
    shown = visible(board)
    assert "look → move" not in shown and "look, move" not in shown
    assert "programs 2 actions" in shown
    board.ready()                                  # Blue has the screen: still nothing
    shown = visible(board)
    assert "look → move" not in shown.replace(" ".join(board.actions.labels), "")
    assert "look, move" not in shown
