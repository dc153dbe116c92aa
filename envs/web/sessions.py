"""The server side of the web app: games in progress, and what each browser is sent of them.

Every game lives here, in a :class:`Session`; a browser gets only :meth:`Session.view` of it, built for one viewer:

* a **play** session is one person's seat against bots: its view is that seat's (``state.render(player=seat)``,
  the seat's own legal moves on its turn only, every move as :func:`hustings.play.move_seen_by` shows it to the seat,
  so a move hidden from the seat never shows its name), sent only to a request that carries the game's token;
  without it, the public view (whose turn it is, the moves as a watcher sees them, no one's cards). The seed (which
  fixes every shuffle) and the record (every move named) are given out only once the game is over.
* a **watch** session is bots only, and a **replay** session re-simulates an uploaded record: nobody's cards are at
  stake, so the viewer picks any seat's view or the whole table; stepping them on needs the token.

Changes go one at a time per session, and each one names the move number its browser saw (a stale one, e.g. from a
second tab, is refused and changes nothing). Bots think on a copy of the state, holding no lock of the session, so
looking at the game is never held up by them. After each change the game's progress is saved (``store.py``), and a
finished game's record is written atomically into the data folder; a record that could not be written is kept and
written again on a retry.
"""
from __future__ import annotations

import contextlib
import secrets
import threading
import time

import hustings
from hustings.bots import spec as spec_bots
from hustings.core.match import checked_act
from hustings.errors import HustingsError, IllegalActionError, WebError
from hustings.play import display_name, move_seen_by, revealed_by_move
from hustings.play.records import Recorder, result_of

from . import inputs
from .boards import board_view
from .security import token_matches
from .tables import TABLES
from .view import frame, layout, move_label, seat_view, words

#: The most bot moves one request plays (a guard; every game ends long before).
MAX_BOT_MOVES = 10_000
#: How long one ``step`` request lets the bots think in all before it answers with the moves so far.
MAX_STEP_SECONDS = 20.0


# --- what can be set up -------------------------------------------------------------------------------------------
def _option_info(option) -> dict:
    kinds = option.kind if isinstance(option.kind, tuple) else (option.kind,)
    names = [k.__name__ for k in kinds]
    kind = "bool" if "bool" in names else "int" if "int" in names else "float" if "float" in names else "str"
    return {"default": option.default, "kind": kind, "nullable": type(None) in kinds or option.default is None,
            "doc": option.doc}


def core_bots(game_name: str, game, specs: list[str], seed: int) -> list:
    """One bot per SPEC (every SPEC :mod:`hustings.bots.spec` takes), bot ``i`` seeded ``seed * 7919 + i``."""
    return spec_bots.make_bots(game_name, game, specs, seed)


def _accepts(make_bots, game_name: str, spec: str, cache: dict, players: int | None = None) -> bool:
    """Whether ``make_bots`` takes ``spec`` for ``game_name`` (at the default table size, or ``players``)."""
    key = f"{game_name}:{players}:{spec}"
    if key not in cache:
        try:
            with TABLES.exclusive():  # building a game installs its component set
                make_bots(game_name, hustings.registry.make_game(game_name, players), [spec], 0)
            cache[key] = True
        except Exception:  # noqa: BLE001 - any refusal means "not offered"
            cache[key] = False
    return cache[key]


