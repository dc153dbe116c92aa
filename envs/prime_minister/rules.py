"""Prime Minister (``prime_minister.txt``): the rules engine. Plain Python; readings of unclear text in ``RULES.md``.

This module is the engine's front door: :class:`PrimeMinisterGame` (options, observation table, action names,
``new_initial_state`` / ``state_from_json`` / ``state_from_position``, the move-text hooks) and
:class:`PrimeMinisterState`, which is put together from one mixin per part of the rulebook and per role (observation,
sampling, saved state). It also re-exports the component tables, the action table and the pure formulas, so
``from hustings.prime_minister.rules import ...`` reaches every name it always did. Imports run one way: this module
imports the parts; no part imports it.

How the engine runs -- a task queue of JSON tasks, one pending decision, yes/no questions and card effects, each
dispatched through a registry filled by decorators (``@task``, ``@decision``, ``@question``, ``@effect``) -- is
explained in ``tasks.py``. The parts, in the rulebook's order (each module's docstring names its sections):

* ``components.py`` -- 1.2-1.8, 2.4: component data, constants, the flat action table and ``action_name``, the
  vocabularies of the saved state (``PHASES``, ``QUESTIONS``, ``EFFECT_OPS``, ``SOURCE_KINDS``);
* ``formulas.py`` -- the pure arithmetic with the numbered examples (1.5.2, 5.3, 8.2, 9.2, 10.0, 11.1, 11.3);
* ``tasks.py`` -- the task queue, the registries, the ``State`` interface, ``clone``;
* ``board.py`` -- roles and mats, Popularity, projections, VP pools, victory, decks (1.4-1.8, 3.0-3.3, 6.2.2, 7.4,
  12.0, 13.0);
* ``game_setup.py`` -- 2.0-2.5 setup;  ``round.py`` -- 4.0 Parliamentary Order;
* ``selection.py`` -- 5.0-5.2 Bill Selection and 3.1.2-3.1.3 ending / restarting the Pact;
* ``turns.py`` -- the Opposition's and the PM's turns (6.3, 6.4), 8.0-8.2 Events, Prime Minister's Question Time;
* ``actions.py`` -- one action turn: 6.1-6.2 actions, Careers, Debate Cards, Resignation, 7.2-7.4 Supporters, the
  PM's permission (PM-A82);  ``effects.py`` -- the card effects;
* ``resolution.py`` -- 9.0-9.5 Bill Resolution;  ``challenges.py`` -- 10.0-10.2;  ``elections.py`` -- 11.0-11.5;
* ``scenarios.py`` -- Scenarios 1-7 (setup, their own steps and actions, passed-bill overrides);
* ``events.py`` -- the event vocabulary and the table snapshot.

And by role: ``observe.py`` -- the observation vector and its field table;  ``sample.py`` -- ``sample_hidden``, the
information-set sampler for search;  ``saved.py`` -- ``to_json`` / ``from_json`` and the strict check of a saved
state;  ``positions.py`` -- ``state_from_position``;  ``text.py`` -- ``render``, ``describe_event``, and what a
terminal or a page shows of a move or the board (``hidden_move``, ``move_forms``, ``board_view``);
``user_components.py`` -- your own component values.

Seats are ``0..n-1``; parties ``0`` = Liberal, ``1`` = Conservative; roles ``pm``, ``ol``, ``gbb`` (Government
Backbencher), ``obb`` (Opposition Backbencher). The flat action table is documented in ``RULES.md`` and in
:data:`ACTION_BLOCKS`. Options: ``scenario`` (1..7: ``scenarios.py`` plus hooks keyed on ``self.scen["num"]`` in
Bill Selection, bill resolution, Events, Challenges, Elections, round end and victory; ``self.scen`` is the
scenario's JSON state), ``question_time`` (PMQT: ``qt_hands``, the ``question`` / ``qt_call`` / ``qt_card``
decisions) and ``alternate_vote_tracker`` (``render`` only).
"""
from __future__ import annotations

