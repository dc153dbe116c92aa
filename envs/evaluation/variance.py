"""Control variates for tables of any size: the same expected win share from fewer games.

A game's result for a seat (its win share: ``1/k`` for each of ``k`` winners, 0 for the others and on truncation)
is noisy: much of it is luck, the cards dealt and the moves a random bot happens to draw. Where the probabilities of
a random event are known, the luck it brings can be measured with a value estimate ``V`` and taken out again,
without changing the expected result. This is the idea of AIVAT (Burch et al., 2018) for any number of seats.

**The estimator.** ``V(s)`` is a fixed function giving each seat a number for a game state ``s`` (here: playouts
of the line-up from ``s`` to the next score change, or to the end in Politix: the game's
``GameInfo.playout_horizon``; a searching bot's seat played by a stand-in, the heuristic by default; see
:class:`RolloutValue`). It is fixed before the games are played, and it never reads the state's random generator
(each playout reseeds it from a fixed stream), so it cannot see which cards the game is about to deal. Along one
game, every random step adds a *correction term* per seat:

* **a chance step** (the game's own generator is used: a deal, a shuffle, a draw), state ``s`` before the move
  ``a`` and ``s'`` after: ``Q(s, a) - V(s')``, where ``Q(s, a)`` is the mean of ``V`` over ``A`` *other* draws of
  the same step: the move ``a`` applied to copies of ``s`` whose generators are fresh, seeded from a fixed stream
  (:func:`mix`) that does not depend on anything the game did. Each of those copies is a draw from the same
  distribution as the real ``s'``, so the term has mean zero given everything before it;
* **a decision of a bot whose move probabilities are known** (``random``: uniform over the legal moves; a net that
  samples from its masked softmax), probabilities ``pi``, move ``a`` played: ``sum_b pi(b) Q(s, b) - Q(s, a)``,
  with ``Q(s, b)`` as above (``V`` of the state after ``b``; averaged over the ``A`` fresh draws where ``b`` has a
  chance step). The bot draws its move from its own generator, which nothing in ``Q`` reads, so the term's mean
  given the past is ``sum_b pi(b) Q(s, b) - sum_b pi(b) Q(s, b) = 0``. A deterministic bot (the heuristics, a
  net playing its argmax) has ``pi`` all on one move: its term is 0 and is not computed;
* **a move of a search** with an iteration budget (option ``searches=K``, off by default): its probabilities are
  not known, but its move is a function of the position and its own fresh random draws, so the same search from
  ``K`` fresh seeds (a second instance, the seeds from :func:`mix`) draws ``K`` other moves from the same
  distribution, exactly as the other draws of a chance step: ``mean_k Q(s, a_k) - Q(s, a)``, mean zero given the
  past. (A search with a time budget depends on the clock and gets no term.);
* **the deal**: the initial state is a chance step too: ``mean_k V(deal_k) - V(s_0)`` over ``A`` fresh deals.

The corrected result of a seat is its win share plus the sum of its terms. Every term has mean zero given all
that happened before it, so the corrected result has exactly the raw result's expected value, whatever ``V`` is;
a good ``V`` (one that follows the result closely) makes the sum of terms cancel most of the luck, and the corrected
result varies less. A poor ``V`` costs variance, never bias. What breaks the argument is a ``V`` or a ``pi`` that
uses what the corrected draw itself decides: a value that has seen how the real game went on, or probabilities
that are not the bot's (the tests show such an estimator caught).

Games come in **deal packs**: one deal played ``n`` times with the line-up rotated one seat each time
(:func:`hustings.evaluation.evaluate.duplicate_set`); a pack is one sample, its value the mean over its rotations,
and intervals are over packs. The **effective-games multiplier** is the raw estimate's variance over the corrected
one's, for the same packs: how many times more packs the raw estimate needs for the same interval.

    python -m hustings.evaluation.evaluate democracy --players 4 --bots shipped:democracy heuristic \\
        heuristic heuristic --games 400 --variance-reduction
"""
from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import dataclass, field

