"""The Room 25 lesson's pictures (boardlib.room25.lesson): what they draw comes from the engine,
each position is drawn as a named seat knows it and says so, and nothing drawn or written
depends on what that seat may not see (R25-I4)."""
from __future__ import annotations

import random
import re

import boardlib
from boardlib.room25 import lesson
from boardlib.room25.rooms import standard_composition
from boardlib.room25.rules import POS_INDEX, POS_NAMES
from boardlib.room25.saves import fields_from_save
from boardlib.room25.scenarios import play, position, program
from boardlib.room25.state import Room25State


def coop():
    return boardlib.load("room25", mode="cooperative", players=4, seed=1)


def texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def redealt(state: Room25State, seat: int, seed: int) -> Room25State:
    """``state`` with the rooms ``seat`` does not know shuffled among their places."""
    unknown = [q for q in range(25) if state.known_kind(seat, q) is None
               and not any(state.position(c) == q for c in range(state.game.num_chars))]
    data = state.to_dict()
    grid = list(data["grid"])
    tiles = [grid[q] for q in unknown]
    random.Random(seed).shuffle(tiles)
    for q, t in zip(unknown, tiles):
        grid[q] = t
    data["grid"] = grid
    return Room25State(state.game, **fields_from_save(state.game, data))


def test_the_game_in_progress_names_its_parts_with_their_rules():
    svg = lesson.game_in_progress().svg
    words = texts(svg)
    assert "The parts of the picture" in words
    for number, (_, label) in enumerate(lesson.LABELS, 1):
        assert str(number) in words
        assert any(w in label for w in words if len(w) > 12), label
    assert all(re.search(r"R25-I?\d+", label) for _, label in lesson.LABELS)
    assert "as Red knows it" in svg


def test_R25_I4_the_game_in_progress_shows_only_what_red_knows():
    state = lesson.mid_game()
    twin = redealt(state, 0, 1)
    assert [twin.kind_at(q) for q in range(25)] != [state.kind_at(q) for q in range(25)]
    assert lesson.scene(twin, 0).svg == lesson.scene(state, 0).svg


def test_R25_06_R25_10_one_turn_and_the_phases_cite_their_rules():
    words = " ".join(texts(lesson.one_turn().svg))
    for rule in ("R25-05", "R25-07", "R25-08", "R25-10"):
        assert rule in words
    phases = " ".join(texts(lesson.phases().svg))
    assert "Programming" in phases and "Countdown" in phases and "R25-15" in phases


def test_R25_02_the_countdown_has_the_engines_number_of_turns():
    words = texts(lesson.countdown(("suspicion", "cooperative")).svg)
    assert "10 turns · the alarm can cut it (R25-12)" in words
    assert "8 turns · no alarm" in words
    assert words.count("10") == 1 and words.count("9") == 1 and words.count("8") == 2


def test_R25_03_the_turn_order_is_the_engines():
    state = boardlib.load("room25", mode="cooperative", players=3, seed=1).new_initial_state()
    words = texts(lesson.turn_order([("Cooperative, 3 players", state)]).svg)
    names = [w.split(". ", 1)[1] for w in words if re.match(r"\d\. ", w)]
    assert names == [state.game.names[c] for c in state.order]


def test_R25_37_a_composition_counts_its_rooms():
    rooms = standard_composition("beginner", "cooperative")
    words = texts(lesson.composition(rooms, "Beginner", says=["A sentence."]).svg)
    assert "\u00d7 8" in words and "Empty" in words and "A sentence." in words


def test_R25_15_after_a_move_the_teachers_steps_are_written_under_the_board():
    state = program(position(coop(), rooms={"b3": "vortex"}), {0: "move"})
    words = texts(lesson.after(state, "move b3").svg)
    assert "R25-15: Scientist moves to b3." in words
    assert "R25-23: The Vortex sends Scientist back to the Central Room." in words
    assert not any(w.startswith("R25-09: Nerd") for w in words), "bystanders are quiet"


def test_R25_I4_a_look_is_told_to_others_without_the_room():
    state = program(position(coop(), rooms={"b3": "deadly"}), {0: "look"})
    _, marks, red = lesson.steps_of(state, ["look b3"], viewer=0)
    _, _, blue = lesson.steps_of(state, ["look b3"], viewer=1)
    assert not any("Deadly" in line for line in blue)
    assert [m.at for m in marks] == [POS_INDEX["b3"]]
    looked = play(state, "look b3")
    assert lesson.scene(looked, 1).svg == lesson.scene(redealt(looked, 1, 2), 1).svg
    assert "(Deadly)" in lesson.scene(looked, 0).svg


def test_R25_09_events_and_refusals_are_sentences_with_their_rule():
    game = coop()
    lost = program(position(game, rooms={"b3": "empty"}, chars={0: "b3"}), {0: "push, look"})
    lines = lesson.events(lost)
    assert lines and all(line.startswith("R25-") for line in lines)
    assert any(line.startswith("R25-09: Scientist") for line in lines)
    assert not any(line.startswith("R25-09: Nerd") for line in lines)
    assert lesson.refusal(lost, "pass").endswith(")") and "is refused" in lesson.refusal(
        lost, "pass")
    start = position(game)
    legal = lesson.refusal(start, "program 0: move, look")
    assert legal == "\u201cprogram 0: move, look\u201d is legal."


def test_side_by_side_and_routes():
    state = position(coop())
    both = lesson.side_by_side(lesson.scene(state), lesson.scene(state))
    assert both.svg.count("<svg") == 3
    marks = lesson.route_marks([POS_INDEX[p] for p in ("c3", "b3", "a3")])
    assert [POS_NAMES[m.at] for m in marks] == ["b3", "a3"]