from ..core.rules import (  # noqa: F401 (re-exported: DealError ... rng_to_json)
    ConfigError, DealError, Game, IllegalActionError, Option, State, StateFormatError, illegal_action_message,
    new_rng, rng_from_json, rng_to_json,
)
from ..core.world import field_table
from ..errors import PositionError, check_nesting
from .actions import ActionsMixin
from .board import BoardMixin
from .challenges import ChallengesMixin
from .components import (  # noqa: F401 (re-exported)
    ABILITIES, ACTION_BLOCKS, ADJ_MAX, ADJ_MIN, A_ACT, A_BILL, A_CAREER, A_DEBATE_CARD, A_DIR, A_DISCARD, A_DRAW,
    A_ELECTION, A_KEEP, A_OPTION, A_ORDER, A_PARTY, A_PLAY, A_PLAYER, A_RESIGN, A_RESOLVE, A_SCEN, A_SECTOR, A_SIGN,
    A_SLOT, BILL_DECK, BILL_IDS, BILL_INDEX, BILL_LIST, BOARD, CAREERS, CAREER_ACTIONS, CAREER_INDEX, CAREER_ORDER,
    CON, DEBATE, DEBATE_SLOT, DECKS, DECK_KEYS, DOCS, EFFECT_INDEX, EFFECT_OPS, END_TURN, EVENT_IDS, EVENT_INDEX,
    EVENT_LIST, FAVOUR_MAX, FAVOUR_MIN, HOLD_LIMIT, LIB, MATS, NO, NUM_ACTIONS, PARTY_KEY, PARTY_NAMES, PHASES,
    PHASE_INDEX, POLITICIANS, POL_NUMBER, PROJ_ROWS, QUESTIONS, QUESTION_INDEX, ROLES, ROLE_INDEX, SCENARIOS,
    SECTORS, SECTOR_INDEX, SECTOR_LIST, SOURCE_INDEX, SOURCE_KINDS, SOURCE_SUB, SUPPORTER_LIST, SUP_IDS, SUP_INDEX,
    TOTAL_SEATS, UNC_IDS, UNC_INDEX, UNC_LIST, VP_MAX, YES, _indexed, action_name,
)
from .effects import EffectsMixin
from .elections import ElectionsMixin
from .events import EventsMixin
from .tasks import TaskQueue, add_legacy_names, check_registries
from .formulas import (  # noqa: F401 (re-exported)
    bill_projection, by_election_lost, can_challenge, election_vp, election_winner, projected_seats, round10,
    seats_for_lead, vote_odds, vote_passes,
)
from .game_setup import SetupMixin
from .observe import ObservationMixin, observation_rows
from .positions import state_from_position, to_position
from .resolution import ResolutionMixin
from .round import RoundMixin
from .saved import (  # noqa: F401 (re-exported)
    STATE_FIELDS, SavedStateMixin, all_bills, all_events, all_supporters, new_shuffle_tags,
)
from .sample import SamplingMixin
from .scenarios import ScenariosMixin
from .selection import SelectionMixin
from .text import board_for, describe_event, hidden_move_text, render_state, typed_forms
from .turns import TurnsMixin
from .user_components import activate as activate_components
from .user_components import active_fingerprint
from .user_components import load as load_components


class PrimeMinisterState(SetupMixin, RoundMixin, SelectionMixin, TurnsMixin, ActionsMixin, EffectsMixin,
                         ResolutionMixin, ChallengesMixin, ElectionsMixin, ScenariosMixin, BoardMixin,
                         ObservationMixin, SamplingMixin, EventsMixin, SavedStateMixin, TaskQueue, State):
    """One game of Prime Minister in progress (the parts: this module's docstring; how it runs: ``tasks.py``)."""

    def __init__(self, game: PrimeMinisterGame, rng):
        self.game = game
        self.rng = rng
        self.n = game.num_players
        self.score_version = 0
        self.event_log = []
        self.truncated = False
        self.over = False
        self.winner = -1
        self.won = []
        self.scen = {}
        self.qt_hands = [[] for _ in range(self.n)]
        self.shown = [[] for _ in range(self.n)]  # Supporters publicly known to be in each hand (sample.py)
        self.supporter_reshuffle = []  # a position's order of the next Supporter reshuffle (board._draw)
        self.event_reshuffle = []  # a position's order of the next Event reshuffle (board._draw)
        self.shuffle_tags = new_shuffle_tags()
        self._careers_seen = None  # what the last full Career Card check read (board._check_careers)
        self._obs_cache = None  # the observation's blocks kept between observations (observe.ObservationCache)

    def render(self, player: int | None = None) -> str:
        """The table as text, as seat ``player`` sees it (``text.render_state``)."""
        return render_state(self, player)

    def hidden_move(self, player: int, action: int) -> str | None:
        """Proposals, kept and discarded Supporters are hidden from the other seats (``text.hidden_move_text``)."""
        return hidden_move_text(self, player, action)

    def board_view(self, viewer: int | None) -> dict:
        """The board as seat ``viewer`` sees it, for the web page (``text.board_for``)."""
        return board_for(self, viewer)

    def to_position(self) -> dict:
        """The table as a position (RULES.md "Positions"; ``positions.to_position``)."""
        return to_position(self)


check_registries()
add_legacy_names(PrimeMinisterState)


