"""Prime Minister: the task queue, the one mechanism that runs every rule (rulebook 4.0 and the negotiated steps of
AMBIGUITIES §4.14), the ``State`` interface and the fast ``clone``.

A game in progress is a **task queue** (``self.tasks``) plus at most one **pending decision** (``self.pending``),
both plain JSON, so ``to_json`` / ``from_json`` (``saved.py``) continue a game identically. The rules modules register
four kinds of handler, each with a decorator, under the string key that the saved state uses:

* **tasks** -- ``@task("round_start")``. A task is one step of the game: a phase of Parliamentary Order, a player's
  turn, one card effect, one negotiated step ("by agreement", "with the PM's permission", "may decline"). A queued
  task is a JSON list ``[name, *args]`` (``["turn", 2]``, ``["eff", effect, ctx]``). ``_advance`` pops the first task
  and calls ``TASK_HANDLERS[name](self, *args)``, and goes on until a task has asked a decision or the game is over.
  A task can put further tasks at the front (``_push``): ``round_start`` queues ``selection`` and ``turns``,
  ``turns`` queues each ``turn``, a played card queues its effects, so the queue is a depth-first to-do list.
* **decisions** -- ``@decision("draw_bill")``. A task that needs a choice calls ``_ask(kind, seat, legal, **data)``,
  which sets ``pending = {"kind", "player", "legal", **data}`` and stops the queue. The seat's action goes to
  ``apply_unchecked(a)``: it clears ``pending``, calls ``DECISION_HANDLERS[kind](self, pending, a)`` (which applies the
  choice and may push tasks or ask again) and runs the queue on. Phase decisions are asked even with one legal action,
  so the env's turn structure is fixed.
* **questions** -- ``@question("restart_pact")``. A yes/no decision is ``_ask("yesno", seat, [YES, NO], q=name,
  ...)``; the ``yesno`` decision (here) calls ``QUESTION_HANDLERS[q](self, pending, yes)``.
* **effects** -- ``@effect("sector")``. One effect of a card or board space (``{"op": ..., ...}`` in the data, an op of
  ``EFFECT_OPS``) runs as the task ``["eff", effect, ctx]``: ``EFFECT_HANDLERS[op](self, effect, ctx)``. ``ctx`` holds
  the ``actor``, the multiplier ``mult`` (Father of the House) and optionally ``src`` (``[kind, index]``, where the
  effect comes from) and ``own`` (the party of a Cross-Party Bill's "own"). An effect that needs a sub-choice (which
  Sector, party, player, bill, up or down, which option) calls ``_wait``: with a single legal answer the answer is
  stored in ``ctx`` at once and never asked; otherwise the effect puts itself back at the front of the queue and asks
  an ``eff_*`` decision, whose answer is stored in that queued ``ctx`` (``ctx["_sector"]``, ``ctx["_bill"]`` ...), and
  the effect runs again from the top, skipping the choices already in ``ctx``.

Before every task and every decision the Career Cards are activated where their requirements are met (PM-A36,
``_check_careers``). The registries are plain dicts, filled once at import while the mixin classes of the rules
modules are defined; ``check_registries`` (called by ``rules.py``) verifies that every pending kind of ``PHASES``,
every question of ``QUESTIONS`` and every op of ``EFFECT_OPS`` has its handler. ``add_legacy_names`` gives the state
class the method names of the single-class engine (``_t_round_end``, ``_d_select``, ...) as aliases of the handlers,
for code written against them; the engine never uses them.
"""
from __future__ import annotations

import random

import numpy as np

from ..core.rules import IllegalActionError, illegal_action_message
from .components import (A_DIR, A_OPTION, A_PARTY, A_PLAYER, A_SECTOR, A_SIGN, A_SLOT, EFFECT_OPS, NUM_ACTIONS, PHASES,
                         QUESTIONS, YES)

_INT8 = np.dtype(np.int8)

# --- the registries ----------------------------------------------------------------------------------------------
TASK_HANDLERS: dict = {}      # task name (tasks[i][0])       -> function(state, *args)
DECISION_HANDLERS: dict = {}  # pending["kind"]               -> function(state, pending, action)
QUESTION_HANDLERS: dict = {}  # pending["q"] of a "yesno"     -> function(state, pending, yes: bool)
EFFECT_HANDLERS: dict = {}    # effect["op"]                  -> function(state, effect, ctx)


