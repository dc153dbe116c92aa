"""The search bots' SPEC grammar (``ismcts:iters=1000,rollout=heuristic``): names, options, defaults and checks.

Apart from :mod:`hustings.bots.search` so that whatever only reads or checks a SPEC (a shipped bot's
``search.json``, the command line) needs none of the search's code.
"""
from __future__ import annotations

import math

from .. import registry
from ..errors import ConfigError

#: Search SPEC names (their classes: ``hustings.bots.search.BOT_CLASSES``).
SEARCH_BOTS = ("ismcts", "pimc")

#: Rollout policies: uniformly ``random`` moves, the game's scripted ``heuristic``, or ``net``: moves sampled from the
#: ``net`` option's net (its masked softmax, drawn from the search's RNG).
ROLLOUTS = ("random", "heuristic", "net")
#: Who names the root move that gets the ``prior`` head start: the game's scripted ``heuristic`` bot, or the
#: ``shipped`` trained net for the table's size (``hustings.load_bot(..., search=False)``).
FAVOURITES = ("heuristic", "shipped", "net")
#: How a position where a rollout stops before the end is valued: the game's ``returns`` there (0 for all), the
#: ``scores`` (:func:`hustings.bots.search.score_values`), or ``value``: the ``net`` option's critic, every seat from
#: its own observation in the sampled world (:meth:`hustings.bots.search.NetModel.values`).
LEAVES = ("returns", "scores", "value")
#: IS-MCTS's selection rule: ``ucb`` (UCB1 over the available children) or ``puct`` (AlphaZero's rule, the ``net``
#: option's action probabilities as priors at every node for the seat to move).
SELECTS = ("ucb", "puct")
#: The ``net`` option's word for the shipped net of the table's size; any other value is a path to a net.
SHIPPED_NET = "shipped"
#: A ``net`` path names one of these files.
NET_SUFFIXES = (".npz", ".pt")
#: How a world's pending hidden commitments are drawn (games with ``Game.hidden_commitments``: Democracy):
#: ``none``, as the game's sampler draws them (uniformly from the seats' sampled cards), or ``heuristic``, as the
#: game's scripted heuristic would have chosen them from those cards (``State.recommit``): an opponent model, or
#: ``shipped``, as the shipped net of the table's size would have (``hustings.load_bot(..., search=False)``).
#: ``net``: as the ``net`` option's net would have.
MODELS = ("none", "heuristic", "shipped", "net")
#: Where rollouts run: ``python`` (the rules' ``State.random_rollout``, or the heuristic's loop), ``compiled`` (the
#: game's compiled engine, :mod:`hustings.bots.rollout`) or ``auto`` (compiled where the game's engine has rollouts of
#: that kind and numba imports). Random ones play the same distribution of playouts from each backend's own random
#: streams (moves differ between them); heuristic ones (Democracy's engine) play the same moves either way.
BACKENDS = ("auto", "python", "compiled")
#: How a search draws its worlds: ``python`` (the game's ``State.world_sampler``: the worlds ``sample_hidden`` draws
#: from the search's RNG), ``compiled`` (the game's compiled sampler, ``CompiledSampler`` of its engine package: the
#: same distribution from the sampler's own stream, seeded once per search from the search's RNG, so other worlds
#: than ``python`` draws from the same seed) or ``auto`` (compiled where the game's engine has a sampler and numba
#: imports).
SAMPLINGS = ("python", "auto", "compiled")

#: Defaults of every search bot, then per-game overrides (only budgets and constants: no game code in the search).
DEFAULTS: dict = {"iterations": 400, "seconds": None, "rollout": "random", "c": 1.4, "depth": None,
                  "horizon": None, "leaf": "returns", "scale": 1.0, "fpu": None, "prior": 0.0,
                  "favourite": "heuristic", "model": "none", "backend": "auto",
            "sampling": "python", "select": "ucb", "net": SHIPPED_NET}

# --- options and SPECs --------------------------------------------------------------------------------------------
#: SPEC keys -> option name (``iters`` is short for ``iterations``).
SPEC_KEYS = {"iters": "iterations", "iterations": "iterations", "seconds": "seconds", "rollout": "rollout",
             "c": "c", "depth": "depth", "horizon": "horizon", "leaf": "leaf", "scale": "scale",
             "fpu": "fpu", "prior": "prior", "favourite": "favourite", "model": "model", "backend": "backend",
             "sampling": "sampling", "select": "select", "net": "net"}
