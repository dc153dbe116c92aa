"""Running one command: input errors as one ``error: ...`` line, a missing extra as one line naming it.

Shared by the ``hustings`` command line (:mod:`hustings.cli`) and the ``python -m hustings.evaluation.<module>`` and
``python -m hustings.training.<module>`` entry points. It sits at the bottom of the package (the standard library
only), so that every layer can run its own commands without importing the command line above it.
"""
from __future__ import annotations

import argparse
import errno
import sys


#: The optional packages, by top-level import name, and the extra of ``hustings`` that installs each.
EXTRAS = {
    "torch": "train", "stable_baselines3": "train", "sb3_contrib": "train", "tensorboard": "train",
    "matplotlib": "train", "onnx": "train", "onnxscript": "train", "ray": "distributed",
    "starlette": "web", "uvicorn": "web",
}


def missing_extra_message(command: str, exc: ModuleNotFoundError) -> str | None:
    """The one-line answer to a command that needs an extra that is not installed (None if ``exc`` is not that)."""
    top = (exc.name or "").split(".")[0]
    extra = EXTRAS.get(top)
    if extra is None:
        return None
    torch_hint = " (torch's CPU build first: see the README's install section)" if top == "torch" else ""
    return (f"hustings {command} needs the {extra!r} extra (no module named {top!r}): "
            f'pip install "hustings[{extra}]"{torch_hint}')


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``--budget fast``: the valid budgets and where the usage is),
    not argparse's usage block first; its subcommands' parsers are of this class too."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help shows the usage)\n")


#: The file options whose missing folders the commands make (atomic_write); each time one does, it says so.
OUTPUT_FILE_OPTIONS = ("json", "markdown")


def announce_missing_folders(args, stream=None) -> list[str]:
    """One line on ``stream`` (stderr) for each output file option (``--json``, ``--markdown``) of ``args`` whose
    folder does not exist yet, saying it will be made; returns those folders."""
    import os

    made = []
    for name in OUTPUT_FILE_OPTIONS:
        path = getattr(args, name, None)
        if not isinstance(path, str) or not path:
            continue
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder) and folder not in made:
            made.append(folder)
            print(f"note: --{name} {path}: its folder {os.path.dirname(path) or folder} does not exist; making it",
                  file=stream or sys.stderr)
    return made


def run_command(func, args) -> int:
    """``func(args)``, with every hustings input error (a ``ValueError`` whose message says what is wrong) printed
    as ``error: ...`` and exit status 2, a full disk as one such line naming the file, and a missing optional
    package as one line naming the extra to install. An output file's missing folder is made, and said so."""
    try:
        announce_missing_folders(args)
        return func(args)
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # a write outside hustings' own (a library's log file) on a full disk: one line too
        if exc.errno not in (errno.ENOSPC, errno.EDQUOT):
            raise
        where = f"{exc.filename} could not be written" if exc.filename else "a file could not be written"
        print(f"error: the disk is full: {where} ({exc.strerror or 'no space left on device'}); expected free "
              f"space there: free some and run it again", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        message = missing_extra_message(getattr(args, "command", None) or "", exc)
        if message is None:
            raise
        print(f"error: {message}", file=sys.stderr)
        return 2


def module_main(prog: str, doc: str, add_arguments, run, argv: list[str] | None = None) -> int:
    """The ``python -m hustings.<package>.<module>`` entry of one command: its own parser, then :func:`run_command`."""
    parser = OneLineParser(prog=prog, description=doc.splitlines()[0])
    add_arguments(parser)
    return run_command(run, parser.parse_args(argv))