def _registrar(registry: dict, what: str):
    def register(*names: str):
        def decorate(fn):
            for name in names:
                if name in registry:
                    raise RuntimeError(f"prime_minister: two handlers for the {what} {name!r}: "
                                       f"{registry[name].__qualname__} and {fn.__qualname__}")
                registry[name] = fn
            return fn
        return decorate
    register.__doc__ = f"Register the decorated method as the handler of the {what}(s) ``names``."
    return register


task = _registrar(TASK_HANDLERS, "task")
decision = _registrar(DECISION_HANDLERS, "decision")
question = _registrar(QUESTION_HANDLERS, "question")
effect = _registrar(EFFECT_HANDLERS, "effect")


def check_registries() -> None:
    """Every pending kind, question and effect op that the vocabularies name has its handler."""
    for what, names, registry in (("decision", PHASES, DECISION_HANDLERS), ("question", QUESTIONS, QUESTION_HANDLERS),
                                  ("effect", EFFECT_OPS, EFFECT_HANDLERS)):
        missing = [x for x in names if x not in registry]
        extra = [x for x in registry if x not in names]
        if missing or extra:
            raise RuntimeError(f"prime_minister: {what} handlers missing for {missing}, unlisted: {extra}")


LEGACY_PREFIXES = (("_t_", TASK_HANDLERS), ("_d_", DECISION_HANDLERS), ("_q_", QUESTION_HANDLERS),
                   ("_e_", EFFECT_HANDLERS))


def add_legacy_names(cls) -> None:
    """``cls._t_<task>``, ``_d_<kind>``, ``_q_<question>``, ``_e_<op>``: the single-class engine's method names, as
    aliases of the registered handlers (same signatures)."""
    for prefix, registry in LEGACY_PREFIXES:
        for name, fn in registry.items():
            setattr(cls, prefix + name, fn)


# eff_* decision kind -> (the ctx key its answer is stored under, the first action id of its block)
_CHOICE_KEYS = {"eff_sector": ("_sector", A_SECTOR), "eff_party": ("_party", A_PARTY),
                "eff_player": ("_player", A_PLAYER), "eff_sign": ("_sign", A_SIGN), "eff_dir": ("_dir", A_DIR),
                "eff_bill": ("_bill", A_SLOT), "eff_option": ("_option", A_OPTION)}


