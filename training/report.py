"""The end-of-run report: ``report.json``, ``report.md`` and ``learning_curve.png`` in the run's output folder."""
from __future__ import annotations

import json
import os

from hustings.core.files import atomic_write

from .config import TrainConfig
from .policy import atomic_write_text


def run_config(report: dict) -> TrainConfig:
    """The run's config, from the plain data a report holds (also one read back from an older ``report.json``)."""
    return TrainConfig.from_stored(report["config"], source="report config")


def learning_curve(report: dict, path: str) -> None:
    """Win share against each baseline over timesteps, with the fair share 1/n as a dashed line."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    history = report["history"]
    baselines = run_config(report).eval.baselines
    fig, ax = plt.subplots(figsize=(7, 4), dpi=100)
    xs = [h["timesteps"] for h in history]
    for name in baselines:
        ax.plot(xs, [h[name] for h in history], marker="o", markersize=3, label=f"vs {name} x{report['num_players'] - 1}")
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


def markdown(report: dict) -> str:
    """``report.md``: the run, its files, the final evaluation and the learning curve's points."""
    cfg = run_config(report)
    lines = [f"# Training report: {report['game']}, {report['num_players']} players", "",
             f"- timesteps: {report['timesteps']:,} ({report['timesteps_this_run']:,} in the last run); training "
             f"speed {report['timesteps_per_second']:,.0f} timesteps/s",
             f"- wall time: {report['wall_seconds']:.0f} s",
             f"- opponents: scripted {cfg.opponents.scripted}, snapshots weight {cfg.opponents.snapshots}",
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
              "| timesteps | " + " | ".join(f"vs {b}" for b in cfg.eval.baselines) + " |",
              "|---:|" + "---:|" * len(cfg.eval.baselines)]
    for h in report["history"]:
        lines.append(f"| {h['timesteps']:,} | " + " | ".join(f"{h[b]:.3f}" for b in cfg.eval.baselines) + " |")
    return "\n".join(lines) + "\n"


def write_report(report: dict, out_dir: str) -> None:
    """Write ``report.json``, ``report.md`` and ``learning_curve.png`` into ``out_dir`` (each atomically)."""
    atomic_write_text(json.dumps(report, indent=2, default=str) + "\n", os.path.join(out_dir, "report.json"))
    atomic_write_text(markdown(report), os.path.join(out_dir, "report.md"))
    learning_curve(report, os.path.join(out_dir, "learning_curve.png"))
