"""Train a hustings bot with masked PPO self-play: ``hustings train CONFIG`` or ``python -m hustings.training.train CONFIG``.

One script, top to bottom (CleanRL style); every knob is in the YAML config (``configs/``; every key, its type,
default and meaning: :class:`~hustings.training.config.TrainConfig` in ``training/config.py``):

1. config, seeds, torch threads, output folder;
2. vectorised self-play envs (``training/selfplay.py``; all games in one call on the game's compiled engine where it
   has one, ``training/batched.py``): the learner in a random seat, opponents from the pool;
3. sb3-contrib MaskablePPO (by default as ``training/lean.py``'s LeanMaskablePPO), fresh or restored from
   ``OUTPUT_DIR/checkpoint.pt`` with ``--resume`` (timesteps, weights, optimiser state, opponent pool, evaluation
   history);
4. the loop: one rollout + one PPO update at a time; snapshots into the pool, evaluation against the scripted
   baselines and checkpoints when due; a progress bar with timesteps/s; TensorBoard logs and ``progress.csv``
   (one row per rollout, ``time/iterations`` counting every rollout of the run) in ``OUTPUT_DIR/tb``;
5. the end: a final checkpoint, the slim policy files ``OUTPUT_DIR/policy.pt`` and ``policy.npz`` (torch-free),
   the SB3 model ``OUTPUT_DIR/model.zip`` (``sb3_contrib.MaskablePPO.load``), a final duplicate-deal evaluation,
   ``report.json``, ``report.md`` and ``learning_curve.png``.

Output folders are never overwritten by accident. A new run refuses an ``OUTPUT_DIR`` that already holds a run
(a checkpoint, policy, model, report or training log): continue that run with ``--resume``, pick another folder
with ``--output-dir``, or start it afresh with ``--overwrite`` (which deletes that run's files first). ``--resume``
keeps the run's history: TensorBoard gets new event files beside the old ones (anything logged after the
checkpoint it resumes from is purged from view) and ``progress.csv`` is appended to (rows after that checkpoint
are dropped, one header, columns merged).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from hustings.errors import ConfigError, OutputExistsError  # noqa: F401  (OutputExistsError: re-exported)
from hustings.core.match import play_game
from hustings.registry import DEFAULT_GAME

from .config import TrainConfig, add_json_schema_option, check_resume, load_config
from .policy import (FORMAT, VERSION, CheckpointError, NumpyPolicy, PolicyBot, atomic_torch_save, atomic_write_text,
                     load_checkpoint, save_policy_npz)

#: The files in an output folder that make it "a run" (besides TensorBoard event files in ``tb/``).
RUN_FILES = ("checkpoint.pt", "policy.pt", "policy.npz", "model.zip", "report.json", "report.md",
             "learning_curve.png", os.path.join("tb", "progress.csv"))
TB_DIR = "tb"


def evaluate_policy(cfg: TrainConfig, policy: NumpyPolicy, games: int, deterministic: bool = True) -> dict[str, float]:
    """Win share of ``policy`` seated with n-1 copies of each baseline (same deals every call; seat rotated)."""
    import hustings

    game = hustings.registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    n = game.num_players
    out = {}
    for baseline in cfg.eval.baselines:
        me = PolicyBot(policy, deterministic=deterministic)
        share = 0.0
        for g in range(games):
            seat = g % n
            bots = [hustings.make_bot(cfg.game, baseline) for _ in range(n)]
            bots[seat] = me
            state = play_game(game, bots, seed=10_000_019 + g // n, bot_seeds=[g * 131 + i for i in range(n)])
            won = state.winners()
            if seat in won:
                share += 1.0 / len(won)
        out[baseline] = share / games
    return out


def threads_for_updates(cfg: TrainConfig) -> int:
    """Torch threads for PPO updates: the config's ``torch_threads``, or every core when it is 0."""
    return cfg.torch_threads or os.cpu_count() or 1


