"""The rules interface every hustings game implements, in plain Python (no gymnasium, no pettingzoo).

A game is split the OpenSpiel way:

* :class:`Game` is static: the validated configuration (player count, variant options) and the sizes
  that follow from it (number of actions, observation length), action names, and the factories for
  states (fresh from a seed, from a given deal, from saved JSON).
* :class:`State` is dynamic: whose turn it is, the legal actions as ids of the game's one flat action
  space, applying an action, the terminal test, per-player results, each player's observation as a
  fixed-length ``float32`` vector, and a text rendering.

The AEC environment in :mod:`hustings.core.env` is a thin adapter over these two classes.
"""
from __future__ import annotations

import random
from typing import Any, Callable, ClassVar

import numpy as np

from ..errors import (ComponentError, ConfigError, DealError, HustingsError, IllegalActionError,  # noqa: F401
                      PositionError, StateFormatError)


class Option:
    """One variant option of a game: its default, accepted type, validity check and meaning."""

    def __init__(self, default: Any, kind: type | tuple, doc: str, check=None, expected: str = ""):
        self.default, self.kind, self.doc, self.check, self.expected = default, kind, doc, check, expected

    def validate(self, game: str, name: str, value: Any) -> Any:
        """``value`` if it is valid for option ``name`` of ``game``, else a ``ConfigError`` saying what was expected."""
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        bad_type = not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
        if bad_type or (self.check is not None and not self.check(value)):
            want = self.expected or " or ".join(k.__name__ for k in kinds)
            raise ConfigError(f"{game}: option {name}={value!r} is invalid; expected {want}")
        return value


class Game:
    """Static description of a game at one configuration. Subclasses set the class attributes and sizes.

    Subclasses define ``name``, ``min_players``, ``max_players``, ``OPTIONS`` (name -> :class:`Option`),
    and in ``__init__`` (after calling ``super().__init__``) ``num_actions`` and ``observation_size``.
    """

    name: ClassVar[str] = "game"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    OPTIONS: ClassVar[dict[str, Option]] = {}
    #: Bumped whenever the observation layout changes, so saved policies can check what they were trained on.
    observation_version: ClassVar[int] = 1
    #: Whether seats commit face down, in turn, to a play revealed together (Democracy's tricks): then a seat's
    #: pending commitment is a hidden *choice*, and :meth:`State.recommit` can redo it with a model of the chooser.
    hidden_commitments: ClassVar[bool] = False
    #: Whether the rules engine reads its component values (cards, mats...) from tables the whole process shares,
    #: installed by :meth:`use_components`, rather than from the game object: two games of different component sets
    #: then cannot be played at the same time (the web server takes turns: ``hustings.web.tables``).
    shared_component_tables: ClassVar[bool] = False

    num_actions: int
    observation_size: int

    def __init__(self, num_players: int, **options: Any):
        if isinstance(num_players, bool) or not isinstance(num_players, (int, np.integer)):
            raise ConfigError(f"{self.name}: num_players must be an int, got {num_players!r}")
        if not self.min_players <= num_players <= self.max_players:
            raise ConfigError(
                f"{self.name}: num_players={num_players} is not supported; expected "
                f"{self.min_players}..{self.max_players}")
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            from ..errors import did_you_mean

            # the env's own keywords too: `num_player=4` is a misspelt num_players, not a variant option
            keywords = [*self.OPTIONS, "num_players", "render_mode", "reward", "illegal_action", "illegal_penalty",
                        "events"]
            named = ", ".join(f"{u}{did_you_mean(u, keywords)}" for u in unknown)
            raise ConfigError(
                f"{self.name}: unknown option(s) {named}; known options: "
                f"{', '.join(sorted(self.OPTIONS)) or 'none'}")
        self.num_players = int(num_players)
        self.options = {k: o.validate(self.name, k, options.get(k, o.default)) for k, o in self.OPTIONS.items()}

    # --- factories -------------------------------------------------------------------------------
    def new_initial_state(self, seed: int | None = None, deal: dict | None = None) -> "State":
        """A fresh game. ``seed`` fixes every shuffle; ``deal`` (validated) fixes the opening deal."""
        raise NotImplementedError

    def state_from_json(self, data: dict) -> "State":
        """Rebuild a state saved with :meth:`State.to_json`; play continues identically. Strictly validated:
        anything inconsistent raises :class:`StateFormatError` naming the field and what was expected."""
        raise NotImplementedError

    def state_from_position(self, position: dict, seed: int | None = None) -> "State":
        """A state from a human-writable position (the game's RULES.md, "Positions"): any point of play, fields
        named as the rulebook names things; whatever it leaves out is filled at random from ``seed``. Strictly
        validated: anything inconsistent raises :class:`PositionError` naming the field and what was expected."""
        raise PositionError(f"{self.name}: positions are not supported yet")

    # --- events ----------------------------------------------------------------------------------
    def describe_event(self, event: dict) -> str:
        """One line of text for an event (games override this for a table-like wording)."""
        fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "private"))
        return f"{event['type']}: {fields}" if fields else event["type"]

    # --- naming ----------------------------------------------------------------------------------
    def action_name(self, action: int) -> str:
        """The name of action id ``action`` (unique within the game: ``"play 3C"``, ``"draw"``, ...)."""
        raise NotImplementedError

    def action_names(self) -> list[str]:
        """Every action's name, in action-id order."""
        return [self.action_name(a) for a in range(self.num_actions)]

    def display_name(self, player: int, action: int) -> str:
        """The action's name as a table shows it to ``player`` (games whose names are relative to the seat, such
        as Politix's ``seat+1``, add the seat they are); by default :meth:`action_name`."""
        return self.action_name(action)

    def move_forms(self, player: int, action: int) -> list[str]:
        """The short ways a person may type ``action`` for ``player``, as the table shows the card or the target
        (Democracy ``3C``, Politrickers ``Env6``); the first is offered as an example. Matched case-insensitively,
        ``_`` and spaces alike (:mod:`hustings.play.moves`). By default a name ``play X`` gives ``X``."""
        name = self.action_name(action)
        return [name[5:]] if name.startswith("play ") else []

    #: ``(name, start, length, meaning)`` of every block of the observation vector (see ``world.field_table``).
    fields: list[tuple[str, int, int, str]] = []

    def observation_fields(self) -> list[tuple[str, int, int, str]]:
        """``(name, start, length, meaning)`` for every block of the observation vector, in order."""
        return list(self.fields)

    # --- component sets --------------------------------------------------------------------------
    def use_components(self) -> None:
        """Install this game's component set in the tables the process shares, if another set was installed since
        (games with :attr:`shared_component_tables`; by default there is nothing to install)."""

    def component_set(self) -> str | None:
        """Which component set the game plays with: a fingerprint of its own set, ``None`` for the shipped one."""
        return None

    def config(self) -> dict:
        """The configuration as a dict: game name, player count and options (what records and checkpoints keep)."""
        return {"game": self.name, "num_players": self.num_players, **self.options}

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}(num_players={self.num_players}{opts})"


