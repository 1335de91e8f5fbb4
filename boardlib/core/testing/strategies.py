"""Hypothesis strategies that mutate saves and moves, for every game's property tests.

``mutated_save(state)`` draws the JSON text of ``state.to_json()`` with one or two
changes: a field changed, deleted or duplicated, a value of the wrong type, a huge
number, deep nesting, a long string or list, or text-level damage (a 5,000-digit
number, 100,000 nested brackets, a cut-off file). ``check_loaded_save`` (in
``boardlib.core.testing``) is the oracle::

    @given(text=mutated_save(some_state))
    def test_mutated_saves(text):
        check_loaded_save(some_state.game, text)

``wrong_moves(state)`` draws moves of the game's declared classes with fields of any
value or type, for ``check_refusals``.
"""
from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

from boardlib.grids.hex import Hex

from ..api import State
from ..moves import declared_fields
from . import near_values, wrong_values

Path = tuple[Any, ...]


def _paths(value: Any, path: Path = ()) -> list[Path]:
    """The places in a JSON value, the value itself first (not deeper than 8 levels, nor
    beyond the 60th item of a list: junk put in by an earlier mutation can be huge)."""
    found = [path]
    if len(path) >= 8:
        return found
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:60]):
            found += _paths(v, path + (i,))
    return found


def _get(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step]
    return value


def junk() -> st.SearchStrategy[Any]:
    """Values a tampered or broken save might hold instead of the right one."""
    small = st.integers(-3, 80)
    return st.one_of(
        small, st.integers(-(2 ** 70), 2 ** 70), st.sampled_from([10 ** 30, -(10 ** 30), 2 ** 63]),
        st.floats(allow_nan=False, allow_infinity=False), st.just(1.0), st.booleans(),
        st.none(), st.text(max_size=6), st.sampled_from(["", "x" * 100_000, "N", "city:N"]),
        st.lists(small, max_size=5), st.dictionaries(st.text(max_size=3), small, max_size=3),
        st.integers(50, 900).map(_nested), st.just(list(range(100_000))))


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _text_damage(text: str, how: str, where: int) -> str:
    """Damage to the text itself, which no JSON value can carry."""
    at = where % (len(text) + 1)
    if how == "digits":
        i = next((k for k in range(at, len(text)) if text[k].isdigit()), None)
        if i is None:
            return text + "1" * 5000
        return text[:i] + "9" * 5000 + text[i + 1:]
    if how == "nesting":
        return "[" * 100_000 + "]" * 100_000
    if how == "cut":
        return text[:at]
    return text[:at] + '"' + text[at:]


@st.composite
def mutated_save(draw: st.DrawFn, state: State, changes: int = 2) -> str:
    """The JSON text of ``state.to_json()`` with up to ``changes`` mutations."""
    data = json.loads(state.to_json())
    for _ in range(draw(st.integers(1, changes))):
        how = draw(st.sampled_from(["replace", "replace", "replace", "delete", "duplicate",
                                    "swap", "near", "text"]))
        if how == "text":
            damage = draw(st.sampled_from(["digits", "nesting", "cut", "quote"]))
            return _text_damage(_dumps(data, state), damage, draw(st.integers(0, 10 ** 6)))
        paths = _paths(data)
        path = draw(st.sampled_from(paths))
        if not path:
            if how == "replace":
                data = draw(junk())
            continue
        parent, last = _get(data, path[:-1]), path[-1]
        if how == "replace":
            parent[last] = draw(junk())
        elif how == "near":
            value = parent[last]
            if type(value) is int:
                parent[last] = value + draw(st.sampled_from([-2, -1, 1, 2, 7]))
            elif isinstance(value, str):
                others = [_get(data, p) for p in paths if isinstance(_get(data, p), str)]
                parent[last] = draw(st.sampled_from(others))
            elif value is None:
                parent[last] = draw(st.sampled_from([0, 1, [0, 0], "x"]))
        elif how == "delete":
            del parent[last]
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[last], parent[other] = parent[other], parent[last]
    return _dumps(data, state)


def _dumps(data: Any, state: State) -> str:
    try:
        return json.dumps(data)
    except (ValueError, RecursionError):  # a value JSON cannot write: damage the text
        return _text_damage(state.to_json(), "digits", 0)


@st.composite
def wrong_moves(draw: st.DrawFn, state: State) -> Any:
    """A move of one of the game's classes, built from a legal move (when there is one)
    with any field changed to a nearby value or a value of a wrong type."""
    moves = state.game.MOVES
    assert moves is not None, "the game declares no MOVES"
    legal = state.legal_moves()
    if legal:
        base = draw(st.sampled_from(legal))
        cls = type(base)
    else:
        cls = draw(st.sampled_from(moves.classes))
        base = None
    fields = list(declared_fields(cls))
    values: dict[str, Any] = {}
    for name, kind in fields:
        current = getattr(base, name) if base is not None else 0
        rng_values = near_values(kind, current, draw(st.randoms(use_true_random=False)))
        pool = [current] + rng_values + wrong_values(kind, current)
        values[name] = draw(st.one_of(st.sampled_from(pool), st.integers(-5, 40),
                                      st.builds(Hex, st.integers(-9, 9), st.integers(-9, 9))))
    return cls(**values)


__all__ = ["mutated_save", "wrong_moves", "junk"]
