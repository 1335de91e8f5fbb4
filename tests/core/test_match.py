"""Matches: undo/redo, and JSON save files validated on load (bad input changes nothing)."""
import json

import pytest

import boardlib
from boardlib.core import IllegalMoveError, InvalidInputError, Match


def test_undo_redo_walks_the_history():
    match = Match(boardlib.load("zyrcan"))
    start = match.state
    first = match.play("place 2 at 3,3")
    match.play("place 1 at 4,3")
    assert match.undo().to_dict() == first.to_dict()
    assert match.undo() is start and not match.can_undo
    match.redo()
    match.redo()
    assert len(match) == 2 and not match.can_redo
    with pytest.raises(IndexError):
        match.redo()
    match.undo()
    match.play("place 3 at 5,1")  # a new move clears the redo list
    assert not match.can_redo


def test_illegal_move_leaves_the_match_unchanged():
    match = Match(boardlib.load("zyrcan"))
    match.play("place 2 at 3,3")
    with pytest.raises(IllegalMoveError) as info:
        match.play("place 1 at 3,3")
    assert info.value.rule == "ZY-05" and len(match) == 1
    with pytest.raises(InvalidInputError, match="not a Zyrcan move"):
        match.play("fly somewhere")


def test_save_and_load_round_trip():
    match = Match(boardlib.load("zyrcan", players=4, first_player=1))
    match.play_bots({p: boardlib.core.RandomBot(p) for p in range(4)}, limit=60)
    again = Match.from_json(match.to_json())
    assert again.game == match.game and again.moves == match.moves
    assert again.state.to_dict() == match.state.to_dict()


@pytest.mark.parametrize("text, message", [
    ("not json", "not JSON"),
    ("[]", "not a boardlib save file"),
    ('{"format": "boardlib-match", "version": 9}', "unsupported save version"),
    ('{"format": "boardlib-match", "version": 1, "game": "chess", "options": {}, "moves": []}',
     "no game called"),
    ('{"format": "boardlib-match", "version": 1, "game": "zyrcan", "options": {"players": 7},'
     ' "moves": []}', "ZY-01"),
    ('{"format": "boardlib-match", "version": 1, "game": "zyrcan", "options": {},'
     ' "moves": ["place 1 at 3,3", "place 1 at 3,3"]}', "move 2"),
    ('{"format": "boardlib-match", "version": 1, "game": "zyrcan", "options": {},'
     ' "moves": [42]}', r"save.moves\[0\]: must be a text"),
])
def test_bad_save_files_are_refused_clearly(text, message):
    with pytest.raises(InvalidInputError, match=message):
        Match.from_json(text)


def test_state_json_is_validated():
    game = boardlib.load("zyrcan")
    state = game.new_initial_state().apply(game.parse_move("place 3 at 4,2"))
    assert game.state_from_json(state.to_json()).to_dict() == state.to_dict()
    data = json.loads(state.to_json())
    data["state"]["ships"].append([4, 2, 1, 1])
    with pytest.raises(InvalidInputError, match="two ships"):
        game.state_from_json(json.dumps(data))
    data = json.loads(state.to_json())
    data["state"]["reserves"][0] = [4, 6, 2]
    with pytest.raises(InvalidInputError, match="ZY-03"):
        game.state_from_json(json.dumps(data))
    with pytest.raises(InvalidInputError, match="options"):
        boardlib.load("zyrcan", players=4).state_from_json(state.to_json())


def test_unknown_options_and_games():
    with pytest.raises(InvalidInputError, match="no option colour"):
        boardlib.load("zyrcan", colour="red")
    with pytest.raises(InvalidInputError, match="no game called"):
        boardlib.load("chess")
    assert "zyrcan" in boardlib.available_games()


def test_games_offer_their_own_bots():
    zyrcan = boardlib.load("zyrcan")
    assert set(zyrcan.bots()) == {"random", "greedy", "mcts"}
    assert type(boardlib.core.make_bot("greedy", game=zyrcan)) is boardlib.core.GreedyBot
    carcassonne = boardlib.load("carcassonne", players=2)
    assert carcassonne.bots()["greedy"].__name__ == "CarcassonneGreedyBot"
    room25 = boardlib.load("room25", mode="solo")
    assert "mcts" not in room25.bots() and "role" in room25.bots()  # R25-I4: no full-state bots
    with pytest.raises(ValueError, match="no bot called 'mcts'"):
        boardlib.core.make_bot("mcts", game=room25)


def test_a_game_name_or_save_version_of_the_wrong_type_is_refused_clearly():
    with pytest.raises(InvalidInputError, match="no game called"):
        boardlib.load(["zyrcan"])
    saved = json.loads(Match(boardlib.load("zyrcan")).to_json())
    with pytest.raises(InvalidInputError, match="save version"):
        Match.from_json(json.dumps({**saved, "version": True}))   # True == 1, but no version