def catalogue(make_bots=core_bots, cache: dict | None = None, bots_dir: str | None = None,
              components_dir: str | None = None) -> dict:
    """Every game with its table sizes, options and the bots the server offers (the page's set-up form); the
    component sets of the server's components folder."""
    from hustings import checkpoints

    shipped = checkpoints.names()
    cache = {} if cache is None else cache
    files = inputs.folder_files(bots_dir, spec_bots.POLICY_SUFFIXES)
    out = []
    for name in hustings.games():
        info = hustings.registry.info(name)
        cls = info.game_class
        bots = sorted(info.bots)
        if name in shipped:
            bots.append(f"shipped:{name}")
        bots += [s for s in ("ismcts",) if s not in bots
                 and _accepts(make_bots, name, inputs.capped_search_spec(name, s), cache)]
        bots += [f for f in files if any(_accepts(make_bots, name, inputs.folder_file(bots_dir, f, (f,)), cache, n)
                                         for n in range(cls.min_players, cls.max_players + 1))]
        out.append({"name": name, "min_players": cls.min_players, "max_players": cls.max_players,
                    "default_players": info.default_players, "title": info.title,
                    "options": {k: _option_info(o) for k, o in cls.OPTIONS.items()}, "bots": bots})
    return {"games": out, "version": hustings.__version__,
            "components": inputs.folder_files(components_dir, (inputs.COMPONENT_SUFFIX,)),
            "limits": {"search_iterations": inputs.MAX_SEARCH_ITERATIONS,
                       "search_seconds": inputs.MAX_SEARCH_SECONDS, "title": inputs.MAX_TITLE}}


def build_bots(make_bots, game_name: str, game, specs: list[str], shown: list[str], seed: int) -> list:
    """The bots of ``specs`` (checked by :func:`inputs.bot_spec`; ``shown``: as the request named them, for
    errors: a bots-folder file by its name, not its path on the server)."""
    try:
        bots = make_bots(game_name, game, specs, seed)
    except (HustingsError, ValueError, OSError, KeyError) as exc:
        message = str(exc)
        for spec, name in zip(specs, shown):
            if spec != name:
                message = message.replace(spec, name)
        raise WebError(f"bad bot: {message}") from None
    if len(bots) != len(specs):
        raise WebError(f"{len(bots)} bots made for {len(specs)} SPECs", 500)
    return bots


def seat_bots(bots: list, seat: int | None, seed: int) -> list:
    """One entry per seat (None: the person's), the bot in seat ``i`` seeded ``seed * 7919 + i``."""
    bots = list(bots)
    if seat is not None:
        bots.insert(seat, None)
    for i, bot in enumerate(bots):
        if bot is not None:
            bot.reset(seed * 7919 + i)
    return bots


def run_slice(work, seconds: float = 0.0) -> bool:
    """Run ``work`` (a change's generator, ``Session.*_work``) on: up to its next bot move, then bot moves until
    ``seconds`` have passed (at least one); True when the change is done."""
    started = time.monotonic()
    while True:
        try:
            next(work)
        except StopIteration:
            return True
        if time.monotonic() - started >= seconds:
            return False


def run_all(work) -> None:
    """Run a change's generator to its end, here and now."""
    for _ in work:
        pass


