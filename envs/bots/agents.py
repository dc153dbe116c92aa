"""Your own agents as bots (the SPECs ``package.module:factory`` and ``text:package.module:factory`` of
:mod:`hustings.bots.spec`), and Stable-Baselines3 ``model.zip`` files:

* ``package.module:factory``: your own agent (importable, or a module in the current folder). The factory is
  called with the keyword arguments among ``game`` (the game's name), ``num_players`` and ``seed`` that its
  signature accepts, and returns either a hustings
  :class:`~hustings.core.bots.Bot` (``act(state, player)``) or an object of the **agent protocol**::

      class MyAgent:
          def act(self, observation, action_mask):   # float32 vector, int8 0/1 vector (1 = legal)
              return int(np.flatnonzero(action_mask)[0])   # a legal action id
          def reset(self, seed):                     # optional: called before every game
              ...

  ``observation`` and ``action_mask`` are exactly what the PettingZoo env gives the seat
  (``env.observe(agent)["observation"]`` / ``["action_mask"]``). An action that is not legal is an error, never
  replaced.
* ``text:package.module:factory``: an agent that reads text (a language-model agent, say): the factory returns an
  object with ``act(text, legal_moves) -> str`` (optional ``reset(seed)``) and plays through
  :class:`hustings.play.text_view.TextView`: the seat's table as that seat sees it, the events it saw, its legal moves
  by name; its answer must name a legal move. A reply that names none is asked again (``retries`` times, with a
  note saying why), then the **fallback** is played: the first legal move (in action-id order). Retries and
  fallbacks are counted in the benchmark's results; a reply is never applied unless it names a legal move. A
  forced move (one legal move) is played without asking.
* ``model.zip``: a Stable-Baselines3 ``MaskablePPO`` model (``hustings train`` writes one beside
  ``policy.pt``); read with sb3-contrib (the ``train`` extra) and played by NumPy like ``policy.pt``.

An RLlib run is benchmarked through the ``policy.pt`` that ``hustings train-rllib`` writes beside its
``rllib_checkpoint/`` (the RLlib checkpoint folder itself is not a SPEC: it needs Ray to load).
"""
from __future__ import annotations

import importlib
import inspect
import os
import re
import sys

import numpy as np

from ..core.bots import Bot
from ..errors import ConfigError, IllegalActionError