import numpy as np

from hustings.core.bots import RandomBot
from hustings.core.match import play_game, play_until
from hustings.errors import ConfigError
from hustings.vector import mix64

#: The value estimate's options and their defaults (``--variance-reduction KEY=VALUE,...``).
DEFAULTS = {"policy": "lineup", "rollouts": None, "alternatives": 8, "horizon": "auto", "beta": None, "seed": 0,
            "decisions": True, "standin": "heuristic", "searches": 0}
POLICIES = ("lineup", "heuristic", "random")
#: Who plays a searching (or outside) bot's seat in the line-up's playouts: too slow and too stateful to play them
#: itself. ``heuristic`` (the default); ``shipped``: the shipped net of the table's size (the heuristic where there
#: is none); ``random``.
STANDINS = ("shipped", "heuristic", "random")
#: ``beta`` unset: how much one point of score lead counts where a playout stops before the end.
BETA = 1.0
#: ``rollouts`` unset: playouts per value where a playout bot breaks ties at random (it has an
#: ``action_probabilities`` method: its playouts vary, and several follow the result much better than one); 1 where
#: the playouts are the same every time (Democracy's bots play an island the same way: one playout is the value).
TIE_BREAK_ROLLOUTS = 4
_MASK = (1 << 63) - 1
_START = 0x9E3779B97F4A7C15  # the fold's starting value (SplitMix64's increment, as the seed streams always had)


def mix(*parts: int) -> int:
    """A 63-bit seed from integers (SplitMix64 steps): the fixed seed streams of the value estimate and of the
    other draws. Deterministic, and unrelated to the game's own generator."""
    h = _START
    for p in parts:
        h = mix64(h ^ (int(p) & 0xFFFFFFFFFFFFFFFF))
    return h & _MASK


def parse_options(text: str | None) -> dict:
    """The value estimate's options from ``KEY=VALUE,...`` (empty or None: the defaults): ``policy`` (``lineup``:
    the playouts are played by the table's own bots; ``heuristic``; ``random``), ``rollouts`` (playouts per value,
    >= 1; default :data:`TIE_BREAK_ROLLOUTS` where a playout bot breaks ties at random, else 1), ``alternatives``
    (other draws per chance step, >= 1; default 8), ``horizon`` (score changes a playout runs for, an int >= 1;
    ``none``: to the end; default ``auto``: the game's ``GameInfo.playout_horizon``, 1 but in Politix), ``beta``
    (how sharply a score lead counts when a playout stops before the end: ``softmax(beta * scores)``; default 1),
    ``seed`` (the fixed streams), ``decisions`` (``on``/``off``: correct the moves of bots with known probabilities),
    ``standin`` (who plays a searching or outside bot's seat in the ``lineup`` playouts: ``heuristic``, the
    default; ``shipped``, the shipped net of the table's size; ``random``), ``searches`` (other searches per move
    of a searching bot with an iteration budget, each from a fresh seed; default 0: none). A bad option is a
    :class:`ConfigError` naming it and what was expected."""
    opts = dict(DEFAULTS)
    if not text:
        return opts
    for item in str(text).split(","):
        item = item.strip()
        if not item:
            continue
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or key not in DEFAULTS:
            raise ConfigError(f"--variance-reduction: {item!r} is not an option; expected KEY=VALUE with KEY one of "
                              f"{', '.join(DEFAULTS)}")
        try:
            if key in ("policy", "standin"):
                if value not in (POLICIES if key == "policy" else STANDINS):
                    raise ValueError
                opts[key] = value
            elif key in ("rollouts", "alternatives", "searches"):
                opts[key] = int(value)
                if opts[key] < (0 if key == "searches" else 1):
                    raise ValueError
            elif key == "horizon":
                low = value.lower()
                opts[key] = None if low in ("none", "end") else "auto" if low == "auto" else int(value)
                if isinstance(opts[key], int) and opts[key] < 1:
                    raise ValueError
            elif key == "beta":
                opts[key] = float(value)
                if not math.isfinite(opts[key]) or opts[key] < 0:
                    raise ValueError
            elif key == "seed":
                opts[key] = int(value)
            else:
                if value.lower() not in ("on", "off", "true", "false", "1", "0"):
                    raise ValueError
                opts[key] = value.lower() in ("on", "true", "1")
        except ValueError:
            want = {"policy": " or ".join(POLICIES), "rollouts": "an int >= 1", "alternatives": "an int >= 1",
                    "horizon": "an int >= 1, none or auto", "beta": "a number >= 0", "seed": "an int",
                    "decisions": "on or off", "standin": " or ".join(STANDINS),
                    "searches": "an int >= 0"}[key]
            raise ConfigError(f"--variance-reduction: {key}={value!r} is invalid; expected {want}") from None
    return opts