def build_model(cfg: TrainConfig, venv, seed: int):
    """The MaskablePPO model of the config (``ppo.implementation``: :class:`~hustings.training.lean.LeanMaskablePPO`
    or sb3-contrib's own), and the callback that sets torch's threads: one thread while collecting
    rollouts (small batched inference: more threads only add overhead), ``torch_threads`` (0 = every core) while
    updating (big minibatches)."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from .lean import LeanMaskablePPO

    p = cfg.ppo
    activation = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[p.activation]
    torch.set_num_threads(1)
    algo = LeanMaskablePPO if p.implementation == "lean" else MaskablePPO
    policy, policy_kwargs = "MlpPolicy", {"net_arch": list(p.net_arch), "activation_fn": activation}
    if p.central_critic:  # the actor reads the observation, the critic the whole table after it (training/critic.py)
        from .critic import CentralCriticPolicy

        from hustings.registry import make_game

        actor_size = make_game(cfg.game, cfg.num_players, dict(cfg.game_options)).observation_size
        if venv.observation_space.shape[0] <= actor_size:
            raise ConfigError("ppo.central_critic: the env gives observations alone; expected the batched self-play "
                              "env with the whole table (hustings.training.selfplay.make_vec_env)")
        policy, policy_kwargs = CentralCriticPolicy, {**policy_kwargs, "actor_size": actor_size}
    model = algo(
        policy, venv, learning_rate=p.learning_rate, n_steps=p.n_steps, batch_size=p.batch_size,
        n_epochs=p.n_epochs, gamma=p.gamma, gae_lambda=p.gae_lambda, clip_range=p.clip_range,
        ent_coef=p.ent_coef, vf_coef=p.vf_coef, max_grad_norm=p.max_grad_norm, target_kl=p.target_kl,
        policy_kwargs=policy_kwargs, seed=seed, device="cpu", verbose=0)
    update_threads = threads_for_updates(cfg)

    class Threads(BaseCallback):
        def _on_rollout_start(self) -> None:
            torch.set_num_threads(1)

        def _on_rollout_end(self) -> None:
            torch.set_num_threads(update_threads)

        def _on_step(self) -> bool:
            return True

    return model, Threads()


def existing_run_files(out_dir: str) -> list[str]:
    """The files of an earlier run in ``out_dir`` (paths relative to it; empty when it holds none)."""
    found = [name for name in RUN_FILES if os.path.isfile(os.path.join(out_dir, name))]
    tb = os.path.join(out_dir, TB_DIR)
    if os.path.isdir(tb):
        found += sorted(os.path.join(TB_DIR, f) for f in os.listdir(tb) if f.startswith("events.out.tfevents."))
    return found


def check_output_dir(out_dir: str, resume: bool, overwrite: bool, log) -> None:
    """Refuse (:class:`OutputExistsError`) a new run in a folder that holds one, unless ``overwrite``: then delete
    that run's files. ``resume`` needs no check here (it continues the run)."""
    if resume:
        if overwrite:
            raise ConfigError("--resume and --overwrite contradict each other: --resume continues the run in the "
                              "output folder, --overwrite deletes it")
        return
    found = existing_run_files(out_dir)
    if not found:
        return
    if not overwrite:
        shown = ", ".join(found[:4]) + (f" and {len(found) - 4} more" if len(found) > 4 else "")
        hint = ("use --resume to continue it, " if os.path.isfile(os.path.join(out_dir, "checkpoint.pt"))
                else "it has no checkpoint.pt to --resume from; ")
        raise OutputExistsError(f"output folder {out_dir} already holds a training run ({shown}); {hint}"
                                f"--output-dir DIR to train into another folder, or --overwrite to delete that run "
                                f"and start afresh")
    for name in found:
        os.unlink(os.path.join(out_dir, name))
    log(f"--overwrite: deleted the earlier run in {out_dir} ({len(found)} file(s))")