class PrimeMinisterGame(Game):
    name = "prime_minister"
    min_players = 2
    max_players = 4
    shared_component_tables = True  # the engine reads module-level tables (user_components.activate)
    OPTIONS = {
        "max_rounds": Option(50, int, "end the game after this many rounds (0 = no limit): truncation, no winner",
                             check=lambda v: v >= 0, expected="int >= 0"),
        "scenario": Option(0, int, "0 = the standard game; 1..7 = the rulebook's Scenarios (setups, rule changes, "
                           "victory conditions; player counts checked)", check=lambda v: 0 <= v <= 7,
                           expected="an int in 0..7"),
        "question_time": Option(False, bool, "Prime Minister's Question Time (optional rule, 4 players)"),
        "alternate_vote_tracker": Option(False, bool, "render bill projections as on the Alternate Vote Tracker "
                                         "(<150 / >500 ends); changes no rule"),
        "components": Option(None, (str, dict, type(None)), "your own component values: a JSON file (path) or a "
                             "dict in the schema of data/*.json; None = the shipped data (user_components.py)",
                             expected="a path, a dict or None"),
    }

    def __init__(self, num_players: int = 4, **options):
        super().__init__(num_players, **options)
        self.num_actions = NUM_ACTIONS
        self.max_rounds = self.options["max_rounds"]
        self.scenario = self.options["scenario"]
        self.question_time = self.options["question_time"]
        self.avt = self.options["alternate_vote_tracker"]
        self.scen_data = SCENARIOS[self.scenario] if self.scenario else None
        if self.scen_data and num_players not in self.scen_data["player_counts"]:
            raise ConfigError(f"prime_minister: Scenario {self.scenario} ({self.scen_data['name']}) is for "
                              f"{' or '.join(map(str, self.scen_data['player_counts']))} players, not {num_players}")
        if self.question_time and num_players != 4:
            raise ConfigError(f"prime_minister: question_time=True needs 4 players, not {num_players}")
        if self.question_time and self.scenario not in (0, 6):
            raise ConfigError("prime_minister: question_time is for the standard game and Scenario 6 only")
        spec = self.options["components"]
        self._component_docs, self._component_fp = (None, None) if spec is None else load_components(spec)
        activate_components(self._component_docs, self._component_fp)
        rows = observation_rows(num_players)
        self.fields = field_table(rows)
        self.observation_size = sum(r[1] for r in rows)
        self.off = {f[0]: f[1] for f in self.fields}
        self._zero_observation = bytes(4 * self.observation_size)  # float32 zeros, copied by each observation

    def action_name(self, action: int) -> str:
        return action_name(action)

    def describe_event(self, event: dict) -> str:
        """One line of table talk for an event (``events.py`` lists every type and its fields)."""
        return describe_event(event)

    def move_forms(self, player: int, action: int) -> list[str]:
        """The short ways to type ``action`` (``text.typed_forms``)."""
        return typed_forms(player, action)

    def use_components(self) -> None:
        """Install this game's component set in the engine's module-level tables if another one was installed since
        (``user_components.py``)."""
        if active_fingerprint() != self._component_fp:
            activate_components(self._component_docs, self._component_fp)

    def component_set(self) -> str | None:
        """The fingerprint of the game's own component set (``components``), ``None`` for the shipped one."""
        return self._component_fp

    def new_initial_state(self, seed=None, deal=None) -> "PrimeMinisterState":
        if deal is not None:
            check_nesting(deal, DealError, "prime_minister: the deal")
        self.use_components()
        st = PrimeMinisterState(self, new_rng(seed))
        st._setup(deal)
        return st

    def state_from_position(self, position: dict, seed: int | None = None) -> "PrimeMinisterState":
        """A table at a phase of a round or in a player's turn (RULES.md "Positions", ``positions.py``); what the
        position leaves out comes from the seeded setup. Strictly validated: :class:`PositionError`."""
        check_nesting(position, PositionError, "prime_minister: the position")
        self.use_components()
        return state_from_position(self, position, seed, PrimeMinisterState)

    def state_from_json(self, data: dict) -> "PrimeMinisterState":
        """A state saved by ``to_json``, strictly validated (``saved.py``): anything inconsistent raises
        :class:`StateFormatError` naming the field and what was expected; the legal actions are recomputed."""
        check_nesting(data, StateFormatError, "prime_minister: the saved state")
        self.use_components()
        return PrimeMinisterState.from_json(self, data)

    # --- what a fresh state of this configuration holds (for validation; cached) ------------------------------------
    def _fresh(self) -> "PrimeMinisterState":
        st = self.__dict__.get("_fresh_state")
        if st is None:
            st = PrimeMinisterState(self, new_rng(0))
            st.record_events = False
            st._setup(None)
            self._fresh_state = st
        return st

    def _fresh_scen(self) -> dict:
        """The Scenario's state right after setup (its constants; ``{}`` in the standard game)."""
        return self._fresh().scen if self.scenario else {}

    def _fresh_components(self) -> dict:
        """The sorted Supporters, Events and bills of this game (Scenario 1's 9 Events, Scenario 7 less one)."""
        cached = self.__dict__.get("_components_in_play")
        if cached is None:
            st = self._fresh()
            cached = {"Supporters": sorted(all_supporters(st)), "Events": sorted(all_events(st)),
                      "bills": sorted(all_bills(st))}
            self._components_in_play = cached
        return cached