def command_text(options: dict | None) -> str:
    """``--variance-reduction`` with the options that differ from the defaults, as a command line writes it (``""``
    for ``None``)."""
    if options is None:
        return ""

    def text(v) -> str:
        return "none" if v is None else ("on" if v else "off") if isinstance(v, bool) else str(v)

    changed = [f"{k}={text(v)}" for k, v in options.items() if k in DEFAULTS and v != DEFAULTS[k]]
    return " --variance-reduction" + (" " + ",".join(changed) if changed else "")


def win_shares(state) -> np.ndarray:
    """Each seat's win share in a finished ``state``: ``1/k`` for each of ``k`` winners; all 0 when truncated."""
    n = state.game.num_players
    out = np.zeros(n)
    won = state.winners()
    for w in won:
        out[w] = 1.0 / len(won)
    return out


def recipe_fingerprint(recipe: tuple) -> str:
    """A bot recipe's identity for the value estimate's digest (a net by its weights, other bots by their name)."""
    if recipe[0] == "policy":
        h = hashlib.sha256()
        for a in recipe[1]:
            h.update(np.ascontiguousarray(a).tobytes())
        return f"policy:{recipe[2]}:{h.hexdigest()[:16]}"
    return ":".join(str(x) for x in recipe[:2])


class RolloutValue:
    """``V``: each seat's value of a state, from ``rollouts`` playouts of a copy of it, every one from a fixed seed
    (the copy's generator and the playing bots reseeded from :func:`mix` of the estimate's ``seed`` and the playout's
    number: the same seeds for every state, so ``V`` is a fixed function of the state, blind to the state's own
    generator). A playout is played by ``bots`` (the seats' bots: the line-up itself, or ``n`` heuristics) until the
    game ends or ``horizon`` score changes happened; it is worth the win shares at the end, and
    ``softmax(beta * scores)`` where it stopped earlier."""

    def __init__(self, bots: list, rollouts: int = 1, horizon: int | None = None, beta: float = 1.0, seed: int = 0,
                 label: str = "", compiled=None):
        self.bots, self.rollouts, self.horizon, self.beta, self.seed = list(bots), rollouts, horizon, beta, seed
        self.label = label
        #: The game's compiled heuristic playouts (:class:`hustings.bots.rollout.CompiledRollouts`), where every
        #: seat is the heuristic and the engine has them: the same moves as the rules' heuristic play, faster.
        self.compiled = compiled
        self.calls = 0  # values computed (for the cost report)

    def __call__(self, state) -> np.ndarray:
        n = state.game.num_players
        total = np.zeros(n)
        self.calls += 1
        if state.is_terminal():
            return win_shares(state)
        eng = self.compiled.engine(state.game) if self.compiled is not None else None
        for j in range(self.rollouts):
            w = state.clone()
            w.record_events = False
            w.rng = random.Random(mix(self.seed, 7, j))
            if eng is not None:
                stop = (1 << 62) if self.horizon is None else w.score_version + self.horizon
                self.compiled.play(eng, w, 1 << 62, stop)
                if eng.player[0] < 0:
                    won = np.asarray(eng.returns[0]) > 0
                    total += won / won.sum() if won.any() else 0.0
                else:
                    s = np.asarray(eng.scores[0], dtype=float) * self.beta
                    e = np.exp(s - s.max())
                    total += e / e.sum()
                continue
            for p, bot in enumerate(self.bots):
                bot.reset(mix(self.seed, 11, j, p))
            stop = None
            if self.horizon is not None:
                target = w.score_version + self.horizon
                stop = (lambda st, t=target: st.score_version >= t)
            play_until(w, self.bots, stop=stop)
            if w.is_terminal():
                total += win_shares(w)
            else:
                s = np.asarray(w.scores(), dtype=float) * self.beta
                e = np.exp(s - s.max())
                total += e / e.sum()
        return total / self.rollouts


