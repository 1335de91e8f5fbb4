"""The save schema (boardlib.core.schema): paths, excerpts, bounds and JSON failures."""
import time

import pytest
from hypothesis import given, settings, strategies as st

from boardlib.core import InvalidInputError
from boardlib.core.schema import (Anything, Boolean, Choice, ListOf, OneOf, Optional, Record,
                                  Text, TupleOf, Whole, load_json)

SHIP = TupleOf(Whole(-50, 50), Whole(-50, 50), Whole(0, 4), Whole(1, 3))
STATE = Record({"to_move": Whole(0, 2), "ships": ListOf(SHIP, max_length=60),
                "ended": Optional(Choice("pass", "last fleet")), "done": Boolean(),
                "name": Text(10), "extra": OneOf(Whole(0, 3), Text(3))}, optional=("extra",))
GOOD = {"to_move": 1, "ships": [[0, 1, 2, 3]], "ended": None, "done": False, "name": "ok"}


def refused(data, schema=STATE):
    with pytest.raises(InvalidInputError) as info:
        schema.check(data)
    return str(info.value)


def test_a_good_value_passes():
    STATE.check(GOOD)
    STATE.check({**GOOD, "extra": "abc"})
    STATE.check({**GOOD, "extra": 2, "ended": "pass"})


@pytest.mark.parametrize("change, message", [
    ({"ships": [[0, 1, 2, 3], [1, 1, 0, 2.5]]},
     "state.ships[1][3]: must be a whole number from 1 to 3, not 2.5"),
    ({"to_move": True}, "state.to_move: must be a whole number from 0 to 2, not True"),
    ({"to_move": 2.0}, "state.to_move: must be a whole number from 0 to 2, not 2.0"),
    ({"done": 1}, "state.done: must be true or false, not 1"),
    ({"ended": "won"}, 'state.ended: must be null or one of "pass", "last fleet", not \'won\''),
    ({"name": "x" * 11}, "state.name: must be a text of at most 10 characters"),
    ({"ships": [[0, 1, 2]]}, "state.ships[0]: must be a list of 4 items, not [0, 1, 2]"),
    ({"ships": [[0, 0, 0, 1]] * 61}, "state.ships: must be a list of at most 60 items"),
    ({"extra": [1]}, "state.extra: must be a whole number from 0 to 3 or a text"),
    ({"more": 1}, "state: unknown field 'more'"),
])
def test_refusals_name_the_path_and_quote_a_short_excerpt(change, message):
    assert message in refused({**GOOD, **change})


def test_a_missing_field_is_named():
    data = dict(GOOD)
    del data["done"]
    assert refused(data) == "state: the field 'done' is missing"


def test_excerpts_stay_short_for_huge_values():
    for bad in ("x" * 100_000, list(range(100_000)), 10 ** 5000, [[[[[[[[1]]]]]]]] * 1000):
        message = refused({**GOOD, "name": bad})
        assert len(message) < 200, message


def test_bounds_make_big_input_quick_to_refuse():
    start = time.process_time()
    refused({**GOOD, "ships": [[0, 0, 0, 1]] * 10 ** 6})
    deep = 0
    for _ in range(10_000):
        deep = [deep]
    refused({**GOOD, "ships": [deep]})
    assert time.process_time() - start < 0.5


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "nested too deeply"),
    ("[" + "9" * 5000 + "]", "not JSON this library reads"),
    ("{'a': 1}", "not JSON: Expecting property name"),
    ("x" * 3_000_000, "longer than"),
    (b"\xff\xfe", "not JSON"),
    (None, "not JSON text"),
])
def test_load_json_turns_every_parser_failure_into_invalid_input(text, message):
    with pytest.raises(InvalidInputError, match=message) as info:
        load_json(text)
    assert len(str(info.value)) < 200


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)))
def test_any_json_value_is_accepted_or_refused_with_invalid_input(value):
    try:
        STATE.check(value)
    except InvalidInputError as exc:
        assert str(exc).startswith("state")
        assert len(str(exc)) < 300


def test_anything_bounds_its_size():
    Anything(20).check([1, 2, 3])
    assert "at most 20 characters" in refused(list(range(50)), Anything(20))


# --- the speed layer: Choice's set of typed values and the plain-item paths -----------------

CHOICE_VALUES = (1, 2.5, True, None, "a", "", 0)
PROBES = [1, 1.0, True, False, 0, 0.0, None, "a", "A", 2.5, 2, [], [1], {}, {"a": 1}, (1,),
          float("nan"), -0.0]


@pytest.mark.parametrize("probe", PROBES, ids=repr)
def test_choice_set_lookup_agrees_with_the_typed_scan(probe):
    """Choice looks a value up in a set of (type, value) pairs; the plain definition is the
    scan ``type(value) is type(v) and value == v`` over its values (``True`` is not ``1``)."""
    choice = Choice(*CHOICE_VALUES)
    assert choice.typed is not None
    scan = any(type(probe) is type(v) and probe == v for v in CHOICE_VALUES)
    assert choice.accepts(probe) == scan


def test_choice_of_unhashable_values_scans():
    choice = Choice([1], "x")
    assert choice.typed is None
    assert choice.accepts([1]) and choice.accepts("x") and not choice.accepts([2])


def test_plain_items_are_refused_with_the_same_path_as_before():
    """Lists and tuples of plain schemas skip ``check`` for each item but name the same path."""
    schema = Record({"rows": ListOf(TupleOf(Whole(0, 3), Choice("a", "b")), max_length=5),
                     "tags": ListOf(Choice("x", "y"), max_length=3)})
    schema.check({"rows": [[0, "a"], [3, "b"]], "tags": ["x"]})
    for data, message in [({"rows": [[0, "a"], [4, "b"]], "tags": []}, "state.rows[1][0]:"),
                          ({"rows": [[0, "c"]], "tags": []}, "state.rows[0][1]:"),
                          ({"rows": [], "tags": ["x", True]}, "state.tags[1]:")]:
        with pytest.raises(InvalidInputError, match=message.replace("[", r"\[")):
            schema.check(data)
