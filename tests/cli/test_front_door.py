"""The small things a new user meets first: a corrupt policy file, a misspelt game or option, a module entry point,
an output folder that does not exist yet, an invalid choice on the command line."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import hustings
from hustings.cli import main as cli_main
from hustings.commands import announce_missing_folders
from hustings.errors import CheckpointError, ConfigError, did_you_mean


@pytest.mark.parametrize("content", [b"garbage, not a zip", b"", b"\x93NUMPY not an archive"])
def test_a_corrupt_npz_says_what_it_is_without_numpys_pickle_advice(tmp_path, content):
    from hustings.bots.policy import load_policy_npz

    path = tmp_path / "policy.npz"
    path.write_bytes(content)
    with pytest.raises(CheckpointError, match="is corrupt") as info:
        load_policy_npz(str(path))
    message = str(info.value)
    assert "pickle" not in message and "allow_pickle" not in message
    assert "not a .npz (zip) archive" in message or "an empty file" in message


def test_a_misspelt_game_or_keyword_gets_a_suggestion():
    with pytest.raises(ConfigError, match=r"unknown game 'democrasy' \(did you mean 'democracy'\?\)"):
        hustings.make("democrasy")
    with pytest.raises(ConfigError, match=r"num_player \(did you mean 'num_players'\?\)"):
        hustings.make("democracy", num_player=4)
    with pytest.raises(ConfigError, match=r"max_island \(did you mean 'max_islands'\?\)"):
        hustings.make("democracy", max_island=2)
    with pytest.raises(ConfigError) as info:
        hustings.make("democracy", colour="red")
    assert "did you mean" not in str(info.value)  # nothing close: no guess
    assert did_you_mean("POLITIX", hustings.games()) == " (did you mean 'politix'?)"
    assert did_you_mean(3, hustings.games()) == ""


def test_the_cli_suggests_the_game_too(capsys):
    assert cli_main(["evaluate", "politrix", "--bots", "random", "--games", "2"]) == 2
    assert "did you mean 'politix'?" in capsys.readouterr().err


def test_prime_ministers_components_module_prints_a_starting_file_that_checks(tmp_path):
    env = dict(os.environ, PYTHONWARNINGS="error")
    done = subprocess.run([sys.executable, "-m", "hustings.prime_minister.components"], capture_output=True,
                          text=True, timeout=600, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no RuntimeWarning from runpy
    data = json.loads(done.stdout)
    assert "uncertainty" in data and data["uncertainty"]["entries"]
    (tmp_path / "mine.json").write_text(done.stdout)
    check = subprocess.run([sys.executable, "-m", "hustings.prime_minister.components", "--check", "mine.json"],
                           capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert check.returncode == 0 and "mine.json: ok" in check.stdout, check.stderr
    data["uncertainty"]["entries"][0]["id"] = "NOT-A-CARD"
    (tmp_path / "bad.json").write_text(json.dumps(data))
    bad = subprocess.run([sys.executable, "-m", "hustings.prime_minister.components", "--check", "bad.json"],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert bad.returncode == 1 and "NOT-A-CARD" in bad.stderr


def test_an_output_files_missing_folder_is_made_and_said_so(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = os.path.join("results", "deep", "r.json")
    assert cli_main(["evaluate", "democracy", "--players", "2", "--bots", "random", "random", "--games", "2",
                     "--no-progress", "--json", out]) == 0
    err = capsys.readouterr().err
    assert "note: --json results/deep/r.json: its folder results/deep does not exist; making it" in err
    assert json.loads((tmp_path / out).read_text())["game"] == "democracy"
    assert cli_main(["evaluate", "democracy", "--players", "2", "--bots", "random", "random", "--games", "2",
                     "--no-progress", "--json", out]) == 0
    assert "note:" not in capsys.readouterr().err  # the folder is there now: nothing to say


def test_announce_names_each_missing_folder_once(tmp_path):
    class Args:
        json = str(tmp_path / "a" / "r.json")
        markdown = str(tmp_path / "a" / "r.md")

    lines = []

    class Stream:
        def write(self, text):
            lines.append(text)

    assert announce_missing_folders(Args(), Stream()) == [str(tmp_path / "a")]
    assert announce_missing_folders(type("NoFiles", (), {})(), Stream()) == []


def test_an_invalid_choice_is_one_line_naming_the_valid_ones(capsys):
    with pytest.raises(SystemExit) as stop:
        cli_main(["benchmark", "--budget", "fast"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err, err
    assert "invalid choice: 'fast'" in err and "'quick'" in err and "'standard'" in err
    assert "usage:" not in err