# --- sessions -----------------------------------------------------------------------------------------------------
class Session:
    """One game on the server: its rules state, bots, log and record. Read or change it under :meth:`locked`."""

    def __init__(self, kind: str, game, seed: int, names: list[str], seat: int | None = None,
                 bots: list | None = None, deal: dict | None = None, moves: list[dict] | None = None,
                 auto_forced: bool = True, store=None, title: str = "", specs: list[str] | None = None,
                 sid: str | None = None, token_digest: str | None = None):
        self.id = sid or secrets.token_urlsafe(12)
        self.kind, self.game, self.seed, self.deal, self.names = kind, game, seed, deal, list(names)
        self.seat, self.auto_forced, self.store = seat, auto_forced, store
        #: One bot per seat (None: the person's seat), and the SPECs they were built from (to resume the game).
        self.bots, self.specs = bots or [], list(specs or [])
        self.title = title
        self.moves = moves or []  # a replay's recorded moves
        self.token_digest = token_digest  # the sha256 of the game's token (security.py)
        self.lock = threading.RLock()
        self.saved: str | None = None        # the finished game's record file
        self.save_error: str | None = None   # why the record (or the game's progress) is not saved yet
        self.created = self.updated = time.time()
        self.dirty = True                    # changed since it was last saved
        self._busy = False                   # a change is under way (bots may be thinking)
        self._quiet = False                  # re-playing saved moves: no record written
        self._save_lock = threading.Lock()
        #: A play game's table after each move of the change under way, as its seat sees it (``view.frame``): the
        #: page shows the bots' moves one by one with the table as it was after each.
        self.frames: list[dict] = []
        with self.locked():
            self._restart()

    @contextlib.contextmanager
    def locked(self):
        """The game's component set installed (``tables.py``), then the session's lock: always in this order."""
        with TABLES.use(self.game), self.lock:
            yield

    def authorised(self, token) -> bool:
        """Whether ``token`` is this game's token."""
        return token_matches(token, self.token_digest)

    def _restart(self) -> None:
        self.state = self.game.new_initial_state(seed=self.seed, deal=self.deal)
        self.recorder = Recorder(self.game, self.seed, deal=self.deal, players=self.names)
        # {"player", "seen": [text for the whole table, for seat 0, 1, ...], "public", "revealed", "events"}
        self.log: list[dict] = []
        self.dirty = True

    # --- moving ---------------------------------------------------------------------------------------------------
    @property
    def move_number(self) -> int:
        return len(self.log)

    def _play_move(self, player: int, action: int) -> None:
        st = self.state
        seen = [move_seen_by(st, player, action, None)] + [move_seen_by(st, player, action, v)
                                                            for v in range(self.game.num_players)]
        self.log.append({"player": player, "seen": seen, "revealed": revealed_by_move(st, player, action),
                         "public": move_seen_by(st, player, action, -1),  # as one who holds no seat sees it
                         "events": len(getattr(st, "event_log", ())),  # the events before it (view.py narrates)
                         "label": move_label(st, player, action)})  # the move in the story's words (view.py)
        self.recorder.add(player, action)
        st.apply_unchecked(action)
        self.updated = time.time()
        self.dirty = True
        if self.kind == "play" and not self._quiet:
            self.frames.append(frame(self, self.seat))
        if st.is_terminal():
            self._save_record()

    def _save_record(self) -> None:
        """Write the finished game's record; on failure keep it (and why) for :meth:`retry_save`."""
        if self.kind == "replay" or self.store is None or self._quiet or self.saved:
            return
        try:
            self.saved = self.store.save_record(self)
            self.save_error = None
        except (OSError, HustingsError) as exc:
            why = getattr(exc, "strerror", None) or type(exc).__name__
            self.save_error = f"the game's record could not be saved ({why}); it is kept: retry to save it"

    def _bot_move(self) -> None:
        """One bot move: the bot thinks on a copy of the state, with the session unlocked, then it is played."""
        with self.locked():
            st = self.state
            p, number = st.current_player(), self.move_number
            bot, snapshot = self.bots[p], st.clone()
        with TABLES.use(self.game):
            try:
                action = checked_act(snapshot, bot, p)
            except IllegalActionError as exc:
                raise WebError(f"bot {self.names[p]} in seat {p}: {exc}", 500) from None
        with self.locked():
            if self.move_number != number:  # cannot happen while _busy; a guard
                raise WebError("the game moved on while a bot was thinking", 409)
            self._play_move(p, action)

    def _advance(self):
        """Play the bots' moves (and the person's forced moves, with ``auto_forced``) up to the person's choice.
        A generator: it yields before each bot move (see :func:`run_slice`)."""
        for _ in range(MAX_BOT_MOVES):
            with self.locked():
                st = self.state
                if st.is_terminal():
                    return
                p = st.current_player()
                if p == self.seat:
                    if not (self.auto_forced and len(st.legal_actions()) == 1):
                        return
                    self._play_move(p, st.legal_actions()[0])
                    continue
            yield
            self._bot_move()

    def _check_number(self, move_number) -> None:
        if isinstance(move_number, bool) or not isinstance(move_number, int):
            raise WebError("the request must carry 'move_number', the number of moves the page has seen")
        if move_number != self.move_number:
            raise WebError(f"stale request: it was made after move {move_number}, but the game is at move "
                           f"{self.move_number} (another tab?); the page has been brought up to date", 409)

    @contextlib.contextmanager
    def _change(self, move_number, check=None):
        """One change at a time: ``check()`` (the kind of session), then the move number, under the lock; the
        game's progress saved after it, whatever happened."""
        with self.locked():
            if check is not None:
                check()
            if self._busy:
                raise WebError("the game is busy with another request (the bots are thinking); try again", 409)
            self._check_number(move_number)
            self._busy = True
            self.frames = []
        try:
            yield
        finally:
            with self.lock:
                self._busy = False
            self.persist()

    # Every change is a generator (``*_work``): it yields before each bot move, so that the server can run its
    # checks and the person's own move on the request path and hand the bots' moves to its workers
    # (``workers.py``); :func:`run_all` runs one here and now.
    def start_work(self):
        """A play game: the bots' moves before the person's first turn."""
        if self.kind == "play":
            with self._change(self.move_number):
                yield from self._advance()

    def move_work(self, action, move_number):
        """The person plays ``action``; refused (nothing changes) unless it is theirs to play and legal."""
        def check():
            if self.kind != "play":
                raise WebError(f"this is a {self.kind} session: nobody plays moves in it", 400)

        with self._change(move_number, check):
            with self.locked():
                st = self.state
                if st.is_terminal():
                    raise WebError("the game is over", 409)
                if st.current_player() != self.seat:
                    raise WebError(f"it is not your turn (P{st.current_player()} is to move)", 409)
                if isinstance(action, bool) or not isinstance(action, int) or not st.is_legal(action):
                    legal = ", ".join(f"{a} ({display_name(self.game, self.seat, a)})"
                                      for a in st.legal_actions()[:40])
                    raise WebError(f"move {action!r} is not one of your legal moves: {legal}", 400)
                self._play_move(self.seat, action)
            self.persist()  # the person's move is kept even if the server stops while the bots think
            yield from self._advance()

    def step_work(self, move_number, count: int = 1):
        """Watch: the bots play ``count`` moves (as many as :data:`MAX_STEP_SECONDS` of thinking allows); replay:
        the next ``count`` recorded moves."""
        def check():
            if self.kind == "play":
                raise WebError("a play session moves when you play: use /move", 400)
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise WebError("'count' must be a positive whole number")

        with self._change(move_number, check):
            deadline = time.monotonic() + MAX_STEP_SECONDS
            for i in range(min(count, MAX_BOT_MOVES)):
                if i and time.monotonic() > deadline:
                    break
                with self.locked():
                    if self.state.is_terminal() or (self.kind == "replay" and self.move_number >= len(self.moves)):
                        break
                    if self.kind == "replay":
                        m = self.moves[self.move_number]
                        self._play_move(m["player"], m["action"])
                        continue
                yield
                self._bot_move()

    def goto_work(self, position, move_number):
        """Replay: go to just after move ``position`` (0 = the start), re-simulating from the deal."""
        def check():
            if self.kind != "replay":
                raise WebError("only a replay can go back", 400)
            if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(self.moves):
                raise WebError(f"'to' must be a move number 0..{len(self.moves)}")

        with self._change(move_number, check):
            with self.locked():
                if position < self.move_number:
                    self._restart()
                while self.move_number < position:
                    m = self.moves[self.move_number]
                    self._play_move(m["player"], m["action"])
        yield from ()

    def start(self) -> None:
        """:meth:`start_work`, here and now."""
        run_all(self.start_work())

    def move(self, action, move_number) -> None:
        """:meth:`move_work`, here and now: the person's move, then the bots' up to the person's next choice."""
        run_all(self.move_work(action, move_number))

    def step(self, move_number, count: int = 1) -> None:
        """:meth:`step_work`, here and now."""
        run_all(self.step_work(move_number, count))

    def goto(self, position, move_number) -> None:
        """:meth:`goto_work`, here and now."""
        run_all(self.goto_work(position, move_number))

    def retry_save(self) -> None:
        """Write the finished game's record again if it could not be written (and the game's progress)."""
        with self.locked():
            if self.state.is_terminal() and not self.saved:
                self._save_record()
        self.persist()

    # --- saved as it goes -------------------------------------------------------------------------------------------
    def persist(self) -> bool:
        """Save the game's progress (``store.py``); False (and :attr:`save_error` says why) if it failed."""
        if self.store is None:
            return True
        with self._save_lock:
            with self.locked():
                if not self.dirty:
                    return True
                data = self.store.game_data(self)
                self.dirty = False
            try:
                self.store.write_game(self.id, data)
            except (OSError, ValueError) as exc:
                with self.lock:
                    self.dirty = True
                    why = getattr(exc, "strerror", None) or type(exc).__name__
                    self.save_error = f"the game's progress could not be saved ({why}); retry to save it"
                return False
            with self.lock:
                if self.save_error and self.save_error.startswith("the game's progress"):
                    self.save_error = None
            return True

    # --- what a browser is sent -------------------------------------------------------------------------------------
    def viewer_for(self, view) -> int | None:
        """The seat whose view is sent: a play session's seat always; otherwise ``view`` (a seat, or all)."""
        if self.kind == "play":
            return self.seat
        if view in (None, "", "all"):
            return None
        if isinstance(view, str) and len(view) > 3:
            raise WebError(f"view {view[:20]!r} must be a seat number or 'all'")
        try:
            v = int(view)
        except (TypeError, ValueError):
            raise WebError(f"view {view!r} must be a seat number or 'all'") from None
        if not 0 <= v < self.game.num_players:
            raise WebError(f"view {v} is not a seat; expected 0..{self.game.num_players - 1} or 'all'")
        return v

    def view(self, view=None, since: int = 0, authorised: bool = True, frames: bool = False) -> dict:
        """Everything the page shows, for one viewer (see :meth:`viewer_for`): nothing that seat may not see. A play
        session's seat is shown only when ``authorised`` (the request carried the game's token); otherwise the
        public view: whose turn it is and the moves as one who holds no seat sees them. ``frames``: the answer to
        a change (``view.seat_view``)."""
        with self.locked():
            public = self.kind == "play" and not authorised
            viewer = None if public else self.viewer_for(view)
            st, game = self.state, self.game
            over = st.is_terminal()
            column = 0 if viewer is None else viewer + 1
            since = max(0, min(int(since or 0), self.move_number))
            current = st.current_player()
            legal = []
            if self.kind == "play" and not over and current == self.seat and not public:
                legal = [{"action": a, "name": display_name(game, self.seat, a)} for a in st.legal_actions()]
            options = dict(game.options)
            if options.get("components") is not None:
                options["components"] = "custom"  # the set itself is in the record
            out = {
                "id": self.id, "kind": self.kind, "title": self.title, "game": game.name,
                "suit_cards": hustings.registry.info(game.name).suit_cards,
                "layout": layout(game.name),  # the kind of table the page draws (the game's web.py: view.py)
                "num_players": game.num_players, "options": options, "players": self.names,
                "seat": self.seat, "viewer": viewer, "public": public, "authorised": bool(authorised),
                "move_number": self.move_number,
                "finished": over, "current_player": None if over else current,
                "your_turn": bool(legal), "legal": legal,
                "text": "" if public else st.render(player=viewer),
                "board": None if public else board_view(st, viewer),
                "log_from": since,
                "log": [{"n": i + 1, "player": e["player"],
                         "text": words(e["public"] if public else e["seen"][column]), "revealed": words(e["revealed"])}
                        for i, e in enumerate(self.log[since:], start=since)],
                "result": result_of(st) if over else None, "saved": self.saved, "save_error": self.save_error,
                "record_available": over or self.kind != "play",
                # the story, the table, the question (view.py)
                "table": None if public else seat_view(self, viewer, since, frames),
            }
            if self.kind == "replay":
                out["replay"] = {"position": self.move_number, "length": len(self.moves)}
            return out

    def record(self) -> dict:
        """The game's record (every move named, the seed): a play session's only once it is over."""
        with self.locked():
            if self.kind == "play" and not self.state.is_terminal():
                raise WebError("the record names every hidden card: it can be downloaded once the game is over", 403)
            return self.recorder.record(self.state)