def make_logger(out_dir: str, resume_from: int | None):
    """The SB3 logger of a run: TensorBoard and ``progress.csv`` in ``OUTPUT_DIR/tb``.

    Fresh runs (``resume_from=None``) start both afresh. A resumed run at ``resume_from`` timesteps keeps the
    earlier history: a new TensorBoard event file beside the old ones, with ``purge_step`` so that whatever the
    earlier run logged after that step (lost work it redoes) is hidden, and ``progress.csv`` continued by
    :func:`progress_csv`."""
    from stable_baselines3.common.logger import Logger, TensorBoardOutputFormat
    from torch.utils.tensorboard import SummaryWriter

    folder = os.path.join(out_dir, TB_DIR)
    os.makedirs(folder, exist_ok=True)
    # SB3's TensorBoard writer with our SummaryWriter (its own takes no purge_step; built bare so that it does not
    # open an extra, empty event file first).
    tb = TensorBoardOutputFormat.__new__(TensorBoardOutputFormat)
    tb.writer = SummaryWriter(log_dir=folder, purge_step=None if resume_from is None else resume_from + 1)
    tb._is_closed = False
    return Logger(folder=folder, output_formats=[tb, progress_csv(os.path.join(folder, "progress.csv"), resume_from)])


_CSV_CLASS = None


def progress_csv(filename: str, resume_from: int | None = None):
    """SB3's ``progress.csv`` writer (a ``CSVOutputFormat``), able to continue the file of an earlier run.

    ``resume_from=None`` (a fresh run) or no file yet: a new file. Otherwise the file is continued: its header
    becomes the writer's columns, rows of timesteps after ``resume_from`` (logged after the checkpoint being
    resumed, so redone now) and a row cut short by a crash are dropped, and new rows are appended. Columns the
    resumed run adds are merged in by SB3's writer (the header is rewritten, earlier rows padded with empty
    cells); columns it no longer logs stay, empty in its rows. Either way the file has one header."""
    global _CSV_CLASS
    if _CSV_CLASS is None:
        from stable_baselines3.common.logger import CSVOutputFormat

        class ResumableCSVOutputFormat(CSVOutputFormat):
            """``CSVOutputFormat`` that continues an existing file (see :func:`progress_csv`)."""

            def __init__(self, filename: str, resume_from: int | None = None):
                self.separator, self.quotechar = ",", '"'
                self.keys: list[str] = []
                if resume_from is None or not os.path.isfile(filename):
                    self.file = open(filename, "w+", encoding="utf-8")
                    return
                self.keys, kept = _read_progress(filename, resume_from)
                atomic_write_text("".join(kept), filename)
                self.file = open(filename, "r+", encoding="utf-8")  # not "a": SB3 rewrites the header in place
                self.file.seek(0, os.SEEK_END)

        _CSV_CLASS = ResumableCSVOutputFormat
    return _CSV_CLASS(filename, resume_from)


def _read_progress(filename: str, resume_from: int) -> tuple[list[str], list[str]]:
    """The columns of an earlier ``progress.csv`` and its lines to keep (header first; each ends with a newline)."""
    import csv

    with open(filename, encoding="utf-8", newline="") as f:
        text = f.read()
    if not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]  # a row cut short
    lines = text.splitlines(keepends=True)
    if not lines:
        return [], []
    keys = next(csv.reader([lines[0]]))
    col = keys.index("time/total_timesteps") if "time/total_timesteps" in keys else None
    kept = [lines[0]]
    for line in lines[1:]:
        cells = next(csv.reader([line]), [])
        if len(cells) != len(keys):
            continue  # not a row of this header (damaged)
        if col is not None and cells[col]:
            try:
                if float(cells[col]) > resume_from:
                    continue
            except ValueError:
                pass
        kept.append(line)
    return keys, kept


