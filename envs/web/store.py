"""The games of one app and its data folder: games saved as they go, finished games' records.

The data folder holds:

* ``games/ID.json``: each game in progress (and finished), rewritten atomically after every change: its set-up
  (game, options, seed, deal, names, bot SPECs), the moves so far, the rules' saved state after them
  (``state.to_json()``, each game's ``saved.py``) and the hash of its token. A game not in memory (the server was
  restarted, or it was put aside to keep at most ``max_sessions`` in memory) is resumed from its file when asked
  for: its moves re-played from the seed, checked against the saved state;
* ``records/NAME.json``: finished games' records, listed and served by name (regular files only: no link is
  followed, no other file is served);
* ``bots/`` and ``components/``: the policy files and component sets a request may name (by file name; the
  defaults of ``--bots-dir`` and ``--components-dir``).
"""
from __future__ import annotations

import json
import os
import re
import secrets
import stat
import threading
import time

import hustings
from hustings.core.files import atomic_write
from hustings.errors import ConfigError, HustingsError, WebError
from hustings.play import make_game, records

from . import inputs
from .security import new_token, token_hash
from .sessions import Session, build_bots, catalogue, core_bots, seat_bots
from .tables import TABLES

DEFAULT_DATA_DIR = os.path.join(os.path.expanduser("~"), ".hustings", "web")
GAME_FORMAT = "hustings-web-game"
GAME_VERSION = 1
_SID = re.compile(r"^[A-Za-z0-9_-]{16}$")
_GAME_FILE = re.compile(r"^[A-Za-z0-9_-]{16}\.json$")
_RECORD_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.json$")
MAX_SAVED_FILE = 64 * 1024 * 1024
#: How long a game's file is kept after its last change, and how many are kept at most (the newest).
KEEP_GAME_DAYS = 30.0
KEEP_GAMES = 1000
#: How many finished games' records are kept at most (the newest; no age limit by default).
KEEP_RECORDS = 1000
KEEP_RECORD_DAYS = None
#: Retention runs at start-up, then at most this often (seconds), when a game is created.
PRUNE_EVERY = 60.0


