"""Search bots over the rules interface alone: single-observer IS-MCTS and PIMC, the same code for every game.

    bot = ISMCTSBot("democracy", iterations=500, rollout="random", seed=1)
    action = bot.act(state, state.current_player())
    bot = hustings.make_bot("politrickers", "ismcts:iters=1000,rollout=heuristic", seed=1)

**IS-MCTS** (single-observer information-set MCTS, Cowling, Powley and Whitehouse 2012). One tree per decision,
rooted at the searching seat's information set. Each iteration

1. *determinizes*: draws a complete world the searcher cannot tell from the real one,
   ``state.sample_hidden(me, rng)`` (the game's own RNG in that world, fresh from ``rng``, handles chance inside
   ``apply``, so the search never sees the real game's future draws); with ``model=heuristic`` (games with
   hidden commitments: Democracy) the other seats' face-down commitments in that world are then redrawn as the
   heuristic would have chosen them (``State.recommit``), an opponent model instead of a uniform draw; with
   ``model=shipped`` as the shipped net of the table's size would have (a model trained against a population of
   opponents rather than a scripted bot);
2. *selects*: from the root, while every legal action of the world's player to move has a child, takes the child
   of highest UCB1 among the children *available in this world* (the legal ones)::

       w[p] / n  +  c * sqrt(ln(avail) / n)

   where ``p`` is the seat to move there, ``w[p]`` that seat's summed return through the child, ``n`` the child's
   visits and ``avail`` the number of times the child was available for selection (counted for every legal child
   at each selection step, as in the paper): not the parent's visits, since in another world the parent offers
   other actions;
3. *expands* one untried legal action (uniformly; with heuristic rollouts the heuristic's own choice first, so a
   node's first visit plays as the rollout would). With ``fpu`` set (first-play urgency) a node is not expanded
   while its best tried child's UCB value beats the node's own mean (for the seat to move) plus ``fpu``;
4. *rolls out* with uniformly random moves (``State.random_rollout``, or the compiled engine: ``backend``) or the
   game's ``heuristic`` bot (``rollout=``) to the end, or until ``depth`` steps were played or the scores changed
   ``horizon`` times since the root (``State.score_version``), whichever comes first (both ``None`` by default: to
   the end). A rollout stopped early is valued by ``leaf``: ``returns``, the game's own ``state.returns()`` as it
   reports them there (all four games report 0 for every seat before the end, as for a truncated game), or
   ``scores``, ``tanh((own team's score - best other team's) / scale)`` (:func:`score_values`); a finished or
   truncated game always by its ``returns()``;
5. *backs up* every seat's return into every node on the path (each node keeps the reward vector).

Nodes are keyed by ``(player to move, action)`` along the path (SO-ISMCTS: the tree holds the actions, not the
hidden worlds). The move played is the root child with the most visits (ties: higher mean return, then lower
action id), always among the real state's legal actions; a position with one legal action returns it at once.

**PIMC** (perfect-information Monte Carlo, determinized flat Monte Carlo): each round samples one world and plays
one rollout after each legal action in it; the move with the best mean return for the searcher wins.

Budgets: ``iterations`` (rollouts), or ``seconds`` per move (then ``iterations``, if given, is a cap as well). With
an iteration budget the bots are deterministic: the same seed (``reset(seed)`` or the constructor's) and the same
state give the same move; every random choice comes from the bot's private ``random.Random``.

**Learned values** (the ``net`` option's net: ``shipped``, the shipped net of the table's size, or a checkpoint path;
:class:`NetModel`): ``leaf=value`` values the world where the search stops (right after the expansion, unless
``depth`` or ``horizon`` is given) with the net's critic, every seat from its own observation in that sampled world,
instead of rolling out to the end; ``select=puct`` (IS-MCTS) selects by AlphaZero's rule with the net's action
probabilities as priors at every node for the seat to move (:meth:`ISMCTSBot._search_puct`); ``rollout=net`` plays
rollouts with moves drawn from the net; ``model=net`` redraws Democracy's hidden commitments as the net would have
chosen them; ``favourite=net`` gives the ``prior`` head start to the net's move. Forward passes are NumPy: the ``n``
seats' observations of a leaf go through the critic as one matrix.

SPECs (``hustings.make_bot``, ``hustings evaluate/play/demo --bots``): ``ismcts``, ``pimc``, or with options
``ismcts:iters=1000,rollout=heuristic,c=1.0,depth=200`` / ``ismcts:seconds=0.05`` (see :func:`parse_search_spec`).
Options left out take the game's defaults (each game's ``GAME_INFO.search``: budgets and constants only, no game code).

Where random rollouts run (``backend``): with ``python`` they are the game's ``State.random_rollout`` (the interface
loop by default; Democracy and Politrickers override it with a tight loop that plays exactly as that loop, the world
vector written once at the end); with ``compiled`` one kernel call of the game's compiled engine loads the world and
plays it out (:mod:`hustings.bots.rollout`: the same distribution of playouts from the engine's own random streams,
reseeded from the bot's RNG at each search, so the same seed gives the same move per backend, not across them);
``auto``, the default, takes the engine where the game's has rollouts and numba imports. Heuristic rollouts are a
loop over ``heuristic.act`` and ``apply_unchecked`` with ``python``, and one kernel call where the game's engine
plays its heuristic (Democracy's): the same moves and deals as the Python loop, so with heuristic rollouts the same
seed gives the same move with either backend. With compiled rollouts an iteration is mostly ``sample_hidden`` and
the tree walk, in Python (``python -m hustings.bench --search``).
"""
from __future__ import annotations

