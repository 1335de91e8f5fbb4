"""Who wins, and how: escapes, deaths and the end of the countdown in each mode (R25-11,
R25-22, R25-41, R25-42, R25-45, R25-47, R25-48, R25-49, R25-I3).

An escape happens only when the Control action of a character inside Room 25 pushes it off
the edge, and then only for that character's side (``escape``); every other slide of Room 25
off an edge is an ordinary shift (``room_25_slides_off``).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from boardlib.core.api import Outcome

from .complex import EXIT_ZONES
from .modes import GUARD, PRISONER, WIN_RULES
from .position import OVER, Draft


class Escape(NamedTuple):
    """An escape that would happen now: how the game ends, who wins, by which rule, the
    sentence that tells it, and the winners' score."""

    termination: str
    winners: tuple[int, ...]
    rule: str
    text: str
    score: float


def room_25_slides_off(d: Draft, c: int, rule: str) -> bool:
    """R25-I3 Who escapes, and how: Room 25, face up, is being slid off an edge by ``c``. Only
    the Control action (``rule`` R25-17) of a character inside it can take it out, and only
    if their side may escape now (``escape``). Otherwise it is an ordinary shift: the room
    comes back in at the far end with its occupants (R25-17), and the text says no more than
    the rules make public (R25-I4). True if the game ended in an escape."""
    game = d.game
    inside = d.loc[c] == game.room25_tile
    if rule == "R25-17" and inside:
        found = escape(d, c)
        if found is not None:
            end(d, found.termination, found.winners, found.rule, found.text, found.score)
            return True
        why = "nobody escapes" if game.mode == "suspicion" else why_no_escape(d, c)
        d.event(WIN_RULES[game.mode], f"Room 25 slides off the edge, but {why}: it comes back "
                                      "in at the other end")
    else:
        d.event("R25-I3", "Room 25 slides off the edge and comes back in at the other end: "
                          "only the Control action of a character inside it takes it out of "
                          "the complex")
    return False


def side(pos: Any, c: int) -> list[int]:
    """The characters who escape together with ``c`` (R25-I3): the prisoners in Suspicion,
    everyone in Cooperative and Solo, ``c``'s player's pair in Competition, ``c``'s team in
    Team."""
    game = pos.game
    if game.mode == "suspicion":
        return [e for e in range(game.num_chars) if pos.roles[e] == PRISONER]
    if game.mode == "competition":
        return list(game.chars_of[game.owner[c]])
    if game.mode == "team":
        return [e for e in range(game.num_chars) if game.team[e] == game.team[c]]
    return list(range(game.num_chars))


def escape(pos: Any, actor: int) -> Escape | None:
    """R25-11 Escape: if ``actor``, inside Room 25, Controls it off the edge now, does their
    side get out? All of the side must be inside; with one missing (dead, or in Suspicion also
    left behind) only in the last turn (R25-41, R25-45, R25-47, R25-48). Enemies inside are
    passengers (R25-I3). Reads the position only, so a saved escape can be checked too."""
    game = pos.game
    r25 = game.room25_tile
    if pos.loc[actor] != r25:
        return None
    mode = game.mode
    last = pos.turn == pos.last_turn
    members = side(pos, actor)
    if actor not in members:                                # an enemy inside: a passenger
        return None
    missing = [e for e in members if pos.loc[e] != r25]
    dead = [e for e in members if pos.loc[e] < 0]
    if mode == "suspicion":
        return prisoners_escape(pos, members, missing, last)
    if len(missing) > len(dead) or (dead and not last):
        return None
    if mode == "cooperative":
        return cooperative_escape(pos, dead)
    if mode == "solo":
        return Escape("escape", (0,), "R25-49", "everyone escapes: total victory", 1.0)
    return side_escapes(pos, actor)


def prisoners_escape(pos: Any, prisoners: list[int], missing: list[int],
                     last: bool) -> Escape | None:
    """R25-41 Suspicion, prisoners win: all of them in Room 25 and one of them Controls it out
    before the countdown ends; with exactly one prisoner dead or missing, the others may
    still escape, but only in the last turn."""
    if missing and not (last and len(missing) == 1):
        return None
    game = pos.game
    winners = tuple(sorted({game.owner[c] for c in prisoners}))
    note = "" if not missing else f" without {game.names[missing[0]]}, in the last turn"
    return Escape("escape", winners, "R25-41", f"the prisoners escape in Room 25{note}", 1.0)