def known_policy(bot, state, player: int) -> np.ndarray | None:
    """The probabilities with which ``bot`` picks each legal move of ``player`` in ``state`` (over
    ``state.legal_actions()``, in order), where they are known exactly and not all on one move; else ``None``.
    Known: the uniform random bot, a net that samples from its masked softmax, and a bot that states them with an
    ``action_probabilities(state, player)`` method (Politrickers' heuristic, where its random tie-break decides
    between moves of exactly equal value). A bot whose probabilities are not known gets no decision term
    (which is always safe: whether a term is computed depends on the state, never on the move drawn)."""
    if type(bot).act is RandomBot.act:
        k = len(state.legal_actions())
        return None if k < 2 else np.full(k, 1.0 / k)
    from hustings.bots.policy import PolicyBot

    stated = getattr(bot, "action_probabilities", None)
    if callable(stated):
        return stated(state, player)
    if isinstance(bot, PolicyBot) and not bot.deterministic:
        legal = state.legal_actions()
        if len(legal) < 2:
            return None
        logits = bot.policy.logits(state.observation(player)).astype(np.float64)[legal]
        p = np.exp(logits - logits.max())
        return p / p.sum()
    return None


@dataclass
class Step:
    """One move of a played game: the state before it, the mover, the move, the mover's known probabilities
    (or ``None``), and whether applying it drew from the game's generator (a chance step)."""
    before: object
    player: int
    action: int
    pi: np.ndarray | None
    chance: bool = False
    after: object = None
    sampled: bool = False  # a searching bot's move: valued against other searches from fresh seeds


@dataclass
class Trace:
    """A played game for the corrections: its initial state, steps and final state."""
    initial: object
    steps: list = field(default_factory=list)
    final: object = None


def _rng_mark(state):
    return state.rng.getstate()


def resamplable(bot) -> bool:
    """Whether ``bot`` is a search whose move is a function of the position and its own fresh random draws only (an
    iteration budget: a search with a time budget depends on the clock too): its move can be drawn again, by the
    same search from a fresh seed, to value the move it played against other draws of it."""
    from hustings.bots.search import ISMCTSBot, PIMCBot

    return isinstance(bot, (ISMCTSBot, PIMCBot)) and getattr(bot, "seconds", None) is None


def play_traced(game, bots: list, seed: int, bot_seeds: list[int], decisions: bool = True,
                sampled: list[bool] | None = None) -> Trace:
    """One game through the one play loop (:func:`hustings.core.match.play_game`: the same game as without the
    trace), recording a copy of the state before each move, the mover's known probabilities, which moves drew
    from the game's generator and which are a searching bot's (``sampled[seat]``) with a choice of moves."""
    trace = Trace(initial=game.new_initial_state(seed=seed))
    pending: list = []

    def on_action(st, player, action):
        if pending:
            prev, mark = pending.pop()
            prev.chance = _rng_mark(st) != mark
            prev.after = st.clone()
        pi = known_policy(bots[player], st, player) if decisions else None
        again = bool(decisions and sampled and sampled[player] and pi is None and len(st.legal_actions()) > 1)
        step = Step(st.clone(), player, action, pi, sampled=again)
        trace.steps.append(step)
        pending.append((step, _rng_mark(st)))

    final = play_game(game, bots, seed=seed, bot_seeds=bot_seeds, on_action=on_action)
    if pending:
        prev, mark = pending.pop()
        prev.chance = _rng_mark(final) != mark
        prev.after = final
    trace.final = final
    return trace