def save_checkpoint(path: str, cfg: TrainConfig, model, pool: list[dict], history: list[dict], elapsed: float,
                    kind: str = "full", speed: float = 0.0, pretrained: dict | None = None,
                    league: dict | None = None) -> None:
    """Everything a resume needs (``kind="full"``), or only the policy (``kind="policy"``); written atomically.
    The config is stored as plain data (``cfg.to_dict()``; read back with ``TrainConfig.from_stored``); ``league``
    is the league's win-rate table (:meth:`hustings.training.league.WinRateTable.to_dict`), kept in full
    checkpoints."""
    import hustings

    game = hustings.registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    data = {
        "format": FORMAT, "version": VERSION, "kind": kind,
        "game": cfg.game, "num_players": cfg.num_players, "game_options": dict(cfg.game_options),
        "observation_version": type(game).observation_version, "observation_size": game.observation_size,
        "num_actions": game.num_actions,
        "net": {"net_arch": list(cfg.ppo.net_arch), "activation": cfg.ppo.activation},
        "policy_state": {k: v.detach().cpu().clone() for k, v in model.policy.state_dict().items()},
        "config": cfg.to_dict(), "num_timesteps": int(model.num_timesteps), "history": history,
        "elapsed": float(elapsed),
        "timesteps_per_second": float(speed),
    }
    if pretrained is not None:  # the warm start's summary, kept so a resumed run's report still has it
        data["pretrain"] = pretrained
    if kind == "full":
        data["optimizer_state"] = model.policy.optimizer.state_dict()
        data["n_updates"] = int(model._n_updates)
        data["iterations"] = int(getattr(model, "hustings_iterations", 0))
        data["pool"] = pool
        if league is not None:
            data["league"] = league
    atomic_torch_save(data, path)


def save_sb3_model(model, path: str) -> None:
    """The model as an SB3 zip (``sb3_contrib.MaskablePPO.load(path)``), written atomically.

    Its action space is saved as a plain ``gymnasium.spaces.Discrete`` (not the env's :class:`LegalDiscrete`), so
    the file loads without hustings too."""
    import gymnasium as gym

    from hustings.core.files import atomic_write

    space = model.action_space
    model.action_space = gym.spaces.Discrete(int(space.n))
    try:
        atomic_write(path, lambda f: model.save(f))
    finally:
        model.action_space = space


def _pool_arrays(pool: list[dict]):
    import numpy as np
    return [[np.asarray(w.numpy() if hasattr(w, "numpy") else w) for w in entry["weights"]] for entry in pool]


def league_arrays(cfg: TrainConfig) -> list[list]:
    """The fixed nets of ``opponents.league`` (SPECs of nets: ``shipped:GAME``, policy files), as
    ``NumpyPolicy.to_arrays()`` lists: they sit in the snapshot pool for the whole run, beside the learner's
    snapshots. A :class:`ConfigError` for a SPEC that is not a net or plays another activation than the learner."""
    from hustings import registry
    from hustings.bots import spec as spec_mod

    league = cfg.opponents.league
    if not league:
        return []
    if cfg.opponents.snapshots <= 0:
        raise ConfigError("opponents.league is set but opponents.snapshots is 0: the league's nets are drawn with "
                          "the snapshots; expected opponents.snapshots > 0")
    rules = registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    out = []
    for spec, recipe in zip(league, spec_mod.resolve(cfg.game, rules, list(league))):
        if recipe[0] != "policy":
            raise ConfigError(f"opponents.league: {spec!r} is not a net; expected shipped:GAME or a policy file "
                              f"(policy.npz, policy.pt, checkpoint.pt, model.zip)")
        if recipe[2] != cfg.ppo.activation:
            raise ConfigError(f"opponents.league: {spec!r} uses activation {recipe[2]!r}; expected the learner's, "
                              f"ppo.activation={cfg.ppo.activation!r}")
        out.append([a for a in recipe[1]])
    return out


def archive_snapshot(cfg: TrainConfig, arrays: list, timesteps: int) -> str:
    """Write the snapshot ``arrays`` (taken at ``timesteps``) as ``OUTPUT_DIR/snapshots/step_TIMESTEPS.npz``, a
    policy file (``opponents.archive``); returns its path."""
    import hustings

    from .policy import save_arrays_npz

    game = hustings.registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    meta = {"game": cfg.game, "num_players": cfg.num_players, "game_options": dict(cfg.game_options),
            "observation_version": type(game).observation_version, "observation_size": game.observation_size,
            "num_actions": game.num_actions, "net": {"net_arch": list(cfg.ppo.net_arch),
                                                     "activation": cfg.ppo.activation},
            "num_timesteps": int(timesteps)}
    path = os.path.join(cfg.output_dir, "snapshots", f"step_{int(timesteps)}.npz")
    save_arrays_npz(meta, arrays, path)
    return path


