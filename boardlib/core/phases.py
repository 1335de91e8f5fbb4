"""Turn flow declared as data (after boardgame.io's phases): which phases a game has,
the rule of each, who acts in it and what may follow.

A game lists its phases once; the engine stores the current phase's name, saves are
checked against the names, and boards describe the phase from it.

>>> PHASES = Phases(
...     Phase("placement", "ZY-05", "placing ships", "each player in seat order",
...           then=("attack",)),
...     Phase("attack", "ZY-06", "attacks", "each player in seat order", then=("over",)),
...     Phase("over", "ZY-12", "game over", "nobody", then=()))
>>> PHASES.describe("attack")
'phase 2: attacks (ZY-06)'
>>> PHASES["placement"].then
('attack',)
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterator

from .errors import InvalidInputError, excerpt


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase: its ``name`` (as saves store it), the ``rule`` that defines it, a
    ``title`` for people, ``acts`` (who moves in it, in words) and the phases that may
    follow it (``then``; none for the last)."""

    name: str
    rule: str
    title: str
    acts: str
    then: tuple[str, ...]


class Phases:
    """A game's phases in order; ``phases[name]`` looks one up."""

    def __init__(self, *phases: Phase) -> None:
        self.phases = phases
        self._by_name = {p.name: p for p in phases}
        if len(self._by_name) != len(phases):
            raise ValueError("two phases share a name")
        for p in phases:
            unknown = set(p.then) - set(self._by_name)
            if unknown:
                raise ValueError(f"phase {p.name} is followed by unknown {sorted(unknown)}")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.phases)

    def __getitem__(self, name: str) -> Phase:
        phase = self._by_name.get(name) if isinstance(name, str) else None
        if phase is None:
            raise InvalidInputError(f"unknown phase {excerpt(name)}; the phases are "
                                    f"{', '.join(self.names)}")
        return phase

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._by_name

    def __iter__(self) -> Iterator[Phase]:
        return iter(self.phases)

    def __len__(self) -> int:
        return len(self.phases)

    def number(self, name: str) -> int:
        """1 for the first phase, 2 for the second ..."""
        return self.phases.index(self[name]) + 1

    def describe(self, name: str) -> str:
        """``"phase 2: tile action (SX-05)"``: for status lines and lessons."""
        phase = self[name]
        return f"phase {self.number(name)}: {phase.title} ({phase.rule})"

    def may_follow(self, before: str, after: str) -> bool:
        """Whether a move may lead from phase ``before`` to phase ``after`` (or stay)."""
        return before == after or after in self[before].then


__all__ = ["Phase", "Phases"]