def _after(state, action: int, rng_seed: int | None):
    """A copy of ``state`` with ``action`` applied; with ``rng_seed``, its generator replaced by a fresh one first
    (another draw of the step's chance); also whether the move drew from the generator."""
    w = state.clone()
    w.record_events = False
    if rng_seed is not None:
        w.rng = random.Random(rng_seed)
    mark = _rng_mark(w)
    w.apply_unchecked(action)
    return w, _rng_mark(w) != mark


def corrections(trace: Trace, value, alternatives: int, stream: tuple,
                resample=None) -> tuple[np.ndarray, np.ndarray, dict]:
    """The correction terms of a traced game summed per seat (see the module docstring): the chance terms (the deal
    included) and the decision terms apart, and how many of each. ``value(state)`` is ``V``; ``stream`` (ints) names
    the game in the fixed seed stream of the other draws (any fixed function of the deal and the seating; never of a
    move). ``resample(step, seeds)`` gives a searching bot's moves at a ``sampled`` step from those fresh seeds (the
    same search, reseeded); each such step adds ``mean_k Q(s, a_k) - Q(s, a)``."""
    n = trace.initial.game.num_players
    chance, decisions = np.zeros(n), np.zeros(n)
    counts = {"chance": 1, "decisions": 0}
    game = trace.initial.game
    # the deal: A other deals against the real one
    alt = np.mean([value(game.new_initial_state(seed=mix(*stream, 1, k))) for k in range(alternatives)], axis=0)
    chance += alt - value(trace.initial)
    for t, step in enumerate(trace.steps):
        if step.pi is None and not step.chance and not (step.sampled and resample is not None):
            continue

        def q(action: int) -> np.ndarray:
            w, drew = _after(step.before, action, mix(*stream, 2, t, 0))
            if not drew:
                return value(w)
            vals = [value(w)] + [value(_after(step.before, action, mix(*stream, 2, t, k))[0])
                                 for k in range(1, alternatives)]
            return np.mean(vals, axis=0)

        q_taken = q(step.action)
        if step.pi is not None:
            legal = step.before.legal_actions()
            expected = np.zeros(n)
            for b, p in zip(legal, step.pi):
                if p > 0:
                    expected += p * (q_taken if b == step.action else q(b))
            decisions += expected - q_taken
            counts["decisions"] += 1
        elif step.sampled and resample is not None:
            moves = resample(step, [mix(*stream, 3, t, k) for k in range(resample.count)])
            if moves:
                qs = {b: (q_taken if b == step.action else None) for b in moves}
                for b in qs:
                    if qs[b] is None:
                        qs[b] = q(b)
                decisions += np.mean([qs[b] for b in moves], axis=0) - q_taken
                counts["decisions"] += 1
        if step.chance:
            chance += q_taken - value(step.after)
            counts["chance"] += 1
    return chance, decisions, counts


class _Resample:
    """A searching bot's moves drawn again: its second instance (:meth:`Estimator.searcher`) reset to each fresh seed
    and asked for its move in a copy of the position."""

    def __init__(self, est, bot_at_seat: list[int], count: int):
        self.est, self.bot_at_seat, self.count = est, bot_at_seat, count

    def __call__(self, step: Step, seeds: list[int]) -> list[int]:
        bot = self.est.searcher(self.bot_at_seat[step.player])
        moves = []
        for sd in seeds:
            bot.reset(sd)
            w = step.before.clone()
            w.record_events = False
            moves.append(bot.act(w, step.player))
        return moves


