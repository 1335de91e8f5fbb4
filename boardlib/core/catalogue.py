"""Rule catalogues: every rule of a game with its stable ID, as the engine cites it."""
from __future__ import annotations

import html
from dataclasses import dataclass
from collections.abc import Iterable, Iterator


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: ``id`` such as ``ZY-08``, a short title and the rule in plain English.

    ``interpretation`` marks this project's decisions where the original text is silent.
    """

    id: str
    title: str
    statement: str
    interpretation: bool = False


class Catalogue:
    """The ordered rules of one game, looked up by ID."""

    def __init__(self, game: str, rules: Iterable[Rule]) -> None:
        self.game = game
        self.rules: tuple[Rule, ...] = tuple(rules)
        self._by_id = {r.id: r for r in self.rules}
        if len(self._by_id) != len(self.rules):
            raise ValueError(f"duplicate rule IDs in the {game} catalogue")

    def __getitem__(self, rule_id: str) -> Rule:
        return self._by_id[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    @property
    def interpretations(self) -> tuple[Rule, ...]:
        return tuple(r for r in self.rules if r.interpretation)

    def to_markdown(self) -> str:
        rows = ["| ID | Rule | What it says |", "|---|---|---|"]
        for r in self.rules:
            mark = " *(interpretation)*" if r.interpretation else ""
            rows.append(f"| {r.id} | {r.title}{mark} | {r.statement} |")
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        # Jupyter right-aligns table cells by default; rules read better left-aligned,
        # and an ID such as SX-I10 should not break at its hyphen.
        left = "text-align:left;vertical-align:top"
        rows = "".join(
            f"<tr><td style='{left};white-space:nowrap'><b>{html.escape(r.id)}</b></td>"
            f"<td style='{left}'>{html.escape(r.title)}"
            f"{' <i>(interpretation)</i>' if r.interpretation else ''}</td>"
            f"<td style='{left}'>{html.escape(r.statement)}</td></tr>"
            for r in self.rules)
        head = "".join(f"<th style='{left}'>{name}</th>" for name in ("ID", "Rule", "What it says"))
        return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"

    def __repr__(self) -> str:
        return f"<Catalogue {self.game}: {len(self.rules)} rules>"