import math
import os
import random
import time
from typing import Callable

import numpy as np

from .. import registry
from ..core.bots import Bot
from ..core.rules import State
from ..errors import ConfigError
from .policy import shipped_net
from .rollout import CompiledRollouts
from .search_spec import (BACKENDS, DEFAULTS, EXPECTED, FAVOURITES, LEAVES, MODELS, ROLLOUTS,  # noqa: F401
                          SAMPLINGS, SEARCH_BOTS, SELECTS, SHIPPED_NET, SPEC_KEYS, is_search_spec, parse_search_spec,
                          resolve_options, spec_help)

Sampler = Callable[[State, int, random.Random], State]


def _scripted(game: str, name: str, seed: int | None) -> Bot:
    return registry.info(game).bots[name](seed=seed)


def _sample_hidden(state: State, player: int, rng: random.Random) -> State:
    return state.sample_hidden(player, rng)


def compiled_sampler(game_name: str, sampling: str):
    """The game's compiled sampler class (its engine package's ``CompiledSampler``) for ``sampling`` (``auto``:
    where there is one and numba imports, else ``None``; ``compiled``: a :class:`ConfigError` where there is none;
    ``python``: ``None``)."""
    if sampling == "python":
        return None
    from ..engine import INSTALL, engine_module, numba_error

    info = registry.info(game_name)
    module = engine_module(info.name) if info.engine is not None else None
    cls = getattr(module, "CompiledSampler", None) if module is not None else None
    if cls is None and sampling == "compiled":
        why = (f"numba, which does not import here ({INSTALL})" if info.engine is not None and numba_error()
               else f"a compiled sampler, which {info.name} does not have")
        raise ConfigError(f"{info.name}: search option sampling=compiled needs {why}; expected sampling=python "
                          f"or auto")
    return cls


class _Node:
    """A tree node: the edge ``(player, action)`` from its parent. ``w`` is the summed return of every seat."""

    __slots__ = ("children", "n", "avail", "w", "prior")

    def __init__(self, num_players: int):
        self.children: dict[int, _Node] = {}  # key: player * num_actions + action
        self.n = 0
        self.avail = 1
        self.w = [0.0] * num_players
        self.prior: dict | None = None  # select=puct: seat -> the net's logits there (every action)


#: The nets read so far (a file is read once per process): key -> ``load_actor_critic``'s result.
_NETS: dict = {}