class Estimator:
    """The fixed value estimate of one line-up: its options, the recipes of the seats' bots and its digest
    (``sha256`` of both: what a result names). :meth:`play` plays one game of a rotation, raw and corrected."""

    def __init__(self, game_name: str, game, recipes: list[tuple], options: dict | None = None):
        from hustings.bots.spec import build as build_bot

        self.game_name, self.game = game_name, game
        self.options = dict(DEFAULTS, **(options or {}))
        if self.options["beta"] is None:
            self.options["beta"] = BETA
        if self.options["horizon"] == "auto":
            # the game's own (GameInfo.playout_horizon): Politix deals its whole deck at the start, so its few
            # corrections can each afford a playout to the end; the games that draw all game long stop at 1
            self.options["horizon"] = __import__("hustings").registry.info(game_name).playout_horizon
        self.recipes = list(recipes)
        policy = self.options["policy"]
        info_bots = __import__("hustings").registry.info(game_name).bots
        #: the recipes the lineup playouts are played by: a search's (or an outside agent's) seat by a stand-in
        self.playout_recipes = [r if r[0] in ("scripted", "policy") else self._standin(game_name, game, info_bots)
                                for r in recipes]
        if policy == "lineup" and all(r == ("scripted", "heuristic") for r in self.playout_recipes) and \
                any(r[0] not in ("scripted", "policy") for r in recipes):
            policy = "heuristic"  # a search among heuristics: the heuristics' compiled playouts, where there are
        if policy == "heuristic" and "heuristic" not in info_bots:
            policy = "random"
        self.policy = policy
        n = game.num_players
        if policy == "lineup":
            self._bots = [build_bot(game_name, r, seed=0, game=game) for r in self.playout_recipes]
        else:
            self._bots = [info_bots[policy](seed=0) for _ in range(n)]
        if self.options["rollouts"] is None:
            ties = any(callable(getattr(b, "action_probabilities", None)) for b in self._bots)
            self.options["rollouts"] = TIE_BREAK_ROLLOUTS if ties else 1
        self._searchers: dict = {}
        self._compiled = None
        if policy == "heuristic":
            from hustings.bots.rollout import CompiledRollouts

            self._compiled = CompiledRollouts.for_game(game_name, "auto", policy="heuristic", heuristic=self._bots[0])
        config = {"game": game.config(), "options": self.options, "policy": policy,
                  "bots": [recipe_fingerprint(r) for r in self.playout_recipes] if policy == "lineup"
                  else [policy] * n}
        self.digest = hashlib.sha256(json.dumps(config, sort_keys=True, default=str).encode()).hexdigest()

    def _standin(self, game_name: str, game, info_bots: dict) -> tuple:
        """The recipe that plays a searching or outside bot's seat in the lineup playouts (option ``standin``)."""
        from hustings.bots import spec as spec_mod

        want = self.options["standin"]
        if want == "shipped":
            try:
                return spec_mod.resolve(game_name, game, [f"shipped:{game_name}"])[0]
            except (ConfigError, OSError, ValueError):
                want = "heuristic"  # no shipped net at this size
        if want not in info_bots:
            want = "random"
        return ("scripted", want)

    def value_for(self, seating: list[int]):
        """``V`` for one rotation: the playouts seat the bots as the game does (bot ``b`` in seat ``seating[b]``)."""
        bots = self._bots
        if self.policy == "lineup":
            by_seat = [None] * len(seating)
            for b, s in enumerate(seating):
                by_seat[s] = bots[b]
            bots = by_seat
        o = self.options
        return RolloutValue(bots, rollouts=o["rollouts"], horizon=o["horizon"], beta=o["beta"], seed=o["seed"],
                            compiled=self._compiled)

    def searcher(self, b: int):
        """A second instance of bot ``b`` (a search) that draws its moves again from fresh seeds: never the playing
        bot itself, whose generator the game goes on with."""
        from hustings.bots.spec import build as build_bot

        if b not in self._searchers:
            self._searchers[b] = build_bot(self.game_name, self.recipes[b], seed=0, game=self.game)
        return self._searchers[b]

    def play(self, bots: list, seed: int, rotation: int, make_value=None) -> dict:
        """Rotation ``rotation`` of deal ``seed`` as :func:`hustings.evaluation.evaluate.play_rotation` plays it (the
        same game: same seats, same bot seeds), with ``correction``: each bot's sum of terms (its corrected win
        share is its raw one plus that), and ``terms``: how many chance and decision terms there were.
        ``make_value(trace, seating)`` replaces ``V`` (the tests' deliberately wrong estimates)."""
        game = self.game
        n = game.num_players
        seat_of = [(b + rotation) % n for b in range(n)]
        by_seat = [None] * n
        for b, s in enumerate(seat_of):
            by_seat[s] = bots[b]
        bot_seeds = [seed * 1009 + rotation * 31 + seat_of.index(s) for s in range(n)]
        k = self.options["searches"]
        sampled = [k > 0 and resamplable(bot) for bot in by_seat]
        trace = play_traced(game, by_seat, seed, bot_seeds, decisions=self.options["decisions"], sampled=sampled)
        v = self.value_for(seat_of) if make_value is None else make_value(trace, seat_of)
        resample = _Resample(self, [seat_of.index(s) for s in range(n)], k) if any(sampled) else None
        chance, decisions, counts = corrections(trace, v, self.options["alternatives"],
                                                (self.options["seed"], seed, rotation), resample)
        state = trace.final
        winners, scores = state.winners(), state.scores()
        return {"seed": seed, "seats": seat_of, "winners": [seat_of.index(w) for w in winners],
                "scores": [float(scores[s]) for s in seat_of], "truncated": bool(state.truncated),
                "correction": {"chance": [float(chance[s]) for s in seat_of],
                               "decisions": [float(decisions[s]) for s in seat_of]}, "terms": counts}