TEXT = "text:"
#: ``package.module:factory`` (dotted module path, one attribute name).
CALLABLE = re.compile(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*:[A-Za-z_]\w*$")
TEXT_RETRIES = 2


def load_factory(ref: str):
    """The callable named by ``package.module:factory``; a :class:`ConfigError` naming what is wrong."""
    module_name, _, attr = ref.partition(":")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # as `python -m` does: the current folder's modules (the `hustings` script)
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ConfigError(f"agent {ref!r}: cannot import module {module_name!r} ({exc}); expected an importable "
                          f"package.module:factory") from None
    factory = getattr(module, attr, None)
    if not callable(factory):
        raise ConfigError(f"agent {ref!r}: module {module_name!r} has no callable {attr!r}; expected "
                          f"package.module:factory")
    return factory


def call_factory(factory, game: str, num_players: int, seed: int | None = None):
    """``factory(...)`` with the keywords among ``game``, ``num_players``, ``seed`` that it accepts."""
    given = {"game": game, "num_players": num_players, "seed": seed}
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return factory()
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return factory(**given)
    return factory(**{k: v for k, v in given.items() if k in params})


class AgentBot(Bot):
    """An agent of the protocol (``act(observation, action_mask)``, optional ``reset(seed)``) as a hustings Bot."""

    def __init__(self, agent, label: str):
        super().__init__()
        if not callable(getattr(agent, "act", None)):
            raise ConfigError(f"agent {label!r}: the factory returned {type(agent).__name__}, which has no act(); "
                              f"expected a hustings Bot or an object with act(observation, action_mask)")
        self.agent, self.label = agent, label

    def reset(self, seed: int | None = None) -> None:
        if callable(getattr(self.agent, "reset", None)):
            self.agent.reset(seed)

    def act(self, state, player: int) -> int:
        action = self.agent.act(state.observation(player), state.legal_mask())
        try:
            action = int(action)
        except (TypeError, ValueError):
            raise IllegalActionError(f"agent {self.label!r} in seat {player} answered {action!r}; expected a legal "
                                     f"action id (an int)") from None
        return action

    def __repr__(self) -> str:
        return f"AgentBot({self.label!r})"


class TextAgentBot(Bot):
    """A text agent (``act(text, legal_moves) -> str``) as a hustings Bot, through :class:`~hustings.play.text_view.TextView`.

    ``decisions``, ``retries`` and ``fallbacks`` count, over the bot's life, the decisions it was asked, the replies
    that named no legal move, and the decisions that ended in the fallback (the first legal move)."""

    def __init__(self, agent, game, label: str, retries: int = TEXT_RETRIES):
        from ..play.text_view import TextView

        super().__init__()
        if not callable(getattr(agent, "act", None)):
            raise ConfigError(f"text agent {label!r}: the factory returned {type(agent).__name__}, which has no "
                              f"act(); expected an object with act(text, legal_moves) -> str")
        self.agent, self.label, self.retries = agent, label, retries
        self.view = TextView(game)
        self.decisions = self.retry_count = self.fallbacks = 0

    def reset(self, seed: int | None = None) -> None:
        self.view.reset()
        if callable(getattr(self.agent, "reset", None)):
            self.agent.reset(seed)

    def act(self, state, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:  # a forced move is not asked (the events meanwhile come with the next question)
            return legal[0]
        self.decisions += 1
        text = self.view.text(state, player)
        moves = self.view.legal_moves(state)
        names = list(moves)
        prompt = text
        for attempt in range(self.retries + 1):
            reply = self.agent.act(prompt, names)
            action = self.view.parse(state, reply)
            if action is not None:
                return action
            if attempt < self.retries:
                self.retry_count += 1
                prompt = text + "\n\n" + self.view.retry_note(reply)
        self.fallbacks += 1
        return legal[0]

    def stats(self) -> dict:
        """``{"decisions", "retries", "fallbacks"}`` over the bot's life."""
        return {"decisions": self.decisions, "retries": self.retry_count, "fallbacks": self.fallbacks}

    def __repr__(self) -> str:
        return f"TextAgentBot({self.label!r})"


# --- SB3 model files --------------------------------------------------------------------------------------------
def load_sb3(path: str, game):
    """The actor of a Stable-Baselines3 ``MaskablePPO`` ``model.zip`` as a :class:`NumpyPolicy`, checked against
    rules ``game`` (observation and action sizes); needs sb3-contrib."""
    from sb3_contrib import MaskablePPO

    from ..errors import CheckpointError
    from .policy import NumpyPolicy

    if not os.path.isfile(path):
        raise CheckpointError(f"model {path} does not exist; expected a MaskablePPO model.zip")
    try:
        model = MaskablePPO.load(path, device="cpu")
    except Exception as exc:  # SB3 raises many kinds on foreign files
        raise CheckpointError(f"model {path} is not a MaskablePPO model.zip ({type(exc).__name__}: {exc})") from None
    obs, acts = model.observation_space.shape, getattr(model.action_space, "n", None)
    if obs != (game.observation_size,) or acts != game.num_actions:
        raise CheckpointError(f"model {path} takes observations {obs} and {acts} actions; expected "
                              f"({game.observation_size},) and {game.num_actions} for {game.name} with "
                              f"{game.num_players} players")
    activation = "tanh" if "tanh" in type(model.policy.activation_fn()).__name__.lower() else "relu"
    return NumpyPolicy.from_state_dict(model.policy.state_dict(), activation)


def random_agent(game: str, num_players: int, seed: int | None = None):
    """An example of the agent protocol (``hustings.bots.agents:random_agent``): a uniformly random legal move."""
    return _RandomAgent(seed)


class _RandomAgent:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def reset(self, seed):
        self.rng = np.random.default_rng(seed)

    def act(self, observation, action_mask):
        return int(self.rng.choice(np.flatnonzero(action_mask)))


def first_move_text_agent(game: str, num_players: int):
    """An example text agent (``text:hustings.bots.agents:first_move_text_agent``): answers the first legal move."""
    return _FirstMove()


class _FirstMove:
    def act(self, text: str, legal_moves: list[str]) -> str:
        return legal_moves[0]