class TaskQueue:
    """The queue loop, decisions, the effect sub-choice protocol and the ``State`` interface (module docstring)."""

    # --- the loop -------------------------------------------------------------------------------------------------
    def _ask(self, kind: str, player: int, legal, **data) -> None:
        """Stop the queue for a decision of ``player`` among ``legal`` (sorted, deduplicated)."""
        legal_set = frozenset(legal)
        legal = sorted(legal_set)
        self.pending = {"kind": kind, "player": player, "legal": legal, **data}
        self._legal = legal
        self._legal_set = legal_set

    def _advance(self) -> None:
        """Run tasks until one asks a decision or the game is over."""
        check_careers, handlers = self._check_careers, TASK_HANDLERS
        while not self.over:
            check_careers()
            if self.pending is not None:
                return
            tasks = self.tasks  # (a task may replace the list: read it each time)
            if not tasks:
                raise RuntimeError("prime_minister: task queue ran dry")
            task = tasks.pop(0)
            handlers[task[0]](self, *task[1:])

    def _run_task(self, task: list) -> None:
        """Run one task ``[name, *args]`` now, outside the queue (the saved-state check re-asks a decision this way)."""
        TASK_HANDLERS[task[0]](self, *task[1:])

    def _push(self, *tasks) -> None:
        """Put ``tasks`` at the front of the queue, in the order given."""
        self.tasks[0:0] = map(list, tasks)

    def _push_after_effects(self, task) -> None:
        """Queue ``task`` right after the effects just pushed (the leading run of ``eff`` tasks)."""
        k = 0
        while k < len(self.tasks) and self.tasks[k][0] == "eff":
            k += 1
        self.tasks.insert(k, list(task))

    def apply_unchecked(self, action: int) -> None:
        """Answer the pending decision with ``action`` (known legal) and run the queue on."""
        pend = self.pending
        self.pending = None
        DECISION_HANDLERS[pend["kind"]](self, pend, action)
        self._advance()

    @decision("yesno")
    def _answer_yes_no(self, pend, a) -> None:
        QUESTION_HANDLERS[pend["q"]](self, pend, a == YES)

    # --- effects and their sub-choices ----------------------------------------------------------------------------
    @task("eff")
    def _run_effect(self, e: dict, ctx: dict) -> None:
        EFFECT_HANDLERS[e["op"]](self, e, ctx)

    def _wait(self, kind: str, e: dict, ctx: dict, player: int, legal: list[int]) -> bool:
        """Ask for one sub-choice of an effect; returns True when it had to ask (the effect re-runs after)."""
        if len(legal) == 1 or len(set(legal)) == 1:  # (_ask sorts and deduplicates the legal actions)
            self._store_choice(kind, ctx, legal[0])
            return False
        self.tasks.insert(0, ["eff", e, ctx])
        self._ask(kind, player, legal)
        return True

    @staticmethod
    def _store_choice(kind: str, ctx: dict, a: int) -> None:
        key, first = _CHOICE_KEYS[kind]
        ctx[key] = a - first

    @decision("eff_sector", "eff_party", "eff_player", "eff_sign", "eff_dir", "eff_bill", "eff_option")
    def _store_effect_choice(self, pend, a) -> None:
        """The answer goes into the ctx of the effect waiting at the front of the queue."""
        self._store_choice(pend["kind"], self.tasks[0][2], a)

    # --- the State interface --------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.over else self.pending["player"]

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        return [] if self.over else list(self._legal)

    def is_legal(self, action: int) -> bool:
        return not self.over and action in self._legal_set

    def legal_mask(self) -> np.ndarray:
        """A fresh ``int8`` mask (the legal actions set one by one into a zeroed ``bytearray`` that numpy views: cheaper
        than numpy's zeros and fancy assignment for the few legal actions of a decision)."""
        mask = bytearray(NUM_ACTIONS)
        if not self.over:
            for a in self._legal:
                mask[a] = 1
        return np.frombuffer(mask, dtype=_INT8)

    def apply_action(self, action) -> None:
        if self.over:
            raise IllegalActionError("prime_minister: the game is over; no action can be applied")
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool) or not self.is_legal(int(action)):
            raise IllegalActionError(illegal_action_message(self, action))
        self.apply_unchecked(int(action))

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        if self.won:
            return list(self.won)
        return [self.winner] if self.winner >= 0 else []

    def teams(self) -> list[list[int]]:
        """Scenario 4 with 4 players (Repealing the Corn Laws) is the one game where a party wins jointly: its two
        parties are the teams. Otherwise every player plays for itself."""
        if self.scen.get("num") == 4 and self.n == 4:
            parties = ([s for s in range(self.n) if self.party[s] == party] for party in sorted(set(self.party)))
            return sorted(team for team in parties if team)
        return [[p] for p in range(self.n)]

    def returns(self) -> list[float]:
        won = self.winners()
        if not won:
            return [0.0] * self.n
        return [1.0 if p in won else -1.0 for p in range(self.n)]

    # --- the RNG, shared copy-on-write between a state and its clones ----------------------------------------------
    # ``_rng_box`` is ``[random.Random, owners]``: ``clone`` shares the box (owners + 1) instead of copying the
    # Mersenne Twister state (its getstate / setstate would cost more than the rest of the copy); the first state
    # that then takes ``rng`` to draw from it gets a private copy, the last owner keeps the original. The engine takes
    # ``self.rng`` at every use; keep no reference to it across a ``clone``. A sample (``sample_hidden``) puts its
    # seed (an int) in the box: the ``random.Random`` is seeded with it at the first use, as many samples never draw.
    def _box_rng(self) -> random.Random:
        """The RNG in the box, seeded now if it was a seed (shared: for reading its state, not for drawing)."""
        box = self._rng_box
        r = box[0]
        if r.__class__ is int:
            box[0] = r = random.Random(r)
        return r

    @property
    def rng(self) -> random.Random:
        box = self._rng_box
        if box[0].__class__ is int:
            self._box_rng()
        if box[1] > 1:
            box[1] -= 1
            r = random.Random.__new__(random.Random)
            r.setstate(box[0].getstate())
            self._rng_box = box = [r, 1]
        return box[0]

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng_box = [value, 1]

    def clone(self):
        """An independent copy without JSON: every mutable container of the state is copied to the depth that the rules
        mutate (lists of ints, the task queue and its effect contexts, bill slots, the Scenario's state); immutable or
        never-mutated parts are shared: the game, the card data the effects point to (``e`` of an ``eff`` task), the
        ``[card, owner, side]`` Debate Card entries, ``[bill, seat]`` proposals, the pending ``legal`` list and
        ``shuffle_tags`` (both replaced, never changed in place), and the RNG until one of them draws from it (the
        copy-on-write box above). The RNG continues from the same point."""
        box = self._rng_box
        box[1] += 1
        st = self._copy(None)
        st._rng_box = box
        return st

    def _copy(self, rng, event_log=None):
        """The fast copy of :meth:`clone` with the RNG ``rng`` (``sample_hidden`` passes the seed of a fresh one) and
        the event log ``event_log`` (default: a copy of this state's)."""
        st = object.__new__(type(self))
        st.game = self.game
        st._rng_box = [rng, 1]
        st.event_log = self.event_log[:] if event_log is None else event_log
        st.record_events = self.record_events
        st.n = self.n
        st.round = self.round
        st.pol = list(self.pol)
        st.party = list(self.party)
        st.role = list(self.role)
        st.standing = list(self.standing)
        st.favour = list(self.favour)
        st.vp = list(self.vp)
        st.cubes = list(self.cubes)
        st.hand = [list(h) for h in self.hand]
        st.bill_hand = [list(h) for h in self.bill_hand]
        st.qt_hands = [list(h) for h in self.qt_hands]
        st.shown = [list(h) for h in self.shown]
        st.sector_pos = [list(p) for p in self.sector_pos]
        st.gov_party = self.gov_party
        st.mps = dict(self.mps)
        st.bills = [dict(b, debate=list(b["debate"])) for b in self.bills]
        st.decks = {k: list(v) for k, v in self.decks.items()}
        st.discards = {k: list(v) for k, v in self.discards.items()}
        st.unc_stack = list(self.unc_stack)
        st.pact = self.pact
        st.resigned = self.resigned
        st.marker = self.marker
        st.careers = [dict(c) for c in self.careers]
        st.tasks = [["eff", t[1], dict(t[2])] if t[0] == "eff" else list(t) for t in self.tasks]
        st.pending = None if self.pending is None else dict(self.pending)
        st.over = self.over
        st.winner = self.winner
        st.truncated = self.truncated
        turn = self.turn
        st.turn = None if turn is None else dict(turn, doubled=list(turn["doubled"]), denied=list(turn["denied"]))
        st.proposed = list(self.proposed)
        st.passed = list(self.passed)
        st.revealed_ok = self.revealed_ok
        st.selected_count = self.selected_count
        st.refused_agreement = list(self.refused_agreement)
        st.minority_by_challenge = self.minority_by_challenge
        st.lost_challenge = self.lost_challenge
        st.event = self.event
        st.score_version = self.score_version
        st.ever_split = self.ever_split
        st.last_unc = self.last_unc
        st.setup_done = self.setup_done
        st.mps_party = self.mps_party
        st.won = list(self.won)
        st.scen = {k: (v.copy() if isinstance(v, (list, dict)) else v) for k, v in self.scen.items()}
        st.shuffle_tags = self.shuffle_tags
        st.supporter_reshuffle = list(self.supporter_reshuffle)
        st.event_reshuffle = list(self.event_reshuffle)
        st._legal = self._legal
        st._legal_set = self._legal_set
        st._careers_seen = self._careers_seen  # never changed in place: shared
        st._obs_cache = None  # rebuilt when the copy is observed
        return st
