"""Which component set the rules engines' shared tables hold, for every game live in the server at once.

A game built with its own ``components`` reads them from per-game tables where its engine has them (Politix keeps
its card values on the game). A game whose engine reads module-level tables on its hot path
(``Game.shared_component_tables``: Prime Minister's) has its set installed process-wide (``Game.use_components``):
two live games with different component sets would otherwise play by whichever set was installed last. So every use
of a game in the server goes through :data:`TABLES`:

* :meth:`ComponentTables.use` ``(game)`` installs the game's set and holds it while the block runs. Any number of
  threads share the tables when their games use the same set (the shipped one, most of the time); a game of
  another set waits until they are done, then installs its own (first come, first served);
* :meth:`ComponentTables.exclusive` holds the tables alone, for whatever installs a set as a side effect
  (building a game of shared tables installs its set).

Always take the tables before a session's own lock (:class:`hustings.web.sessions.Session` does), never inside it.
"""
from __future__ import annotations

import contextlib
import threading


def _shared_set(game):
    """``(True, key)`` for a game whose engine reads process-wide tables (``key``: its set), else ``(False, None)``."""
    if not getattr(game, "shared_component_tables", False):
        return False, None
    return True, game.component_set()


class ComponentTables:
    """A readers-writer lock keyed by component set (see the module's docstring)."""

    _EXCLUSIVE = object()

    def __init__(self):
        self._cond = threading.Condition(threading.Lock())
        self._users = 0
        self._key = None          # the set the users share
        self._queue: list = []    # waiting tickets, first come first served
        self._local = threading.local()

    def _held(self) -> list:
        held = getattr(self._local, "held", None)
        if held is None:
            held = self._local.held = []
        return held

    @contextlib.contextmanager
    def _hold(self, key, install):
        held = self._held()
        if held:  # this thread holds the tables already: it may install what it needs (one thread at a time)
            if held[0] is self._EXCLUSIVE or (held[0] == key and key is not self._EXCLUSIVE):
                held.append(key)
                try:
                    if install is not None:
                        install()
                    yield
                finally:
                    held.pop()
                return
            raise RuntimeError("a thread that holds one component set asked for another")  # a server bug
        ticket = (object(), key)
        with self._cond:
            self._queue.append(ticket)
            while True:
                first = self._queue[0] is ticket
                if self._users == 0 and first:
                    break
                if (self._users > 0 and key is not self._EXCLUSIVE and self._key == key
                        and all(t[1] == key for t in self._queue[:self._queue.index(ticket)])):
                    break
                self._cond.wait()
            self._queue.remove(ticket)
            self._users += 1
            self._key = key
            self._cond.notify_all()
        held.append(key)
        try:
            if install is not None:
                install()
            yield
        finally:
            held.pop()
            with self._cond:
                self._users -= 1
                self._cond.notify_all()

    @contextlib.contextmanager
    def use(self, game):
        """Hold ``game``'s component set installed while the block runs."""
        shared, key = _shared_set(game)
        if not shared:
            yield
            return
        with self._hold(key, game.use_components):
            yield

    def exclusive(self):
        """Hold the tables alone while the block runs (it may build games, which install their sets)."""
        return self._hold(self._EXCLUSIVE, None)


#: The one instance every app of the process shares (the tables are the process's).
TABLES = ComponentTables()