def cooperative_escape(pos: Any, dead: list[int]) -> Escape:
    """R25-47 Cooperative: total victory when everyone escapes in time; partial victory when at
    most one character died and all the others escape, which is possible only in the last
    turn (as R25-41); otherwise everyone loses (two deaths end the game, ``after_death``)."""
    everyone = tuple(range(pos.game.num_players))
    if not dead:
        return Escape("escape", everyone, "R25-47", "everyone escapes: total victory", 1.0)
    return Escape("partial escape", everyone, "R25-47",
                  "the survivors escape in the last turn: partial victory", 0.5)


def side_escapes(pos: Any, actor: int) -> Escape:
    """R25-45 (Team) and R25-48 (Competition): only the side whose character makes the
    escaping Control gets out and wins; the others' characters inside are passengers, so two
    sides never win together."""
    game = pos.game
    rule = "R25-48" if game.mode == "competition" else "R25-45"
    key = game.owner if game.mode == "competition" else game.team
    winners = tuple(p for p in range(game.num_players)
                    if any(key[c] == key[actor] for c in game.chars_of[p]))
    return Escape("escape", winners, rule, f"Room 25 leaves the complex with "
                  f"{side_name(pos, key[actor])}: they escape and win; the others inside "
                  "were passengers", 1.0)


def why_no_escape(pos: Any, actor: int) -> str:
    """Why ``actor``'s side cannot escape now, for the modes whose roles are public."""
    r25 = pos.game.room25_tile
    if any(pos.loc[e] >= 0 and pos.loc[e] != r25 for e in side(pos, actor)):
        return "not everyone who must escape together is inside"
    return ("with a character dead, the rest may escape only in the last turn "
            f"(turn {pos.last_turn})")


def side_name(pos: Any, key: int) -> str:
    if pos.game.mode == "team":
        return f"team {'AB'[key]}"
    return f"player {key}'s characters"


def guard_players(pos: Any) -> tuple[int, ...]:
    """The players of the guards dealt (maybe none, R25-38)."""
    game = pos.game
    return tuple(sorted({game.owner[g] for g in range(game.num_chars) if pos.roles[g] == GUARD}))


def guards_win(d: Draft, termination: str, why: str) -> None:
    """R25-42 Guards win (Suspicion): when two prisoners are dead, or when the countdown ends
    without an escape. With no guard dealt, the prisoners simply lose and nobody wins (R25-I8)."""
    guards = guard_players(d)
    end(d, termination, guards, "R25-42", f"{why}: the prisoners lose"
        + (", the guards win" if guards else " (no guard was dealt)"))


def after_death(d: Draft) -> None:
    """Does a death end the game? Suspicion: two dead prisoners, the guards win (R25-42).
    Cooperative: a second death, everyone loses (R25-47). Solo: any death loses (R25-49).
    Team and Competition: the last side with characters alive wins (R25-45, R25-48)."""
    game = d.game
    mode = game.mode
    if mode == "suspicion":
        if sum(1 for e in d.deaths if d.roles[e] == PRISONER) >= 2:
            guards_win(d, "two prisoners dead", "two prisoners are dead")
    elif mode == "cooperative":
        if len(d.deaths) >= 2:
            end(d, "two dead", (), "R25-47", "a second character died: everyone loses")
    elif mode == "solo":
        end(d, "death", (), "R25-49", "a prisoner died: the solo game is lost")
    else:
        rule = "R25-48" if mode == "competition" else "R25-45"
        alive_sides = sorted({game.team[e] for e in range(game.num_chars) if d.loc[e] >= 0})
        if len(alive_sides) <= 1:
            winners = tuple(p for p in range(game.num_players)
                            if any(game.team[e] in alive_sides for e in game.chars_of[p]))
            text = ("nobody is left alive" if not alive_sides else
                    f"{side_name(d, alive_sides[0])} are the last left alive and win")
            end(d, "last alive" if alive_sides else "all dead", winners, rule, text)