class State:
    """Dynamic state of one game. Subclasses implement the methods marked below.

    Conventions every game follows:

    * ``current_player()`` is the seat to act, ``-1`` once the game is over.
    * ``legal_actions()`` is sorted; ``is_legal(a)`` is O(1) for the current player.
    * ``apply_action(a)`` checks legality and raises :class:`IllegalActionError` without changing anything;
      ``apply_unchecked(a)`` is the unchecked fast path used after the caller has checked.
    * ``scores()`` are the game's own points (tribes, VP, ...); ``score_version`` increases whenever they
      change, so a caller can detect changes without recomputing.
    * ``winners()`` are the seats that won (several on a shared win, none on truncation).
    * ``observation(p)`` shows only what seat ``p`` may see.
    """

    game: Game
    rng: random.Random
    score_version: int = 0
    truncated: bool = False
    #: The event log: ``(public, private)`` pairs appended by :meth:`_event` (see :meth:`events`). A game sets
    #: ``self.event_log = []`` in its constructor and copies the list in ``clone()`` (entries are never mutated).
    event_log: list
    #: ``False`` stops recording (search rollouts turn it off for speed); the log then stays as it was.
    record_events: bool = True

    # --- to implement ----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat that decides now."""
        raise NotImplementedError

    def is_terminal(self) -> bool:
        """Whether the game is over (won, or truncated at its cap)."""
        raise NotImplementedError

    def legal_actions(self) -> list[int]:
        """The current player's legal action ids, ascending."""
        raise NotImplementedError

    def is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal for the current player now."""
        raise NotImplementedError

    def apply_unchecked(self, action: int) -> None:
        """Play ``action`` for the current player without checking it (search and tools that know it is legal)."""
        raise NotImplementedError

    def scores(self) -> list[float]:
        """Each seat's score in the game's own points (tribes, VP, ...)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats that won: several on a shared win, none while the game goes on or when it was truncated."""
        raise NotImplementedError

    def teams(self) -> list[list[int]]:
        """Who wins together: a partition of the seats into teams, each a list of seats in seat order, the teams
        ordered by their first seat. Every seat plays for itself unless the game has parties that win jointly
        (Politix's parties, Prime Minister's Scenario 4); the env, training and evaluation all ask this."""
        return [[p] for p in range(self.game.num_players)]

    def team_of(self, player: int) -> list[int]:
        """The seats of ``player``'s team (``player`` included), in seat order."""
        return next(team for team in self.teams() if player in team)

    def observation(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """Seat ``player``'s observation vector (float32, ``Game.observation_size``; written into ``out`` when
        given): only what that seat may see."""
        raise NotImplementedError

    def global_observation(self) -> np.ndarray:
        """Everything, every player's private information included (for centralised critics)."""
        raise NotImplementedError

    def to_json(self) -> dict:
        """The whole state as JSON-ready data (what ``save_state`` writes; the game's saved-state loader reads it)."""
        raise NotImplementedError

    # --- what a seat sees of a move -------------------------------------------------------------------------
    def hidden_move(self, player: int, action: int) -> str | None:
        """If ``action`` of ``player`` (about to be applied) is hidden from the other seats, a description of it that
        names nothing hidden (``"play a card face down"``); ``None`` (the default) when every seat sees the move."""
        return None

    def revealed_by_move(self, player: int, action: int) -> str | None:
        """What ``action`` of ``player`` (about to be applied) turns face up for every seat, as a line of text, or
        ``None`` (the default)."""
        return None

    def board_view(self, viewer: int | None) -> dict | None:
        """A JSON-able board of the table as seat ``viewer`` sees it (``None``: everything), for pages that draw it;
        ``None`` (the default) where the text rendering is the view."""
        return None

    def render(self, player: int | None = None) -> str:
        """The table as text: everything with ``player`` None, else as seat ``player`` sees it."""
        raise NotImplementedError

    # --- provided ----------------------------------------------------------------------------------
    def _event(self, kind: str, private: dict[int, dict] | None = None, **public) -> None:
        """Record that something happened: ``{"type": kind, **public}`` is what the whole table sees; ``private``
        maps a seat to the extra fields only that seat sees (e.g. its own face-down card). Values must be
        JSON-able (ints, strings, lists, dicts). Cheap: call it where the table would notice, not every step."""
        if self.record_events:
            public["type"] = kind
            try:
                self.event_log.append((public, private))
            except AttributeError:  # a state built without a log (an old subclass): start one
                self.event_log = [(public, private)]

    def events(self, player: int | None = None, since: int = 0) -> list[dict]:
        """The events from index ``since`` on, oldest first, as ``player`` saw them: the public fields plus that
        seat's private ones. ``player=None`` is the omniscient view (records, replay): the public fields plus
        ``"private": {seat: fields}`` where any seat saw more. Fresh dicts: safe to keep or change."""
        out = []
        for public, private in getattr(self, "event_log", [])[since:]:
            event = {"type": public["type"], **public}
            if private:
                if player is None:
                    event["private"] = {int(seat): dict(fields) for seat, fields in private.items()}
                elif player in private:
                    event.update(private[player])
            out.append(event)
        return out

    def events_to_json(self) -> list:
        """The log as JSON-able data (``[[public, private-or-null], ...]``, private keys as strings)."""
        return [[dict(pub), None if not prv else {str(k): dict(v) for k, v in prv.items()}]
                for pub, prv in getattr(self, "event_log", [])]

    def events_from_json(self, data) -> None:
        """Restore a log saved by :meth:`events_to_json` (checked: a list of ``[dict, dict|null]`` pairs with a
        ``type``; private keys are seats)."""
        if not isinstance(data, list):
            raise StateFormatError(f"{self.game.name}: saved 'events' must be a list, got {type(data).__name__}")
        log = []
        n = self.game.num_players
        for i, item in enumerate(data):
            if (not isinstance(item, (list, tuple)) or len(item) != 2 or not isinstance(item[0], dict)
                    or not isinstance(item[0].get("type"), str) or not isinstance(item[1], (dict, type(None)))):
                raise StateFormatError(
                    f"{self.game.name}: saved events[{i}] is malformed; expected [{{'type': str, ...}}, dict or null]")
            private = None
            if item[1]:
                private = {}
                for key, fields in item[1].items():
                    seat = int(key) if isinstance(key, (int, str)) and str(key).isdigit() else -1
                    if not 0 <= seat < n or not isinstance(fields, dict):
                        raise StateFormatError(
                            f"{self.game.name}: saved events[{i}] private key {key!r} is not a seat 0..{n - 1} "
                            f"with a dict of fields")
                    private[seat] = dict(fields)
            log.append((dict(item[0]), private))
        self.event_log = log

    def legal_mask(self) -> np.ndarray:
        """The current player's legal actions as an ``int8`` 0/1 vector of length ``num_actions``."""
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        mask[self.legal_actions()] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Apply ``action`` for the current player; an illegal action raises and changes nothing."""
        if self.is_terminal():
            raise IllegalActionError(f"{self.game.name}: the game is over; no action can be applied")
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool) or not self.is_legal(int(action)):
            raise IllegalActionError(illegal_action_message(self, action))
        self.apply_unchecked(int(action))

    def returns(self) -> list[float]:
        """Win/loss result: +1 for each winner, -1 for each other seat; all 0 when there is no winner."""
        won = self.winners()
        if not won:
            return [0.0] * self.game.num_players
        return [1.0 if p in won else -1.0 for p in range(self.game.num_players)]

    def random_rollout(self, rng: random.Random, max_steps: int | None = None,
                       stop_version: int | None = None) -> int:
        """Play on in place, each step a uniformly random legal action (``legal[int(rng.random() * len(legal))]``
        over the sorted ``legal_actions()``), until the game ends, ``max_steps`` steps were played, or
        ``score_version`` reaches ``stop_version``; returns the steps played. The search's random rollouts.

        This default is the plain loop over the interface. A game may override it with a tighter loop (no
        observation upkeep per step, the state made whole once at the end) if it plays exactly as this loop:
        the same actions from the same ``rng``, the same chance draws, the same final state; an override may
        fall back to this loop while ``record_events`` is on."""
        rnd, legal_actions, apply = rng.random, self.legal_actions, self.apply_unchecked
        left = (1 << 62) if max_steps is None else max_steps
        stop = (1 << 62) if stop_version is None else stop_version
        steps = 0
        while steps < left and self.score_version < stop and not self.is_terminal():
            legal = legal_actions()
            apply(legal[int(rnd() * len(legal))])
            steps += 1
        return steps

    def clone(self) -> "State":
        """An independent copy: changing it never changes this state, and both play on identically (the copy's
        RNG continues from the same point). Games override this with a fast copy (no JSON); this default goes
        through the JSON form and is the reference the fast ones are measured against."""
        return self.game.state_from_json(self.to_json())

    def sample_hidden(self, player: int, rng: random.Random) -> "State":
        """A complete state that ``player`` cannot tell from this one: an information-set sample for search.

        The sample has ``player``'s observation exactly (``sample.observation(player)`` equals
        ``self.observation(player)``, and the same legal actions when ``player`` is to move), and everything
        hidden from ``player`` (other hands, deck orders, face-down cards, ...) drawn from ``rng`` uniformly among
        the arrangements consistent with what ``player`` has seen (cards played, voids shown, cards revealed and
        where they went); components are conserved. Its own RNG for future chance events is fresh, seeded from
        ``rng``, so a search never peeks at the real game's future draws. This state is left unchanged. Each
        game's RULES.md says what its sampler conditions on and what it leaves out.
        """
        raise NotImplementedError(f"{self.game.name} has no information-set sampler")

    def world_sampler(self, player: int) -> "WorldSource":
        """The information-set samples of this position for ``player``, one per ``draw(rng)``, each the world
        :meth:`sample_hidden` gives from the same ``rng``: what a search draws again and again. Games override it
        to do the work that depends on the position alone (the hidden places, what play has shown about them)
        once; this default calls :meth:`sample_hidden` at each draw. The position must not change while the
        sampler is in use."""
        return WorldSource(self, player)

    def recommit(self, player: int, choose: Callable[["State", int], int]) -> None:
        """Redo, in place, every other seat's pending hidden commitment (games whose ``Game.hidden_commitments``
        is true): each such seat takes its committed card back and commits ``choose(self, seat)`` instead, from the
        cards it held before committing, as it saw the table then. For a world from :meth:`sample_hidden`, whose
        commitments were drawn uniformly from the seats' sampled cards: a search that models the other seats as
        ``choose`` (``model=heuristic``). ``player``'s own commitment and everything public stay as they are."""
        raise NotImplementedError(f"{self.game.name} has no hidden commitments to redo")