# --- statistics over packs --------------------------------------------------------------------------------------
KINDS = ("chance", "decisions")
#: Packs below which no weights are fitted: the terms count in full (weight 1), as in AIVAT.
MIN_FIT = 8


def raw_share(g: dict, b: int) -> float:
    """Bot ``b``'s win share in a played game (a result dict of ``play_rotation``)."""
    return 1.0 / len(g["winners"]) if b in g["winners"] else 0.0


def packs(games: list[dict], b: int) -> tuple[np.ndarray, np.ndarray]:
    """Bot ``b``'s deal packs, in deal order: its raw win share per pack (the mean over the deal's rotations) and
    its terms per pack (a row per pack: the mean chance and decision terms)."""
    by_deal: dict = {}
    for g in games:
        terms = [g["correction"][k][b] for k in KINDS] if "correction" in g else [0.0] * len(KINDS)
        by_deal.setdefault(g["seed"], []).append([raw_share(g, b)] + terms)
    rows = np.asarray([np.mean(by_deal[s], axis=0) for s in sorted(by_deal)]).reshape(-1, 1 + len(KINDS))
    return rows[:, 0], rows[:, 1:]


def fit_weights(raw: np.ndarray, terms: np.ndarray) -> np.ndarray:
    """The weights ``c`` that make ``raw + terms @ c`` vary least on these packs (least squares; a kind of term
    that is always 0 gets weight 0); all ones with fewer than :data:`MIN_FIT` packs. Any fixed weights keep the mean
    (each term has mean zero), so weights fitted on *other* packs than the ones they are applied to keep it too."""
    if len(raw) < MIN_FIT:
        return np.ones(terms.shape[1])
    x = terms - terms.mean(axis=0)
    y = raw - raw.mean()
    used = np.abs(x).sum(axis=0) > 0
    c = np.zeros(terms.shape[1])
    if used.any():
        xu = x[:, used]
        c[used] = -np.linalg.lstsq(xu.T @ xu + 1e-12 * np.eye(xu.shape[1]), xu.T @ y, rcond=None)[0]
    return c