def countdown_over(d: Draft) -> None:
    """The last turn has ended without an escape. Suspicion: the prisoners lose and the guards
    win (R25-42; with no guard dealt, nobody wins, R25-I8). Team: the team with more
    characters in Room 25 wins, equal numbers nobody (R25-45). Cooperative, Competition and
    Solo: nobody wins (R25-47, R25-48, R25-49)."""
    game = d.game
    mode = game.mode
    if mode == "suspicion":
        guards_win(d, "countdown", "the countdown is over and the prisoners did not escape")
    elif mode == "team":
        tile = game.room25_tile
        counts = [0, 0]
        if d.up >> tile & 1:
            for c, t in enumerate(d.loc):
                if t == tile:
                    counts[game.team[c]] += 1
        if counts[0] == counts[1]:
            end(d, "countdown", (), "R25-45", f"the countdown is over with {counts[0]} "
                "characters of each team in Room 25: nobody wins")
        else:
            win = 0 if counts[0] > counts[1] else 1
            winners = tuple(p for p in range(game.num_players) if p % 2 == win)
            end(d, "countdown", winners, "R25-45", f"the countdown is over: team {'AB'[win]} "
                f"has more characters in Room 25 ({counts[win]} to {counts[1 - win]}) and wins")
    else:
        end(d, "countdown", (), WIN_RULES[mode], "the countdown is over: nobody escaped")


def end(d: Draft, termination: str, winners: tuple[int, ...], rule: str, text: str,
        score: float = 1.0) -> None:
    """The game ends: winners score ``score``, the others 0; every room, role and program is
    shown (R25-I4), which shows something to every player who had not seen it all."""
    game = d.game
    n = game.num_players
    scores = tuple(score if p in winners else 0.0 for p in range(n))
    d.result = Outcome(termination, tuple(winners), scores, rule)
    d.phase = OVER
    d.pending = None
    d.event(rule, text)
    for p in range(n):
        if (any(not (d.up | d.seen[p]) >> t & 1 for t in range(25))
                or any(game.owner[c] != p and (d.shown[c] == 0 and game.mode == "suspicion"
                                               or len(d.did[c].replace("-", ""))
                                               < len(d.prog[c]))
                       for c in range(game.num_chars))):
            d.shown_to |= 1 << p


# --- checking a saved ending --------------------------------------------------------------------

# How each mode can end, and under which rule (R25-41 … R25-49).
ENDINGS = {
    "suspicion": {"escape": "R25-41", "two prisoners dead": "R25-42", "countdown": "R25-42"},
    "cooperative": {"escape": "R25-47", "partial escape": "R25-47", "two dead": "R25-47",
                    "countdown": "R25-47"},
    "solo": {"escape": "R25-49", "death": "R25-49", "countdown": "R25-49"},
    "team": {"escape": "R25-45", "last alive": "R25-45", "all dead": "R25-45",
             "countdown": "R25-45"},
    "competition": {"escape": "R25-48", "last alive": "R25-48", "all dead": "R25-48",
                    "countdown": "R25-48"},
}


def ending_fits(pos: Any) -> bool:
    """Could the game have ended as its saved result says? The ending's rule fits the mode,
    only winners score, and the escape, deaths or countdown the ending needs are on record."""
    termination, winners, scores, rule = (pos.result.termination, pos.result.winners,
                                          pos.result.scores, pos.result.rule)
    game = pos.game
    if ENDINGS[game.mode].get(termination) != rule:
        return False
    if any((p in winners) != (x > 0) for p, x in enumerate(scores)) or len(set(
            x for x in scores if x > 0)) > 1:
        return False
    if termination in ("escape", "partial escape"):
        # Room 25, found, in an Exit Zone, holding someone whose Control took their side out
        return (bool(pos.up >> game.room25_tile & 1)
                and pos.where[game.room25_tile] in EXIT_ZONES
                and any("C" in pos.did[c] and (escape(pos, c) or (None, None))[:2]
                        == (termination, winners) for c in range(game.num_chars)))
    dead = len(pos.deaths)
    needs = {
        "countdown": pos.turn >= pos.last_turn,
        "two prisoners dead": sum(1 for c in pos.deaths if pos.roles[c] == PRISONER) >= 2,
        "two dead": dead >= 2, "death": dead >= 1,
        "all dead": dead == game.num_chars, "last alive": 0 < dead < game.num_chars,
    }
    return bool(needs[termination])


__all__ = ["Escape", "room_25_slides_off", "side", "escape", "prisoners_escape",
           "cooperative_escape", "side_escapes", "why_no_escape", "guard_players",
           "guards_win", "after_death", "countdown_over", "end", "ENDINGS", "ending_fits"]