class LazyRandom:
    """A sampled world's own RNG (for its later deals), seeded from ``seed`` when first used: seeding a
    ``random.Random`` costs microseconds, and a search that rolls its worlds out in compiled code never uses it.
    Draws exactly as ``random.Random(seed)``."""

    __slots__ = ("_seed", "_rng")

    def __init__(self, seed: int):
        self._seed = seed
        self._rng = None

    def __getattr__(self, name):
        r = self._rng
        if r is None:
            r = self._rng = random.Random(self._seed)
        return getattr(r, name)


class WorldSource:
    """:meth:`State.world_sampler`'s default: ``draw(rng)`` is ``state.sample_hidden(player, rng)``."""

    __slots__ = ("state", "player")

    def __init__(self, state: State, player: int):
        self.state, self.player = state, player

    def draw(self, rng: random.Random) -> State:
        """One world: ``state.sample_hidden(player, rng)``."""
        return self.state.sample_hidden(self.player, rng)


def illegal_action_message(state: State, action: Any, who: str | None = None) -> str:
    """The message of an illegal action: the game, the action and its name, who played it, the legal actions."""
    game = state.game
    player = state.current_player()
    who = who or f"player {player}"
    legal = state.legal_actions()
    shown = ", ".join(f"{a} ({game.action_name(a)})" for a in legal[:40])
    if len(legal) > 40:
        shown += f", ... ({len(legal)} in all)"
    try:
        name = f" ({game.action_name(int(action))})" if 0 <= int(action) < game.num_actions else ""
    except (TypeError, ValueError):
        name = ""
    return f"{game.name}: action {action!r}{name} is not legal for {who}; legal actions: {shown}"


