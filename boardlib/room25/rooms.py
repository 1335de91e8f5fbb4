"""Room kinds (from ``data/room25_rooms.csv``) and complex compositions (R25-37, R25-I1).

A composition is 25 room keys: exactly one ``central``, one ``room25``, and no
more of any kind than the box holds.
"""
from __future__ import annotations

import csv
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Mapping

from boardlib.core.api import InvalidInputError, is_whole

DATA = Path(__file__).resolve().parent / "data" / "room25_rooms.csv"


@dataclass(frozen=True, slots=True)
class RoomKind:
    """One kind of room tile as the box describes it."""

    key: str
    name: str
    name_fr: str
    colour: str
    in_box: int
    effect: str
    rule: str  # the catalogue rule of its effect


# The rule that describes each room's effect (R25-21 ... R25-36).
EFFECT_RULES = {
    "central": "R25-21", "room25": "R25-22", "vortex": "R25-23", "vision": "R25-24",
    "trapped": "R25-25", "mobile": "R25-26", "control": "R25-27", "twin": "R25-28",
    "empty": "R25-29", "deadly": "R25-30", "prison": "R25-31", "illusion": "R25-32",
    "flooded": "R25-33", "acid": "R25-34", "cold": "R25-35", "dark": "R25-36",
}


def _load() -> tuple[dict[str, RoomKind], dict[str, dict[str, int]]]:
    kinds: dict[str, RoomKind] = {}
    columns: dict[str, dict[str, int]] = {"beginner": {}, "expert_suspicion": {},
                                          "expert_other": {}}
    with DATA.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            key = row["key"]
            kinds[key] = RoomKind(key, row["name_en"], row["name_fr"], row["colour"],
                                  int(row["count_in_box"]), row["effect"], EFFECT_RULES[key])
            for column, counts in columns.items():
                if int(row[column]):
                    counts[key] = int(row[column])
    return kinds, columns


KINDS, _COLUMNS = _load()
ROOM_KEYS: tuple[str, ...] = tuple(KINDS)  # CSV order, used as the canonical order
BOX: Mapping[str, int] = {k: v.in_box for k, v in KINDS.items()}


def counts_to_list(counts: Mapping[str, int]) -> list[str]:
    """Room keys, each repeated by its count, in the canonical (CSV) order."""
    return [key for key in ROOM_KEYS for _ in range(counts.get(key, 0))]


def standard_composition(level: str, mode: str) -> list[str]:
    """The R25-I1 default: ``beginner`` for every mode, ``expert`` per mode."""
    if level == "beginner":
        return counts_to_list(_COLUMNS["beginner"])
    if level == "expert":
        column = "expert_suspicion" if mode == "suspicion" else "expert_other"
        return counts_to_list(_COLUMNS[column])
    raise InvalidInputError(
        f"composition {level!r} is not 'beginner', 'expert' or a list of 25 room keys (R25-I1)")


def validate_composition(rooms: Iterable[Any] | Mapping[str, int]) -> list[str]:
    """Check a custom composition (R25-37, R25-I1) and return it in canonical order.

    Accepts a list of 25 room keys or a mapping ``{key: count}``. Raises
    ``InvalidInputError`` with the rule ID; warns on 2 Vortex + 2 Deadly (R25-37).
    """
    if isinstance(rooms, Mapping):
        items: list[Any] = []
        for key, count in rooms.items():
            # 25 at most: a count from a save file must not make a list of millions first
            if not is_whole(count) or not 0 <= count <= 25:
                raise InvalidInputError(f"room count for {key!r} must be a whole number from 0 "
                                        "to 25 (R25-I1)")
            items.extend([key] * count)
    elif isinstance(rooms, (list, tuple)):
        items = list(rooms)
    else:
        raise InvalidInputError("a custom composition is a list of room keys (R25-I1)")
    unknown = sorted({str(k) for k in items if not isinstance(k, str) or k not in KINDS})
    if unknown:
        raise InvalidInputError(
            f"unknown room kind(s) {unknown}; known kinds are {list(ROOM_KEYS)} (R25-I1)")
    if len(items) != 25:
        raise InvalidInputError(f"a complex has 25 rooms, this composition has {len(items)} "
                                "(R25-04)")
    counts = Counter(items)
    for key in ("central", "room25"):
        if counts[key] != 1:
            raise InvalidInputError(
                f"a complex needs exactly one {KINDS[key].name}, not {counts[key]} (R25-37)")
    for key, n in counts.items():
        if n > BOX[key]:
            raise InvalidInputError(
                f"the box holds only {BOX[key]} {KINDS[key].name}, not {n} (R25-37)")
    if counts["vortex"] == 2 and counts["deadly"] == 2:
        warnings.warn("two Vortex rooms together with two Deadly rooms are not recommended "
                      "(R25-37)", UserWarning, stacklevel=3)
    return counts_to_list(counts)


def composition(option: Any, mode: str) -> list[str]:
    """The rooms for the ``composition`` option: a level name or a custom list."""
    if isinstance(option, str):
        return standard_composition(option, mode)
    return validate_composition(option)


__all__ = ["RoomKind", "KINDS", "ROOM_KEYS", "BOX", "EFFECT_RULES", "standard_composition",
           "validate_composition", "composition", "counts_to_list"]
