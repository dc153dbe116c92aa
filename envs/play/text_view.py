"""A text view of the games, for agents that read text (language-model agents): what one seat sees, as words.

    from hustings.play.text_view import TextEnv
    env = TextEnv(hustings.make("politix", num_players=4))
    env.reset(seed=1)
    view = env.observe_text()            # {"agent", "seat", "text", "legal_moves", "game_over", "winners"}
    env.step_text("draw")                # the reply must name one of view["legal_moves"]
    # ... until view["game_over"]: then legal_moves is empty and the text ends with "GAME OVER: winner P2; ..."

**What a seat's text holds** (:meth:`TextView.text`): the table as the game renders it *from that seat*
(``State.render(player=seat)``: its own hand, the public table, never another seat's hidden cards), the events the
seat saw since its previous decision (``State.events(seat)``, worded by ``Game.describe_event``; private fields
only for the seat they belong to), then the seat's legal moves, one per line, by name (``Game.action_name``: names
are unique within a game). Nothing else of the state goes in, so the text is a function of the seat's information:
two states the seat cannot tell apart give the same text.

**Replies** (:meth:`TextView.parse`): a reply names a move when, stripped of surrounding white space, quotes,
back-ticks and a final full stop, it equals a legal move's name ignoring case, or it is the move's number in the
list (``3``). Anything else names no legal move: :meth:`TextEnv.step_text` raises :class:`UnknownMoveError` and
leaves the game untouched (ask again), and benchmark text agents (``text:package.module:factory``,
:mod:`hustings.bots.agents`) are asked again with :meth:`TextView.retry_note` appended, then play the
documented fallback, the first legal move, counted in the results. A reply is never applied unless it names a legal
move.
"""
from __future__ import annotations

from ..errors import UnknownMoveError
from .moves import read_strict


class TextView:
    """The text a seat reads and the move names it may answer with, for one rules :class:`~hustings.core.rules.Game`.

    It remembers, per seat, how many events that seat has already been shown; :meth:`reset` forgets (a new game).
    """

    def __init__(self, game, events: bool = True):
        self.game = game
        self.show_events = events
        self._seen: dict[int, int] = {}

    def reset(self) -> None:
        """Forget which events each seat was shown (a new game)."""
        self._seen = {}

    def legal_moves(self, state) -> dict[str, int]:
        """The player to move's legal moves: name -> action id, in action-id order."""
        name = self.game.action_name
        return {name(a): a for a in state.legal_actions()}

    def text(self, state, player: int) -> str:
        """Seat ``player``'s view as text (see the module docstring); when ``player`` is to move, its legal moves."""
        lines = [f"You are P{player} at a {self.game.num_players}-player table of {self.game.name}.", "",
                 state.render(player=player)]
        if self.show_events:
            since = self._seen.get(player, 0)
            log = getattr(state, "event_log", None)
            if log is not None:
                events = state.events(player, since)
                self._seen[player] = len(log)
                if events:
                    lines += ["", "Since your last move:"]
                    lines += ["- " + self.game.describe_event(e) for e in events]
        if state.is_terminal():
            lines += ["", self.result(state, player)]
        elif state.current_player() == player:
            lines += ["", "Your legal moves (answer with one of them, exactly as written):"]
            lines += [f"{i}. {name}" for i, name in enumerate(self.legal_moves(state), 1)]
        return "\n".join(lines)

    @staticmethod
    def result(state, player: int) -> str:
        """The last line of a finished game's text: ``GAME OVER``, who won and whether seat ``player`` did."""
        winners = list(state.winners())
        if not winners:
            cut = " (cut short at the game's turn limit)" if getattr(state, "truncated", False) else ""
            return f"GAME OVER{cut}: nobody won. There are no more moves."
        names = " and ".join(f"P{w}" for w in winners)
        you = "you won" if player in winners else "you did not win"
        return f"GAME OVER: {'winners' if len(winners) > 1 else 'winner'} {names}; {you}. There are no more moves."

    def parse(self, state, reply) -> int | None:
        """The legal action ``reply`` names, or ``None`` when it names none."""
        return read_strict(reply, state.legal_actions(), self.game)

    def retry_note(self, reply) -> str:
        """What is appended to the text when a reply named no legal move."""
        shown = reply if isinstance(reply, str) else repr(reply)
        if isinstance(shown, str) and len(shown) > 200:
            shown = shown[:200] + "..."
        return (f"Your answer {shown!r} names none of your legal moves. Answer with exactly one legal move's name "
                f"(or its number), and nothing else.")


class TextEnv:
    """A hustings AEC env seen as text: :meth:`observe_text` for the seat to move, :meth:`step_text` with a reply.

    Everything else (``reset``, ``agents``, ``rewards``, ``terminations``, ...) is the wrapped env's."""

    def __init__(self, env):
        self.env = env
        self.view = TextView(env.game)

    def __getattr__(self, name):
        return getattr(self.env, name)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Reset the wrapped env (``seed``, ``options`` as its ``reset``) and the text view."""
        self.env.reset(seed=seed, options=options)
        self.view.reset()

    def observe_text(self, agent: str | None = None) -> dict:
        """``{"agent", "seat", "text", "legal_moves", "game_over", "winners"}`` of ``agent`` (default: the agent to
        move). ``legal_moves`` is empty when it is not that agent's turn, and when the game is over: then
        ``game_over`` is true, ``winners`` lists the winning seats (empty for a game cut short) and the text ends
        with a ``GAME OVER`` line saying who won. Loop until ``game_over``."""
        agent = agent or self.env.agent_selection
        seat = self.env.possible_agents.index(agent)
        state = self.env.game_state
        over = state.is_terminal()
        moves = list(self.view.legal_moves(state)) if agent == self.env.agent_selection and not over else []
        return {"agent": agent, "seat": seat, "text": self.view.text(state, seat), "legal_moves": moves,
                "game_over": over, "winners": list(state.winners()) if over else []}

    def step_text(self, reply: str) -> int:
        """Play the legal move ``reply`` names for the agent to move, and return its action id; a reply that names
        none raises :class:`UnknownMoveError` (nothing is played)."""
        state = self.env.game_state
        action = None if state.is_terminal() else self.view.parse(state, reply)
        if action is None:
            raise UnknownMoveError(f"{self.env.game.name}: {reply!r} names no legal move of "
                                   f"{self.env.agent_selection}; expected one of "
                                   f"{', '.join(self.view.legal_moves(state)) or '(none: the game is over)'}")
        self.env.step(action)
        return action
