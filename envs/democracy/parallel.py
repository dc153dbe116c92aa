"""Democracy's simultaneous reveal as a PettingZoo ``ParallelEnv``: one ``step`` is one whole trick.

    from hustings import democracy
    env = democracy.parallel_env(num_players=4)
    observations, infos = env.reset(seed=0)
    while env.agents:
        actions = {a: env.action_space(a).sample(observations[a]["action_mask"]) for a in env.agents}
        observations, rewards, terminations, truncations, infos = env.step(actions)

This is a thin adapter over the rules module (:mod:`hustings.democracy.rules`), the same one the AEC env
(:func:`hustings.democracy.env`) drives. The rules play the face-down reveal as hidden sequential commitments
(DEM-A1: from the dealer's left clockwise, the dealer last; the trick resolves after the last one). Here every
seat that must commit gives its card in the same ``step(actions)``; the adapter checks them all first and then
applies them in the rules' seat order, so a step is exactly the AEC env's ``n`` steps of one trick, and the same
seed with the same cards gives the same game.

Who acts: in Democracy every seat commits one card to every trick (ties, the second day's deal and the scoring of
an island happen by themselves, with no decision), so after ``reset`` and after every step *all* agents act. The
one exception is a game loaded in the middle of a trick (``reset(options={"state": ...})`` with a state saved by
the AEC env between two commitments): the first step then takes actions only from the seats that have not
committed yet; the others' masks are all zeros and any action given for them is ignored.
"""
from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo.utils.env import ParallelEnv

from ..core.env import HustingsEnv, check_reward_options
from ..errors import ActionOutOfBoundsError, ConfigError, IllegalActionError, ResetNeededError
from .cards import DEFAULT_PLAYERS
from .rules import NUM_KINDS, DemocracyGame, DemocracyState


def _zero_mask(n: int) -> np.ndarray:
    mask = np.zeros(n, dtype=np.int8)
    mask.flags.writeable = False
    return mask