class NetModel:
    """A trained net as the search's model, for one table size: its actor gives the priors (``select=puct``), the
    rollout moves (``rollout=net``), the other seats' commitments (``model=net``) and the head start's favourite
    (``favourite=net``); its critic the leaf values (``leaf=value``).

    **The leaf value.** The critic was trained (PPO, :mod:`hustings.training`) to estimate, from one seat's
    observation, the discounted sum (``ppo.gamma``: 0.995 Democracy, 0.99 Politrickers for the shipped 4p nets) of
    that seat's rewards to the end: the win reward (``returns()``: +1 a winner, -1 every other seat) plus
    ``reward.shaping`` (0.3, 0.1) times each score change of the seat minus the mean change of the others. That is
    the search's own scale, the win reward's, shrunk by the discount and blurred by the shaping; it is used as it is,
    clipped to ``[-1, 1]`` (``returns()``'s range): ``value[p] = clip(V(observation of p), -1, 1)``. Fitted on
    30 games of 4 heuristic bots per game (every fifth position, every seat), the final return is about
    ``0.8-0.9 * V - 0.1..0.2`` over the second half of a game and barely related to ``V`` in the first third
    (Politrickers: correlation 0.00; Democracy 0.18): the critic knows little early. Every seat is valued from its own observation in the sampled world (a world
    the searcher cannot tell from the real one), so the values leak nothing the searcher cannot see; the ``n``
    observations go through the critic as one matrix.
    """

    def __init__(self, actor, critic, trained: dict, label: str):
        self.actor, self.critic, self.trained, self.label = actor, critic, trained, label

    @classmethod
    def load(cls, game_name: str, net: str, game, need_critic: bool) -> "NetModel":
        """The net ``net`` (``shipped``: the shipped net of ``game``'s size, its critic from the ``policy.pt`` beside
        it; else a path, :func:`hustings.bots.policy.load_actor_critic`) for rules ``game``. With ``need_critic``
        a net without a critic is a :class:`ConfigError` saying so."""
        from .. import checkpoints
        from .policy import load_actor_critic

        path = checkpoints.policy_path(game_name, game.num_players) if net == SHIPPED_NET else net
        label = f"the shipped {game_name} {game.num_players}p net" if net == SHIPPED_NET else f"net {path}"
        stat = os.stat(path)
        key = (game_name, os.path.abspath(path), stat.st_mtime_ns, stat.st_size, game.num_players,
               repr(sorted(game.config().items())) if hasattr(game, "config") else "")
        loaded = _NETS.get(key)
        if loaded is None:
            loaded = _NETS[key] = load_actor_critic(path, game)  # the files are read once per process
        actor, critic, trained = loaded
        if critic is None and need_critic:
            raise ConfigError(f"{game_name}: search option leaf=value needs a critic, and {label} has none ({path} "
                              f"holds the actor alone and no policy.pt or checkpoint.pt of the same net is beside "
                              f"it); expected net=PATH of a checkpoint with its value head (a training run's "
                              f"checkpoint.pt or policy.pt), or leaf=returns or scores")
        return cls(actor, critic, trained, label)

    def _obs(self, world) -> np.ndarray:
        n = world.game.num_players
        return np.stack([world.observation(p) for p in range(n)]).astype(np.float32, copy=False)

    def values(self, world) -> list[float]:
        """Every seat's value of ``world`` (not over): the critic on each seat's observation, clipped to [-1, 1]."""
        v = self.critic.values(self._obs(world))
        return np.clip(v, -1.0, 1.0).tolist()

    def logits(self, world, p: int) -> list[float]:
        """The actor's logits (every action) for seat ``p`` from its observation in ``world``."""
        return self.actor.logits(world.observation(p).astype(np.float32, copy=False)).tolist()

    def act(self, world, p: int) -> int:
        """The net's move for seat ``p`` (the seat to move in ``world``, with its legal mask): the best legal logit."""
        logits = self.logits(world, p)
        return max(world.legal_actions(), key=lambda a: (logits[a], -a))

    def sample(self, world, rng: random.Random) -> int:
        """A move of the seat to move drawn from the net's masked softmax with ``rng``."""
        p = world.current_player()
        logits = self.logits(world, p)
        legal = world.legal_actions()
        top = max(logits[a] for a in legal)
        weights = [math.exp(logits[a] - top) for a in legal]
        x = rng.random() * sum(weights)
        for a, w in zip(legal, weights):
            x -= w
            if x < 0:
                return a
        return legal[-1]


