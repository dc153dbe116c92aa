"""``hustings serve`` on a port another program listens on: one line saying so and suggesting ``--port``."""
from __future__ import annotations

import socket

import pytest


def test_a_taken_port_is_named_with_the_option_to_choose_another(tmp_path, capsys):
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    from hustings.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["serve", "--port", str(port), "--data-dir", str(tmp_path)])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.strip() == (f"error: port {port} on 127.0.0.1 is taken (another program is listening "
                                    f"there); choose another: hustings serve --port {port + 1}")
    assert "hustings web app on" not in captured.out  # nothing announced for a server that cannot start