EXPECTED = {
    "iterations": "an int >= 1",
    "seconds": "a number > 0 (seconds per move)",
    "rollout": "one of " + ", ".join(ROLLOUTS),
    "c": "a number >= 0",
    "depth": "an int >= 0 (max rollout steps) or none",
    "horizon": "an int >= 1 (score changes) or none",
    "leaf": "one of " + ", ".join(LEAVES),
    "scale": "a number > 0",
    "fpu": "a number or none (expand every untried action first)",
    "prior": "a number >= 0 (head-start visits of the favourite's move at the root)",
    "favourite": "one of " + ", ".join(FAVOURITES),
    "model": "one of " + ", ".join(MODELS),
    "backend": "one of " + ", ".join(BACKENDS),
    "sampling": "one of " + ", ".join(SAMPLINGS),
    "select": "one of " + ", ".join(SELECTS),
    "net": "shipped or the path of a net (" + ", ".join(NET_SUFFIXES) + ")",
}


def _is_num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


_CHECKS = {
    "iterations": lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 1,
    "seconds": lambda v: v is None or (_is_num(v) and v > 0),
    "rollout": lambda v: v in ROLLOUTS,
    "c": lambda v: _is_num(v) and v >= 0,
    "depth": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 0),
    "horizon": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 1),
    "leaf": lambda v: v in LEAVES,
    "scale": lambda v: _is_num(v) and v > 0,
    "fpu": lambda v: v is None or _is_num(v),
    "prior": lambda v: _is_num(v) and v >= 0,
    "favourite": lambda v: v in FAVOURITES,
    "model": lambda v: v in MODELS,
    "backend": lambda v: v in BACKENDS,
    "sampling": lambda v: v in SAMPLINGS,
    "select": lambda v: v in SELECTS,
    "net": lambda v: isinstance(v, str) and (v == SHIPPED_NET or (v.endswith(NET_SUFFIXES) and len(v) > 4)),
}


def spec_help() -> str:
    return (f"{' or '.join(SEARCH_BOTS)}, optionally followed by :key=value,... with keys "
            f"{', '.join(k for k in SPEC_KEYS if k != 'iterations')}")


def resolve_options(game: str, given: dict) -> dict:
    """The bot's options: ``given`` over the game's defaults over :data:`DEFAULTS`, each checked."""
    opts = {**DEFAULTS, **registry.info(game).search}
    for name, value in given.items():
        if name not in DEFAULTS:
            raise ConfigError(f"{game}: unknown search option {name!r}; expected one of {', '.join(DEFAULTS)}")
        if not _CHECKS[name](value):
            raise ConfigError(f"{game}: search option {name}={value!r} is invalid; expected {EXPECTED[name]}")
        opts[name] = value
    return opts


def is_search_spec(spec) -> bool:
    """Whether ``spec`` names a search bot (``ismcts``, ``pimc``, with or without ``:key=value,...``)."""
    return isinstance(spec, str) and spec.partition(":")[0].strip().lower() in SEARCH_BOTS