class _SearchBot(Bot):
    """Shared set-up of the search bots: game, options, budget, rollout policy, leaf values, RNG, sampler.

    Options (keyword arguments; any left out takes the game's default, then :data:`DEFAULTS`): ``iterations``,
    ``seconds``, ``rollout``, ``c``, ``depth``, ``horizon``, ``leaf``, ``scale``, ``fpu``, ``backend``, ... (see
    :func:`parse_search_spec`). ``seed`` seeds the bot's private RNG (``reset(seed)`` reseeds it).
    """

    name = "search"

    def __init__(self, game_name: str, seed: int | None = None, sampler: Sampler | None = None, **options):
        super().__init__(seed)

        self.game_name = registry.game_key(game_name)
        opts = resolve_options(self.game_name, options)
        self.options = opts
        self.iterations, self.seconds = opts["iterations"], opts["seconds"]
        self.rollout, self.c, self.depth = opts["rollout"], float(opts["c"]), opts["depth"]
        self.leaf, self.scale, self.horizon = opts["leaf"], float(opts["scale"]), opts["horizon"]
        self.fpu = None if opts["fpu"] is None else float(opts["fpu"])
        self.prior = float(opts["prior"])
        self.favourite = opts["favourite"]
        # With a time budget the iteration count caps the search only when it was asked for.
        self._max_iterations = (opts["iterations"] if opts["seconds"] is None or "iterations" in options
                                else 1 << 62)
        #: How a world is drawn; the default is the game's ``State.sample_hidden``. A testing hook: pass another
        #: callable ``(state, player, rng) -> state`` only to try the search on a game without a sampler.
        self.sampler: Sampler = sampler or _sample_hidden
        self.sampling = opts["sampling"]
        #: The compiled sampler class (``sampling``), or None: the game's ``State.world_sampler``.
        self._compiled_sampler = compiled_sampler(self.game_name, self.sampling)
        self.model = opts["model"]
        if self.model != "none":
            if not registry.info(self.game_name).game_class.hidden_commitments:
                raise ConfigError(f"{self.game_name}: search option model={self.model} models the other seats' "
                                  f"hidden commitments, which {self.game_name} does not have; expected model=none")
            #: The other seats' model: the heuristic at once; the shipped net of the table's size, loaded at the first
            #: search (``_model_size``). Deterministic either way, with its own RNG, not the bot's.
            self._model = _scripted(self.game_name, "heuristic", seed=0) if self.model == "heuristic" else None
            self._model_size = None
            self._draw, self.sampler = self.sampler, self._modelled_sample
        self._heuristic = None
        if self.rollout == "heuristic":
            self._heuristic = _scripted(self.game_name, "heuristic", seed=self.rng.getrandbits(32))
        self.backend = opts["backend"]
        self.select, self.net = opts["select"], opts["net"]
        if self.select == "puct" and self.name != "ismcts":
            raise ConfigError(f"{self.game_name}: search option select=puct is IS-MCTS's (a tree's selection rule); "
                              f"{self.name} has no tree; expected select=ucb")
        if self.net != SHIPPED_NET and not os.path.isfile(self.net):
            raise ConfigError(f"{self.game_name}: search option net={self.net!r}: no such file; expected shipped or "
                              f"the path of a checkpoint.pt, policy.pt or policy.npz")
        if self.leaf == "value":
            if "depth" not in options and "horizon" not in options:  # the value right after the expansion
                self.depth, self.horizon = 0, None
            if self.backend == "compiled":
                raise ConfigError(f"{self.game_name}: search option leaf=value values the rules world where a "
                                  f"rollout stops, which a compiled rollout does not hand back; expected "
                                  f"backend=python or auto")
        #: The net of the ``net`` option per table size (:class:`NetModel`), loaded at the first search of a size.
        self._nets: dict = {}
        self._net = None
        #: Random or heuristic rollouts in the game's compiled engine (``backend``), or None: Python over the rules
        #: (always with ``leaf=value``, whose values need the rules world, and with ``rollout=net``).
        self._compiled = None if self.leaf == "value" else \
            CompiledRollouts.for_game(self.game_name, self.backend, self.rollout, self._heuristic)
        #: With ``prior`` > 0 the ``favourite`` bot names the root move that gets the head start (IS-MCTS only):
        #: the heuristic at once, the shipped net when the table's size is known (the first search).
        self._favourite, self._favourite_size = None, None
        if self.prior > 0 and self.favourite == "heuristic":
            self._favourite = _scripted(self.game_name, "heuristic", seed=self.rng.getrandbits(32))
        #: Totals since construction: searches run, iterations, seconds spent searching.
        self.stats = {"searches": 0, "iterations": 0, "seconds": 0.0}

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        if self._heuristic is not None and seed is not None:
            self._heuristic.reset(self.rng.getrandbits(32))
        if self.prior > 0 and seed is not None:  # drawn whether or not a shipped favourite is loaded yet, so a
            favourite_seed = self.rng.getrandbits(32)  # game's moves never depend on the games played before it
            if self._favourite is not None:
                self._favourite.reset(favourite_seed)

    def _favourite_move(self, state: State, me: int) -> int | None:
        """The move that gets the ``prior`` head start, or None without one."""
        if self.prior <= 0:
            return None
        n = state.game.num_players
        if self.favourite == "net":
            return self._net_for(state).act(state, me)
        if self.favourite == "shipped" and self._favourite_size != n:  # the shipped net of this table's size
            # the net alone (a shipped bot that plays with this search must not favour itself); deterministic
            self._favourite = shipped_net(self.game_name, num_players=n, seed=0)
            self._favourite_size = n
        return self._favourite.act(state, me)

    def _uses_net(self) -> bool:
        return self.leaf == "value" or self.rollout == "net" or self.select == "puct"

    def _net_for(self, state: State) -> NetModel:
        """The ``net`` option's :class:`NetModel` for ``state``'s table (loaded at its first use)."""
        game = state.game
        key = game.num_players
        net = self._nets.get(key)
        if net is None:
            net = self._nets[key] = NetModel.load(self.game_name, self.net, game, self.leaf == "value")
        return net

    def _worlds(self, state: State, me: int, rng: random.Random) -> Sampler:
        """This search's source of worlds: with the game's own sampler, one sampler for the position (the work that
        depends on the position alone done once, :meth:`State.world_sampler`; the compiled one with ``sampling``),
        the other seats' commitments then redrawn by the model (``model``); any other ``sampler`` as it is."""
        base = self._draw if self.model != "none" else self.sampler
        if base is not _sample_hidden:
            return self.sampler
        if self._compiled_sampler is not None:
            draw = self._compiled_sampler(state, me, rng.getrandbits(63)).draw
        else:
            draw = state.world_sampler(me).draw
        if self.model == "none":
            return lambda _state, _me, r: draw(r)
        return lambda _state, _me, r: self._modelled_sample(state, me, r, lambda _s, _m, r2: draw(r2))

    def _modelled_sample(self, state: State, me: int, rng: random.Random, draw: Sampler | None = None) -> State:
        """A world from the sampler whose other seats' pending commitments are the model's choices (``model``)."""
        world = (draw or self._draw)(state, me, rng)
        if self.model == "net":
            world.recommit(me, self._net_for(state).act)
            return world
        if self.model == "shipped" and self._model_size != state.game.num_players:
            self._model = shipped_net(self.game_name, num_players=state.game.num_players, seed=0)  # the net alone
            self._model_size = state.game.num_players
        world.recommit(me, self._model.act)
        return world

    def _rollout(self, world: State, version0: int) -> list[float]:
        """Play ``world`` on (in place) with the rollout policy and value where it stops: at the end, after ``depth``
        steps, or once the scores have changed ``horizon`` times since the root (``score_version - version0``)."""
        depth = self.depth if self.depth is not None else 1 << 62
        stop = version0 + self.horizon if self.horizon is not None else 1 << 62
        compiled = self._compiled
        if compiled is not None:  # rollouts in the compiled engine, where it covers the world's game
            if world.is_terminal():
                return world.returns()
            eng = compiled.engine(world.game)
            if eng is not None:
                compiled.play(eng, world, depth, stop)
                if self.leaf == "scores" and eng.player[0] >= 0:
                    return values_from_scores(eng.scores[0].tolist(), world.teams(), self.scale)
                return eng.returns[0].tolist()  # zeros before the end, as returns() there
        if self.rollout == "net":  # moves drawn from the net's policy
            net, rng = self._net, self.rng
            while depth > 0 and world.score_version < stop and not world.is_terminal():
                world.apply_unchecked(net.sample(world, rng))
                depth -= 1
        elif self._heuristic is None:  # the game's own loop (State.random_rollout; some games have a tight one)
            if self.leaf != "value" or (depth > 0 and world.score_version < stop):
                world.random_rollout(self.rng, self.depth, None if self.horizon is None else stop)
        else:
            act = self._heuristic.act
            while depth > 0 and world.score_version < stop and not world.is_terminal():
                a = act(world, world.current_player())
                if not world.is_legal(a):  # a faulty heuristic must not break the search
                    legal = world.legal_actions()
                    a = legal[int(self.rng.random() * len(legal))]
                world.apply_unchecked(a)
                depth -= 1
        if self.leaf == "scores" and not world.is_terminal():
            return score_values(world, self.scale)
        if self.leaf == "value" and not world.is_terminal():
            return self._net.values(world)
        return world.returns()

    def _guide(self, world: State, untried: list[int]) -> int:
        """The untried action to expand: the heuristic's choice when rollouts are heuristic and it is untried (so
        a node's first visit plays as the rollout would; asked of the compiled engine where the rollouts run
        there), else a uniformly random one."""
        if self._heuristic is not None:
            compiled = self._compiled
            eng = compiled.engine(world.game) if compiled is not None else None
            a = compiled.heuristic_move(eng, world) if eng is not None else \
                self._heuristic.act(world, world.current_player())
            if a in untried:
                return a
        return untried[int(self.rng.random() * len(untried))] if len(untried) > 1 else untried[0]

    def _budget(self):
        """``(max iterations, deadline or None)``."""
        if self.seconds is None:
            return self._max_iterations, None
        return self._max_iterations, time.perf_counter() + self.seconds

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if not legal:
            raise ValueError(f"{self.game_name}: {self.name} asked to act in a position with no legal action")
        if len(legal) == 1:
            return legal[0]
        t0 = time.perf_counter()
        try:
            action, done = self._search(state, player, legal)
        except NotImplementedError as exc:
            if "sample_hidden" not in str(exc) and "sampler" not in str(exc):
                raise
            raise ConfigError(f"{self.game_name}: the {self.name} bot needs State.sample_hidden "
                              f"(information-set sampling), which {self.game_name} does not implement yet") from None
        self.stats["searches"] += 1
        self.stats["iterations"] += done
        self.stats["seconds"] += time.perf_counter() - t0
        return action

    def _search(self, state: State, player: int, legal: list[int]) -> tuple[int, int]:
        raise NotImplementedError

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__name__}({self.game_name!r}, {opts})"


