"""How a board lets a bot think without freezing the page.

Where threads exist, the bot thinks in a worker thread while the kernel's event loop keeps
answering the browser. A browser-only Python (Pyodide: ``sys.platform == "emscripten"``)
has no threads: the bot thinks in the asyncio task itself, after yielding once so that the
page shows the last move first. Pyodide's kernel runs in a web worker, so the page itself
never blocks; the kernel answers clicks again as soon as the bot has chosen.
"""
from __future__ import annotations

import asyncio
import sys
from typing import Any

THREADS = sys.platform != "emscripten"
"""Can bots think in a worker thread here? (Tests switch it off to play as Pyodide does.)"""


async def think(bot: Any, state: Any) -> Any:
    """The move ``bot`` chooses in ``state``, without blocking the event loop where possible."""
    if THREADS:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, bot.choose, state)
    await asyncio.sleep(0)
    return bot.choose(state)


async def think_turn(bot: Any, state: Any) -> tuple[Any, ...]:
    """The moves of the whole turn ``bot`` plays from ``state`` (``Bot.choose_turn``)."""
    if THREADS:
        loop = asyncio.get_running_loop()
        return tuple(await loop.run_in_executor(None, bot.choose_turn, state))
    await asyncio.sleep(0)
    return tuple(bot.choose_turn(state))


__all__ = ["THREADS", "think", "think_turn"]