def parse_search_spec(spec: str) -> tuple[str, dict]:
    """``"ismcts:iters=1000,rollout=heuristic"`` -> ``("ismcts", {"iterations": 1000, "rollout": "heuristic"})``.

    Keys (any left out: the game's default, ``GAME_INFO.search``, then :data:`DEFAULTS`):

    * ``iters`` (or ``iterations``): int >= 1, iterations (rollouts) per move;
    * ``seconds``: number > 0, time per move (``iters``, if also given, caps it);
    * ``rollout``: ``random``, ``heuristic`` (the game's scripted ``heuristic`` bot plays every seat) or ``net``
      (moves drawn from the ``net`` option's net);
    * ``c``: UCB1 exploration constant, >= 0 (returns are in [-1, 1]);
    * ``depth``: int >= 0 or ``none``, max rollout steps;
    * ``horizon``: int >= 1 or ``none``, stop a rollout once the scores changed that many times since the root;
    * ``leaf``: ``returns``, ``scores`` or ``value``, the value of a rollout stopped before the end
      (:func:`score_values`; ``value``: the net's critic, below);
    * ``scale``: number > 0, the score difference worth ``tanh(1)`` for ``leaf=scores``;
    * ``fpu``: number or ``none``, first-play urgency (``none``: expand every untried action first);
    * ``prior``: number >= 0, IS-MCTS only: the favourite's move at the root counts that many visits more in
      the final choice, so the search plays something else only when it out-visits it by that much (0: off);
    * ``favourite``: ``heuristic`` (the game's scripted bot), ``shipped`` (the shipped trained net for the
      table's size) or ``net`` (the ``net`` option's net), who names that move;
    * ``model``: ``none``, ``heuristic``, ``shipped`` or ``net``, games with hidden commitments only (Democracy):
      the other seats' face-down commitments to the current trick are drawn as the heuristic (the shipped net of the
      table's size, the ``net`` option's net) would have chosen them from their sampled cards, not uniformly (an
      opponent model; exact against those bots, a guess against others);
    * ``backend``: ``auto``, ``python`` or ``compiled``, where rollouts run (:data:`BACKENDS`): the rules
      module's loop or the game's compiled engine (``auto``: the engine where there is one for the rollout policy:
      random rollouts, and heuristic ones in Democracy). The same seed gives the same move for one backend; with
      random rollouts the two draw from different random streams, so their moves differ; with heuristic rollouts
      they are the same.
    * ``sampling``: ``python``, ``compiled`` or ``auto``, how the worlds are drawn (:data:`SAMPLINGS`): the game's
      Python sampler (the worlds ``sample_hidden`` draws from the search's RNG) or its compiled one (the same
      distribution in a fraction of the time, from the sampler's own stream: other worlds, so other moves, from
      the same seed); ``auto``: compiled where the game's engine has a sampler.
    * ``net``: ``shipped`` (the shipped net of the table's size) or the path of a net (a training run's
      ``checkpoint.pt``, a ``policy.pt``, or a ``policy.npz`` with a ``policy.pt`` / ``checkpoint.pt`` of the same
      net beside it for its critic): the net that ``leaf=value``, ``select=puct``, ``rollout=net``, ``model=net``
      and ``favourite=net`` use;
    * ``leaf=value``: value where the search stops with the net's critic (:class:`hustings.bots.search.NetModel`);
      with it a rollout stops at once after the expansion unless ``depth`` or ``horizon`` is given in the SPEC
      (the game's default ``horizon`` does not apply);
    * ``select``: ``ucb`` or ``puct`` (IS-MCTS only): AlphaZero's selection rule with the net's priors and
      constant ``c``; ``fpu`` then is added to the node's mean for an unvisited child's value (default 0).

    Anything else raises :class:`ConfigError` naming the key and what was expected.
    """
    if not is_search_spec(spec):
        raise ConfigError(f"bot {spec!r} is not a search bot; expected {spec_help()}")
    kind, colon, rest = spec.partition(":")
    kind = kind.strip().lower()
    out: dict = {}
    if colon and not rest.strip():
        raise ConfigError(f"bot {spec!r}: nothing after ':'; expected key=value pairs such as iters=1000")
    for item in (rest.split(",") if colon else []):
        key, eq, value = (t.strip() for t in item.partition("="))
        if not eq or not key:
            raise ConfigError(f"bot {spec!r}: {item.strip()!r} is not key=value; keys: {', '.join(SPEC_KEYS)}")
        name = SPEC_KEYS.get(key.lower())
        if name is None:
            raise ConfigError(f"bot {spec!r}: unknown key {key!r}; expected one of {', '.join(SPEC_KEYS)}")
        if name in out:
            raise ConfigError(f"bot {spec!r}: key {key!r} is given twice")
        try:
            if name == "iterations":
                v = int(value)
            elif name in ("seconds", "c", "scale", "prior"):
                v = float(value)
            elif name == "fpu":
                v = None if value.lower() == "none" else float(value)
            elif name in ("depth", "horizon"):
                v = None if value.lower() == "none" else int(value)
            elif name == "net":  # a path keeps its case
                v = SHIPPED_NET if value.lower() == SHIPPED_NET else value
            else:
                v = value.lower()
            ok = _CHECKS[name](v)
        except ValueError:
            ok = False
        if not ok:
            raise ConfigError(f"bot {spec!r}: {key}={value!r} is invalid; expected {EXPECTED[name]}")
        out[name] = v
    return kind, out