def rng_to_json(rng: random.Random) -> list:
    """A ``random.Random``'s state as JSON-ready data (saved states keep the game's RNG)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list) -> random.Random:
    """The ``random.Random`` saved by :func:`rng_to_json`; malformed data is a ``StateFormatError``."""
    rng = random.Random()
    try:
        version, internal, gauss = data
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise StateFormatError(f"saved RNG state is malformed: {exc}") from None
    return rng


def new_rng(seed: int | None) -> random.Random:
    """A private RNG: independent of ``random``'s and ``numpy.random``'s global state and of PYTHONHASHSEED."""
    if seed is None:
        return random.Random()
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise ConfigError(f"seed must be an int or None, got {seed!r}")
    return random.Random(int(seed))


_SHUFFLE_STEPS: dict[int, tuple] = {}  # list length -> ((i, i + 1, (i + 1).bit_length()), ...) for i = len - 1 .. 1


def _shuffle_inline(rng: random.Random, x: list) -> None:
    steps = _SHUFFLE_STEPS.get(len(x))
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(x) - 1, 0, -1))
        if len(_SHUFFLE_STEPS) < 512:
            _SHUFFLE_STEPS[len(x)] = steps
    getrandbits = rng.getrandbits
    for i, n, k in steps:  # CPython's random.shuffle, with _randbelow_with_getrandbits inlined
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _inline_matches() -> bool:
    for size in (0, 1, 2, 7, 50, 130):
        a, b = random.Random(size), random.Random(size)
        xa, xb = list(range(size)), list(range(size))
        a.shuffle(xa)
        _shuffle_inline(b, xb)
        if xa != xb or a.random() != b.random():
            return False
    return True


_INLINE_SHUFFLE = _inline_matches()


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``: the same permutation, the same RNG draws, about twice as fast (the search's rollouts
    deal often). CPython's algorithm inlined, used only for a plain ``random.Random`` and only where it was checked
    at import to match ``random.shuffle`` exactly; otherwise ``rng.shuffle`` itself."""
    if _INLINE_SHUFFLE and type(rng) is random.Random:
        _shuffle_inline(rng, x)
    else:
        rng.shuffle(x)