class ISMCTSBot(_SearchBot):
    """Single-observer information-set MCTS (see the module docstring)."""

    name = "ismcts"
    _last = None  # the last search's (root, action base, legal actions, favourite), for visit_counts

    def _search(self, state: State, me: int, legal: list[int]) -> tuple[int, int]:
        root, done = self.search(state, me)
        favourite = self._favourite_move(state, me)
        base = me * state.game.num_actions
        self._last = (root, base, legal, favourite)
        return self._choose(root, base, legal, me, favourite, self.prior), done

    def visit_counts(self) -> dict[int, float]:
        """The last search's root visits per legal action, the heuristic favourite's ``prior`` head start included
        (so the move played is a most-visited one): the search's policy, for distillation (``pretrain.targets:
        visits``). A position with one legal action is not searched: this then still describes the search before."""
        if self._last is None:
            raise ValueError(f"{self.game_name}: {self.name} has not searched yet (visit_counts follows an act "
                             f"in a position with more than one legal action)")
        root, base, legal, favourite = self._last
        out = {}
        for a in legal:
            ch = root.children.get(base + a)
            out[a] = (0.0 if ch is None else float(ch.n)) + (self.prior if a == favourite else 0.0)
        return out

    def search(self, state: State, me: int) -> tuple[_Node, int]:
        """Run the iterations from ``state`` for seat ``me``; ``(root node, iterations done)``."""
        n_players = state.game.num_players
        num_actions = state.game.num_actions
        root = _Node(n_players)
        rng = self.rng
        rollout, guide = self._rollout, self._guide
        version0 = state.score_version
        c, fpu = self.c, self.fpu
        log, sqrt = math.log, math.sqrt
        max_iters, deadline = self._budget()
        clock = time.perf_counter
        if self._compiled is not None and self._compiled.needs_seed:
            self._compiled.reseed(rng.getrandbits(64))
        self._net = self._net_for(state) if self._uses_net() else None
        sample = self._worlds(state, me, rng)
        if self.select == "puct":
            return self._search_puct(state, me, root, sample, max_iters, deadline)
        done = 0
        while done < max_iters:
            world = sample(state, me, rng)
            world.record_events = False  # rollouts need no event log
            node = root
            path = []
            while not world.is_terminal():
                p = world.current_player()
                acts = world.legal_actions()
                children = node.children
                base = p * num_actions
                untried = [a for a in acts if base + a not in children]
                if untried and (fpu is None or len(untried) == len(acts)):
                    expand = True
                else:
                    best, best_v = None, -math.inf
                    best_a = -1
                    for a in acts:
                        ch = children.get(base + a)
                        if ch is None:
                            continue
                        ch.avail += 1
                        n = ch.n
                        v = ch.w[p] / n + c * sqrt(log(ch.avail) / n)
                        if v > best_v:
                            best, best_v, best_a = ch, v, a
                    # first-play urgency: an untried action is worth the node's mean for p plus fpu
                    expand = bool(untried) and node.w[p] / node.n + fpu > best_v
                if expand:
                    a = guide(world, untried)
                    child = _Node(n_players)
                    children[base + a] = child
                    world.apply_unchecked(a)
                    path.append(child)
                    break
                world.apply_unchecked(best_a)
                path.append(best)
                node = best
            ret = rollout(world, version0)
            root.n += 1
            for nd in path:
                nd.n += 1
                w = nd.w
                for i in range(n_players):
                    w[i] += ret[i]
            done += 1
            if deadline is not None and clock() >= deadline:
                break
        return root, done

    def _search_puct(self, state: State, me: int, root: _Node, sample: Sampler, max_iters: int,
                     deadline: float | None) -> tuple[_Node, int]:
        """The iterations with ``select=puct``: AlphaZero's selection rule over the actions legal in the sampled
        world, for the seat ``p`` to move at each node::

            Q(a) + c * P(a) * sqrt(N) / (1 + n(a))

        ``P`` the net's softmax over those actions (its logits from ``p``'s observation in the first world that
        reached the node with ``p`` to move, kept in the node), ``n(a)`` the child's visits, ``N`` the sum of the
        visits of the legal children (at least 1), ``Q(a)`` the child's mean return for ``p``, or for an unvisited
        child the node's own mean for ``p`` plus ``fpu`` (0 when none). The chosen unvisited child is expanded and the
        world valued there (``leaf``; with ``leaf=value`` and no ``depth``/``horizon``, the critic at once)."""
        n_players = state.game.num_players
        num_actions = state.game.num_actions
        rng, net, rollout = self.rng, self._net, self._rollout
        version0 = state.score_version
        c = self.c
        fpu = 0.0 if self.fpu is None else self.fpu
        sqrt, exp = math.sqrt, math.exp
        clock = time.perf_counter
        done = 0
        while done < max_iters:
            world = sample(state, me, rng)
            world.record_events = False
            node = root
            path = []
            while not world.is_terminal():
                p = world.current_player()
                acts = world.legal_actions()
                priors = node.prior
                if priors is None:
                    priors = node.prior = {}
                logits = priors.get(p)
                if logits is None:
                    logits = priors[p] = net.logits(world, p)
                children = node.children
                base = p * num_actions
                top = max(logits[a] for a in acts)
                weights = [exp(logits[a] - top) for a in acts]
                total = 0
                for a in acts:
                    ch = children.get(base + a)
                    if ch is not None:
                        total += ch.n
                scale = c * sqrt(max(total, 1)) / sum(weights)
                q0 = (node.w[p] / node.n if node.n else 0.0) + fpu
                best, best_v, best_a = None, -math.inf, -1
                for a, wt in zip(acts, weights):
                    ch = children.get(base + a)
                    if ch is None:
                        v = q0 + scale * wt
                    else:
                        v = ch.w[p] / ch.n + scale * wt / (1 + ch.n)
                    if v > best_v:
                        best, best_v, best_a = ch, v, a
                world.apply_unchecked(best_a)
                if best is None:  # expand
                    best = children[base + best_a] = _Node(n_players)
                    path.append(best)
                    break
                path.append(best)
                node = best
            ret = rollout(world, version0)
            root.n += 1
            for nd in path:
                nd.n += 1
                w = nd.w
                for i in range(n_players):
                    w[i] += ret[i]
            done += 1
            if deadline is not None and clock() >= deadline:
                break
        return root, done

    @staticmethod
    def _choose(root: _Node, base: int, legal: list[int], me: int, favourite: int | None = None,
                prior: float = 0.0) -> int:
        """The most visited root child (ties: higher mean, then lower id); ``favourite`` (the heuristic's move)
        counts ``prior`` visits more, so the search must out-visit it by that much to play anything else."""
        best, best_key = legal[0], None
        for a in legal:
            ch = root.children.get(base + a)
            key = (0, 0.0) if ch is None else (ch.n, ch.w[me] / ch.n)
            if a == favourite:
                key = (key[0] + prior, key[1])
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def root_stats(self, state: State, player: int | None = None) -> dict[int, tuple[int, float]]:
        """Search ``state`` once (the bot's budget) and return ``{action: (visits, mean return of the searcher)}``
        over the legal actions at the root: for inspection and tests."""
        me = state.current_player() if player is None else player
        root, _ = self.search(state, me)
        base = me * state.game.num_actions
        out = {}
        for a in state.legal_actions():
            ch = root.children.get(base + a)
            out[a] = (0, 0.0) if ch is None else (ch.n, ch.w[me] / ch.n)
        return out


