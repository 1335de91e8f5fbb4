"""One palette for every game, checked for colour-blind players (boardlib.svg.palette).

The seat colours are six Okabe–Ito colours. Under normal vision and simulated protanopia,
deuteranopia and tritanopia (Machado et al. 2009, severity 1) every two of them differ by
at least SEAT_DIFFERENCE in CIEDE2000, every one differs from every game surface by at least
SURFACE_DIFFERENCE, and the ink on a piece is legible. Why those thresholds: a CIEDE2000
difference of about 1 is just noticeable side by side (Sharma et al. 2005) and 2.3 is the
usual "just noticeable" figure; pieces are small and seen apart, so the seats need several
times that. 12 is as far as six Okabe–Ito colours can be kept apart in all four visions
(the test below computes that no six of the eight do better than 12.25), and every piece
also shows its seat's shape and letter. Surfaces get 10: a piece also has a dark outline.
"""
from __future__ import annotations

import itertools

import pytest

from boardlib.svg import palette
from boardlib.svg.palette import (SEAT_DIFFERENCE, SEATS, SHAPES, SURFACE_DIFFERENCE,
                                  SURFACES, seat)

from .colour_vision import ciede2000, contrast_ratio, difference, least_difference, VISIONS

OKABE_ITO = {"black": "#000000", "orange": "#E69F00", "sky blue": "#56B4E9",
             "bluish green": "#009E73", "yellow": "#F0E442", "blue": "#0072B2",
             "vermillion": "#D55E00", "reddish purple": "#CC79A7"}

# Sharma, Wu and Dalal (2005), Table 1: pairs 1, 2, 3, 4, 7, 17, 18, 19, 20, 21, 25.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, 2.8361, -74.0200), (50.0, 0.0, -82.7485), 3.4412),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((84.25, 5.74, 96.0), (84.46, 8.88, 96.49), 1.6743),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
]


@pytest.mark.parametrize("lab1,lab2,expected", SHARMA)
def test_ciede2000_matches_the_published_test_data(lab1, lab2, expected):
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=5e-5)


def test_the_simulations_merge_what_they_should():
    """A check that the matrices bite: red and green merge for deuteranopes, blue and
    green for tritanopes, while normal vision keeps both pairs far apart."""
    assert difference("#ff0000", "#00a000", "normal") > 60
    assert difference("#D55E00", "#009E73", "deuteranopia") < 25
    assert difference("#0072B2", "#009E73", "tritanopia") < 15
    assert difference("#777777", "#777777", "protanopia") == 0


def test_the_seats_are_six_okabe_ito_colours_with_unique_letters_and_shapes():
    assert len(SEATS) == 6
    assert {s.color for s in SEATS} <= set(OKABE_ITO.values())
    assert "#000000" not in {s.color for s in SEATS}   # black looked like tunnel openings
    assert len({s.letter for s in SEATS}) == 6 and all(s.name[0] == s.letter for s in SEATS)
    assert sorted(s.shape for s in SEATS) == sorted(SHAPES)
    assert [s.index for s in SEATS] == list(range(6))


@pytest.mark.parametrize("a,b", list(itertools.combinations(range(6), 2)))
def test_every_two_seat_colours_stay_apart_in_every_vision(a, b):
    for vision in VISIONS:
        found = difference(SEATS[a].color, SEATS[b].color, vision)
        assert found >= SEAT_DIFFERENCE, (SEATS[a].name, SEATS[b].name, vision, found)


def test_no_six_okabe_ito_colours_do_better_and_small_games_get_the_most_distinct():
    def worst(colors):
        return min(least_difference(x, y) for x, y in itertools.combinations(colors, 2))
    best = max(worst(c) for c in itertools.combinations(OKABE_ITO.values(), 6))
    ours = worst([s.color for s in SEATS])
    assert best == pytest.approx(12.25, abs=0.01) and ours >= best - 0.2
    # the three seats every game has are the three most distinct of the six
    first_three = worst([s.color for s in SEATS[:3]])
    assert first_three > 20 and first_three == max(
        worst(c) for c in itertools.combinations([s.color for s in SEATS], 3))


@pytest.mark.parametrize("game", sorted(SURFACES))
def test_pieces_never_melt_into_a_games_surfaces(game):
    for name, surface in SURFACES[game].items():
        for s in SEATS:
            found = least_difference(s.color, surface)
            assert found >= SURFACE_DIFFERENCE, (game, name, s.name, found)


def test_the_ink_on_each_seat_colour_is_the_more_legible_one():
    for s in SEATS:
        other = "#ffffff" if s.ink == "#000000" else "#000000"
        assert contrast_ratio(s.color, s.ink) >= 4.5, s.name
        assert contrast_ratio(s.color, s.ink) > contrast_ratio(s.color, other), s.name


def test_names_follow_the_colours_and_more_seats_get_numbers():
    assert [s.name for s in SEATS] == ["Red", "Blue", "Yellow", "Sky", "Pink", "Green"]
    assert seat(0) == SEATS[0] and seat(6).color == SEATS[0].color
    assert seat(6).name == "Red 2" and seat(6).index == 6
    assert palette.seat_names(3) == ("Red", "Blue", "Yellow")


def test_zyrcan_draws_with_the_palette():
    from boardlib.zyrcan import draw

    assert draw.PLAYER_COLORS == tuple(s.color for s in SEATS[:5])
    assert draw.SURFACE is SURFACES["zyrcan"]
