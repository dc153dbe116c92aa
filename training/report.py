"""The end-of-run report: ``report.json``, ``report.md``, ``learning_curve.png`` and ``learning_curve.csv`` in the
run's output folder.

Every point of the learning curve carries its 95% interval: the Wilson score interval of the win share at that
point's game count (``history[i]["games"]``, else the config's ``eval.games``), stored in ``report.json`` as
``history[i]["<baseline>_ci95"] = [low, high]``, drawn as a band around each curve, printed in ``report.md`` and
written one row per point and baseline to ``learning_curve.csv`` (``timesteps, baseline, games, win_share,
ci95_low, ci95_high``), so a reader can tell progress from noise (at 200 games a share of 0.3 is +-0.06).
"""
from __future__ import annotations

import csv
import io
import json
import os

from hustings.core.files import atomic_write

from .config import TrainConfig
from hustings.evaluation.evaluate import wilson
from .policy import atomic_write_text

#: The columns of ``learning_curve.csv``.
CURVE_COLUMNS = ("timesteps", "baseline", "games", "win_share", "ci95_low", "ci95_high")


def run_config(report: dict) -> TrainConfig:
    """The run's config, from the plain data a report holds (also one read back from an older ``report.json``)."""
    return TrainConfig.from_stored(report["config"], source="report config")


def curve_points(report: dict) -> list[dict]:
    """The learning curve as rows (one per evaluation point and baseline, in order): ``timesteps``, ``baseline``,
    ``games`` (the point's game count), ``win_share`` and its 95% Wilson interval ``ci95_low``, ``ci95_high``."""
    cfg = run_config(report)
    rows = []
    for h in report["history"]:
        games = int(h.get("games", cfg.eval.games))
        for name in cfg.eval.baselines:
            lo, hi = wilson(h[name], games)
            rows.append({"timesteps": h["timesteps"], "baseline": name, "games": games, "win_share": h[name],
                         "ci95_low": lo, "ci95_high": hi})
    return rows


def with_intervals(report: dict) -> dict:
    """``report`` with every history point holding its game count and, per baseline, ``"<baseline>_ci95"``:
    ``[low, high]`` (new point dicts: the ones given, which a checkpoint may share, are left as they are)."""
    rows = curve_points(report)
    per_point = len(rows) // len(report["history"]) if report["history"] else 0
    history = []
    for i, h in enumerate(report["history"]):
        point = dict(h)
        for r in rows[i * per_point:(i + 1) * per_point]:
            point["games"] = r["games"]
            point[f"{r['baseline']}_ci95"] = [r["ci95_low"], r["ci95_high"]]
        history.append(point)
    return {**report, "history": history}