class DemocracyParallelEnv(ParallelEnv):
    """Democracy as a PettingZoo ``ParallelEnv``; the arguments are those of the AEC env.

    Args:
        num_players: 2..6 seats (default 4).
        render_mode: ``None``, ``"human"`` (print the table after ``reset`` and each ``step``) or ``"ansi"``
            (``render()`` returns the text).
        reward: ``"win"`` (default; at game end +1 for each winner, -1 for the others, 0 for all on truncation)
            or ``"score"`` (each player's tribes as they are scored, on the step that ends an island).
        illegal_action: ``"raise"`` (default; :class:`~hustings.core.IllegalActionError`, the game unchanged)
            or ``"terminate"`` (the game ends; every offender of that step gets ``illegal_penalty``, the others
            0, and every info has ``illegal_action=True`` and ``illegal_message``).
        illegal_penalty: reward of an offender under ``illegal_action="terminate"``.
        **options: the game's options (``max_islands``, default 40; ``None`` for no cap).

    Agents are ``player_0`` .. ``player_{n-1}`` (seats). Observations are dicts with ``observation`` (the AEC
    env's ``float32`` vector, see ``RULES.md``) and ``action_mask`` (``int8``: the cards in that seat's hand for
    every seat that must commit this step, all zeros for the others and once the game is over); the mask is
    mirrored in ``infos[agent]["action_mask"]``. A seat's observation and mask never depend on cards other seats
    have committed but not revealed. Once the game ends, ``agents`` is empty; call ``reset()`` to play again.

    Differences from the AEC env: rewards are those of the step (no cumulative rewards); an unknown ``reset``
    option is ignored silently (PettingZoo's ``parallel_api_test`` resets with an arbitrary one); under
    ``illegal_action="terminate"`` several seats can offend in one step and each gets the penalty.
    """

    game_class: ClassVar[type[DemocracyGame]] = DemocracyGame
    default_players: ClassVar[int] = DEFAULT_PLAYERS
    metadata: ClassVar[dict] = {"name": "democracy_v1", "render_modes": ["human", "ansi"], "is_parallelizable": True}

    def __init__(self, num_players: int | None = None, render_mode: str | None = None, reward: str = "win",
                 illegal_action: str = "raise", illegal_penalty: float = -1.0, **options: Any):
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigError(f"render_mode={render_mode!r} is invalid; expected None, 'human' or 'ansi'")
        check_reward_options(reward, illegal_action, illegal_penalty)
        self.game: DemocracyGame = self.game_class(
            self.default_players if num_players is None else num_players, **options)
        self.render_mode = render_mode
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)

        n, k = self.game.num_players, self.game.num_actions
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents: list[str] = []
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._zero = _zero_mask(k)
        self._hand = slice(self.game.off["hand"], self.game.off["hand"] + n * NUM_KINDS)
        self._action_space = spaces.Discrete(k)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.game.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (k,), np.int8),
        })
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        #: Space of :meth:`state` (the global vector, every hand and commitment included).
        self.state_space = spaces.Box(-np.inf, np.inf, (self.game.world_size,), np.float32)
        self._state: DemocracyState | None = None
        self._masks: np.ndarray | None = None  # (n, num_actions) int8, row p = seat p's mask
        self._scores: list[int] = []
        self._score_version = 0

    # --- spaces ----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        """``Dict(observation=Box(float32), action_mask=Box(0, 1, int8))``, the same object for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(49)`` (one action per card id, ``48`` = a joker), the same object for every agent."""
        return self._action_space

    # --- lifecycle ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """Start a game; returns ``(observations, infos)`` for every agent.

        ``seed`` fixes every shuffle (the same seed gives the AEC env's game). ``options`` may hold ``deal`` (a
        custom start, see ``RULES.md``) or ``state`` (a dict from :meth:`save_state` of this env or of the AEC
        env; ``seed`` is then ignored); other keys are ignored.
        """
        options = options or {}
        if "state" in options:
            self.load_state(options["state"])
        else:
            self._install(self.game.new_initial_state(seed=seed, deal=options.get("deal")))
        return self._outputs()

    def _install(self, state: DemocracyState) -> None:
        self._state = state
        self._scores = list(state.scores())
        self._score_version = state.score_version
        if state.is_terminal():
            self.agents = []
            self._masks = None
        else:
            self.agents = self.possible_agents[:]
            self._masks = self._legal_masks()
        if self.render_mode == "human":
            self.render()

    def _legal_masks(self) -> np.ndarray:
        """Row ``p``: the cards seat ``p`` may commit now; all zeros for seats that have committed.

        This is the expression of ``DemocracyState.legal_mask`` (the card ids in the mover's hand; any card in
        hand is legal, DEM-A1) for every seat at once. A commitment changes only the committer's hand, so row
        ``p`` is exactly what the rules module's ``legal_mask()`` gives when ``p``'s turn comes in this trick,
        and it reads only ``p``'s own hand: nothing another seat committed.
        """
        st = self._state
        masks = (st.world[self._hand].reshape(st.n, NUM_KINDS) > 0).view(np.int8)
        if st.turn:  # a game loaded mid-trick: seats that already committed do not act
            masks[st._order[:st.turn]] = 0
        return masks

    def _outputs(self) -> tuple[dict, dict]:
        st, masks = self._state, self._masks
        obs, infos = {}, {}
        for p, agent in enumerate(self.possible_agents):
            mask = self._zero if masks is None else masks[p]
            obs[agent] = {"observation": st.observation(p), "action_mask": mask}
            infos[agent] = {"action_mask": mask}
        return obs, infos

    # --- the hot path ------------------------------------------------------------------------------
    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        """Every seat that must commit plays one card: ``actions[agent]`` is a card id (``int`` or numpy
        integer) for each agent whose mask is not all zeros. Actions given for other agents are ignored.

        All actions are checked before any is applied: a missing, non-integer or out-of-range action, or a
        key that is no agent, raises :class:`~hustings.core.ActionOutOfBoundsError`; a card not in the seat's
        hand raises :class:`~hustings.core.IllegalActionError` naming every offender (or ends the game under
        ``illegal_action="terminate"``). Either way a rejected step changes nothing. Then the cards are applied
        in the rules' seat order and the trick resolves.

        Returns ``(observations, rewards, terminations, truncations, infos)`` keyed by the agents that were live
        at the start of the step; when the game ends they are all done and ``agents`` becomes empty.
        """
        st = self._state
        if st is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before step()")
        if not self.agents:
            raise ResetNeededError(f"{self.game.name}: the game is over; call reset() before step()")
        seat, k = self._seat, self.game.num_actions
        if not isinstance(actions, dict):
            raise ActionOutOfBoundsError(
                f"{self.game.name}: step() takes a dict agent -> card id, got {type(actions).__name__}")
        for key in actions:
            if key not in seat:
                raise ActionOutOfBoundsError(
                    f"{self.game.name}: actions has a key {key!r} that is no agent; agents: {self.agents}")
        masks = self._masks
        order = st._order[st.turn:]  # the seats still to commit, in the rules' order (all, but after a load)
        chosen, illegal = [], []
        for p in order:
            action = actions.get(self.possible_agents[p])
            if type(action) is not int:
                action = self._coerce_action(p, action)
            if not 0 <= action < k:
                raise ActionOutOfBoundsError(
                    f"{self.game.name}: action {action} for {self.possible_agents[p]} is out of bounds; expected "
                    f"an int in 0..{k - 1}")
            if not masks[p, action]:
                illegal.append((p, action))
            chosen.append(action)
        if illegal:
            return self._illegal(illegal)
        for action in chosen:
            st.apply_unchecked(action)

        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        if self.reward_mode == "score" and st.score_version != self._score_version:
            new = st.scores()
            for p, agent in enumerate(self.possible_agents):
                rewards[agent] = float(new[p] - self._scores[p])
            self._scores = list(new)
            self._score_version = st.score_version
        if st.is_terminal():
            if self.reward_mode == "win":
                for agent, r in zip(self.possible_agents, st.returns()):
                    rewards[agent] = float(r)
            terminations = dict.fromkeys(agents, not st.truncated)
            truncations = dict.fromkeys(agents, st.truncated)
            self._masks = None
            self.agents = []
        else:
            terminations = dict.fromkeys(agents, False)
            truncations = terminations.copy()
            self._masks = self._legal_masks()
        obs, infos = self._outputs()
        if self.render_mode == "human":
            self.render()
        return obs, rewards, terminations, truncations, infos

    def _coerce_action(self, seat: int, action: Any) -> int:
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)) and np.issubdtype(action.dtype, np.integer):
            return int(action.reshape(()))
        if isinstance(action, np.integer):
            return int(action)
        agent = self.possible_agents[seat]
        if action is None:
            raise ActionOutOfBoundsError(
                f"{self.game.name}: no action for {agent}, which must commit a card this step; expected an int "
                f"in 0..{self.game.num_actions - 1} for each of {self._acting()}")
        raise ActionOutOfBoundsError(
            f"{self.game.name}: action {action!r} ({type(action).__name__}) for {agent} is not an integer; "
            f"expected an int in 0..{self.game.num_actions - 1}")

    def _acting(self) -> list[str]:
        st = self._state
        return [self.possible_agents[p] for p in st._order[st.turn:]]

    def _illegal_message(self, seat: int, action: int) -> str:
        game = self.game
        legal = np.flatnonzero(self._masks[seat]).tolist()
        shown = ", ".join(f"{a} ({game.action_name(a)})" for a in legal)
        return (f"{game.name}: action {action} ({game.action_name(action)}) is not legal for "
                f"{self.possible_agents[seat]} (not in its hand); legal actions: {shown}")

    def _illegal(self, offenders: list[tuple[int, int]]):
        message = "; ".join(self._illegal_message(p, a) for p, a in offenders)
        if self.illegal_action == "raise":
            raise IllegalActionError(message)
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        for p, _ in offenders:
            rewards[self.possible_agents[p]] = self.illegal_penalty
        terminations = dict.fromkeys(agents, True)
        truncations = dict.fromkeys(agents, False)
        self._masks = None
        self.agents = []
        obs, _ = self._outputs()
        infos = {a: {"action_mask": self._zero, "illegal_action": True, "illegal_message": message} for a in obs}
        return obs, rewards, terminations, truncations, infos

    # --- views -------------------------------------------------------------------------------------
    def state(self) -> np.ndarray:
        """The global state (every hand and commitment too), for centralised critics; see ``state_space``."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before state()")
        return self._state.global_observation()

    def render(self) -> str | None:
        """The whole table as text: printed (``human``) or returned (``ansi``); ``None`` without a render mode."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before render()")
        if self.render_mode is None:
            return None
        text = self._state.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no windows, no processes)."""

    @property
    def game_state(self) -> DemocracyState:
        """The rules-module state (read it; change it only through ``step``)."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before game_state")
        return self._state

    def action_name(self, action: int) -> str:
        """Human-readable name of action id ``action`` (e.g. ``"play 5S"``)."""
        return self.game.action_name(action)

    # --- save and load: the AEC env's format, so a game moves freely between the two envs ----------
    def save_state(self) -> dict:
        """The whole game as JSON-able data, in the AEC env's format (either env can load it)."""
        return HustingsEnv.save_state(self)

    def load_state(self, data: dict) -> None:
        """Continue a game saved by :meth:`save_state` of this env or of the AEC env (checked as there)."""
        HustingsEnv.load_state(self, data)


def parallel_env(**kwargs) -> DemocracyParallelEnv:
    """A Democracy ``ParallelEnv`` (one ``step`` = one trick); takes the same arguments as :func:`env`."""
    return DemocracyParallelEnv(**kwargs)
