"""Where bots think: a few worker threads of their own, shared fairly between the clients of the server.

A change to a game (a move, a step, a new game whose bots move first) runs its cheap part (the checks, the person's
own move) on the request path; every bot move after that runs on one of :data:`BOT_WORKERS` worker threads, in
slices of at most one bot move past :data:`SLICE_SECONDS`. A request whose bots think holds none of the server's
request threads meanwhile, so looking at any game, the catalogue and the page stay fast however many bots think.

Fairness between clients (a client: the address a request comes from):

* one client's bots think on at most :data:`CLIENT_WORKERS` workers at once: the others are always left to other
  clients, whose next slice waits for at most one bot move of a busy worker (a search bot is capped at
  ``inputs.MAX_SEARCH_SECONDS`` a move);
* the slices waiting are taken client by client in turn (round robin), then game by game in the order they came;
* one client has at most :data:`CLIENT_CHANGES` changes under way at once; one more is refused at once
  (429, nothing changes) instead of queueing behind them;
* one game has one change at a time (``Session``: a second is 409 at once).
"""
from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import threading

from hustings.errors import WebError

#: The worker threads where bots think (bots are Python: more threads would not think faster).
BOT_WORKERS = 4
#: The most workers one client's bots think on at once.
CLIENT_WORKERS = 2
#: The most changes (moves, steps, new games) of one client under way at once.
CLIENT_CHANGES = 8
#: A slice of work: bot moves until this many seconds have passed (at least one), then the next client's turn.
SLICE_SECONDS = 0.05


class BotWorkers:
    """The worker threads of one app (see the module's docstring); threads start when first needed."""

    def __init__(self, workers: int = BOT_WORKERS, per_client: int = CLIENT_WORKERS,
                 max_changes: int = CLIENT_CHANGES):
        self.workers = max(1, int(workers))
        self.per_client = max(1, min(int(per_client), self.workers))
        self.max_changes = max(1, int(max_changes))
        self._cond = threading.Condition(threading.Lock())
        self._waiting: dict[str, collections.deque] = {}  # client -> slices waiting, first come first
        self._turns: collections.deque = collections.deque()  # clients with slices waiting, whose turn first
        self._running: collections.Counter = collections.Counter()  # client -> slices on a worker now
        self._changes: collections.Counter = collections.Counter()  # client -> changes under way
        self._threads: list[threading.Thread] = []
        self._closed = False

    # --- what the app calls -------------------------------------------------------------------------------------
    def enter(self, client: str) -> None:
        """One more change of ``client`` under way (:meth:`leave` when it is done); a :class:`WebError` 429, and
        nothing changes, when the client has :attr:`max_changes` under way already."""
        with self._cond:
            if self._changes[client] >= self.max_changes:
                raise WebError(f"this address has {self.max_changes} games with bots thinking already (the most at "
                               f"once); try again when one of them has answered", 429)
            self._changes[client] += 1

    def leave(self, client: str) -> None:
        """One change of ``client`` (:meth:`enter`) is done."""
        with self._cond:
            self._changes[client] -= 1
            if self._changes[client] <= 0:
                del self._changes[client]

    def submit(self, client: str, fn) -> concurrent.futures.Future:
        """Run ``fn()`` on a worker, in ``client``'s turn; its result (or exception) in the future returned."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        with self._cond:
            if self._closed:
                raise WebError("the server is stopping", 503)
            queue = self._waiting.get(client)
            if queue is None:
                queue = self._waiting[client] = collections.deque()
                self._turns.append(client)
            queue.append((fn, future))
            if len(self._threads) < self.workers:
                thread = threading.Thread(target=self._work, name=f"hustings-bots-{len(self._threads)}", daemon=True)
                self._threads.append(thread)
                thread.start()
            self._cond.notify()
        return future

    async def run(self, client: str, fn):
        """``fn()`` run on a worker (in ``client``'s turn), awaited without holding a thread of the server."""
        return await asyncio.wrap_future(self.submit(client, fn))

    def busy(self) -> dict:
        """``{client: slices on a worker now}`` (for tests and diagnostics)."""
        with self._cond:
            return {c: n for c, n in self._running.items() if n}

    def close(self) -> None:
        """No more work: the workers end once the slices waiting are done."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    # --- the workers ------------------------------------------------------------------------------------------------
    def _next(self):
        """The first waiting slice of the first client in turn with a worker to spare, or None."""
        for _ in range(len(self._turns)):
            client = self._turns[0]
            self._turns.rotate(-1)
            if self._running[client] >= self.per_client:
                continue
            queue = self._waiting[client]
            job = queue.popleft()
            if not queue:
                del self._waiting[client]
                self._turns.remove(client)
            return client, job
        return None

    def _work(self) -> None:
        while True:
            with self._cond:
                picked = self._next()
                while picked is None:
                    if self._closed:
                        return
                    self._cond.wait()
                    picked = self._next()
                client, (fn, future) = picked
                self._running[client] += 1
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(fn())
                    except BaseException as exc:  # noqa: BLE001 - handed to the request that waits
                        future.set_exception(exc)
            finally:
                with self._cond:
                    self._running[client] -= 1
                    if self._running[client] <= 0:
                        del self._running[client]
                    self._cond.notify_all()