def _results_callback(table, members: set):
    """An SB3 callback feeding the league's win-rate table from the training games: each finished game's results
    against the nets in ``members`` (the pool now) and the scripted bots (see :mod:`hustings.training.league`)."""
    from stable_baselines3.common.callbacks import BaseCallback

    class Results(BaseCallback):
        def _on_step(self) -> bool:
            for done, info in zip(self.locals["dones"], self.locals["infos"]):
                if not done or "opponents" not in info:
                    continue
                names = [n if n == "learner" or n in members or not n.startswith(("snapshot", "league:"))
                         else "learner" for n in info["opponents"]]  # a net that has left the pool: not counted
                table.record_episode({**info, "opponents": names})
            return True

    return Results()


def train(cfg: TrainConfig, resume: bool = False, progress: bool = True, log=None, overwrite: bool = False) -> dict:
    """:func:`train_unlocked` holding the run folder's lock (:mod:`hustings.training.run_lock`): a second training
    on the same folder meanwhile (a new run, ``--resume`` or ``--overwrite``) refuses with
    :class:`~hustings.errors.RunFolderLockedError` naming the folder and the process id of the one running."""
    from .run_lock import RunLock

    with RunLock(cfg.output_dir):
        return train_unlocked(cfg, resume=resume, progress=progress, log=log, overwrite=overwrite)