def curve_csv(report: dict) -> str:
    """``learning_curve.csv``: :func:`curve_points` as CSV (shares and bounds to 4 decimals)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CURVE_COLUMNS)
    for r in curve_points(report):
        writer.writerow([r["timesteps"], r["baseline"], r["games"]] +
                        [f"{r[k]:.4f}" for k in ("win_share", "ci95_low", "ci95_high")])
    return out.getvalue()


def learning_curve(report: dict, path: str) -> None:
    """Win share against each baseline over timesteps, each point's 95% interval as a band around its curve, with
    the fair share 1/n as a dashed line."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    history = report["history"]
    baselines = run_config(report).eval.baselines
    rows = curve_points(report)
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    xs = [h["timesteps"] for h in history]
    for name in baselines:
        mine = [r for r in rows if r["baseline"] == name]
        (line,) = ax.plot(xs, [h[name] for h in history], marker="o", markersize=3,
                          label=f"vs {name} x{report['num_players'] - 1}")
        ax.fill_between(xs, [r["ci95_low"] for r in mine], [r["ci95_high"] for r in mine], color=line.get_color(),
                        alpha=0.2, linewidth=0)
    games = sorted({r["games"] for r in rows})
    ax.plot([], [], color="grey", alpha=0.3, linewidth=6,
            label=f"95% interval ({'/'.join(str(g) for g in games)} games a point)")
    ax.axhline(report["fair_share"], color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{report['num_players']}")
    ax.set_xlabel("timesteps (learner decisions)")
    ax.set_ylabel("win share")
    ax.set_ylim(0, 1)
    ax.set_title(f"{report['game']} {report['num_players']}p: learner's win share")
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    atomic_write(path, lambda f: fig.savefig(f, format="png"))
    plt.close(fig)


def warm_start_lines(report: dict) -> list[str]:
    """The warm start's line of ``report.md`` (none for a run from scratch)."""
    pre = report.get("pretrain")
    if not pre:
        return []
    if "policy" in pre:
        earlier = (f", after {pre['timesteps_before']:,} timesteps and {pre['wall_seconds_before'] / 60:.0f} min of "
                   f"training before" if "timesteps_before" in pre else "")
        fitted = (f"; the value net fitted to {pre['critic_decisions']:,} decisions of the scripted bot's games"
                  if "critic_decisions" in pre else "")
        return [f"- warm start: continued from the policy `{pre['policy']}` (file sha256 "
                f"{pre['policy_file_sha256'][:12]}...{earlier}){fitted}"]
    who = f"`{pre['bot']}`" if pre.get("bot") else "scripted-bot"
    took = f", {pre['wall_seconds'] / 60:.0f} min" if "wall_seconds" in pre else ""
    return [f"- warm start: imitation of {pre['decisions']:,} {who} decisions ({pre['accuracy']:.0%} accuracy{took})"]


def markdown(report: dict) -> str:
    """``report.md``: the run, its files, the final evaluation and the learning curve's points."""
    cfg = run_config(report)
    lines = [f"# Training report: {report['game']}, {report['num_players']} players", "",
             f"- timesteps: {report['timesteps']:,} ({report['timesteps_this_run']:,} in the last run); training "
             f"speed {report['timesteps_per_second']:,.0f} timesteps/s",
             f"- wall time: {report['wall_seconds']:.0f} s",
             f"- opponents: scripted {cfg.opponents.scripted}, snapshots weight {cfg.opponents.snapshots}",
             *warm_start_lines(report),
             f"- policy: `{report['policy']}`" + (f" (torch-free: `{report['policy_npz']}`)" if report.get("policy_npz")
                                                 else "") +
             (f"; SB3 model: `{report['model']}`" if report.get("model") else "") +
             f"; checkpoint: `{report['checkpoint']}`", "",
             "## Final evaluation (duplicate deals, seats rotated; the learner with n-1 copies of the baseline)", "",
             f"Fair share: {report['fair_share']:.3f}.", "",
             "| baseline | games | win rate | 95% CI | vs fair share | mean score |", "|---|---:|---:|---|---|---:|"]
    for name, r in report["final"].items():
        lo, hi = r["ci95"]
        verdict = "above" if lo > report["fair_share"] else "below" if hi < report["fair_share"] else "within CI"
        lines.append(f"| {name} | {r['games']} | {r['win_rate']:.3f} | [{lo:.3f}, {hi:.3f}] | {verdict} | "
                     f"{r['mean_score']:.2f} |")
    lines += ["", "## Learning curve", "", "![learning curve](learning_curve.png)", "",
              "Each point: the win share over its games, with its 95% Wilson interval (the band in the plot; also "
              "`learning_curve.csv`).", "",
              "| timesteps | games | " + " | ".join(f"vs {b} [95% CI]" for b in cfg.eval.baselines) + " |",
              "|---:|---:|" + "---|" * len(cfg.eval.baselines)]
    rows = curve_points(report)
    per_point = len(cfg.eval.baselines)
    for i, h in enumerate(report["history"]):
        mine = rows[i * per_point:(i + 1) * per_point]
        lines.append(f"| {h['timesteps']:,} | {mine[0]['games']} | " + " | ".join(
            f"{r['win_share']:.3f} [{r['ci95_low']:.3f}, {r['ci95_high']:.3f}]" for r in mine) + " |")
    return "\n".join(lines) + "\n"


def write_report(report: dict, out_dir: str) -> None:
    """Write ``report.json`` (its history with each point's 95% interval: :func:`with_intervals`), ``report.md``,
    ``learning_curve.png`` and ``learning_curve.csv`` into ``out_dir`` (each atomically). ``report["history"]``
    gets the intervals too (new point dicts)."""
    report["history"] = with_intervals(report)["history"]
    atomic_write_text(json.dumps(report, indent=2, default=str) + "\n", os.path.join(out_dir, "report.json"))
    atomic_write_text(markdown(report), os.path.join(out_dir, "report.md"))
    atomic_write_text(curve_csv(report), os.path.join(out_dir, "learning_curve.csv"))
    learning_curve(report, os.path.join(out_dir, "learning_curve.png"))