def _folder(path: str, what: str) -> str:
    """``path`` made (if missing) and checked to be a folder the server can write: a :class:`ConfigError` (one line
    at start-up) otherwise."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"{what} {path}: cannot be used as a folder ({exc.strerror or exc}); expected a folder "
                          f"hustings can create and write") from None
    if not os.path.isdir(path) or not os.access(path, os.W_OK | os.X_OK):
        raise ConfigError(f"{what} {path}: not a folder hustings can write; expected a writable folder")
    return path


def _read_regular(path: str, limit: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (a link is not followed) of at most ``limit`` bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        with os.fdopen(fd, "rb") as f:
            fd = None
            return f.read()
    except OSError:
        return None
    finally:
        if fd is not None:
            os.close(fd)


class SessionStore:
    """The sessions of one app and its data folder (see the module's docstring)."""

    def __init__(self, data_dir: str | None = None, make_bots=None, max_sessions: int = 500,
                 bots_dir: str | None = None, components_dir: str | None = None,
                 keep_games: int | None = KEEP_GAMES, keep_game_days: float | None = KEEP_GAME_DAYS,
                 keep_records: int | None = KEEP_RECORDS, keep_record_days: float | None = KEEP_RECORD_DAYS):
        #: ``make_bots(game_name, game, specs, seed) -> [Bot]``: one bot per SPEC (default :func:`core_bots`).
        self.make_bots = make_bots or core_bots
        self._accepted: dict = {}
        self.data_dir = _folder(os.path.abspath(data_dir or DEFAULT_DATA_DIR), "data folder")
        self.records_dir = _folder(os.path.join(self.data_dir, "records"), "records folder")
        self.games_dir = _folder(os.path.join(self.data_dir, "games"), "games folder")
        self.bots_dir = _folder(os.path.abspath(bots_dir or os.path.join(self.data_dir, "bots")), "bots folder")
        self.components_dir = _folder(os.path.abspath(components_dir or os.path.join(self.data_dir, "components")),
                                      "components folder")
        self.sessions: dict[str, Session] = {}
        self.max_sessions = max_sessions
        self._lock = threading.Lock()
        self._loading = threading.Lock()
        #: Retention (:meth:`prune`): the most files kept (the newest) and their age in days (None: no limit).
        self.keep_games, self.keep_game_days = keep_games, keep_game_days
        self.keep_records, self.keep_record_days = keep_records, keep_record_days
        self._pruned = 0.0
        self.prune()

    def _add(self, session: Session) -> Session:
        with self._lock:
            self.sessions[session.id] = session
            idle = sorted((s for s in self.sessions.values() if s is not session), key=lambda s: s.updated)
        for old in idle[:max(0, len(idle) + 1 - self.max_sessions)]:  # put aside: saved, resumed when asked for
            if not old._busy and old.persist():
                with self._lock:
                    self.sessions.pop(old.id, None)
        return session

    def catalogue(self) -> dict:
        out = catalogue(self.make_bots, self._accepted, self.bots_dir, self.components_dir)
        out["kept"] = self.retention()
        return out

    def get(self, sid: str) -> Session:
        s = self.sessions.get(sid)
        if s is not None:
            return s
        if not isinstance(sid, str) or not _SID.match(sid):
            raise WebError(f"no game {sid[:40]!r} on this server", 404)
        with self._loading:
            s = self.sessions.get(sid)
            if s is None:
                s = self._add(self.resume(sid))
        return s

    # --- creating -----------------------------------------------------------------------------------------------
    def create(self, body: dict, start: bool = True) -> tuple[Session, str]:
        """A play session (``seat`` given) or a watch session (``seat`` null: bots in every seat), and its token;
        with ``start``, the bots' moves before the person's first turn played (else: ``session.start_work()``)."""
        if not isinstance(body, dict):
            raise WebError("the request body must be a JSON object")
        name = body.get("game")
        if not isinstance(name, str) or name not in hustings.games():
            shown = repr(name[:40]) if isinstance(name, str) else "(none)" if name is None else "(not a name)"
            raise WebError(f"unknown game {shown}; expected one of {', '.join(hustings.games())}")
        players = body.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise WebError("'players' must be the number of seats at the table")
        options = inputs.game_options(name, body.get("options"), self.components_dir)
        title = inputs.title(body.get("title"))
        seed = body.get("seed")
        if seed is None or seed == "":
            seed = secrets.randbelow(1 << 31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 62:
            raise WebError(f"seed {str(seed)[:30]!r} must be a whole number >= 0 (below 2**62)")
        specs = body.get("bots") or ["heuristic"]
        if not isinstance(specs, list) or len(specs) > 16:
            raise WebError("'bots' must be a list of SPECs, one per bot seat (or one for all)")
        shown = [s.strip() if isinstance(s, str) else s for s in specs]
        built = [inputs.bot_spec(name, s, self.bots_dir) for s in specs]
        with TABLES.exclusive():  # building a game installs its component set
            try:
                game = make_game(name, players, options)
            except (HustingsError, ValueError, TypeError) as exc:
                raise WebError(str(exc)) from None
            n = game.num_players
            seat = body.get("seat")
            if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
                raise WebError(f"seat {str(seat)[:20]!r} does not exist; expected 0..{n - 1} (or null to watch bots)")
            others = n - 1 if seat is not None else n
            if len(built) == 1:
                built, shown = built * others, shown * others
            if len(built) != others:
                raise WebError(f"{len(built)} bots for {others} bot seats; give one SPEC, or one per bot seat")
            bots = seat_bots(build_bots(self.make_bots, name, game, built, shown, seed), seat, seed)
            names = [str(s) for s in shown]
            if seat is not None:
                names.insert(seat, "you")
            token = new_token()
            session = Session("play" if seat is not None else "watch", game, seed, names, seat=seat, bots=bots,
                              auto_forced=bool(body.get("auto_forced", True)), store=self, title=title,
                              specs=built, token_digest=token_hash(token))
        if start:
            session.start()  # the bots before the person's first turn
        session.persist()
        self.prune_now_and_then()
        return self._add(session), token

    def create_replay(self, body: dict) -> tuple[Session, str]:
        """A replay of an uploaded record (``record``) or of a saved one (``saved``: its file name), and its token."""
        if not isinstance(body, dict):
            raise WebError("the request body must be a JSON object")
        record = body.get("record")
        if record is None and body.get("saved"):
            record = self.load_record(body["saved"])
        record = inputs.record(record, None)  # a component set in a record is its own JSON object, never a file
        title = inputs.title(body.get("title"))
        with TABLES.exclusive():  # building the game installs its component set
            try:
                records.replay(record)  # the whole record checked against the rules first
                game = records.game_from_config(record["config"])
            except (HustingsError, ValueError, TypeError, KeyError) as exc:
                raise WebError(f"not a valid game record: {exc}") from None
            names = record.get("players") or [f"player_{i}" for i in range(game.num_players)]
            if len(names) != game.num_players:
                raise WebError(f"not a valid game record: {len(names)} players named for {game.num_players} seats")
            token = new_token()
            session = Session("replay", game, record.get("seed"), [str(x) for x in names], deal=record.get("deal"),
                              moves=[{"player": m["player"], "action": m["action"]} for m in record["moves"]],
                              store=self, title=title, token_digest=token_hash(token))
        session.persist()
        return self._add(session), token

    # --- games saved as they go ---------------------------------------------------------------------------------
    def game_data(self, session: Session) -> dict:
        """What :meth:`write_game` saves of ``session`` (call it under the session's lock)."""
        return {
            "format": GAME_FORMAT, "version": GAME_VERSION, "hustings_version": hustings.__version__,
            "id": session.id, "kind": session.kind, "title": session.title, "config": session.game.config(),
            "seed": session.seed, "deal": session.deal, "names": session.names, "seat": session.seat,
            "specs": session.specs, "auto_forced": session.auto_forced, "token_sha256": session.token_digest,
            "moves": [[m["player"], m["action"]] for m in session.recorder.moves],
            "replay_moves": [[m["player"], m["action"]] for m in session.moves] if session.kind == "replay" else None,
            "state": session.state.to_json(), "saved": session.saved,
            "created": session.created, "updated": session.updated,
        }

    def _game_path(self, sid: str) -> str:
        return os.path.join(self.games_dir, sid + ".json")

    def write_game(self, sid: str, data: dict) -> None:
        atomic_write(self._game_path(sid), json.dumps(data, separators=(",", ":")), mode=0o600)

    def resume(self, sid: str) -> Session:
        """The game ``sid`` from its file: re-played from its set-up and checked against its saved state."""
        raw = _read_regular(self._game_path(sid), MAX_SAVED_FILE)
        if raw is None:
            raise WebError(f"no game {sid!r} on this server", 404)
        try:
            data = json.loads(raw)
            if data.get("format") != GAME_FORMAT or data.get("version") != GAME_VERSION or data.get("id") != sid:
                raise ValueError("not a saved game of this version")
            config = data["config"]
            options = {k: v for k, v in config.items() if k not in ("game", "num_players")}
            with TABLES.exclusive():
                game = make_game(config["game"], config["num_players"], options)
                bots = []
                if data["kind"] != "replay":
                    bots = seat_bots(build_bots(self.make_bots, game.name, game, data["specs"], data["specs"],
                                                data["seed"]), data["seat"], data["seed"])
                moves = [{"player": p, "action": a} for p, a in data.get("replay_moves") or []]
                session = Session(data["kind"], game, data["seed"], data["names"], seat=data["seat"], bots=bots,
                                  deal=data["deal"], moves=moves, auto_forced=data["auto_forced"], store=self,
                                  title=data["title"], specs=data["specs"], sid=sid,
                                  token_digest=data["token_sha256"])
            session._quiet = True
            with session.locked():
                for p, a in data["moves"]:
                    st = session.state
                    if st.is_terminal() or st.current_player() != p or not st.is_legal(a):
                        raise ValueError(f"its move {session.move_number + 1} is not legal")
                    session._play_move(p, a)
                if json.dumps(session.state.to_json(), sort_keys=True) != json.dumps(data["state"], sort_keys=True):
                    raise ValueError("its moves do not lead to its saved state")
                session._quiet = False
                session.saved, session.created, session.updated = data["saved"], data["created"], data["updated"]
                session.dirty = False
                if session.state.is_terminal() and not session.saved:
                    session._save_record()  # a record that could not be written before
        except WebError as exc:
            raise WebError(f"game {sid} cannot be resumed: {exc.message}", 500) from None
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, HustingsError) as exc:
            raise WebError(f"game {sid} cannot be resumed: {exc}", 500) from None
        return session

    # --- retention ---------------------------------------------------------------------------------------------------
    def prune(self, now: float | None = None) -> list[str]:
        """Delete what is kept no longer: a game's file ``keep_game_days`` after its last change, or beyond the
        newest ``keep_games``; a record beyond the newest ``keep_records`` (or older than ``keep_record_days``). A
        game in memory is never deleted. The paths deleted, relative to the data folder."""
        now = time.time() if now is None else now
        self._pruned = time.monotonic()
        with self._lock:
            live = {sid + ".json" for sid in self.sessions}
        removed = []
        for folder, ours, keep, days, protected in (
                (self.games_dir, _GAME_FILE, self.keep_games, self.keep_game_days, live),
                (self.records_dir, _RECORD_NAME, self.keep_records, self.keep_record_days, set())):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            found = []
            for name in names:
                if not ours.match(name):  # a write in progress, anything not ours: left alone
                    continue
                try:
                    st = os.lstat(os.path.join(folder, name))
                except OSError:
                    continue
                if stat.S_ISREG(st.st_mode):
                    found.append((st.st_mtime, name))
            found.sort(reverse=True)  # the newest first
            for rank, (mtime, name) in enumerate(found):
                old = days is not None and now - mtime > days * 86400
                over = keep is not None and rank >= keep
                if (old or over) and name not in protected:
                    try:
                        os.unlink(os.path.join(folder, name))
                        removed.append(os.path.join(os.path.basename(folder), name))
                    except OSError:
                        pass
        return removed

    def prune_now_and_then(self) -> None:
        """:meth:`prune` if it has not run for :data:`PRUNE_EVERY` seconds."""
        if time.monotonic() - self._pruned >= PRUNE_EVERY:
            self.prune()

    def retention(self) -> dict:
        """What is kept (the catalogue says it; ``docs/web.md``)."""
        return {"games": self.keep_games, "game_days": self.keep_game_days, "records": self.keep_records,
                "record_days": self.keep_record_days}

    # --- records on disk ------------------------------------------------------------------------------------------
    def save_record(self, session: Session) -> str:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        name = f"{stamp}-{session.game.name}-{session.game.num_players}p-{session.id[:8]}.json"
        records.save(session.recorder.record(session.state), os.path.join(self.records_dir, name))
        return name

    def _read_record(self, name: str) -> dict | None:
        """Saved record ``name`` if it is one: a regular file (never a link) holding a hustings record."""
        if not isinstance(name, str) or not _RECORD_NAME.match(name):
            return None
        raw = _read_regular(os.path.join(self.records_dir, name), MAX_SAVED_FILE)
        if raw is None:
            return None
        try:
            rec = json.loads(raw)
        except (ValueError, RecursionError):
            return None
        if not isinstance(rec, dict) or rec.get("format") != records.RECORD_FORMAT or not isinstance(
                rec.get("config"), dict):
            return None
        return rec

    def load_record(self, name) -> dict:
        if not isinstance(name, str) or not _RECORD_NAME.match(name):
            raise WebError(f"bad record name {str(name)[:60]!r}")
        rec = self._read_record(name)
        if rec is None:
            raise WebError(f"no saved record {name!r}", 404)
        return rec

    def list_records(self) -> list[dict]:
        out = []
        try:
            names = os.listdir(self.records_dir)
        except OSError as exc:
            raise WebError(f"the records folder cannot be read ({exc.strerror or exc})", 500) from None
        for name in sorted(names, reverse=True):
            rec = self._read_record(name)  # temporary files of a write in progress, links, anything else: skipped
            if rec is None:
                continue
            try:
                cfg = rec["config"]
                out.append({"name": name, "game": cfg["game"], "num_players": cfg["num_players"],
                            "players": rec.get("players"), "moves": len(rec.get("moves", [])),
                            "finished": records.is_finished(rec), "result": rec.get("result")})
            except (KeyError, TypeError):
                continue
        return out