class PIMCBot(_SearchBot):
    """Determinized flat Monte Carlo: per sampled world, one rollout after each legal action; best mean wins."""

    name = "pimc"

    def _search(self, state: State, me: int, legal: list[int]) -> tuple[int, int]:
        k = len(legal)
        totals = [0.0] * k
        counts = [0] * k
        rng = self.rng
        max_iters, deadline = self._budget()
        clock = time.perf_counter
        version0 = state.score_version
        if self._compiled is not None and self._compiled.needs_seed:
            self._compiled.reseed(rng.getrandbits(64))
        self._net = self._net_for(state) if self._uses_net() else None
        sample = self._worlds(state, me, rng)
        done = 0
        while done < max_iters:
            world = sample(state, me, rng)
            world.record_events = False
            for i, a in enumerate(legal):
                if done >= max_iters:
                    break
                w = world.clone() if i < k - 1 else world
                w.apply_unchecked(a)
                totals[i] += self._rollout(w, version0)[me]
                counts[i] += 1
                done += 1
            if deadline is not None and clock() >= deadline:
                break
        best, best_v = legal[0], -math.inf
        for i, a in enumerate(legal):
            if counts[i] and totals[i] / counts[i] > best_v:
                best, best_v = a, totals[i] / counts[i]
        return best, done