def crossfit(raw: np.ndarray, terms: np.ndarray) -> tuple[np.ndarray, list]:
    """Corrected pack values with weights fitted across two folds (even and odd packs): each pack's weights come
    from the other fold only, so they are independent of it and the corrected values keep the raw mean exactly.
    Returns the values and the two folds' weights."""
    out = np.empty(len(raw))
    weights = []
    for fold in (0, 1):
        mine = np.arange(len(raw)) % 2 == fold
        c = fit_weights(raw[~mine], terms[~mine])
        out[mine] = raw[mine] + terms[mine] @ c
        weights.append([float(v) for v in c])
    return out, weights


def predictable(raw: np.ndarray, terms: np.ndarray) -> np.ndarray:
    """Corrected pack values with the weights of each pack fitted on the packs before it only (ones before
    :data:`MIN_FIT`): a predictable sequence of weights, so the corrected values stay a sequence of mean-zero
    steps around the true mean and a confidence sequence over them is valid (``--until-significant``)."""
    out = np.empty(len(raw))
    for i in range(len(raw)):
        c = fit_weights(raw[:i], terms[:i])
        out[i] = raw[i] + terms[i] @ c
    return out


def interval(x: np.ndarray, z: float = 1.959964) -> list[float]:
    """Mean +- ``z`` standard errors of independent values ``x``; NaNs with fewer than 2."""
    if len(x) < 2:
        return [float("nan"), float("nan")]
    half = z * float(np.std(x, ddof=1)) / math.sqrt(len(x))
    return [float(np.mean(x)) - half, float(np.mean(x)) + half]


def _ratio(a: float, b: float) -> float:
    if not (math.isfinite(a) and math.isfinite(b)):
        return float("nan")
    if b > 0:
        return a / b
    return 1.0 if a == 0 else float("inf")


def summary(names: list[str], games: list[dict], digest: str, options: dict) -> dict:
    """The ``variance_reduction`` block of a result: per bot the raw and corrected win share over deal packs with
    their 95% intervals (the weights of the terms cross-fitted: :func:`crossfit`), the effective-games multiplier
    (raw pack variance over corrected pack variance: how many times more packs, and so games, the raw estimate
    needs for the same interval) and the multiplier against independent games (the raw per-game variance over the
    corrected variance per game played: what the plain interval of independent games would need); with the value
    estimate's digest and options, and how many terms were computed."""
    out = {"estimator": {"digest": digest, "options": options}, "packs": 0, "bots": {},
           "terms": {k: sum(g["terms"][k] for g in games) for k in KINDS}}
    for b, name in enumerate(names):
        raw, terms = packs(games, b)
        cor, weights = crossfit(raw, terms)
        k = len(raw)
        out["packs"] = k
        per_game = np.asarray([raw_share(g, b) for g in games])
        var_raw = float(np.var(raw, ddof=1)) if k > 1 else float("nan")
        var_cor = float(np.var(cor, ddof=1)) if k > 1 else float("nan")
        var_game = float(np.var(per_game, ddof=1)) if len(per_game) > 1 else float("nan")
        rotations = len(games) / max(1, k)
        out["bots"][name] = {
            "raw_win_share": float(np.mean(raw)) if k else float("nan"), "raw_ci95": interval(raw),
            "corrected_win_share": float(np.mean(cor)) if k else float("nan"), "corrected_ci95": interval(cor),
            "multiplier": _ratio(var_raw, var_cor),
            "multiplier_vs_independent_games": _ratio(var_game / rotations, var_cor),
            "weights": weights,
        }
    return out
