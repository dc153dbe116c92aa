"""The server side of the web app: games in progress, and what each browser is sent of them.

Every game lives here, in a :class:`Session`; a browser gets only :meth:`Session.view` of it, built for one viewer:

* a **play** session is one person's seat against bots: its view is always that seat's (``state.render(player=seat)``,
  the seat's own legal moves on its turn only, every move as :func:`hustings.play.move_seen_by` shows it to the seat,
  so a move hidden from the seat never shows its name). The seed (which fixes every shuffle) and the record (every
  move named) are given out only once the game is over.
* a **watch** session is bots only, and a **replay** session re-simulates an uploaded record: nobody's cards are at
  stake, so the viewer picks any seat's view or the whole table.

Changes go through a per-session lock, and each one names the move number its browser saw (a stale one, e.g. from a
second tab, is refused and changes nothing). A finished game's record is written atomically into the data folder.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import threading
import time

import hustings
from hustings.play import records
from hustings.bots import spec as spec_bots
from hustings.core.match import checked_act
from hustings.errors import HustingsError, IllegalActionError, WebError
from hustings.play import display_name, make_game, move_seen_by, revealed_by_move
from hustings.play.records import Recorder, result_of

from .boards import board_view

DEFAULT_DATA_DIR = os.path.join(os.path.expanduser("~"), ".hustings", "web")
#: The most bot moves one request plays (a guard; every game ends long before).
MAX_BOT_MOVES = 100_000


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


def _accepts(make_bots, game_name: str, spec: str, cache: dict) -> bool:
    """Whether ``make_bots`` takes ``spec`` for ``game_name`` (e.g. IS-MCTS SPECs, where this hustings has them)."""
    key = f"{game_name}:{spec}"
    if key not in cache:
        try:
            make_bots(game_name, hustings.registry.make_game(game_name), [spec], 0)
            cache[key] = True
        except Exception:  # noqa: BLE001 - any refusal means "not offered"
            cache[key] = False
    return cache[key]


def catalogue(make_bots=core_bots, cache: dict | None = None) -> dict:
    """Every game with its table sizes, options and suggested bot SPECs (the page's set-up form)."""
    from hustings import checkpoints

    shipped = checkpoints.names()
    out = []
    for name in hustings.games():
        info = hustings.registry.info(name)
        cls = info.game_class
        bots = sorted(info.bots)
        if name in shipped:
            bots.append(f"shipped:{name}")
        cache = {} if cache is None else cache
        bots += [s for s in ("ismcts",) if s not in bots and _accepts(make_bots, name, s, cache)]
        out.append({"name": name, "min_players": cls.min_players, "max_players": cls.max_players,
                    "default_players": info.default_players, "title": info.title,
                    "options": {k: _option_info(o) for k, o in cls.OPTIONS.items()}, "bots": bots})
    return {"games": out, "version": hustings.__version__}


def _build_bots(make_bots, game_name: str, game, specs: list[str], seed: int) -> list:
    if not all(isinstance(s, str) and s.strip() for s in specs):
        raise WebError("every bot must be a SPEC: a scripted bot's name, shipped:GAME or a policy/.onnx path")
    try:
        bots = make_bots(game_name, game, [s.strip() for s in specs], seed)
    except (HustingsError, ValueError, OSError, KeyError) as exc:
        raise WebError(f"bad bot: {exc}") from None
    if len(bots) != len(specs):
        raise WebError(f"{len(bots)} bots made for {len(specs)} SPECs", 500)
    return bots


# --- sessions -----------------------------------------------------------------------------------------------------
class Session:
    """One game on the server: its rules state, bots, log and record. Use it under :attr:`lock`."""

    def __init__(self, kind: str, game, seed: int, names: list[str], seat: int | None = None,
                 bots: list | None = None, deal: dict | None = None, moves: list[dict] | None = None,
                 auto_forced: bool = True, store: "SessionStore | None" = None, title: str = ""):
        self.id = secrets.token_urlsafe(12)
        self.kind, self.game, self.seed, self.deal, self.names = kind, game, seed, deal, list(names)
        self.seat, self.bots, self.auto_forced, self.store = seat, bots or [], auto_forced, store
        self.title = title
        self.moves = moves or []  # a replay's recorded moves
        self.lock = threading.RLock()
        self.saved: str | None = None
        self.updated = time.time()
        self._restart()

    def _restart(self) -> None:
        self.state = self.game.new_initial_state(seed=self.seed, deal=self.deal)
        self.recorder = Recorder(self.game, self.seed, deal=self.deal, players=self.names)
        self.log: list[dict] = []  # {"player", "seen": [text for the whole table, for seat 0, 1, ...], "revealed"}

    # --- moving ---------------------------------------------------------------------------------------------------
    @property
    def move_number(self) -> int:
        return len(self.log)

    def _play_move(self, player: int, action: int) -> None:
        st = self.state
        seen = [move_seen_by(st, player, action, None)] + [move_seen_by(st, player, action, v)
                                                            for v in range(self.game.num_players)]
        self.log.append({"player": player, "seen": seen, "revealed": revealed_by_move(st, player, action)})
        self.recorder.add(player, action)
        st.apply_unchecked(action)
        self.updated = time.time()
        if st.is_terminal() and self.kind != "replay" and self.store is not None:
            self.saved = self.store.save_record(self)

    def _bot_move(self) -> None:
        st = self.state
        p = st.current_player()
        try:
            action = checked_act(st, self.bots[p], p)
        except IllegalActionError as exc:
            raise WebError(f"bot {self.names[p]} in seat {p}: {exc}", 500) from None
        self._play_move(p, action)

    def _advance(self) -> None:
        """Play the bots' moves (and the person's forced moves, with ``auto_forced``) up to the person's choice."""
        for _ in range(MAX_BOT_MOVES):
            st = self.state
            if st.is_terminal():
                return
            p = st.current_player()
            if p != self.seat:
                self._bot_move()
            elif self.auto_forced and len(st.legal_actions()) == 1:
                self._play_move(p, st.legal_actions()[0])
            else:
                return

    def _check_number(self, move_number) -> None:
        if isinstance(move_number, bool) or not isinstance(move_number, int):
            raise WebError("the request must carry 'move_number', the number of moves the page has seen")
        if move_number != self.move_number:
            raise WebError(f"stale request: it was made after move {move_number}, but the game is at move "
                           f"{self.move_number} (another tab?); the page has been brought up to date", 409)

    def start(self) -> None:
        with self.lock:
            if self.kind == "play":
                self._advance()

    def move(self, action, move_number) -> None:
        """The person plays ``action``; refused (nothing changes) unless it is theirs to play and legal."""
        with self.lock:
            if self.kind != "play":
                raise WebError(f"this is a {self.kind} session: nobody plays moves in it", 400)
            self._check_number(move_number)
            st = self.state
            if st.is_terminal():
                raise WebError("the game is over", 409)
            if st.current_player() != self.seat:
                raise WebError(f"it is not your turn (P{st.current_player()} is to move)", 409)
            if isinstance(action, bool) or not isinstance(action, int) or not st.is_legal(action):
                legal = ", ".join(f"{a} ({display_name(self.game, self.seat, a)})" for a in st.legal_actions()[:40])
                raise WebError(f"move {action!r} is not one of your legal moves: {legal}", 400)
            self._play_move(self.seat, action)
            self._advance()

    def step(self, move_number, count: int = 1) -> None:
        """Watch: the bots play ``count`` moves; replay: the next ``count`` recorded moves."""
        with self.lock:
            if self.kind == "play":
                raise WebError("a play session moves when you play: use /move", 400)
            self._check_number(move_number)
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise WebError("'count' must be a positive whole number")
            for _ in range(min(count, MAX_BOT_MOVES)):
                if self.state.is_terminal() or (self.kind == "replay" and self.move_number >= len(self.moves)):
                    break
                if self.kind == "watch":
                    self._bot_move()
                else:
                    m = self.moves[self.move_number]
                    self._play_move(m["player"], m["action"])

    def goto(self, position, move_number) -> None:
        """Replay: go to just after move ``position`` (0 = the start), re-simulating from the deal."""
        with self.lock:
            if self.kind != "replay":
                raise WebError("only a replay can go back", 400)
            self._check_number(move_number)
            if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= len(self.moves):
                raise WebError(f"'to' must be a move number 0..{len(self.moves)}")
            if position < self.move_number:
                self._restart()
            while self.move_number < position:
                m = self.moves[self.move_number]
                self._play_move(m["player"], m["action"])

    # --- what a browser is sent -------------------------------------------------------------------------------------
    def viewer_for(self, view) -> int | None:
        """The seat whose view is sent: a play session's seat always; otherwise ``view`` (a seat, or all)."""
        if self.kind == "play":
            return self.seat
        if view in (None, "", "all"):
            return None
        try:
            v = int(view)
        except (TypeError, ValueError):
            raise WebError(f"view {view!r} must be a seat number or 'all'") from None
        if not 0 <= v < self.game.num_players:
            raise WebError(f"view {v} is not a seat; expected 0..{self.game.num_players - 1} or 'all'")
        return v

    def view(self, view=None, since: int = 0) -> dict:
        """Everything the page shows, for one viewer (see :meth:`viewer_for`): nothing that seat may not see."""
        with self.lock:
            viewer = self.viewer_for(view)
            st, game = self.state, self.game
            over = st.is_terminal()
            column = 0 if viewer is None else viewer + 1
            since = max(0, min(int(since or 0), self.move_number))
            current = st.current_player()
            legal = []
            if self.kind == "play" and not over and current == self.seat:
                legal = [{"action": a, "name": display_name(game, self.seat, a)} for a in st.legal_actions()]
            out = {
                "id": self.id, "kind": self.kind, "title": self.title, "game": game.name,
                "suit_cards": hustings.registry.info(game.name).suit_cards,
                "num_players": game.num_players, "options": dict(game.options), "players": self.names,
                "seat": self.seat, "viewer": viewer, "move_number": self.move_number, "finished": over,
                "current_player": None if over else current,
                "your_turn": bool(legal), "legal": legal,
                "text": st.render(player=viewer), "board": board_view(st, viewer),
                "log_from": since,
                "log": [{"n": i + 1, "player": e["player"], "text": e["seen"][column], "revealed": e["revealed"]}
                        for i, e in enumerate(self.log[since:], start=since)],
                "result": result_of(st) if over else None, "saved": self.saved,
                "record_available": over or self.kind != "play",
            }
            if self.kind == "replay":
                out["replay"] = {"position": self.move_number, "length": len(self.moves)}
            return out

    def record(self) -> dict:
        """The game's record (every move named, the seed): a play session's only once it is over."""
        with self.lock:
            if self.kind == "play" and not self.state.is_terminal():
                raise WebError("the record names every hidden card: it can be downloaded once the game is over", 403)
            return self.recorder.record(self.state)


class SessionStore:
    """The sessions of one app and its data folder (``records/`` holds finished games' records)."""

    def __init__(self, data_dir: str | None = None, make_bots=None, max_sessions: int = 500):
        #: ``make_bots(game_name, game, specs, seed) -> [Bot]``: one bot per SPEC (default :func:`core_bots`).
        self.make_bots = make_bots or core_bots
        self._accepted: dict = {}
        self.data_dir = os.path.abspath(data_dir or DEFAULT_DATA_DIR)
        self.records_dir = os.path.join(self.data_dir, "records")
        os.makedirs(self.records_dir, exist_ok=True)
        self.sessions: dict[str, Session] = {}
        self.max_sessions = max_sessions
        self._lock = threading.Lock()

    def _add(self, session: Session) -> Session:
        with self._lock:
            if len(self.sessions) >= self.max_sessions:  # forget the longest-idle one
                oldest = min(self.sessions.values(), key=lambda s: s.updated)
                del self.sessions[oldest.id]
            self.sessions[session.id] = session
        return session

    def catalogue(self) -> dict:
        return catalogue(self.make_bots, self._accepted)

    def get(self, sid: str) -> Session:
        s = self.sessions.get(sid)
        if s is None:
            raise WebError(f"no game {sid!r} on this server (it may have been restarted)", 404)
        return s

    # --- creating -----------------------------------------------------------------------------------------------
    def create(self, body: dict) -> Session:
        """A play session (``seat`` given) or a watch session (``seat`` null: bots in every seat)."""
        if not isinstance(body, dict):
            raise WebError("the request body must be a JSON object")
        name = body.get("game")
        if name not in hustings.games():
            raise WebError(f"unknown game {name!r}; expected one of {', '.join(hustings.games())}")
        players = body.get("players")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise WebError("'options' must be an object")
        try:
            game = make_game(name, players, options)
        except (HustingsError, ValueError, TypeError) as exc:
            raise WebError(str(exc)) from None
        n = game.num_players
        seat = body.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
            raise WebError(f"seat {seat!r} does not exist; expected 0..{n - 1} (or null to watch bots)")
        others = n - 1 if seat is not None else n
        specs = body.get("bots") or ["heuristic"]
        if not isinstance(specs, list):
            raise WebError("'bots' must be a list of SPECs")
        if len(specs) == 1:
            specs = specs * others
        if len(specs) != others:
            raise WebError(f"{len(specs)} bots for {others} bot seats; give one SPEC, or one per bot seat")
        seed = body.get("seed")
        if seed is None or seed == "":
            seed = secrets.randbelow(1 << 31)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise WebError(f"seed {seed!r} must be a whole number >= 0")
        bots = _build_bots(self.make_bots, name, game, specs, seed)
        names = [str(s).strip() for s in specs]
        if seat is not None:
            bots.insert(seat, None)
            names.insert(seat, "you")
        for i, bot in enumerate(bots):
            if bot is not None:
                bot.reset(seed * 7919 + i)
        session = Session("play" if seat is not None else "watch", game, seed, names, seat=seat, bots=bots,
                          auto_forced=bool(body.get("auto_forced", True)), store=self)
        session.start()
        return self._add(session)

    def create_replay(self, body: dict) -> Session:
        """A replay of an uploaded record (``record``) or of a saved one (``saved``: its file name)."""
        if not isinstance(body, dict):
            raise WebError("the request body must be a JSON object")
        record = body.get("record")
        if record is None and body.get("saved"):
            record = self.load_record(body["saved"])
        if not isinstance(record, dict):
            raise WebError("give 'record' (a game record's JSON) or 'saved' (a saved record's name)")
        try:
            records.replay(record)  # the whole record checked against the rules first
            game = records.game_from_config(record["config"])
        except (HustingsError, ValueError, TypeError, KeyError) as exc:
            raise WebError(f"not a valid game record: {exc}") from None
        names = record.get("players") or [f"player_{i}" for i in range(game.num_players)]
        session = Session("replay", game, record.get("seed"), [str(x) for x in names], deal=record.get("deal"),
                          moves=record["moves"], store=self, title=str(body.get("title") or ""))
        return self._add(session)

    # --- records on disk ------------------------------------------------------------------------------------------
    def save_record(self, session: Session) -> str:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        name = f"{stamp}-{session.game.name}-{session.game.num_players}p-{session.id[:8]}.json"
        records.save(session.recorder.record(session.state), os.path.join(self.records_dir, name))
        return name

    _NAME = re.compile(r"^[A-Za-z0-9._-]+\.json$")

    def _path(self, name: str) -> str:
        if not isinstance(name, str) or not self._NAME.match(name) or name.startswith("."):
            raise WebError(f"bad record name {name!r}")
        path = os.path.join(self.records_dir, name)
        if not os.path.isfile(path):
            raise WebError(f"no saved record {name!r}", 404)
        return path

    def load_record(self, name: str) -> dict:
        try:
            return records.load(self._path(name))
        except records.RecordError as exc:
            raise WebError(str(exc)) from None

    def list_records(self) -> list[dict]:
        out = []
        for name in sorted(os.listdir(self.records_dir), reverse=True):
            if not self._NAME.match(name):
                continue  # temporary files of a write in progress, anything else
            try:
                with open(os.path.join(self.records_dir, name)) as fh:
                    rec = json.load(fh)
                cfg = rec["config"]
                out.append({"name": name, "game": cfg["game"], "num_players": cfg["num_players"],
                            "players": rec.get("players"), "moves": len(rec.get("moves", [])),
                            "finished": records.is_finished(rec), "result": rec.get("result")})
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return out