BOT_CLASSES = {"ismcts": ISMCTSBot, "pimc": PIMCBot}


def make_search_bot(game: str, spec: str, seed: int | None = None, sampler: Sampler | None = None) -> _SearchBot:
    """The search bot of ``spec`` (see :func:`parse_search_spec`) for ``game``."""
    kind, opts = parse_search_spec(spec)
    return BOT_CLASSES[kind](game, seed=seed, sampler=sampler, **opts)


def score_values(state: State, scale: float) -> list[float]:
    """Leaf values of a position that is not over, from the game's scores alone (``leaf=scores``): each team's
    score is its members' mean, and every seat gets ``tanh((own team's - best other team's) / scale)``, in
    ``(-1, 1)`` like ``returns()``."""
    return values_from_scores(state.scores(), state.teams(), scale)


def values_from_scores(scores: list, teams: list[list[int]], scale: float) -> list[float]:
    """:func:`score_values` from the scores and the teams (a compiled rollout's scores, the world's teams)."""
    if len(teams) == len(scores):
        if len(scores) < 2:
            return [0.0] * len(scores)
        top = max(scores)  # each seat's best other score: the top one, or the second for the seat that holds it
        at = scores.index(top)
        second = max(scores[:at] + scores[at + 1:])
        tanh = math.tanh
        return [tanh((s - (second if p == at else top)) / scale) for p, s in enumerate(scores)]
    team_score = [sum(scores[p] for p in t) / len(t) for t in teams]
    out = [0.0] * len(scores)
    for i, t in enumerate(teams):
        best = max((team_score[j] for j in range(len(teams)) if j != i), default=team_score[i])
        v = math.tanh((team_score[i] - best) / scale)
        for p in t:
            out[p] = v
    return out


def check_sampler(game, game_name: str, spec: str) -> None:
    """Raise :class:`ConfigError` when ``game`` (a :class:`~hustings.core.rules.Game`) has no ``sample_hidden``,
    so that a search SPEC fails at once instead of in a worker at the first move."""
    state = game.new_initial_state(seed=0)
    try:
        state.sample_hidden(state.current_player(), random.Random(0))
    except NotImplementedError:
        raise ConfigError(f"{game_name}: bot {spec!r} needs State.sample_hidden (information-set sampling), "
                          f"which {game_name} does not implement yet") from None
