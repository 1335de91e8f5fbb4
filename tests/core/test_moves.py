"""Move notation and typed moves (boardlib.core.moves), on a small game of their own."""
import pytest

from boardlib.core import DIRECTION, HEX, PAIR, WHOLE, ChoiceKind, InvalidInputError, MoveSet, move
from boardlib.core.moves import MAX_MOVE_TEXT, TextKind
from boardlib.grids.hex import Hex


@move("put {size} at {at} facing {facing}", rule="T-01", size=WHOLE, at=HEX, facing=DIRECTION)
class Put:
    at: Hex
    size: int
    facing: int


@move("token {colour} on {spot}", rule="T-02", colour=ChoiceKind("red", "blue"), spot=PAIR)
class Token:
    colour: str
    spot: tuple


@move("label {name}", rule="T-03", name=TextKind(r"[a-z]+:[A-Z+]+", "a feature like city:N",
                                               parse=str.lower))
class Label:
    name: str


@move("done", rule="T-04")
class Done:
    pass


MOVES = MoveSet("Toy", Put, Token, Label, Done, rule="T-00")


def test_str_and_parse_are_one_declaration():
    moves = [Put(Hex(3, -1), 2, 4), Token("blue", (0, -7)), Done()]
    for m in moves:
        assert MOVES.parse(str(m)) == m
    assert str(moves[0]) == "put 2 at 3,-1 facing SW"
    assert str(moves[1]) == "token blue on 0,-7"
    assert MOVES.parse("  put 2   at 3,-1 facing SW ") == moves[0]


@pytest.mark.parametrize("text, message", [
    ("put 2 at 3 facing E", "not a Toy move"),
    ("token green on 1,1", "not a Toy move"),
    ("x" * (MAX_MOVE_TEXT + 1), "too long"),
    (42, "is text, not 42"),
    (None, "is text, not None"),
])
def test_bad_text_is_invalid_input_with_an_excerpt(text, message):
    with pytest.raises(InvalidInputError, match=message) as info:
        MOVES.parse(text)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("bad, rule, field", [
    (Put(Hex(3, -1), 2.0, 4), "T-01", "size"),
    (Put(Hex(3, -1), True, 4), "T-01", "size"),
    (Put(Hex(3.0, -1), 2, 4), "T-01", "at"),
    (Put(Hex([3], -1), 2, 4), "T-01", "at"),
    (Put((3, -1), 2, 4), "T-01", "at"),
    (Put(Hex(3, -1), 2, "E"), "T-01", "facing"),
    (Token(0, (1, 1)), "T-02", "colour"),
    (Token("red", [1, 1]), "T-02", "spot"),
    (Token("red", (1.0, 1)), "T-02", "spot"),
])
def test_wrong_field_types_are_refused_with_the_moves_rule(bad, rule, field):
    problem = MOVES.type_problem(bad)
    assert problem is not None and problem.rule == rule and problem.reason.startswith(field)
    str(bad)  # still writable, for messages


def test_objects_that_are_no_move_are_refused():
    assert MOVES.type_problem("put 2 at 3,-1 facing E").rule == "T-00"
    assert MOVES.type_problem(Put(Hex(0, 0), 1, 0)) is None


def test_equality_is_typed_so_membership_means_legal():
    good = Put(Hex(3, -1), 2, 4)
    legal = (good, Done())
    assert Put(Hex(3, -1), 2, 4) in legal
    assert Put(Hex(3, -1), 2.0, 4) not in legal and Put(Hex(3.0, -1), 2, 4) not in legal
    assert Put((3, -1), 2, 4) not in legal
    assert hash(Put(Hex(3, -1), 2, 4)) == hash(good)
    assert Done() == Done() and Done() != good


def test_moves_are_frozen():
    with pytest.raises(AttributeError):
        Put(Hex(0, 0), 1, 0).size = 2


def test_a_template_must_name_every_field():
    with pytest.raises(TypeError, match="name each field"):
        @move("put {size}", rule="T-01", size=WHOLE)
        class Broken:
            size: int
            at: Hex


def test_text_kinds_can_normalise():
    assert MOVES.parse("label city:N+E") == Label("city:n+e")


def test_listed_in_finds_exactly_the_moves_in_the_list():
    """check_refusals asks ``listed_in(legal)(m)`` (a set lookup) where the plain definition
    is ``m in legal``: equal values of other types (``2.0``, ``True``, a list for a pair),
    unhashable fields and moves of other classes give the same answer."""
    from boardlib.core.testing import listed_in, mutated_moves, wrong_values
    import random

    legal = (Put(Hex(3, -1), 2, 4), Put(Hex(0, 0), 1, 1), Token("red", (0, -7)), Done())
    probes = list(legal) + [Put(Hex(3, -1), 2.0, 4), Put(Hex(3, -1), 2, True),
                            Put(Hex(0, 0), True, 1), Token("red", [0, -7]),
                            Token("red", (0.0, -7)), Token("blue", (0, -7)), Label("city:N"),
                            Token(["red"], (0, -7)), "done", None]
    probes += [Put(Hex(3, -1), bad, 4) for bad in wrong_values(WHOLE, 2)]

    class Moves:
        def legal_moves(self):
            return legal
    probes += list(mutated_moves(Moves(), random.Random(3), per_state=40))
    listed = listed_in(legal)
    for probe in probes:
        assert listed(probe) == (probe in legal), probe
    unhashable = (Token("red", [0, -7]),)
    assert listed_in(unhashable)(Token("red", [0, -7])) and not listed_in(unhashable)(Done())