def train_unlocked(cfg: TrainConfig, resume: bool = False, progress: bool = True, log=None,
                   overwrite: bool = False) -> dict:
    """Run (or, with ``resume``, continue) the training run of a validated config; returns the report dict.

    A new run refuses an output folder that holds an earlier run (:class:`OutputExistsError`) unless ``overwrite``
    (then that run's files are deleted first)."""
    if log is None:
        def log(*a):
            print(*a, flush=True)
    import torch
    from stable_baselines3.common.utils import set_random_seed

    from .report import write_report
    from .selfplay import make_vec_env

    # --- 1. config, seeds, threads, output folder ----------------------------------------------------------------
    out_dir = cfg.output_dir
    ckpt_path = os.path.join(out_dir, "checkpoint.pt")
    state = None
    if resume:
        state = load_checkpoint(ckpt_path)
        if state["kind"] != "full":
            raise CheckpointError(f"checkpoint {ckpt_path} holds a policy only; expected a full checkpoint "
                                  f"(written by `hustings train`) to resume")
        check_resume(TrainConfig.from_stored(state["config"], source=f"checkpoint {ckpt_path}"), cfg, ckpt_path)
    check_output_dir(out_dir, resume, overwrite, log)
    os.makedirs(out_dir, exist_ok=True)
    atomic_write_text(_yaml(cfg), os.path.join(out_dir, "config.yaml"))
    start_steps = int(state["num_timesteps"]) if state else 0
    seed = cfg.seed + start_steps  # a resumed run does not replay the games it has already seen
    set_random_seed(seed)

    # --- 2. vectorised self-play envs --------------------------------------------------------------------------
    from .league import WinRateTable, draw_weights, league_name, snapshot_name
    league = league_arrays(cfg)
    league_names = [league_name(s) for s in cfg.opponents.league]
    venv = make_vec_env(cfg, seed)

    # --- 3. the model, fresh or restored -----------------------------------------------------------------------
    p = cfg.ppo
    model, threads = build_model(cfg, venv, seed)
    # time/iterations: every rollout of the run (SB3 counts those of one learn() call, and we call it per rollout).
    model.hustings_iterations = 0
    pool: list[dict] = []
    history: list[dict] = []
    table = WinRateTable(cfg.opponents.pfsp_window)  # the learner's results against each opponent (league.py)
    elapsed_before = speed_before = 0.0
    if state:
        try:
            model.policy.load_state_dict(state["policy_state"])
            model.policy.optimizer.load_state_dict(state["optimizer_state"])
        except (RuntimeError, KeyError, ValueError) as exc:
            raise CheckpointError(f"checkpoint {ckpt_path} does not fit this config's network ({exc})") from None
        model.num_timesteps = start_steps
        model._n_updates = int(state.get("n_updates", 0))
        model.hustings_iterations = int(state.get("iterations", start_steps // (p.n_steps * cfg.n_envs)))
        pool, history = list(state["pool"]), list(state["history"])
        if state.get("league") is not None:
            table = WinRateTable.from_dict(state["league"], source=f"checkpoint {ckpt_path}")
            table.window = float(cfg.opponents.pfsp_window)
        elapsed_before = float(state.get("elapsed", 0.0))
        speed_before = float(state.get("timesteps_per_second", 0.0))
        log(f"resumed {ckpt_path} at {start_steps} timesteps, {len(pool)} snapshot(s) in the pool")
    members: set[str] = set()

    def member_names() -> list[str]:
        return league_names + [snapshot_name(entry["timesteps"]) for entry in pool]

    def pool_weights() -> list[float] | None:
        o = cfg.opponents
        return draw_weights(o.sampling, table, member_names(), o.pfsp_power, o.pfsp_floor)

    def push_pool() -> None:
        """The pool (the league, then the learner's snapshots) and its draw weights to the envs."""
        names = member_names()
        members.clear()
        members.update(names)
        table.forget(names)
        venv.env_method("set_snapshots", league + _pool_arrays(pool), p.activation, names, pool_weights())

    if pool or league:
        push_pool()
    results = _results_callback(table, members)
    # One logger for the whole run (SB3 would open a new TensorBoard file at every learn() call otherwise); a
    # resumed run continues the earlier one's TensorBoard history and progress.csv.
    model.set_logger(make_logger(out_dir, start_steps if state else None))

    pretrained = state.get("pretrain") if state else None
    if state is None and (cfg.pretrain.bot is not None or cfg.pretrain.policy is not None):  # fresh runs only
        from .pretrain import pretrain
        torch.set_num_threads(threads_for_updates(cfg))
        pretrained = pretrain(model, cfg, seed, log)
        torch.set_num_threads(1)

    def current_policy() -> NumpyPolicy:
        return NumpyPolicy.from_state_dict(model.policy.state_dict(), p.activation)

    # --- 4. the loop ---------------------------------------------------------------------------------------------
    total = cfg.total_timesteps
    rollout = p.n_steps * cfg.n_envs
    opp, ev = cfg.opponents, cfg.eval

    def next_due(every: int) -> int:
        return (model.num_timesteps // every + 1) * every

    due = {"snapshot": next_due(opp.snapshot_every), "eval": next_due(ev.every),
           "checkpoint": next_due(cfg.checkpoint.every)}
    if not history:
        history.append({"timesteps": model.num_timesteps, **evaluate_policy(cfg, current_policy(), ev.games,
                                                                            ev.deterministic)})
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=total, initial=min(model.num_timesteps, total), unit="step", desc=f"train {cfg.game}",
                   file=sys.stderr, dynamic_ncols=True)
    t0 = time.perf_counter()
    learn_seconds = 0.0
    steps_at_start = model.num_timesteps
    lr0, lr1 = p.learning_rate, p.learning_rate_end
    from stable_baselines3.common.callbacks import CallbackList
    callbacks = CallbackList([threads, results])
    while model.num_timesteps < total:
        if members and opp.sampling != "uniform":  # PFSP: the weights from the results so far, fixed for a rollout
            venv.env_method("set_snapshot_weights", pool_weights())
        if lr1 is not None:  # linear decay over the whole run (resumes included), set before each update
            rate = lr0 + (lr1 - lr0) * min(1.0, model.num_timesteps / total)
            model.lr_schedule = lambda _progress, rate=rate: rate
        t1 = time.perf_counter()
        before = model.num_timesteps
        # One rollout and its update; the log row is dumped below (with the evaluation when due), not by learn().
        model.learn(rollout, reset_num_timesteps=False, callback=callbacks, log_interval=None)
        learn_seconds += time.perf_counter() - t1
        model.hustings_iterations += 1
        if bar:
            bar.update(min(model.num_timesteps, total) - min(before, total))
            bar.set_postfix_str(f"{(model.num_timesteps - steps_at_start) / learn_seconds:,.0f} steps/s "
                                f"pool {len(pool)}")
        if model.num_timesteps >= due["snapshot"] and opp.snapshots > 0:
            arrays = current_policy().to_arrays()
            pool.append({"timesteps": model.num_timesteps, "weights": [torch.from_numpy(a.copy()) for a in arrays]})
            if opp.archive:  # the population on disk: every snapshot as a policy file
                archive_snapshot(cfg, arrays, model.num_timesteps)
            pool = pool[-opp.pool_size:]
            push_pool()
            due["snapshot"] = next_due(opp.snapshot_every)
        if model.num_timesteps >= due["eval"] or model.num_timesteps >= total:
            t_eval = time.time_ns()
            point = {"timesteps": model.num_timesteps,
                     **evaluate_policy(cfg, current_policy(), ev.games, ev.deterministic)}
            model.start_time += time.time_ns() - t_eval  # time/fps of this row: the rollout and update only
            history.append(point)
            for name in ev.baselines:
                model.logger.record(f"eval/win_share_vs_{name}", point[name])
            line = (f"{model.num_timesteps:>10,} steps: win share " +
                    ", ".join(f"vs {k} {point[k]:.3f}" for k in ev.baselines) +
                    f" (fair {1 / cfg.num_players:.3f}); {(model.num_timesteps - steps_at_start) / learn_seconds:,.0f}"
                    f" timesteps/s" + _league_line(table, member_names()))
            bar.write(line) if bar else log(line)
            due["eval"] = next_due(ev.every)
        model.dump_logs(model.hustings_iterations)  # one row per rollout: time/*, rollout/*, train/*, eval/*
        if model.num_timesteps >= due["checkpoint"]:
            save_checkpoint(ckpt_path, cfg, model, pool, history, elapsed_before + time.perf_counter() - t0,
                            speed=(model.num_timesteps - steps_at_start) / learn_seconds, pretrained=pretrained,
                            league=table.to_dict())
            due["checkpoint"] = next_due(cfg.checkpoint.every)
    if bar:
        bar.close()
    venv.close()
    model.logger.close()
    trained = model.num_timesteps - steps_at_start
    speed = trained / learn_seconds if learn_seconds else speed_before  # nothing trained: the last run's
    log(f"trained {trained:,} timesteps in {learn_seconds:.1f} s: {speed:,.0f} timesteps/s "
        f"({model.num_timesteps:,} in all)")

    # --- 5. the end: checkpoints, final evaluation, report ----------------------------------------------------
    elapsed = elapsed_before + time.perf_counter() - t0
    save_checkpoint(ckpt_path, cfg, model, pool, history, elapsed, speed=speed, pretrained=pretrained,
                    league=table.to_dict())
    policy_path = os.path.join(out_dir, "policy.pt")
    save_checkpoint(policy_path, cfg, model, pool, history, elapsed, kind="policy", speed=speed)
    npz_path = os.path.join(out_dir, "policy.npz")
    save_policy_npz(load_checkpoint(policy_path), npz_path)
    model_path = os.path.join(out_dir, "model.zip")
    save_sb3_model(model, model_path)
    final = final_evaluation(cfg, policy_path, progress=progress)
    report = {"game": cfg.game, "num_players": cfg.num_players, "timesteps": int(model.num_timesteps),
              "timesteps_this_run": int(trained), "timesteps_per_second": speed, "wall_seconds": elapsed,
              "fair_share": 1.0 / cfg.num_players, "history": history, "final": final, "config": cfg.to_dict(),
              "checkpoint": ckpt_path, "policy": policy_path, "policy_npz": npz_path, "model": model_path}
    if pretrained is not None:
        report["pretrain"] = pretrained
    if table.stats:  # the learner's pairwise win rates in its training games (hustings.training.league)
        report["league"] = table.summary()
    write_report(report, out_dir)
    log(f"report: {os.path.join(out_dir, 'report.md')}; learning curve: {os.path.join(out_dir, 'learning_curve.png')}")
    return report


def _league_line(table, names: list[str]) -> str:
    """``; training games, pairwise: vs the pool's N net(s) mean ... (min ...), vs heuristic ...`` for the
    evaluation line: the learner's recent results in its own games (empty before any)."""
    parts = []
    met = [n for n in names if table.counts.get(n)]
    if met:
        rates = [table.win_rate(n) for n in met]
        parts.append(f"vs the pool's {len(met)} net(s) mean {sum(rates) / len(rates):.3f} (min {min(rates):.3f})")
    for name in sorted(n for n in table.stats if not n.startswith(("snapshot@", "league:"))):
        parts.append(f"vs {name} {table.win_rate(name):.3f}")
    return ("; training games, pairwise: " + ", ".join(parts)) if parts else ""


def final_evaluation(cfg: TrainConfig, policy_path: str, progress: bool = True) -> dict:
    """Duplicate-deal tournaments of the trained policy against n-1 copies of each baseline."""
    from hustings.evaluation.evaluate import tournament

    n = cfg.num_players
    out = {}
    for baseline in cfg.eval.baselines:
        res = tournament(cfg.game, [policy_path] + [baseline] * (n - 1), cfg.eval.final_games,
                         num_players=n, game_options=cfg.game_options, seed=cfg.seed + 7, progress=progress)
        me = next(iter(res["bots"]))
        out[baseline] = {k: res["bots"][me][k] for k in ("games", "win_rate", "ci95", "mean_score", "rating")}
    return out


def _yaml(cfg: TrainConfig) -> str:
    """``config.yaml`` of the run folder: the full config (every key, defaults filled in), in the file's layout."""
    import yaml
    return yaml.safe_dump(cfg.to_dict(), sort_keys=False)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``hustings train``."""
    p.add_argument("config", help=f"YAML config, e.g. configs/{DEFAULT_GAME}.yaml or configs/smoke.yaml")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--resume", action="store_true",
                      help="continue the run in the config's output_dir from its checkpoint.pt (keeps its "
                           "TensorBoard history and appends to its progress.csv)")
    mode.add_argument("--overwrite", action="store_true",
                      help="if the output folder already holds a run, delete that run's files and start afresh "
                           "(without this, or --resume, a new run refuses such a folder)")
    p.add_argument("--output-dir", help="override the config's output_dir (a new run needs a folder without a run "
                   "in it)")
    p.add_argument("--total-timesteps", type=int, help="override the config's total_timesteps")
    p.add_argument("--seed", type=int, help="override the config's seed")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    add_json_schema_option(p, TrainConfig)


#: Command-line options that override a config key (the option's ``args`` attribute is the key's name).
OVERRIDES = ("output_dir", "total_timesteps", "seed")


def config_from_args(args) -> TrainConfig:
    """The config file of ``args.config`` with the command-line overrides, checked again."""
    cfg = load_config(args.config)
    changes = {name: getattr(args, name) for name in OVERRIDES if getattr(args, name, None) is not None}
    if changes:
        cfg = cfg.replace(changes, source=f"config {args.config} (with command-line overrides)")
    return cfg


def final_summary(report: dict) -> str:
    """The end of ``hustings train``, labelled: the trained policy's final evaluation against each baseline, in
    words against the fair share."""
    from hustings.evaluation.evaluate import verdict

    n = report["num_players"]
    lines = [f"final evaluation of {report['policy']} ({report['game']}, {n} players, "
             f"{report['timesteps']:,} timesteps), duplicate deals:"]
    for baseline, r in report["final"].items():
        lines.append(f"  against {n - 1} x {baseline}: " + verdict("the trained policy", r, report["fair_share"], n))
    return "\n".join(lines)


def run(args) -> int:
    """``hustings train``: the run, then :func:`final_summary`."""
    cfg = config_from_args(args)
    report = train(cfg, resume=args.resume, progress=not args.no_progress, overwrite=args.overwrite)
    print(final_summary(report))
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m hustings.training.train``: the same as ``hustings train``."""
    from hustings.commands import module_main
    return module_main("python -m hustings.training.train", __doc__, add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
